import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { cartMachine, isTicketLine, removeFromCartAnalytics, restoreCountries, type CartContext, type TicketLine } from '../../machines/cart.machine.js';
import { describeModel } from './describe-model.js';
import { COUNTRIES, cartModel } from './cart.model.js';
import type { RunContext } from './model.js';
import type { LineNames } from '../../src/domain/line-names.js';

const ctx = (s: { context: unknown }) => s.context as CartContext;
const calls = (run: RunContext, action: string) => run.actionCalls.filter((c) => c.action === action);

/** What every Ready state shares: what happened to storage and analytics on the way here. */
function sideEffects(s: { context: unknown }, run: RunContext): void {
  const e = run.event as { type: string; lines?: { type: string }[]; index?: number };
  if (run.event.type === 'xstate.init') {
    const corrupt = calls(run, 'warnCorruptCart');
    if (ctx(s).lines.length === 2) {
      // a good saved cart comes back as it was, nothing reported, nothing saved
      expect(ctx(s).lines.map((l) => l.type)).toEqual(['ticket', 'merchandise']);
      expect(corrupt).toEqual([]);
      expect(calls(run, 'saveCart')).toEqual([]);
    } else if (ctx(s).lines.length > 0) {
      // a saved cart with a bad line: the good line is kept and saved again, the bad one reported by its place
      expect(ctx(s).lines.map((l) => l.type)).toEqual(['voucherCode']);
      expect(corrupt.map((c) => c.params)).toEqual([expect.stringMatching(/^Kept 1 of 2 lines of the saved cart; dropped line 1 is invalid at id/)]);
      expect(calls(run, 'saveCart').map((c) => c.params)).toEqual([ctx(s).lines]);
      expect(calls(run, 'removeSavedCart')).toEqual([]);
    } else {
      // a corrupt saved cart is reported and removed once; a missing one is not
      expect(corrupt.length).toBe(calls(run, 'removeSavedCart').length);
    }
    expect(ctx(s).restoreProblem).toBeNull();
  }
  if (e.type === 'ADD' && e.lines?.length && ctx(s).lines.length > 0) {
    expect(calls(run, 'saveCart').at(-1)?.params).toEqual(ctx(s).lines);
  }
  if (e.type === 'REMOVE') {
    const tracked = calls(run, 'trackRemoveFromCart').filter((c) => c.event === run.event);
    for (const t of tracked) expect(t.params).toMatchObject({ event: 'remove_from_cart', ecommerce: { currency: 'CHF', value: 40 } });
  }
  if (e.type === 'RENAME_LINES') {
    // issue 16 item 7: the lines carry the names given for their ids; nothing else changes
    const names = (run.event as unknown as { names: LineNames }).names;
    for (const line of ctx(s).lines) {
      if (line.type === 'ticket' && names.tickets[line.id]) expect(line.name).toBe(names.tickets[line.id]);
      if (line.type === 'merchandise' && names.articles[line.id]) expect(line.name).toBe(names.articles[line.id]);
    }
    // saved when a name changed (the first time), not when the names were already those
    const saved = calls(run, 'saveCart').filter((c) => c.event === run.event);
    const before = calls(run, 'saveCart').filter((c) => c.event !== run.event).at(-1)?.params as { name: string }[] | undefined;
    if (before && JSON.stringify(before) !== JSON.stringify(ctx(s).lines)) expect(saved.map((c) => c.params)).toEqual([ctx(s).lines]);
    else expect(saved).toEqual([]);
  }
  // issue 22 item 7: nothing of a switched-off section stays in or enters the cart
  const closed: string[] = ctx(s).closedSections;
  const sectionOf: Record<string, string> = { ticket: 'tickets', dayTicket: 'tickets', guidedTour: 'guidedTours', merchandise: 'merchandise', annualPass: 'passes', voucher: 'vouchers' };
  for (const line of ctx(s).lines) expect(closed).not.toContain(sectionOf[line.type]);
  if (e.type === 'SECTIONS_CLOSED') {
    const sections = (run.event as unknown as { sections: string[] }).sections;
    expect(closed).toEqual(sections);
    const before = ctx(run.previous!).lines;
    const kept = before.filter((line) => !sections.includes(sectionOf[line.type] ?? ''));
    expect(ctx(s).lines).toEqual(kept);
    // the smaller cart is saved; an unchanged one is not saved again
    const saved = calls(run, 'saveCart').filter((c) => c.event === run.event).map((c) => c.params);
    expect(saved).toEqual(kept.length < before.length ? [kept] : []);
  }
  if (e.type === 'ADD') {
    const before = ctx(run.previous!).lines;
    const offered = e.lines ?? [];
    const refused = offered.filter((line) => closed.includes(sectionOf[line.type] ?? ''));
    if (refused.length === offered.length) expect(ctx(s).lines).toEqual(before);
  }
  // the visitor's country choices are saved as they are now whenever one is made (a reload keeps them), and only then
  const savedCountries = calls(run, 'saveCountries').filter((c) => c.event === run.event).map((c) => c.params);
  const d = ctx(s).destination;
  const choiceChanged =
    (e.type === 'CHOOSE_COUNTRY' || e.type === 'SHIP_TO') &&
    run.previous !== undefined &&
    (ctx(run.previous).destination.chosenCountry !== d.chosenCountry || (ctx(run.previous).destination.deliveryCountry ?? null) !== (d.deliveryCountry ?? null));
  if (choiceChanged) expect(savedCountries).toEqual([{ chosenCountry: d.chosenCountry, deliveryCountry: d.deliveryCountry ?? null }]);
  if (e.type !== 'CHOOSE_COUNTRY' && e.type !== 'SHIP_TO') expect(savedCountries).toEqual([]);
  // the country list beside a known destination: asked once while none is loaded or on its way
  const lists = run.invocations.filter((i) => i.id === 'countryList');
  if (e.type === 'LOAD_COUNTRIES') {
    const before = ctx(run.previous!);
    // one request on its way while no list is there (a second LOAD_COUNTRIES asks nothing more)
    expect(lists.filter((i) => !i.settled).length).toBe(before.countries === null ? 1 : 0);
    expect(ctx(s).countryListAsked).toBe(ctx(s).countries === null);
  }
  if (run.event.type === 'xstate.done.actor.countryList') {
    expect(ctx(s).countries).toEqual(COUNTRIES);
    expect(ctx(s).countryListAsked).toBe(false);
  }
  if (run.event.type === 'xstate.error.actor.countryList') {
    expect(ctx(s).countries).toBeNull();
    expect(ctx(s).countryListAsked).toBe(false);
  }
  if (e.type === 'CLEAR') {
    expect(ctx(s).lines).toEqual([]);
    expect(calls(run, 'removeSavedCart').at(-1)?.event).toEqual(run.event);
  }
}

