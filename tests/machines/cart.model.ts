/**
 * Model of the cart machine: started with no saved cart, a corrupt one and one with a bad line beside
 * a good one; lines are a
 * ticket, a catalogue (merchandise, so shipping is asked once a destination is known) and a
 * voucher code (added twice to hit the duplicate guard). At most two lines and one destination
 * change (the app's SET_DESTINATION, the visitor's CHOOSE_COUNTRY or the checkout's SHIP_TO) keep
 * the walk finite. Scenarios: a keyboard user arrowing through the countries (one request once the
 * choice rests 400 ms, issue 22 item 2), one destination for cart and delivery address (issue 22
 * item 5), a voucher code redeemed twice beside a line (the code entry shows only beside one) and a
 * kept delivery address sent again to a cart that ships nothing: what the browser replay
 * (tests/replay/bindings/cart.ts) can do where a generated path goes through a step it cannot.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { cartMachine, type CartContext } from '../../machines/cart.machine.js';
import type { CartLine } from '../../src/domain/cart-lines.js';
import { defineModel } from './model.js';
import { NO_LINE_NAMES, type LineNames } from '../../src/domain/line-names.js';

export const ticket: CartLine = {
  type: 'ticket', id: 11, eventId: 3, name: 'Adult', price: 2000, totalPrice: 4000, totalCount: 2,
  datetime: '2026-12-05 10:00', vat_value: 8.1, single_ticketing: 0, subtickets: [],
};
export const catalogue: CartLine = { type: 'merchandise', id: 21, name: 'Catalogue', price: 3900, totalPrice: 7800, count: 2, vat_value: 2.6 };
export const COUNTRIES = [{ key: 'CH', name: 'Schweiz', shippable: true }, { key: 'US', name: 'USA', shippable: false }];
export const voucherCode: CartLine = { type: 'voucherCode', barcode: 'ABC123', name: 'Voucher ABC123', price: 3000 };

/** The catalogue's names in German for the ticket and the catalogue (issue 16 item 7). */
export const GERMAN_NAMES: LineNames = { ...NO_LINE_NAMES, events: { 3: 'Sammlung' }, tickets: { 11: 'Erwachsene' }, articles: { 21: 'Katalog' } };

function allowed(s: AnyMachineSnapshot, e: EventObject): boolean {
  const ctx = s.context as CartContext;
  if (e.type === 'ADD') return ctx.lines.length < 2;
  if (e.type === 'SET_DESTINATION' || e.type === 'CHOOSE_COUNTRY' || e.type === 'SHIP_TO') return ctx.destination.chosenCountry === null;
  if (e.type === 'CLEAR') return ctx.lines.length > 0;
  // walked in the scenarios below (renamed lines would double every state of the walk)
  if (e.type === 'RENAME_LINES') return false;
  // walked in the scenarios below too (a switched-off section would double every state again)
  if (e.type === 'SECTIONS_CLOSED') return false;
  // and the country list beside a known destination (a page load with a chosen country)
  if (e.type === 'LOAD_COUNTRIES' || e.type.endsWith('.actor.countryList')) return false;
  return true;
}

