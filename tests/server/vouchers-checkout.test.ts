/**
 * Voucher codes in the checkout against the reference server (issue 12): a cart that codes pay
 * only in part goes to the provider for the rest; a cart they pay entirely (amount 0) needs no
 * provider page: initPayment answers the shop's own return URL with the payment recorded, and
 * execPayment books it and takes the value from the code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createShopApi, type ShopApi } from '../../src/api/index.js';
import { parseProviderReturn } from '../../src/api/checkout.js';
import { DEMO } from '../../src/server/seed/demo.js';
import type { CartItem } from '../../src/domain/cart-payload.js';
import { payAtProvider, providerParams, returnUrls, tenPlacesTickets } from './checkout-helpers.js';

const code = (barcode: string): CartItem => ({ type: 'voucherCode', barcode });

async function usedAmount(server: TestServer, barcode: string): Promise<number> {
  const [row] = await server.db.query<{ used_amount: number }>('SELECT used_amount FROM voucher_codes WHERE barcode = $1', [barcode]);
  return row?.used_amount ?? -1;
}

async function cartAmount(server: TestServer, id: string): Promise<number> {
  const [row] = await server.db.query<{ amount: number }>('SELECT amount FROM carts WHERE id = $1', [id]);
  return row?.amount ?? -1;
}

describe('voucher codes in the checkout', () => {
  let server: TestServer;
  let api: ShopApi;

  beforeAll(async () => {
    server = await startTestServer();
    api = createShopApi({ baseURL: server.apiBase, lang: () => 'de' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('a code that pays part of the cart: the provider charges the rest and the code loses what it paid', async () => {
    const items = [tenPlacesTickets(server, 4), code(DEMO.voucherCodes.valid)];
    const priced = await api.initPayment({ payart: 161, items: [tenPlacesTickets(server, 4)], url: returnUrls(server) });
    const full = await cartAmount(server, providerParams(priced).cartId);
    expect(full).toBeGreaterThan(5000);
    const url = await api.initPayment({ payart: 161, items, url: returnUrls(server) });
    expect(new URL(url).pathname).toBe('/provider/de/pay');
    const { cartId } = providerParams(url);
    expect(await cartAmount(server, cartId)).toBe(full - 5000);
    const page = await (await fetch(url)).text();
    expect(page).toContain(`data-amount="${full - 5000}"`);
    const before = await usedAmount(server, DEMO.voucherCodes.valid);
    const booking = await api.execPayment(await payAtProvider(server, url));
    expect(booking.booking_id).toMatch(/^[A-Z0-9]{12}$/);
    expect(await usedAmount(server, DEMO.voucherCodes.valid)).toBe(before + 5000);
  });

  it('a cart paid entirely by codes: no provider page, the return URL books it, the code pays the whole amount', async () => {
    // in lower case with spaces: the server compares codes as the app does
    const items = [tenPlacesTickets(server, 1), code(` ${DEMO.voucherCodes.valid200.toLowerCase()} `)];
    const before = await usedAmount(server, DEMO.voucherCodes.valid200);
    const url = await api.initPayment({ payart: 161, items, url: returnUrls(server) });
    const back = new URL(url);
    expect(`${back.origin}${back.pathname}`).toBe(returnUrls(server).continue);
    const ret = parseProviderReturn(back);
    expect(ret).not.toBeNull();
    expect(await cartAmount(server, ret!.cartId)).toBe(0);
    const booking = await api.execPayment(ret!);
    const review = await api.getOrderReview(booking.booking_id);
    expect(review.amount).toBe(0);
    expect(review.discount).toBe(review.subtotal + review.shipping);
    expect(await usedAmount(server, DEMO.voucherCodes.valid200)).toBe(before + review.discount);
    // booked once: the same return books nothing more
    expect((await api.execPayment(ret!)).booking_id).toBe(booking.booking_id);
    expect(await usedAmount(server, DEMO.voucherCodes.valid200)).toBe(before + review.discount);
  });

  it('a zero-amount cart is booked at initPayment: a retry (initPaymentOrder) finds it paid (410), its return answers the booking', async () => {
    const url = await api.initPayment({ payart: 161, items: [tenPlacesTickets(server, 1), code(DEMO.voucherCodes.partlyUsed)], url: returnUrls(server) });
    const first = parseProviderReturn(new URL(url));
    expect(first).not.toBeNull();
    expect((await api.getPaymentCart(first!.cartId)).status).toBe('booked');
    await expect(api.initPaymentOrder({ payart: 161, id: first!.cartId, url: returnUrls(server) })).rejects.toMatchObject({ status: 410, code: 'CART_GONE' });
    const booking = await api.execPayment(first!);
    expect(booking.booking_id).toMatch(/^[A-Z0-9]{12}$/);
    expect((await api.getPaymentCart(first!.cartId)).booking_id).toBe(booking.booking_id);
  });
});
