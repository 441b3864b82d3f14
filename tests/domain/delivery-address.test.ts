import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ShippingAddressInputSchema } from '../../src/api/schemas/accounts-requests.js';
import {
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

  it('sends null for the billing address, else the trimmed address the server accepts', () => {
    expect(deliveryAddressPayload(true, full)).toBeNull();
    const payload = deliveryAddressPayload(false, { ...full, name: ' Anna Muster ' });
    expect(payload).toEqual({ name: 'Anna Muster', street: 'Seestrasse 1', zip: '8000', city: 'Zürich', country: 'CH' });
    expect(v.safeParse(ShippingAddressInputSchema, payload).success).toBe(true);
  });
});
