/**
 * Checkout, payment, order review and shipping calls of §7 against the reference server, through
 * the real client (src/api) where it can express the call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { setGuestRegistration } from '../../src/server/settings.js';
import { createShopApi, isApiError, type ShopApi } from '../../src/api/index.js';
import { LANGUAGES } from '../../src/api/languages.js';
import { priceCart } from '../../src/server/inventory.js';
import { SHIPPING_RATES } from '../../src/server/seed/checkout.js';
import { CART_TTL_MS } from '../../src/server/carts.js';
import { DEMO } from '../../src/server/seed/demo.js';
import type { CartItem } from '../../src/domain/cart-payload.js';
import { vatPerItem } from '../../src/domain/money.js';
import { overbookedAvailable, parseProviderReturn } from '../../src/api/checkout.js';
import { catalogueBook, failure, payAtProvider, pressProviderButton, providerParams, returnUrls, tenPlacesTickets } from './checkout-helpers.js';

const DEMO_LOGIN = { email: 'demo@museum.example', password: 'Museum2026!' };
const VALID_IBAN = 'CH93 0076 2011 6238 5295 7';

async function rawPost(server: TestServer, path: string, body: unknown): Promise<{ status: number; json: { error?: string; fields?: Record<string, string[]>; data?: unknown } }> {
  const res = await fetch(`${server.apiBase}/de/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as { error?: string; fields?: Record<string, string[]>; data?: unknown } };
}

async function count(server: TestServer, table: 'carts' | 'bookings'): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return row?.n ?? -1;
}

/** Expected cost from the seeded rate table, computed independently of the server's SQL. */
function expectedRate(country: string, weight: number): number {
  const own = SHIPPING_RATES.filter(([c]) => c === country);
  const table = own.length > 0 ? own : SHIPPING_RATES.filter(([c]) => c === '*');
  const rate = table.filter(([, min]) => min <= weight).sort((a, b) => b[1] - a[1])[0];
  if (!rate) throw new Error('no rate');
  return rate[2];
}

async function cartRow(server: TestServer, cartId: string): Promise<{ created_at: Date; status: string }> {
  const [row] = await server.db.query<{ created_at: Date; status: string }>('SELECT created_at, status FROM carts WHERE id = $1', [cartId]);
  if (!row) throw new Error(`no cart ${cartId}`);
  return row;
}

function clientFor(server: TestServer, lang = 'de'): ShopApi {
  return createShopApi({ baseURL: server.apiBase, lang: () => lang });
}

async function book(server: TestServer, api: ShopApi, items: CartItem[]) {
  const url = await api.initPayment({ payart: 161, items, url: returnUrls(server) });
  const paid = await payAtProvider(server, url);
  return { url, paid, result: api.execPayment(paid) };
}