const shipsGoods = (s: { context: unknown }) => ctx(s).lines.some((l) => l.type === 'merchandise' || l.type === 'annualPass');
/** §4 order with issue 22's delivery country first: delivery address, token, chosen. */
const destination = (s: { context: unknown }) => {
  const d = ctx(s).destination;
  return [d.deliveryCountry, d.tokenCountry, d.chosenCountry].find((c) => c && c.trim() !== '')?.trim().toUpperCase() ?? null;
};
/** When the visitor last chose a country (in the cart or as the delivery address's). */
const lastChoice = (run: RunContext) => run.history.filter((h) => h.event.type === 'CHOOSE_COUNTRY' || h.event.type === 'SHIP_TO').at(-1);
/** The latest shipping/costs request (the country list may have been asked for after it). */
const lastShipping = (run: RunContext) => run.invocations.filter((i) => i.id === 'calculateShipping').at(-1);
const requestedCountries = (run: RunContext) =>
  run.invocations.filter((i) => i.id === 'calculateShipping').map((i) => (i.input as { request: { country?: string } }).request.country ?? null);

describeModel(cartModel, {
  'Ready.No shipping': (s, run) => {
    sideEffects(s, run);
    expect(ctx(s).shippingCost).toBeNull();
    expect(ctx(s).shippingError).toBeNull();
    // nothing in the cart is shipped (a destination alone asks nothing)
    expect(shipsGoods(s)).toBe(false);
    expect(s.hasTag('shipping-none')).toBe(true);
    if (run.event.type === 'CHOOSE_COUNTRY') {
      // the cart offers the country choice only while it ships goods: a choice here is not taken
      expect(ctx(s).destination).toEqual(ctx(run.previous!).destination);
      expect(calls(run, 'saveCountries').filter((c) => c.event === run.event)).toEqual([]);
    }
  },
  'Ready.Destination unknown': (s, run) => {
    sideEffects(s, run);
    // goods but nowhere to send them: no cost, no error, the cart asks for the country
    expect(shipsGoods(s)).toBe(true);
    expect(destination(s)).toBeNull();
    expect(ctx(s).destination.tokenCountry ?? null).toBeNull();
    expect(ctx(s).shippingCost).toBeNull();
    expect(ctx(s).shippingError).toBeNull();
    expect(s.hasTag('shipping-needsCountry')).toBe(true);
    expect(s.can({ type: 'CHOOSE_COUNTRY', country: 'DE' })).toBe(true);
  },
  'Ready.Destination unknown.Loading countries': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).countries).toBeNull();
    expect(run.invocations.at(-1)).toMatchObject({ id: 'loadCountries' });
  },
  'Ready.Destination unknown.Asking for the country': (s) => {
    expect(ctx(s).countries).toEqual(COUNTRIES);
    expect(s.hasTag('loading')).toBe(false);
  },
  'Ready.Destination unknown.Countries unavailable': (s) => {
    expect(ctx(s).countries).toBeNull();
    expect(s.can({ type: 'RETRY_COUNTRIES' })).toBe(true);
  },
  'Ready.Settling the country': (s, run) => {
    sideEffects(s, run);
    // a country was just chosen: the old cost is gone, payment waits, nothing is asked yet
    expect(s.hasTag('shipping-loading')).toBe(true);
    expect(s.hasTag('busy')).toBe(true);
    expect(shipsGoods(s)).toBe(true);
    expect(ctx(s).shippingCost).toBeNull();
    expect(ctx(s).shippingError).toBeNull();
    const chosen = lastChoice(run);
    expect(chosen).toBeDefined();
    expect(run.now - chosen!.at).toBeLessThan(400);
    if (run.previous?.matches({ Ready: 'Calculating shipping' })) expect(lastShipping(run)).toMatchObject({ id: 'calculateShipping', aborted: true });
  },
  'Ready.Calculating shipping': (s, run) => {
    sideEffects(s, run);
    expect(s.hasTag('busy')).toBe(true);
    expect(s.hasTag('shipping-loading')).toBe(true);
    const country = destination(s);
    if (run.previous?.matches({ Ready: 'Settling the country' })) {
      // issue 22 item 2: asked by itself once the choice has rested 400 ms
      expect(run.now - lastChoice(run)!.at).toBeGreaterThanOrEqual(400);
    }
    if (run.history.some((h) => h.event.type === 'CHOOSE_COUNTRY' && (h.event as unknown as { country: string }).country === 'AT' && h.at === 0)) {
      // arrowing through Austria and Switzerland (each left within 400 ms) asked nothing for them
      expect(requestedCountries(run)).toEqual(['DE']);
    }
    if (ctx(s).destination.deliveryCountry) {
      // issue 22 item 5: the delivery address's country is asked for, logged in or not
      expect(lastShipping(run)).toMatchObject({ id: 'calculateShipping', input: { request: { delivery_country: country } } });
      expect(JSON.stringify(lastShipping(run)?.input)).not.toContain('"country"');
      expect(country).toBe(ctx(s).destination.deliveryCountry);
      return;
    }
    if (ctx(s).destination.loggedIn && ctx(s).destination.tokenCountry === null) {
      // issue 45 item 2: logged in, but no country behind the token (none in the customer record, or
      // the record not read): the country the customer chose goes with the token's request
      expect(country).toBe(ctx(s).destination.chosenCountry);
      expect(country).toBe('DE');
      expect(lastShipping(run)).toMatchObject({ id: 'calculateShipping', input: { loggedIn: true, request: { country: 'DE' } } });
      return;
    }
    if (ctx(s).destination.loggedIn) {
      // logged in: the request carries only the cart (the server reads the country behind the token)
      expect(['AT', 'CH']).toContain(ctx(s).destination.tokenCountry);
      expect(country).toBe(ctx(s).destination.tokenCountry);
      expect(lastShipping(run)).toMatchObject({ id: 'calculateShipping', input: { loggedIn: true } });
      expect(JSON.stringify(lastShipping(run)?.input)).not.toContain('country');
      return;
    }
    // the chosen country, trimmed and upper-cased, goes with an anonymous request (at a page load: the one saved before it)
    const chosenHere = lastChoice(run) !== undefined || run.history.some((h) => h.event.type === 'SET_DESTINATION');
    expect(chosenHere ? ['CH', 'DE'] : ['AT']).toContain(country);
    expect(lastShipping(run)).toMatchObject({ id: 'calculateShipping', input: { loggedIn: false, request: { country } } });
    if (run.event.type === 'SET_DESTINATION') expect(country).toBe('CH');
  },
  'Ready.Shipping known': (s, run) => {
    sideEffects(s, run);
    expect(ctx(s).shippingCost).toBe(900);
    expect(ctx(s).shippingError).toBeNull();
    expect(s.hasTag('shipping-known')).toBe(true);
  },
  'Ready.Shipping failed': (s, run) => {
    sideEffects(s, run);
    expect(ctx(s).shippingCost).toBeNull();
    expect(ctx(s).shippingError).toBe('NO_SHIPPING_TO_COUNTRY');
    expect(s.hasTag('shipping-failed')).toBe(true);
    expect(s.can({ type: 'RETRY_SHIPPING' })).toBe(true);
    // the cart is kept
    expect(shipsGoods(s)).toBe(true);
  },
}, { effectsWithDefault: ['warnCorruptCart'] });

