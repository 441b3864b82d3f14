import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ShippingAddressInputSchema } from '../../src/api/schemas/accounts-requests.js';
import {
  CHOOSE_COUNTRY_FROM_LIST,
  EMPTY_DELIVERY_ADDRESS,
  FILL_ALL_DELIVERY_FIELDS,
  deliveryAddressErrors,
  deliveryAddressPayload,
  deliveryAddressReady,
} from '../../src/domain/delivery-address.js';

const full = { name: 'Anna Muster', street: 'Seestrasse 1', zip: '8000', city: 'Zürich', country: 'ch' };

describe('delivery address (§5)', () => {
  it('is ready only with all five fields', () => {
    expect(deliveryAddressReady(full)).toBe(true);
    expect(deliveryAddressReady(EMPTY_DELIVERY_ADDRESS)).toBe(false);
    expect(deliveryAddressReady({ ...full, zip: '   ' })).toBe(false);
  });

  it('names each empty field with the one message', () => {
    expect(deliveryAddressErrors(full)).toEqual({});
    expect(deliveryAddressErrors({ ...full, city: '', name: ' ' })).toEqual({
      name: [{ id: FILL_ALL_DELIVERY_FIELDS }],
      city: [{ id: FILL_ALL_DELIVERY_FIELDS }],
    });
  });

  it('accepts only a country code of the list, never a name typed by hand (issue 45 item 1)', () => {
    // "Deutschland" passed as complete and priced nothing; initPayment then failed on the server's schema
    expect(deliveryAddressReady({ ...full, country: 'Deutschland' })).toBe(false);
    expect(deliveryAddressErrors({ ...full, country: 'Deutschland' })).toEqual({ country: [{ id: CHOOSE_COUNTRY_FROM_LIST }] });
    expect(CHOOSE_COUNTRY_FROM_LIST).toBe('form.chooseCountry');
    // with the list at hand: one of its codes
    expect(deliveryAddressErrors({ ...full, country: 'DE' }, ['CH', 'DE'])).toEqual({});
    expect(deliveryAddressErrors({ ...full, country: 'XX' }, ['CH', 'DE'])).toEqual({ country: [{ id: CHOOSE_COUNTRY_FROM_LIST }] });
    expect(deliveryAddressReady({ ...full, country: 'XX' }, ['CH', 'DE'])).toBe(false);
    // an empty country is the one "fill in all fields" message, not two
    expect(deliveryAddressErrors({ ...full, country: ' ' })).toEqual({ country: [{ id: FILL_ALL_DELIVERY_FIELDS }] });
  });

  it('sends null for the billing address, else the trimmed address the server accepts', () => {
    expect(deliveryAddressPayload(true, full)).toBeNull();
    const payload = deliveryAddressPayload(false, { ...full, name: ' Anna Muster ' });
    expect(payload).toEqual({ name: 'Anna Muster', street: 'Seestrasse 1', zip: '8000', city: 'Zürich', country: 'CH' });
    expect(v.safeParse(ShippingAddressInputSchema, payload).success).toBe(true);
  });
});