describe('checkout on the demo data', () => {
  let server: TestServer;
  let api: ShopApi;
  let jwt: string;

  beforeAll(async () => {
    server = await startTestServer();
    api = clientFor(server);
    jwt = (await api.login(DEMO_LOGIN.email, DEMO_LOGIN.password)).jwt;
  });
  afterAll(async () => {
    await server.close();
  });

  describe('GET checkout/payments', () => {
    it('lists 161 first, then the direct debits 74 and 164, named in all eight languages', async () => {
      const types = await api.getPaymentTypes();
      expect(types.map((t) => t.payartId)).toEqual([161, 74, 164]);
      for (const type of types) expect(Object.keys(type.i18n).sort()).toEqual([...LANGUAGES].sort());
      expect(types[0]?.i18n.de).toContain('TWINT');
    });
  });

  describe('POST shipping/costs', () => {
    it('prices by country and weight: the cost of the rate whose threshold the weight reached', async () => {
      const small = await priceCart(server.db, 'de', [catalogueBook(1)], server.clock.now);
      const big = await priceCart(server.db, 'de', [catalogueBook(40)], server.clock.now);
      const line = { type: 'merchandise' as const, id: DEMO.merchandise.catalogue, count: 1 };
      expect(await api.getShippingCosts({ cart: [line], country: 'CH' })).toBe(expectedRate('CH', small.weight));
      expect(await api.getShippingCosts({ cart: [line], country: 'DE' })).toBe(expectedRate('DE', small.weight));
      expect(await api.getShippingCosts({ cart: [{ ...line, count: 40 }], country: 'DE' })).toBe(expectedRate('DE', big.weight));
      expect(expectedRate('DE', small.weight)).toBeGreaterThan(expectedRate('CH', small.weight));
    });

    it('takes the country of the logged-in customer (CH for the demo account) from the token', async () => {
      const line = { type: 'merchandise' as const, id: DEMO.merchandise.catalogue, count: 1 };
      const weight = (await priceCart(server.db, 'de', [catalogueBook(1)], server.clock.now)).weight;
      expect(await api.getShippingCosts({ cart: [line] }, jwt)).toBe(expectedRate('CH', weight));
      expect((await failure(api.getShippingCosts({ cart: [line] }, 'not-a-token'))).status).toBe(401);
    });

    it('a customer with a delivery address abroad pays the rate of that country', async () => {
      const { jwt: token } = await api.register({
        email: 'abroad@museum.example', password: 'correct horse 42', fname: 'A', lname: 'B', street: 'S 1', zip: '8001', city: 'Zürich', country: 'CH',
        shipping: { name: 'A B', street: 'Weg 2', zip: '10115', city: 'Berlin', country: 'DE' },
      });
      const line = { type: 'merchandise' as const, id: DEMO.merchandise.catalogue, count: 1 };
      const weight = (await priceCart(server.db, 'de', [catalogueBook(1)], server.clock.now)).weight;
      expect(await api.getShippingCosts({ cart: [line], country: 'CH' }, token)).toBe(expectedRate('DE', weight));
      await api.updateCustomer(token, { fname: 'A', lname: 'B', street: 'S 1', zip: '8001', city: 'Zürich', country: 'US', shipping: null });
      const us = await failure(api.getShippingCosts({ cart: [line] }, token));
      expect(us.code).toBe('SHIPPING_NOT_POSSIBLE_FOR_COUNTRY');
      const init = await failure(api.initPayment({ payart: 161, items: [catalogueBook(1)], url: returnUrls(server), token }));
      expect(init.status).toBe(422);
      expect(init.code).toBe('SHIPPING_NOT_POSSIBLE_FOR_COUNTRY');
    });

    it("prices a paid cart's goods while they are held for it: shipping is weight, not stock (the accepted page prices it again)", async () => {
      // the last two catalogues, taken by this cart's payment until its booking
      const [row] = await server.db.query<{ stock: number | null }>('SELECT stock FROM merchandise WHERE id = $1', [DEMO.merchandise.catalogue]);
      const stock = row?.stock ?? null;
      const taken = 2;
      await server.db.query('UPDATE merchandise SET stock = (SELECT COALESCE(sum(h.places), 0) FROM holds h WHERE h.kind = $3 AND h.merchandise_id = $1 AND h.expires_at > $4) + $2 WHERE id = $1', [DEMO.merchandise.catalogue, taken, 'stock', server.clock.now.toISOString()]);
      try {
        const line = { type: 'merchandise' as const, id: DEMO.merchandise.catalogue, count: taken };
        const weight = (await priceCart(server.db, 'de', [catalogueBook(taken)], server.clock.now)).weight;
        await api.initPayment({ payart: 161, items: [catalogueBook(taken)], url: returnUrls(server), shipping: { country: 'CH', address: null } });
        // for sale now: none; another cart cannot have them
        expect((await failure(api.initPayment({ payart: 161, items: [catalogueBook(1)], url: returnUrls(server), shipping: { country: 'CH', address: null } }))).code).toBe('OVERBOOKED');
        // the paid cart's shipping is still its price
        expect(await api.getShippingCosts({ cart: [line], country: 'CH' })).toBe(expectedRate('CH', weight));
      } finally {
        await server.db.query('UPDATE merchandise SET stock = $2 WHERE id = $1', [DEMO.merchandise.catalogue, stock]);
      }
    });

    it('answers 422 SHIPPING_NOT_POSSIBLE_FOR_COUNTRY for the country that cannot be shipped to', async () => {
      const error = await failure(api.getShippingCosts({ cart: [{ type: 'merchandise', id: DEMO.merchandise.catalogue, count: 1 }], country: 'US' }));
      expect(error.status).toBe(422);
      expect(error.code).toBe('SHIPPING_NOT_POSSIBLE_FOR_COUNTRY');
    });

    it('costs 0 without merchandise; 422 without a country when logged out, and for a malformed body', async () => {
      const slot = tenPlacesTickets(server, 1);
      if (slot.type !== 'ticket') throw new Error('ticket expected');
      expect(await api.getShippingCosts({ cart: [{ type: 'ticket', id: slot.id, count: 1, datetime: slot.datetime }], country: 'CH' })).toBe(0);
      const missing = await failure(api.getShippingCosts({ cart: [{ type: 'merchandise', id: DEMO.merchandise.catalogue, count: 1 }] }));
      expect(missing.status).toBe(422);
      expect(missing.code).toBe('SHIPPING_COUNTRY_MISSING');
      const malformed = await rawPost(server, 'shipping/costs', { cart: [{ type: 'merchandise', id: 'x' }], country: 'Switzerland' });
      expect(malformed.status).toBe(422);
      expect(Object.keys(malformed.json.fields ?? {})).toEqual(expect.arrayContaining(['country']));
    });
  });

  describe('a section switched off in the remote config sells nothing (issue 22 item 7)', () => {
    const setFlag = (flag: string, on: boolean) =>
      server.db.query("UPDATE settings SET value = jsonb_set(value, $1::text[], $2::jsonb) WHERE key = 'remote_config'", [[flag], JSON.stringify(on)]);

    it('initPayment refuses an item of each switched-off section with 422 ITEM_UNAVAILABLE naming it; the others still sell', async () => {
      const voucher: CartItem = { type: 'voucher', id: DEMO.vouchers.fifty, count: 1 };
      const pass: CartItem = {
        type: 'annualPass',
        id: DEMO.passes.individual,
        count: 1,
        owners: [{ title: '', first: 'Ada', last: 'Muster', address: 'Weg 1, 8000 Zürich', send_to_custom_addr: false }],
      } as CartItem;
      const cases: [string, CartItem][] = [
        ['has_vouchers', voucher],
        ['has_merchandise', catalogueBook(1)],
        ['has_tickets', tenPlacesTickets(server, 1)],
        ['has_memcard', pass],
      ];
      try {
        for (const [flag, item] of cases) {
          await setFlag(flag, false);
          const refused = await failure(api.initPayment({ payart: 161, items: [tenPlacesTickets(server, 1), item], url: returnUrls(server) }));
          expect(refused.status, flag).toBe(422);
          expect(refused.code, flag).toBe('ITEM_UNAVAILABLE');
          expect(Object.keys(refused.fields), flag).toEqual([`items.${flag === 'has_tickets' ? 0 : 1}`]);
          await setFlag(flag, true);
        }
        // a voucher with its section on again sells
        expect(await api.initPayment({ payart: 161, items: [voucher], url: returnUrls(server) })).toMatch(/^http/);
      } finally {
        for (const [flag] of cases) await setFlag(flag, true);
      }
    });

    it('a switched-off merchandise section suggests nothing', async () => {
      expect((await api.getSuggestions([catalogueBook(1)])).length).toBeGreaterThan(0);
      await setFlag('has_merchandise', false);
      try {
        expect(await api.getSuggestions([catalogueBook(1)])).toEqual([]);
      } finally {
        await setFlag('has_merchandise', true);
      }
    });
  });

  describe('POST checkout/suggest', () => {
    it('suggests available merchandise that is not in the cart yet, with name and price', async () => {
      const suggestions = await api.getSuggestions([catalogueBook(1)]);
      expect(suggestions.length).toBeGreaterThan(0);
      expect(suggestions.map((s) => s.id)).not.toContain(DEMO.merchandise.catalogue);
      // the out-of-stock poster is among the seeded suggestions but cannot be bought
      const seeded = await server.db.query<{ item: { id: number } }>('SELECT item FROM suggestions');
      expect(seeded.map((r) => r.item.id)).toContain(DEMO.outOfStock);
      expect(suggestions.map((s) => s.id)).not.toContain(DEMO.outOfStock);
      for (const s of suggestions) {
        expect(s.name).not.toBe('');
        expect(s.price).toBeGreaterThan(0);
        // the article's own VAT rate (books 2.6 %, other goods 8.1 % in the demo data)
        expect(s.vat_value).toBe((await api.getArticle(s.id)).vat_value);
      }
      const malformed = await rawPost(server, 'checkout/suggest', { cart: { ver: 2, items: [] } });
      expect(malformed.status).toBe(422);
    });
  });

  describe('POST checkout/initPayment', () => {
    it('express payment without login stores an open cart with the priced amount and answers the provider URL', async () => {
      const items = [tenPlacesTickets(server, 1), catalogueBook(1)];
      const url = await api.initPayment({ payart: 161, items, url: returnUrls(server) });
      const { cartId, session } = providerParams(url);
      expect(url.startsWith(`${server.url}/provider/de/pay?`)).toBe(true);
      expect(cartId).toHaveLength(12);
      expect(session).toHaveLength(12);
      const [cart] = await server.db.query<{ status: string; amount: number; shipping: number; customer_id: number | null }>('SELECT * FROM carts WHERE id = $1', [cartId]);
      const priced = await priceCart(server.db, 'de', items, server.clock.now);
      expect(cart).toMatchObject({ status: 'open', customer_id: null });
      expect(cart?.shipping).toBe(expectedRate('CH', priced.weight));
      expect(cart?.amount).toBe(priced.total + (cart?.shipping ?? 0));
    });

    it('direct debit needs a login: 401 without a token', async () => {
      const error = await failure(api.initPayment({ payart: 74, aux: { Accountholder: 'Anna Muster', IBAN: VALID_IBAN }, items: [catalogueBook()], url: returnUrls(server) }));
      expect(error.status).toBe(401);
      expect(error.code).toBe('AUTH_LOGIN_REQUIRED');
      const bad = await failure(api.initPayment({ payart: 161, items: [catalogueBook()], url: returnUrls(server), token: 'expired.or.forged' }));
      expect(bad.status).toBe(401);
      expect(bad.code).toBe('AUTH_TOKEN_INVALID');
    });

    it('direct debit checks the account holder and the IBAN (mod 97), then accepts and normalises it', async () => {
      const before = await count(server, 'carts');
      const wrong = await failure(api.initPayment({ payart: 164, aux: { Accountholder: '', IBAN: 'CH93 0076 2011 6238 5295 8' }, items: [catalogueBook()], url: returnUrls(server), token: jwt }));
      expect(wrong.status).toBe(422);
      expect(wrong.fields['aux.IBAN']).toHaveLength(1);
      expect(wrong.fields['aux.Accountholder']).toHaveLength(1);
      expect(await count(server, 'carts')).toBe(before);
      const url = await api.initPayment({ payart: 74, aux: { Accountholder: 'Anna Muster', IBAN: VALID_IBAN }, items: [catalogueBook()], url: returnUrls(server), token: jwt });
      const [cart] = await server.db.query<{ aux: { IBAN: string }; customer_id: number }>('SELECT aux, customer_id FROM carts WHERE id = $1', [providerParams(url).cartId]);
      expect(cart?.aux.IBAN).toBe('CH9300762011623852957');
      expect(cart?.customer_id).toBeGreaterThan(0);
    });

    it('a guest customer may pay by direct debit; a logged-in express payment records the customer', async () => {
      await setGuestRegistration(server.db, true);
      const { jwt: guest } = await api.registerGuest({ email: 'guest@museum.example', fname: 'G', lname: 'Gast', street: 'Weg 1', zip: '4000', city: 'Basel', country: 'CH' });
      const url = await api.initPayment({ payart: 164, aux: { Accountholder: 'G Gast', IBAN: 'DE89 3704 0044 0532 0130 00' }, items: [catalogueBook()], url: returnUrls(server), token: guest });
      const guestId = (await api.getCustomer(guest)).id;
      const [cart] = await server.db.query<{ customer_id: number; payart: number }>('SELECT customer_id, payart FROM carts WHERE id = $1', [providerParams(url).cartId]);
      expect(cart).toEqual({ customer_id: guestId, payart: 164 });
      const express = await api.initPayment({ payart: 161, items: [catalogueBook()], url: returnUrls(server), token: jwt });
      const demoId = (await api.getCustomer(jwt)).id;
      const [expressCart] = await server.db.query<{ customer_id: number }>('SELECT customer_id FROM carts WHERE id = $1', [providerParams(express).cartId]);
      expect(expressCart?.customer_id).toBe(demoId);
    });

    it('answers 422 for an unknown payment type, an unknown item, a non-http return URL or a malformed body, storing nothing', async () => {
      const before = await count(server, 'carts');
      const unknownType = await failure(api.initPayment({ payart: 99, items: [catalogueBook()], url: returnUrls(server) }));
      expect(unknownType.status).toBe(422);
      expect(unknownType.code).toBe('PAYMENT_TYPE_UNKNOWN');
      const unknownItem = await failure(api.initPayment({ payart: 161, items: [{ type: 'merchandise', id: 999_999, count: 1 }], url: returnUrls(server) }));
      expect(unknownItem.status).toBe(422);
      const script = await failure(api.initPayment({ payart: 161, items: [catalogueBook()], url: { continue: 'javascript:alert(1)', cancel: returnUrls(server).cancel } }));
      expect(script.status).toBe(422);
      expect(Object.keys(script.fields)).toContain('url.continue');
      for (const body of [null, {}, { payart: '161' }, { payart: 161, cart: { ver: 1, items: [] }, url: returnUrls(server) }, { payart: 161, cart: { ver: 1, items: [{ type: 'rocket' }] }, url: returnUrls(server) }]) {
        const res = await rawPost(server, 'checkout/initPayment', body);
        expect(res.status).toBe(422);
        expect(res.json.fields).toBeTypeOf('object');
      }
      expect(await count(server, 'carts')).toBe(before);
    });
  });

  describe('return addresses (issue 44, item 2: no open redirect through the provider)', () => {
    it('refuses a url.continue or url.cancel outside the shop, naming the field, and stores nothing', async () => {
      const before = await count(server, 'carts');
      const own = returnUrls(server);
      const cases = [
        [{ continue: 'https://evil.example/de/checkout/accepted', cancel: own.cancel }, ['url.continue']],
        [{ continue: own.continue, cancel: 'https://evil.example/' }, ['url.cancel']],
        // the same host on another port or scheme is another origin
        [{ continue: own.continue.replace(/:(\d+)\//, (_m, port: string) => `:${Number(port) + 1}/`), cancel: own.cancel.replace(/^http:/, 'https:') }, ['url.continue', 'url.cancel']],
      ] as const;
      for (const [url, fields] of cases) {
        const refused = await failure(api.initPayment({ payart: 161, items: [catalogueBook()], url }));
        expect(refused.status).toBe(422);
        expect(refused.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(refused.fields).sort()).toEqual([...fields].sort());
      }
      expect(await count(server, 'carts')).toBe(before);
    });

    it('refuses them for a new payment attempt too, and the cart stays as it was', async () => {
      const { cartId } = providerParams(await api.initPayment({ payart: 161, items: [catalogueBook()], url: returnUrls(server) }));
      expect(cartId).not.toBe('');
      const refused = await failure(api.initPaymentOrder({ payart: 161, id: cartId, url: { continue: 'https://evil.example/ok', cancel: returnUrls(server).cancel } }));
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.fields)).toEqual(['url.continue']);
      const [cart] = await server.db.query<{ url_continue: string }>('SELECT url_continue FROM carts WHERE id = $1', [cartId]);
      expect(cart?.url_continue).toBe(returnUrls(server).continue);
    });
  });

  describe('POST checkout/execPayment', () => {
    it('books a paid cart once; a repeat and five concurrent repeats answer the same booking', async () => {
      const before = await count(server, 'bookings');
      const { paid, result } = await book(server, api, [tenPlacesTickets(server, 1)]);
      const first = await result;
      expect(first.booking_id).toMatch(/^[A-Z0-9]{12}$/);
      expect(first.has_tickets).toBe(true);
      expect(await api.execPayment(paid)).toEqual(first);
      const repeats = await Promise.all(Array.from({ length: 5 }, () => api.execPayment(paid)));
      for (const repeat of repeats) expect(repeat).toEqual(first);
      expect(await count(server, 'bookings')).toBe(before + 1);
    });

    it('five concurrent first calls book once', async () => {
      const before = await count(server, 'bookings');
      const url = await api.initPayment({ payart: 161, items: [catalogueBook(1)], url: returnUrls(server) });
      const paid = await payAtProvider(server, url);
      const results = await Promise.all(Array.from({ length: 5 }, () => api.execPayment(paid)));
      expect(new Set(results.map((r) => r.booking_id)).size).toBe(1);
      expect(results[0]?.has_tickets).toBe(false);
      expect(await count(server, 'bookings')).toBe(before + 1);
    });

    it('answers 422 PAYMENT_NOT_COMPLETED before the provider was paid, 422 for a wrong session, 410 for an unknown cart', async () => {
      const url = await api.initPayment({ payart: 161, items: [catalogueBook(1)], url: returnUrls(server) });
      const { cartId, session } = providerParams(url);
      const unpaid = await failure(api.execPayment({ cartId, us: 'made-up', sessionUs: session }));
      expect(unpaid.status).toBe(422);
      expect(unpaid.code).toBe('PAYMENT_NOT_COMPLETED');
      const paid = await payAtProvider(server, url);
      const wrongSession = await failure(api.execPayment({ ...paid, sessionUs: 'xxxxxxxxxxxx' }));
      expect(wrongSession.status).toBe(422);
      expect(wrongSession.code).toBe('PAYMENT_SESSION_INVALID');
      const unknown = await failure(api.execPayment({ ...paid, cartId: 'nosuchcart00' }));
      expect(unknown.status).toBe(410);
      expect(unknown.code).toBe('CART_GONE');
      const malformed = await fetch(`${server.apiBase}/de/checkout/execPayment?us=a`, { method: 'POST', body: '{}' });
      expect(malformed.status).toBe(422);
      expect(await count(server, 'bookings')).toBeGreaterThanOrEqual(0);
      expect(await server.db.query('SELECT 1 FROM bookings WHERE cart_id = $1', [cartId])).toHaveLength(0);
    });

    it('a cart paid within its lifetime is booked after it too (never 410); an unpaid one answers 410 after 20 minutes', async () => {
      const url = await api.initPayment({ payart: 161, items: [catalogueBook(1)], url: returnUrls(server) });
      const paid = await payAtProvider(server, url);
      const unpaidUrl = await api.initPayment({ payart: 161, items: [catalogueBook(1)], url: returnUrls(server) });
      const unpaid = providerParams(unpaidUrl);
      const start = server.clock.now;
      server.clock.now = new Date(start.getTime() + 20 * 60 * 1000 + 1000);
      try {
        await expect(api.execPayment(paid)).resolves.toHaveProperty('booking_id');
        const gone = await failure(api.execPayment({ cartId: unpaid.cartId, us: 'made-up', sessionUs: unpaid.session }));
        expect(gone.status).toBe(410);
        expect(gone.code).toBe('CART_GONE');
      } finally {
        server.clock.now = start;
      }
    });

    it('CART_TTL_SECONDS shortens the hold (for browser tests against npm start)', async () => {
      expect(CART_TTL_MS).toBe(20 * 60 * 1000);
      const url = await api.initPayment({ payart: 161, items: [catalogueBook(1)], url: returnUrls(server) });
      const { cartId } = providerParams(url);
      const start = server.clock.now;
      server.services.cartTtlMs = 60_000; // CART_TTL_SECONDS=60 (parsed and checked by src/server/env.ts)
      try {
        expect((await api.getPaymentCart(cartId)).held_until).toBe(new Date(new Date((await cartRow(server, cartId)).created_at).getTime() + 60_000).toISOString());
        server.clock.now = new Date(start.getTime() + 61_000);
        expect((await api.getPaymentCart(cartId)).status).toBe('expired');
        expect((await failure(api.cancelPayment(cartId))).status).toBe(410);
      } finally {
        server.services.cartTtlMs = undefined;
        server.clock.now = start;
      }
      expect((await api.getPaymentCart(cartId)).status).toBe('held');
    });
  });

  describe('POST checkout/cancel', () => {
    it('cancels an unpaid cart once (the provider then takes no payment for it); a paid cart is not cancelled but booked', async () => {
      const url = await api.initPayment({ payart: 161, items: [catalogueBook(1)], url: returnUrls(server) });
      const { cartId, session } = providerParams(url);
      await expect(api.cancelPayment(cartId)).resolves.toBe(true);
      expect((await failure(api.cancelPayment(cartId))).status).toBe(410);
      expect((await pressProviderButton(server, url, 'pay')).status).toBe(410);
      const exec = await failure(api.execPayment({ cartId, us: 'made-up', sessionUs: session }));
      expect(exec.status).toBe(410);
      expect((await api.getPaymentCart(cartId)).status).toBe('cancelled');
      const paidUrl = await api.initPayment({ payart: 161, items: [catalogueBook(1)], url: returnUrls(server) });
      const paid = await payAtProvider(server, paidUrl);
      expect((await failure(api.cancelPayment(paid.cartId))).status).toBe(410);
      expect((await api.getPaymentCart(paid.cartId)).status).toBe('paid');
      await expect(api.execPayment(paid)).resolves.toHaveProperty('booking_id');
      expect((await failure(api.cancelPayment('nosuchcart00'))).status).toBe(410);
      const missing = await fetch(`${server.apiBase}/de/checkout/cancel?noRedirect=1`, { method: 'POST' });
      expect(missing.status).toBe(422);
    });
  });

  describe('POST checkout/initPaymentOrder', () => {
    it('starts a new payment attempt for an open cart; the old session no longer books it', async () => {
      const first = await api.initPayment({ payart: 161, items: [catalogueBook(1)], url: returnUrls(server) });
      const old = providerParams(first);
      const second = await api.initPaymentOrder({ payart: 161, id: old.cartId, url: returnUrls(server) });
      const fresh = providerParams(second);
      expect(fresh.cartId).toBe(old.cartId);
      expect(fresh.session).not.toBe(old.session);
      const paid = await payAtProvider(server, second);
      expect((await failure(api.execPayment({ ...paid, sessionUs: old.session }))).code).toBe('PAYMENT_SESSION_INVALID');
      const booked = await api.execPayment(paid);
      expect(booked.booking_id).toBeTruthy();
      const gone = await failure(api.initPaymentOrder({ payart: 161, id: old.cartId, url: returnUrls(server) }));
      expect(gone.status).toBe(410);
      const malformed = await rawPost(server, 'checkout/initPaymentOrder', { payart: 161, id: '', url: { continue: 'ftp://x', cancel: '' } });
      expect(malformed.status).toBe(422);
      expect(Object.keys(malformed.json.fields ?? {})).toEqual(expect.arrayContaining(['id', 'url.continue', 'url.cancel']));
      const login = await failure(api.initPaymentOrder({ payart: 164, aux: { Accountholder: 'A', IBAN: VALID_IBAN }, id: old.cartId, url: returnUrls(server) }));
      expect(login.status).toBe(401);
    });
  });

  describe('GET order/review', () => {
    it('shows a booked order by its booking id; an unknown id answers 406 ORDER_NOT_AVAILABLE', async () => {
      const items = [tenPlacesTickets(server, 1), catalogueBook(2)];
      const url = await api.initPayment({ payart: 161, items, externalDocumentNumber: 'PO-4711', url: returnUrls(server) });
      const { booking_id } = await api.execPayment(await payAtProvider(server, url));
      const review = await api.getOrderReview(booking_id);
      const priced = await priceCart(server.db, 'de', items, server.clock.now);
      expect(review.id).toBe(booking_id);
      expect(review.lines.map((l) => l.name)).toEqual(priced.lines.map((l) => l.name));
      // each line's rate and the VAT it contains, stored with the order (§9 VAT per item; two books at 2.6 %)
      expect(review.lines.map((l) => [l.vat, l.tax])).toEqual(priced.lines.map((l) => [l.vat, l.tax]));
      expect(review.lines[1]).toMatchObject({ vat: 2.6, tax: 2 * vatPerItem(3900, 2.6) });
      expect(review.amount).toBe(priced.total + review.shipping);
      expect(review.has_tickets).toBe(true);
      expect(review.external_document_number).toBe('PO-4711');
      const missing = await failure(api.getOrderReview('NOSUCHORDER1'));
      expect(missing.status).toBe(406);
      expect(missing.code).toBe('ORDER_NOT_AVAILABLE');
    });
  });
});

describe('client helpers for the provider round trip', () => {
  it('parseProviderReturn reads us, sessionUs and cartId and refuses an incomplete return', () => {
    expect(parseProviderReturn('https://shop.example/de/checkout/accepted?us=U1&sessionUs=S1&cartId=C1')).toEqual({ us: 'U1', sessionUs: 'S1', cartId: 'C1' });
    expect(parseProviderReturn('https://shop.example/de/checkout/accepted?us=U1&cartId=C1')).toBeNull();
    expect(parseProviderReturn('https://shop.example/de/checkout/accepted?us=&sessionUs=S1&cartId=C1')).toBeNull();
    expect(parseProviderReturn('not a url')).toBeNull();
  });

  it('overbookedAvailable is null for any other error', () => {
    expect(overbookedAvailable(new Error('x'))).toBeNull();
  });
});

describe('places are never oversold', () => {
  let server: TestServer;
  let api: ShopApi;
  beforeAll(async () => {
    server = await startTestServer();
    api = clientFor(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('two carts for 6 of 10 places: the first holds them, the second is refused at initPayment with 4 available, before the provider', async () => {
    const carts = await count(server, 'carts');
    const a = await api.initPayment({ payart: 161, items: [tenPlacesTickets(server, 6)], url: returnUrls(server) });
    const error = await failure(api.initPayment({ payart: 161, items: [tenPlacesTickets(server, 6)], url: returnUrls(server) }));
    expect(error.status).toBe(422);
    expect(error.code).toBe('OVERBOOKED');
    expect(error.details).toMatchObject({ available: 4, index: 0 });
    expect(overbookedAvailable(error)).toBe(4);
    // no second cart, nothing to pay
    expect(await count(server, 'carts')).toBe(carts + 1);
    await expect(api.execPayment(await payAtProvider(server, a))).resolves.toHaveProperty('booking_id');
  });
});

describe('50 parallel bookings for 10 places', () => {
  let server: TestServer;
  let api: ShopApi;
  beforeAll(async () => {
    server = await startTestServer();
    api = clientFor(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('sell exactly 10; the others answer 422 OVERBOOKED', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, async () => {
        const { result } = await book(server, api, [tenPlacesTickets(server, 1)]);
        return result;
      }),
    );
    const booked = outcomes.filter((o) => o.status === 'fulfilled');
    const rejected = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(booked).toHaveLength(10);
    expect(rejected).toHaveLength(40);
    for (const reason of rejected) {
      expect(isApiError(reason) && reason.status === 422 && reason.code === 'OVERBOOKED').toBe(true);
    }
    expect(await count(server, 'bookings')).toBe(10);
  });
});