const NONE = { chosenCountry: null, deliveryCountry: null };

// The cart machine's own helpers, beside its walks: what the analytics hear of a removed day
// ticket (the model's carts hold timed tickets only) and how saved country choices come back.
describe('the cart machine file, its helpers', () => {
  const dayTicket: TicketLine = {
    type: 'dayTicket',
    id: 7,
    name: 'Tageskarte',
    price: 1500,
    totalPrice: 4500,
    totalCount: 3,
    date: '2026-12-01',
    dayTickets: [{ id: 1, count: 3, name: 'Erwachsene', price: 1500, vat_value: 8.1 }],
  };

  it('tracks a removed day ticket line with its total, its price per ticket and its count', () => {
    expect(removeFromCartAnalytics(dayTicket)).toEqual({
      event: 'remove_from_cart',
      ecommerce: { currency: 'CHF', value: 45, items: [{ item_id: '7', item_name: 'Tageskarte', item_category: 'dayTicket', price: 15, quantity: 3 }] },
    });
    expect(isTicketLine(dayTicket)).toBe(true);
    expect(isTicketLine({ type: 'voucherCode', barcode: 'ABC', name: 'Gutschein', price: 1000 })).toBe(false);
  });

  it('restores each saved country on its own, as a country key, and nothing from an entry that is no object', () => {
    expect(restoreCountries('{"chosenCountry":" de ","deliveryCountry":"at"}')).toEqual({ chosenCountry: 'DE', deliveryCountry: 'AT' });
    expect(restoreCountries('{"chosenCountry":5,"deliveryCountry":"fr"}')).toEqual({ chosenCountry: null, deliveryCountry: 'FR' });
    expect(restoreCountries('{"chosenCountry":"ch","deliveryCountry":["fr"]}')).toEqual({ chosenCountry: 'CH', deliveryCountry: null });
    for (const nothing of [null, 'null', '5', '"DE"', '{not json']) {
      expect({ nothing, restored: { ...NONE, ...restoreCountries(nothing) } }).toEqual({ nothing, restored: NONE });
    }
  });

  it('a REMOVE of an index no line has changes nothing', () => {
    for (const index of [-1, 1.5, 2, Number.NaN]) {
      const actor = createActor(cartMachine.provide({ actions: { saveCart: () => {}, saveCountries: () => {}, removeSavedCart: () => {}, trackRemoveFromCart: () => {} } }), {
        input: { savedCart: JSON.stringify([dayTicket, { type: 'voucherCode', barcode: 'ABC', name: 'Gutschein', price: 1000 }]) },
      }).start();
      const before = actor.getSnapshot();
      actor.send({ type: 'REMOVE', index });
      expect({ index, lines: actor.getSnapshot().context.lines, state: actor.getSnapshot().value }).toEqual({ index, lines: before.context.lines, state: before.value });
      actor.stop();
    }
  });
});
