import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ApiError } from '../../src/api/http.js';
import { ShippingRequestSchema } from '../../src/domain/shipping-payload.js';
import {
  NO_SHIPPING,
  SHIPPING_UNKNOWN_ERROR,
  countryKey,
  shipsGoods,
  shippingDestination,
  shippingFailed,
  shouldAskShipping,
  toShippingLines,
  toShippingRequest,
} from '../../src/domain/shipping.js';
import { sampleCart } from './fixtures.js';

describe('when to ask for shipping (§4)', () => {
  it('asks only with shipped goods (merchandise or annual passes, issue 11) and a destination', () => {
    const withBook = sampleCart;
    const withoutGoods = sampleCart.filter((line) => line.type !== 'merchandise' && line.type !== 'annualPass');
    const passOnly = sampleCart.filter((line) => line.type === 'annualPass');
    expect(passOnly).toHaveLength(1);
    expect(shouldAskShipping(withBook, 'CH')).toBe(true);
    expect(shouldAskShipping(withBook, null)).toBe(false);
    expect(shouldAskShipping(withoutGoods, 'CH')).toBe(false);
    expect(shouldAskShipping(passOnly, 'CH')).toBe(true);
  });

  it('takes the token country, else the chosen one, else the saved customer\'s', () => {
    expect(shippingDestination({ tokenCountry: 'DE', chosenCountry: 'AT', customerCountry: 'CH' })).toBe('DE');
    expect(shippingDestination({ tokenCountry: null, chosenCountry: 'at', customerCountry: 'CH' })).toBe('AT');
    expect(shippingDestination({ tokenCountry: '', chosenCountry: undefined, customerCountry: 'CH' })).toBe('CH');
    expect(shippingDestination({})).toBeNull();
  });

  it('issue 22 item 5: a different delivery address\'s country comes first, logged in or not', () => {
    expect(shippingDestination({ deliveryCountry: 'fr', tokenCountry: 'DE', chosenCountry: 'AT', customerCountry: 'CH' })).toBe('FR');
    expect(shippingDestination({ deliveryCountry: null, tokenCountry: 'DE' })).toBe('DE');
    expect(countryKey(' de ')).toBe('DE');
    for (const notYet of ['', 'D', 'Germany', null, undefined]) expect(countryKey(notYet)).toBeNull();
  });

  it('issue 22 item 4: the delivery address matters only while something ships', () => {
    expect(shipsGoods('none')).toBe(false);
    for (const status of ['needsCountry', 'loading', 'known', 'failed'] as const) expect(shipsGoods(status)).toBe(true);
  });
});

describe('shipping payload (§7)', () => {
  it('converts each line type, expanding day tickets', () => {
    expect(sampleCart.flatMap(toShippingLines)).toEqual([
      { type: 'ticket', id: 11, count: 2, datetime: '2026-12-05 10:00' },
      { type: 'ticket', id: 14, count: 1, datetime: '2026-12-05 10:00' },
      { type: 'dayticket', id: 31, count: 1, datetime: '2026-12-05' },
      { type: 'guidedTour', id: 7, count: 1, datetime: '2026-12-06 14:30' },
      { type: 'merchandise', id: 21, count: 2 },
      { type: 'annualPass', id: 22, count: 1 },
      { type: 'voucher', id: 5, count: 1 },
    ]);
  });

  it('sends one line per day ticket', () => {
    const lines = toShippingLines({
      type: 'dayTicket', id: 3, name: 'Day', price: 0, totalPrice: 0, totalCount: 5, date: '2026-12-07',
      dayTickets: [{ id: 31, count: 2, name: '', price: 0, vat_value: 0 }, { id: 32, count: 3, name: '', price: 0, vat_value: 0 }],
    });
    expect(lines).toEqual([
      { type: 'dayticket', id: 31, count: 2, datetime: '2026-12-07' },
      { type: 'dayticket', id: 32, count: 3, datetime: '2026-12-07' },
    ]);
  });

  it('sends the tour participant count with single ticketing', () => {
    const tour = sampleCart.find((line) => line.type === 'guidedTour');
    if (tour?.type !== 'guidedTour') throw new Error('fixture');
    expect(toShippingLines({ ...tour, single_ticketing: 1 })).toEqual([{ type: 'guidedTour', id: 7, count: 8, datetime: '2026-12-06 14:30' }]);
  });

  it('adds the country only when not logged in, and passes the shared schema', () => {
    const anonymous = toShippingRequest(sampleCart, { loggedIn: false, country: 'CH' });
    expect(anonymous.country).toBe('CH');
    expect(v.safeParse(ShippingRequestSchema, anonymous).success).toBe(true);
    const loggedIn = toShippingRequest(sampleCart, { loggedIn: true, country: 'CH' });
    expect(loggedIn).not.toHaveProperty('country');
    expect(v.safeParse(ShippingRequestSchema, loggedIn).success).toBe(true);
    // issue 22 item 5: a logged-in customer's different delivery address is priced for its country
    const delivery = toShippingRequest(sampleCart, { loggedIn: true, country: 'DE', forDelivery: true });
    expect(delivery).toMatchObject({ delivery_country: 'DE' });
    expect(delivery).not.toHaveProperty('country');
    expect(v.safeParse(ShippingRequestSchema, delivery).success).toBe(true);
  });

  it('sends the chosen country for a logged-in customer whose own country is not known (issue 45 item 2)', () => {
    // the server prices a token's customer without a country for the country of the body
    const chosen = toShippingRequest(sampleCart, { loggedIn: true, ownCountryKnown: false, country: 'DE' });
    expect(chosen).toMatchObject({ country: 'DE' });
    expect(v.safeParse(ShippingRequestSchema, chosen).success).toBe(true);
    expect(toShippingRequest(sampleCart, { loggedIn: true, ownCountryKnown: true, country: 'CH' })).not.toHaveProperty('country');
  });
});

describe('shipping errors (§8)', () => {
  it('keeps the response code and clears the cost', () => {
    const error = new ApiError({ status: 422, code: 'SHIPPING_NOT_POSSIBLE_FOR_COUNTRY', message: '', fields: {} });
    expect(shippingFailed(error)).toEqual({ cost: null, error: 'SHIPPING_NOT_POSSIBLE_FOR_COUNTRY' });
    expect(shippingFailed(new Error('boom'))).toEqual({ cost: null, error: SHIPPING_UNKNOWN_ERROR });
    expect(NO_SHIPPING).toEqual({ cost: null, error: null });
  });
});