export const cartModel = defineModel({
  name: 'cart',
  machine: cartMachine,
  inputs: [{ savedCart: null }, { savedCart: '{"not": "a cart"' }, { savedCart: JSON.stringify([{ type: 'ticket', id: 'x', totalCount: 'two' }, voucherCode]) }],
  events: {
    ADD: [{ lines: [ticket] }, { lines: [catalogue] }, { lines: [voucherCode] }, { lines: [] }],
    REMOVE: [{ index: 0 }, { index: 5 }],
    CLEAR: {},
    SET_DESTINATION: { destination: { chosenCountry: 'ch' } },
    CHOOSE_COUNTRY: { country: ' de ' },
    SHIP_TO: { country: 'fr' },
    'done:calculateShipping': { output: 900 },
    'error:calculateShipping': { error: Object.assign(new Error('422'), { code: 'NO_SHIPPING_TO_COUNTRY' }) },
    RETRY_SHIPPING: {},
    'done:loadCountries': { output: COUNTRIES },
    'error:loadCountries': { error: new Error('offline') },
    RETRY_COUNTRIES: {},
    RENAME_LINES: [{ names: GERMAN_NAMES }, { names: NO_LINE_NAMES }],
    SECTIONS_CLOSED: [{ sections: ['tickets'] }, { sections: ['vouchers'] }],
  },
  scenarios: [
    {
      name: 'after a page load with a chosen country the list to change it is loaded once, beside the cost; a failed list is asked again',
      input: { savedCart: JSON.stringify([ticket, catalogue]), savedCountries: JSON.stringify({ chosenCountry: 'AT', deliveryCountry: null }) },
      events: [
        { type: 'LOAD_COUNTRIES' },
        { type: 'LOAD_COUNTRIES' },
        { type: 'xstate.error.actor.countryList', error: new Error('offline') },
        { type: 'LOAD_COUNTRIES' },
        { type: 'done:calculateShipping', output: 900 },
        { type: 'xstate.done.actor.countryList', output: COUNTRIES },
        { type: 'LOAD_COUNTRIES' },
        { type: 'CHOOSE_COUNTRY', country: 'CH' },
      ],
    },
    {
      name: 'a page load keeps the country of delivery chosen before it: a cart with goods is priced for it at once (issue 22, found by the session walk)',
      input: { savedCart: JSON.stringify([ticket, catalogue]), savedCountries: JSON.stringify({ chosenCountry: 'at', deliveryCountry: null }) },
      events: [{ type: 'done:calculateShipping', output: 900 }],
    },
    {
      name: 'a page load with a delivery address in France prices for France',
      input: { savedCart: JSON.stringify([ticket, catalogue]), savedCountries: JSON.stringify({ chosenCountry: 'DE', deliveryCountry: 'FR' }) },
      events: [{ type: 'done:calculateShipping', output: 900 }],
    },
    {
      name: 'a saved country entry that is not one restores nothing: the cart asks for the country',
      input: { savedCart: JSON.stringify([ticket, catalogue]), savedCountries: '{"chosenCountry": "Deutschland", "deliveryCountry": 49}' },
      events: [{ type: 'done:loadCountries', output: COUNTRIES }],
    },
    {
      name: 'a cart restored from the session loses the lines of a section switched off in the config, and takes no new ones (issue 22 item 7)',
      input: { savedCart: JSON.stringify([ticket, catalogue]) },
      events: [
        { type: 'SECTIONS_CLOSED', sections: ['tickets'] },
        { type: 'ADD', lines: [ticket] },
        { type: 'ADD', lines: [ticket, voucherCode] },
      ],
    },
    {
      name: 'a section switched off while the cart holds none of it: nothing leaves, its lines are refused',
      input: { savedCart: null },
      events: [
        { type: 'ADD', lines: [catalogue] },
        { type: 'SECTIONS_CLOSED', sections: ['vouchers'] },
        { type: 'SECTIONS_CLOSED', sections: ['tickets'] },
        { type: 'ADD', lines: [ticket] },
      ],
    },
    {
      name: 'a cart restored in another language takes the catalogue\'s names (issue 16 item 7); names that change nothing save nothing',
      input: { savedCart: null },
      events: [
        { type: 'ADD', lines: [ticket] },
        { type: 'ADD', lines: [catalogue] },
        { type: 'RENAME_LINES', names: GERMAN_NAMES },
        { type: 'RENAME_LINES', names: GERMAN_NAMES },
        { type: 'RENAME_LINES', names: NO_LINE_NAMES },
      ],
    },
    {
      name: 'a keyboard user arrowing through the countries: one request, for the country the choice rests on (issue 22 item 2)',
      input: { savedCart: null },
      events: [
        { type: 'ADD', lines: [catalogue] },
        { type: 'done:loadCountries', output: COUNTRIES },
        { type: 'REMOVE', index: 5 },
        { type: 'CHOOSE_COUNTRY', country: 'AT' },
        { type: 'wait:150' },
        { type: 'CHOOSE_COUNTRY', country: 'CH' },
        { type: 'wait:399' },
        { type: 'CHOOSE_COUNTRY', country: 'DE' },
        { type: 'wait:400' },
        { type: 'done:calculateShipping', output: 900 },
        { type: 'CHOOSE_COUNTRY', country: '' },
        { type: 'wait:400' },
      ],
    },
    {
      name: 'one destination: the delivery country wins, the cart choice moves it, the billing address gives it back (issue 22 item 5)',
      input: { savedCart: null },
      events: [
        { type: 'ADD', lines: [catalogue] },
        { type: 'SET_DESTINATION', destination: { loggedIn: true, tokenCountry: 'CH' } },
        { type: 'done:calculateShipping', output: 900 },
        { type: 'SHIP_TO', country: 'de' },
        { type: 'SHIP_TO', country: 'DE' },
        { type: 'wait:400' },
        { type: 'done:calculateShipping', output: 900 },
        { type: 'CHOOSE_COUNTRY', country: 'at' },
        { type: 'wait:400' },
        { type: 'done:calculateShipping', output: 900 },
        { type: 'SHIP_TO', country: null },
        { type: 'wait:400' },
        { type: 'done:calculateShipping', output: 900 },
      ],
    },
    {
      name: 'a cart that ships nothing takes a delivery country without asking anything (issue 22 item 4); it offers no country of its own to choose, and takes none',
      input: { savedCart: null },
      events: [
        { type: 'ADD', lines: [ticket] },
        { type: 'CHOOSE_COUNTRY', country: 'IT' },
        { type: 'SHIP_TO', country: 'DE' },
        { type: 'ADD', lines: [catalogue] },
      ],
    },
    {
      name: 'a voucher code redeemed twice is in the cart once: the second is announced, not added (the code entry shows beside a line)',
      input: { savedCart: null },
      events: [{ type: 'ADD', lines: [ticket] }, { type: 'ADD', lines: [voucherCode] }, { type: 'ADD', lines: [voucherCode] }],
    },
    {
      name: 'a delivery address the cart no longer ships to: after the country is unchosen in the cart and the goods are gone, the checkout sends its country again (nothing is asked)',
      input: { savedCart: null },
      events: [
        { type: 'ADD', lines: [ticket] },
        { type: 'ADD', lines: [catalogue] },
        { type: 'done:loadCountries', output: COUNTRIES },
        { type: 'SHIP_TO', country: 'FR' },
        { type: 'wait:400' },
        { type: 'done:calculateShipping', output: 900 },
        { type: 'CHOOSE_COUNTRY', country: '' },
        { type: 'wait:400' },
        { type: 'REMOVE', index: 1 },
        { type: 'SHIP_TO', country: 'FR' },
      ],
    },
    {
      name: 'a logged-in customer without a country of their own (issue 45 item 2): the cart asks for one, and the chosen country goes with the request',
      input: { savedCart: null },
      events: [
        { type: 'ADD', lines: [catalogue] },
        { type: 'SET_DESTINATION', destination: { loggedIn: true, tokenCountry: null, customerCountry: null } },
        { type: 'done:loadCountries', output: COUNTRIES },
        { type: 'CHOOSE_COUNTRY', country: ' de ' },
        { type: 'wait:400' },
        { type: 'done:calculateShipping', output: 900 },
      ],
    },
    {
      name: 'a logout that takes the only destination away drops the cost and asks for a country again',
      input: { savedCart: null },
      events: [
        { type: 'ADD', lines: [catalogue] },
        { type: 'SET_DESTINATION', destination: { loggedIn: true, tokenCountry: 'AT' } },
        { type: 'done:calculateShipping', output: 900 },
        { type: 'SET_DESTINATION', destination: { loggedIn: false, tokenCountry: null } },
      ],
    },
  ],
  filterEvents: allowed,
  fakeActions: ['saveCart', 'saveCountries', 'removeSavedCart', 'warnCorruptCart', 'trackRemoveFromCart'],
});
