/**
 * initPayment and execPayment with shipping (issue 11): the destination the cart priced is the one
 * charged, annual passes are shipped, voucher codes cover items plus shipping and are booked with
 * that shipping, and the delivery address and the invoice switch are stored with the cart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { payAtProvider, providerParams, returnUrls } from './checkout-helpers.js';
import { createShopApi, type ShopApi } from '../../src/api/index.js';
import { DEMO } from '../../src/server/seed/demo.js';
import { DEMO_CUSTOMER } from '../../src/server/seed/accounts.js';
import type { CartItem } from '../../src/domain/cart-payload.js';

let server: TestServer;
let api: ShopApi;

beforeAll(async () => {
  server = await startTestServer();
  api = createShopApi({ baseURL: server.apiBase, lang: () => 'en' });
});
afterAll(async () => {
  await server.close();
});

const guide: CartItem = { type: 'merchandise', id: DEMO.merchandise.guide, count: 1 };
const cartRow = async (url: string) => {
  const { cartId } = providerParams(url);
  const [row] = await server.db.query<{ shipping: number; amount: number; discount: number; subtotal: number; request_invoice: boolean; delivery_address: unknown; shipping_country: string | null }>(
    'SELECT shipping, amount, discount, subtotal, request_invoice, delivery_address, shipping_country FROM carts WHERE id = $1',
    [cartId],
  );
  return row!;
};

describe('payment with shipping (issue 11)', () => {
  it('charges the shipping of the country the cart sent, and stores the delivery address and the invoice switch', async () => {
    const de = await api.getShippingCosts({ cart: [{ type: 'merchandise', id: guide.id, count: 1 }], country: 'DE' });
    const address = { name: 'Ada Muster', street: 'Seeweg 1', zip: '10115', city: 'Berlin', country: 'de' };
    const url = await api.initPayment({ payart: 161, items: [guide], url: returnUrls(server, 'en'), shipping: { country: 'DE', address }, requestInvoice: false });
    const row = await cartRow(url);
    expect(row).toMatchObject({ shipping: de, subtotal: 1800, amount: 1800 + de, request_invoice: false, shipping_country: 'DE' });
    expect(row.delivery_address).toEqual({ ...address, country: 'DE' });
    const plain = await cartRow(await api.initPayment({ payart: 161, items: [guide], url: returnUrls(server, 'en'), shipping: { country: 'CH', address: null } }));
    expect(plain).toMatchObject({ request_invoice: true, delivery_address: null, shipping_country: 'CH' });
  });

  it('ships annual passes like merchandise', async () => {
    const passes: CartItem = { type: 'annualPass', id: DEMO.passes.individual, count: 1, owners: [{ title: '', first: 'Anna', last: 'Muster', address: '', send_to_custom_addr: false }] };
    const cost = await api.getShippingCosts({ cart: [{ type: 'annualPass', id: DEMO.passes.individual, count: 1 }], country: 'CH' });
    expect(cost).toBeGreaterThan(0);
    const row = await cartRow(await api.initPayment({ payart: 161, items: [passes], url: returnUrls(server, 'en'), shipping: { country: 'CH', address: null } }));
    expect(row).toMatchObject({ shipping: cost, amount: 9000 + cost });
  });

  it('a logged-in customer is charged for the account country whatever the body says', async () => {
    const { jwt } = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const ch = await api.getShippingCosts({ cart: [{ type: 'merchandise', id: guide.id, count: 1 }] }, jwt);
    const row = await cartRow(await api.initPayment({ payart: 161, items: [guide], url: returnUrls(server, 'en'), token: jwt, shipping: { country: 'DE', address: null } }));
    expect(row).toMatchObject({ shipping: ch, shipping_country: 'CH' });
  });

  it('voucher codes cover items plus shipping, floored at 0, and the booking takes that much from the code', async () => {
    const items: CartItem[] = [guide, { type: 'voucherCode', barcode: DEMO.voucherCodes.valid200 }];
    const [before] = await server.db.query<{ used_amount: number }>('SELECT used_amount FROM voucher_codes WHERE barcode = $1', [DEMO.voucherCodes.valid200]);
    // nothing to pay at the provider: the codes' value is the money, so initPayment books at once (issue 41)
    const url = await api.initPayment({ payart: 161, items, url: returnUrls(server, 'en'), shipping: { country: 'DE', address: null } });
    const row = await cartRow(url);
    expect(row.shipping).toBeGreaterThan(0);
    expect(row).toMatchObject({ subtotal: 1800, discount: 1800 + row.shipping, amount: 0 });
    await api.execPayment(await payAtProvider(server, url));
    const [after] = await server.db.query<{ used_amount: number }>('SELECT used_amount FROM voucher_codes WHERE barcode = $1', [DEMO.voucherCodes.valid200]);
    expect(after!.used_amount - before!.used_amount).toBe(1800 + row.shipping);
  });

  describe('one destination: the delivery country is the shipping country (issue 22 item 5)', () => {
    const germanAddress = { name: 'Ada Muster', street: 'Unter den Linden 1', zip: '10117', city: 'Berlin', country: 'DE' };

    it('an anonymous cart priced for Switzerland with a German delivery address is refused, not charged Swiss shipping', async () => {
      const before = await server.db.query('SELECT id FROM carts');
      const refused = await api
        .initPayment({ payart: 161, items: [guide], url: returnUrls(server, 'en'), shipping: { country: 'CH', address: germanAddress } })
        .catch((e: { status: number; code: string; message: string }) => e);
      expect(refused).toMatchObject({ status: 422, code: 'SHIPPING_COUNTRY_MISMATCH' });
      expect((refused as { message: string }).message).toMatch(/CH.*DE/);
      expect(await server.db.query('SELECT id FROM carts')).toHaveLength(before.length);
    });

    it('a delivery address without a priced country is charged the shipping of its own country', async () => {
      const de = await api.getShippingCosts({ cart: [{ type: 'merchandise', id: guide.id, count: 1 }], country: 'DE' });
      const ch = await api.getShippingCosts({ cart: [{ type: 'merchandise', id: guide.id, count: 1 }], country: 'CH' });
      expect(de).not.toBe(ch);
      const row = await cartRow(await api.initPayment({ payart: 161, items: [guide], url: returnUrls(server, 'en'), shipping: { address: germanAddress } }));
      expect(row).toMatchObject({ shipping: de, amount: 1800 + de, shipping_country: 'DE' });
    });

    it('a logged-in customer (Swiss account) sending goods to a German delivery address is priced and charged German shipping', async () => {
      const { jwt } = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      const own = await api.getShippingCosts({ cart: [{ type: 'merchandise', id: guide.id, count: 1 }] }, jwt);
      const de = await api.getShippingCosts({ cart: [{ type: 'merchandise', id: guide.id, count: 1 }], country: 'DE' });
      // the cart asks for the delivery address's country; the server prices that one for the customer too
      expect(await api.getShippingCosts({ cart: [{ type: 'merchandise', id: guide.id, count: 1 }], delivery_country: 'DE' }, jwt)).toBe(de);
      // (the body's plain country still gives way to the account's, as §6 has it)
      expect(await api.getShippingCosts({ cart: [{ type: 'merchandise', id: guide.id, count: 1 }], country: 'DE' }, jwt)).toBe(own);
      expect(de).not.toBe(own);
      const row = await cartRow(await api.initPayment({ payart: 161, items: [guide], url: returnUrls(server, 'en'), token: jwt, shipping: { country: 'DE', address: germanAddress } }));
      expect(row).toMatchObject({ shipping: de, amount: 1800 + de, shipping_country: 'DE' });
    });

    it('a cart that ships nothing (a voucher) ignores the country of a delivery address (nothing ships)', async () => {
      const ticketOnly: CartItem[] = [{ type: 'voucher', id: DEMO.vouchers.fifty, count: 1 }];
      const url = await api.initPayment({ payart: 161, items: ticketOnly, url: returnUrls(server, 'en'), shipping: { country: 'CH', address: germanAddress } });
      expect(await cartRow(url)).toMatchObject({ shipping: 0, shipping_country: null });
    });
  });

  it('refuses a destination without rates and a malformed one (422, never 5xx)', async () => {
    const refused = await api.initPayment({ payart: 161, items: [guide], url: returnUrls(server, 'en'), shipping: { country: 'US', address: null } }).catch((e: { status: number; code: string }) => e);
    expect(refused).toMatchObject({ status: 422, code: 'SHIPPING_NOT_POSSIBLE_FOR_COUNTRY' });
    const res = await fetch(`${server.apiBase}/en/checkout/initPayment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payart: 161, cart: { ver: 1, items: [guide] }, url: returnUrls(server, 'en'), shipping: { country: 'Germany', address: { name: '', street: 'x', zip: '1', city: 'y', country: 'DE' } }, request_invoice: 'yes' }),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { fields: Record<string, string[]> };
    expect(Object.keys(body.fields)).toEqual(expect.arrayContaining(['shipping.country', 'shipping.address.name', 'request_invoice']));
  });
});
