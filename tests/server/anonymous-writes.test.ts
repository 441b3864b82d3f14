/**
 * Issue 44, item 7: what an anonymous visitor can make the shop store or compute is bounded.
 * Payments and registrations are limited per client address (the documented defaults: the test
 * harness raises them for the other tests, this file runs DEFAULT_RATE_LIMITS), and what nobody
 * will use again is purged on a schedule: unpaid carts, used or expired recovery links, unused
 * guest records (src/server/purge.ts; docs/reliability.md).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestServer, type TestServer } from './harness.js';
import { createShopApi, type ShopApi } from '../../src/api/index.js';
import { DEFAULT_RATE_LIMITS } from '../../src/server/edge.js';
import { parseEnv } from '../../src/server/env.js';
import { setGuestRegistration } from '../../src/server/settings.js';
import { createPurger, purgeOnce, RETENTION } from '../../src/server/purge.js';
import { CART_TTL_MS } from '../../src/server/carts.js';
import { simulatedProviderApi } from '../../src/server/provider-books.js';
import type { CartItem } from '../../src/domain/cart-payload.js';
import { DEMO } from '../../src/server/seed/demo.js';
import { DEMO_CUSTOMER } from '../../src/server/seed/accounts.js';
import { catalogueBook, failure, payAtProvider, providerParams, returnUrls } from './checkout-helpers.js';

let server: TestServer;
let api: ShopApi;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const gift = (): CartItem => ({ type: 'voucher', id: DEMO.vouchers.fifty, count: 1 });

/** Every test starts in a fresh rate-limit window (the counters are per minute). */
function nextWindow(): void {
  const windowMs = DEFAULT_RATE_LIMITS.windowMs;
  server.clock.now = new Date((Math.floor(server.clock.now.getTime() / windowMs) + 1) * windowMs + 1_000);
}

interface Answer {
  status: number;
  headers: Headers;
  json: { data?: unknown; error?: string; message?: string; fields?: unknown };
}

/** A POST from the client address `ip` (the harness's server trusts its proxy's X-Forwarded-For). */
async function post(path: string, body: unknown, ip: string): Promise<Answer> {
  const res = await fetch(`${server.apiBase}/de/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Answer['json'] };
}

function expectLimited(answer: Answer): void {
  expect(answer.status).toBe(429);
  expect(answer.json).toMatchObject({ error: 'TOO_MANY_REQUESTS', fields: {}, data: { retryAfter: expect.any(Number) } });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect((answer.json as { data: { retryAfter: number } }).data.retryAfter).toBe(retryAfter);
}

const count = async (sql: string, params: unknown[] = []): Promise<number> => Number((await server.db.query<{ n: number }>(sql, params))[0]?.n ?? 0);

beforeAll(async () => {
  server = await startTestServer({ rateLimits: DEFAULT_RATE_LIMITS, trustProxy: true });
  api = createShopApi({ baseURL: server.apiBase, lang: () => 'de' });
});
afterAll(async () => {
  await server.close();
});

describe('per-address limits of payments and registrations (issue 44, item 7)', () => {
  const limits = DEFAULT_RATE_LIMITS;
  beforeEach(() => nextWindow());

  const pay = (ip: string, items: CartItem[] = [gift()]) => post('checkout/initPayment', { payart: 161, aux: {}, cart: { ver: 1, items }, url: returnUrls(server) }, ip);

  it(`checkout/initPayment: ${limits.payment.perIp} a minute from one address, refused ones too; then 429 with Retry-After and no cart stored, while another address pays; the next minute it works again`, async () => {
    const carts = () => count('SELECT count(*)::int AS n FROM carts');
    // a refused payment counts too (every call is work): one of them is a cart the shop cannot sell
    expect((await pay('10.44.7.1', [{ type: 'merchandise', id: DEMO.merchandise.posterDawn, count: 1 }])).status).toBe(422);
    for (let i = 1; i < limits.payment.perIp; i++) expect((await pay('10.44.7.1')).status).toBe(200);
    const before = await carts();
    expectLimited(await pay('10.44.7.1'));
    expectLimited(await pay('10.44.7.1', [catalogueBook()]));
    expect(await carts(), 'a refused payment stores no cart').toBe(before);
    expect((await pay('10.44.7.2')).status).toBe(200);
    nextWindow();
    expect((await pay('10.44.7.1')).status).toBe(200);
  });

  it('a payment with a voucher code counts against both limits; refused by one, it is not counted by the other', async () => {
    // the code guesses of this address are used up: its payments with a code are refused, without one they go on
    for (let i = 0; i < limits.voucherLookup.perIp; i++) expect((await pay('10.44.7.3', [gift(), { type: 'voucherCode', barcode: `GUESS-${i}` }])).status).toBe(422);
    expectLimited(await pay('10.44.7.3', [gift(), { type: 'voucherCode', barcode: 'GUESS-MORE' }]));
    // 20 of its 60 payments are counted (the 429 was given back): 40 more go through, the 41st does not
    for (let i = limits.voucherLookup.perIp; i < limits.payment.perIp; i++) expect((await pay('10.44.7.3')).status).toBe(200);
    expectLimited(await pay('10.44.7.3'));
  });

  it(`registration: ${limits.registration.perIp} a minute from one address (customer/register and auth/guest together), then 429 and no account stored or hashed, while another address registers`, async () => {
    await setGuestRegistration(server.db, true);
    const register = (email: string, ip: string) =>
      post('customer/register', { c: { email, password: 'correct horse 42', salutation: 'mr', fname: 'Max', lname: 'Tester', street: 'Bahnhofstrasse 1', zip: '8001', city: 'Zürich', country: 'CH' } }, ip);
    const guest = (email: string, ip: string) => post('auth/guest', { c: { email, fname: 'G', lname: 'Gast', street: 'Weg 1', zip: '4000', city: 'Basel', country: 'CH' } }, ip);
    const half = Math.floor(limits.registration.perIp / 2);
    for (let i = 0; i < half; i++) expect((await register(`class-${i}@school.example`, '10.44.7.4')).status).toBe(200);
    for (let i = half; i < limits.registration.perIp; i++) expect((await guest(`guest-${i}@school.example`, '10.44.7.4')).status).toBe(200);
    const customers = () => count('SELECT count(*)::int AS n FROM customers');
    const before = await customers();
    expectLimited(await register('one-more@school.example', '10.44.7.4'));
    expectLimited(await guest('one-more-guest@school.example', '10.44.7.4'));
    expect(await customers()).toBe(before);
    expect((await register('elsewhere@school.example', '10.44.7.5')).status).toBe(200);
    nextWindow();
    expect((await register('one-more@school.example', '10.44.7.4')).status).toBe(200);
  });

  it('RATE_LIMIT_PAYMENTS_PER_MINUTE and RATE_LIMIT_REGISTRATIONS_PER_MINUTE set the numbers; a bad value stops the server', () => {
    expect(parseEnv({})).toMatchObject({ paymentsPerMinute: undefined, registrationsPerMinute: undefined });
    expect(parseEnv({ RATE_LIMIT_PAYMENTS_PER_MINUTE: '120', RATE_LIMIT_REGISTRATIONS_PER_MINUTE: '10' })).toMatchObject({ paymentsPerMinute: 120, registrationsPerMinute: 10 });
    expect(() => parseEnv({ RATE_LIMIT_PAYMENTS_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_PAYMENTS_PER_MINUTE must be a whole number of calls from 1 to 1000000, got '0'/);
    expect(() => parseEnv({ RATE_LIMIT_REGISTRATIONS_PER_MINUTE: 'lots' })).toThrow(/RATE_LIMIT_REGISTRATIONS_PER_MINUTE/);
  });
});

describe('purging what nobody will use again (issue 44, item 7)', () => {
  const purge = () => createPurger({ db: server.db, services: server.services, timer: false }).runDue();
  const recoveryToken = async (email: string): Promise<string> => {
    const mails = await server.mailsTo(email);
    const text = mails.at(-1)?.text ?? '';
    const token = /\/recover\/([\w-]+)/.exec(text)?.[1];
    if (!token) throw new Error(`no recovery link in: ${text}`);
    return token;
  };

  it('a week after their hold: unpaid and cancelled carts go; booked ones, paid ones whose notice is still on its way, and recent ones stay and work', async () => {
    nextWindow();
    const start = server.clock.now;
    const abandoned = providerParams(await api.initPayment({ payart: 161, items: [gift()], url: returnUrls(server) })).cartId;
    const cancelled = providerParams(await api.initPayment({ payart: 161, items: [gift()], url: returnUrls(server) })).cartId;
    await api.cancelPayment(cancelled);
    const bookedUrl = await api.initPayment({ payart: 161, items: [catalogueBook()], url: returnUrls(server) });
    const { booking_id } = await api.execPayment(await payAtProvider(server, bookedUrl));
    // paid at the provider; the browser never came back and the notice has not been delivered yet
    const inFlightUrl = await api.initPayment({ payart: 161, items: [catalogueBook()], url: returnUrls(server) });
    const inFlight = providerParams(inFlightUrl).cartId;
    await payAtProvider(server, inFlightUrl);

    // just short of a week after the holds ended: nothing goes
    server.clock.now = new Date(start.getTime() + CART_TTL_MS + RETENTION.abandonedCartMs - MINUTE);
    await purge();
    expect((await api.getPaymentCart(abandoned)).status).toBe('expired');

    server.clock.now = new Date(start.getTime() + CART_TTL_MS + RETENTION.abandonedCartMs + MINUTE);
    const recent = providerParams(await api.initPayment({ payart: 161, items: [gift()], url: returnUrls(server) })).cartId;
    await purge();
    expect(await failure(api.getPaymentCart(abandoned))).toMatchObject({ status: 410, code: 'CART_GONE' });
    expect(await failure(api.getPaymentCart(cancelled))).toMatchObject({ status: 410, code: 'CART_GONE' });
    expect(await count('SELECT count(*)::int AS n FROM holds WHERE cart_id = ANY($1::text[])', [[abandoned, cancelled]])).toBe(0);
    expect(await api.getPaymentCart(recent)).toMatchObject({ status: 'held' });
    expect(await api.getOrderReview(booking_id)).toMatchObject({ id: booking_id });
    expect(await api.getPaymentCart(inFlight)).toMatchObject({ status: 'paid' });
    // the late notice still finds its cart: the money is booked (or given back), never lost
    expect(await server.notices.runDueFor(inFlight)).toBe(1);
    expect(['booked', 'refunded']).toContain((await api.getPaymentCart(inFlight)).status);
  });

  it('recovery links: used and expired ones go, a fresh one stays and works', async () => {
    nextWindow();
    await api.requestPasswordReset(DEMO_CUSTOMER.email, '');
    const used = await recoveryToken(DEMO_CUSTOMER.email);
    await api.confirmPasswordReset(used, 'a new password 44');
    await api.requestPasswordReset(DEMO_CUSTOMER.email, '');
    const expired = await recoveryToken(DEMO_CUSTOMER.email);
    server.clock.now = new Date(server.clock.now.getTime() + 61 * MINUTE);
    await api.requestPasswordReset(DEMO_CUSTOMER.email, '');
    const fresh = await recoveryToken(DEMO_CUSTOMER.email);
    await purge();
    const stored = await count('SELECT count(*)::int AS n FROM password_resets');
    expect(stored, 'only the fresh link is kept').toBe(1);
    for (const token of [used, expired]) expect(await failure(api.checkRecoveryLink(token))).toMatchObject({ status: 404, code: 'AUTH_RECOVERY_LINK_INVALID' });
    await expect(api.checkRecoveryLink(fresh)).resolves.toBe(true);
  });

  it('e-mail change links (issue 44): used and replaced ones go at once, an expired one says "expired" for a week after it expired and then goes; a pending one stays and works', async () => {
    nextWindow();
    const start = server.clock.now;
    const password = 'correct horse 42';
    const account = async (name: string) =>
      (await api.register({ email: `${name}@purge.example`, password, salutation: 'mr', fname: 'Max', lname: 'Tester', street: 'Bahnhofstrasse 1', zip: '8001', city: 'Zürich', country: 'CH' })).jwt;
    /** Asks the change and reads the link mailed to the new address: its token. */
    const ask = async (jwt: string, email: string): Promise<string> => {
      await api.changeEmail(jwt, password, email);
      const token = /\/confirm-email\/([\w-]+)/.exec((await server.mailsTo(email)).at(-1)?.text ?? '')?.[1];
      if (!token) throw new Error(`no confirmation link mailed to ${email}`);
      return token;
    };
    const links = () => count('SELECT count(*)::int AS n FROM email_changes');
    const expired = await ask(await account('late'), 'expired@purge.example');
    // a day later: that link has expired; another account's links are used, replaced and pending
    server.clock.now = new Date(start.getTime() + DAY + MINUTE);
    const mover = await account('mover');
    const used = await ask(mover, 'moved@purge.example');
    await api.confirmEmailChange(used);
    const replaced = await ask(mover, 'replaced@purge.example');
    const pending = await ask(mover, 'pending@purge.example');
    expect(await links()).toBe(4);
    await purge();
    expect(await links(), 'the expired and the pending link are kept').toBe(2);
    for (const token of [used, replaced]) expect(await failure(api.confirmEmailChange(token))).toMatchObject({ status: 404, code: 'AUTH_EMAIL_LINK_INVALID' });
    expect(await failure(api.confirmEmailChange(expired))).toMatchObject({ status: 410, code: 'AUTH_EMAIL_LINK_EXPIRED' });
    await expect(api.confirmEmailChange(pending)).resolves.toEqual({ email: 'pending@purge.example' });
    // a week after it expired, the expired link goes too (and the pending one, used now)
    server.clock.now = new Date(start.getTime() + DAY + RETENTION.expiredEmailLinkMs + 2 * MINUTE);
    await purge();
    expect(await links()).toBe(0);
    expect(await failure(api.confirmEmailChange(expired))).toMatchObject({ status: 404, code: 'AUTH_EMAIL_LINK_INVALID' });
  });

  it('guests: a week-old guest with no cart or order goes; one with an order, one with a recent cart and a new one stay', async () => {
    nextWindow();
    await setGuestRegistration(server.db, true);
    const start = server.clock.now;
    const data = (email: string) => ({ email, fname: 'G', lname: 'Gast', street: 'Weg 1', zip: '4000', city: 'Basel', country: 'CH' });
    const idOf = async (jwt: string) => (await api.getCustomer(jwt)).id;
    const unused = await idOf((await api.registerGuest(data('unused@guest.example'))).jwt);
    const abandoning = await api.registerGuest(data('abandoning@guest.example'));
    const abandoningId = await idOf(abandoning.jwt);
    await api.initPayment({ payart: 164, aux: { Accountholder: 'G Gast', IBAN: 'DE89 3704 0044 0532 0130 00' }, items: [gift()], url: returnUrls(server), token: abandoning.jwt });
    const buyer = await api.registerGuest(data('buyer@guest.example'));
    const buyerId = await idOf(buyer.jwt);
    const bought = await api.initPayment({ payart: 161, items: [gift()], url: returnUrls(server), token: buyer.jwt });
    await api.execPayment(await payAtProvider(server, bought));

    server.clock.now = new Date(start.getTime() + RETENTION.unusedGuestMs + CART_TTL_MS + 2 * MINUTE);
    const fresh = await idOf((await api.registerGuest(data('fresh@guest.example'))).jwt);
    await purge();
    const left = (await server.db.query<{ id: number }>('SELECT id FROM customers WHERE id = ANY($1::int[]) ORDER BY id', [[unused, abandoningId, buyerId, fresh]])).map((r) => r.id);
    // the abandoning guest's cart went in the same run, and the guest after it
    expect(left).toEqual([buyerId, fresh]);
  });

  it('runs by itself on its schedule', async () => {
    const runner = createPurger({ db: server.db, services: server.services, timer: true, intervalMs: 50 });
    try {
      await server.db.query("INSERT INTO password_resets (token_hash, customer_id, created_at, expires_at, used_at) VALUES ('scheduled', $1, $2, $2, $2)", [
        (await server.db.query<{ id: number }>('SELECT id FROM customers ORDER BY id LIMIT 1'))[0]?.id,
        server.clock.now.toISOString(),
      ]);
      await expect.poll(() => count("SELECT count(*)::int AS n FROM password_resets WHERE token_hash = 'scheduled'"), { timeout: 5_000 }).toBe(0);
    } finally {
      runner.stop();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The rule over any mix of rows (fast-check): exactly the old unpaid carts, the used or expired
// links and the unused old guests go; everything else stays as it was.

const CART_STATUSES = ['open', 'cancelled', 'booked', 'refunded'] as const;

/** Ages around the edges that matter (the hold, the retention after it) and anywhere between. */
const age = fc.oneof(
  fc.integer({ min: 0, max: 30 * DAY }),
  fc.constantFrom(CART_TTL_MS + RETENTION.abandonedCartMs, RETENTION.abandonedCartMs, CART_TTL_MS).chain((edge) => fc.integer({ min: edge - 2 * MINUTE, max: edge + 2 * MINUTE })),
);

/** true now and then: most carts are neither paid nor booked (else few would be purged at all) */
const rarely = fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });

const cartArb = fc.record({
  status: fc.constantFrom(...CART_STATUSES),
  createdAgo: age,
  /** how much later than its creation it last changed */
  changedAfter: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10 * DAY })),
  paidAt: rarely,
  providerPayment: rarely,
  booking: rarely,
  hold: fc.boolean(),
  /** the guest (index into the guests) it belongs to, if any */
  guest: fc.option(fc.nat({ max: 5 }), { nil: null }),
});

const guestArb = fc.record({ createdAgo: age, changedAfter: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10 * DAY })), booking: rarely });
const tokenArb = fc.record({ used: fc.boolean(), expiresIn: fc.integer({ min: -3 * DAY, max: 60 * MINUTE }) });

describe('the purge rule over any mix of rows (fast-check)', () => {
  it('removes exactly the abandoned carts (with their holds), used or expired links and unused old guests; keeps paid, booked, refunded and recent ones', { timeout: 120_000 }, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(cartArb, { maxLength: 12 }), fc.array(guestArb, { minLength: 6, maxLength: 6 }), fc.array(tokenArb, { maxLength: 6 }), fc.boolean(), async (carts, guests, tokens, batchSearch) => {
        run += 1;
        const now = server.clock.now.getTime();
        const at = (ago: number, after = 0) => new Date(now - ago + Math.min(after, ago)).toISOString();
        const db = server.db;
        const guestIds: number[] = [];
        for (const [i, guest] of guests.entries()) {
          const [row] = await db.query<{ id: number }>('INSERT INTO customers (email, is_guest, created_at, updated_at) VALUES ($1, true, $2, $3) RETURNING id', [
            `prop-${run}-${i}@guest.example`,
            at(guest.createdAgo),
            at(guest.createdAgo, guest.changedAfter),
          ]);
          guestIds.push(row!.id);
          if (guest.booking) {
            // an order of this guest that came through a cart of its own (kept: booked)
            await db.query(
              `INSERT INTO carts (id, lang, status, customer_id, payart, aux, items, lines, subtotal, discount, shipping, amount, url_continue, url_cancel, session_us, created_at, updated_at)
               VALUES ($1, 'de', 'booked', $2, 161, '{}', '[]', '[]', 0, 0, 0, 0, '', '', 's', $3, $3)`,
              [`pg-${run}-${i}`, row!.id, at(guest.createdAgo)],
            );
            await db.query('INSERT INTO bookings (id, cart_id, customer_id, has_tickets, amount, created_at) VALUES ($1, $2, $3, false, 0, $4)', [`PB-${run}-${i}`, `pg-${run}-${i}`, row!.id, at(guest.createdAgo)]);
          }
        }
        const cartIds = carts.map((_, i) => `p-${run}-${i}`);
        for (const [i, cart] of carts.entries()) {
          const id = cartIds[i]!;
          await db.query(
            `INSERT INTO carts (id, lang, status, customer_id, payart, aux, items, lines, subtotal, discount, shipping, amount, url_continue, url_cancel, session_us, created_at, updated_at, paid_at)
             VALUES ($1, 'de', $2, $3, 161, '{}', '[]', '[]', 0, 0, 0, 5000, '', '', 's', $4, $5, $6)`,
            [id, cart.status, cart.guest === null ? null : guestIds[cart.guest], at(cart.createdAgo), at(cart.createdAgo, cart.changedAfter), cart.paidAt ? at(cart.createdAgo) : null],
          );
          if (cart.hold) await db.query("INSERT INTO holds (cart_id, kind, line, merchandise_id, places, expires_at) VALUES ($1, 'stock', 0, $2, 1, $3)", [id, DEMO.merchandise.catalogue, new Date(new Date(at(cart.createdAgo)).getTime() + CART_TTL_MS).toISOString()]);
          if (cart.providerPayment) await db.query("INSERT INTO provider_payments (us, cart_id, amount, currency, status, paid_at) VALUES ($1, $2, 5000, 'CHF', 'paid', $3)", [`us-${id}`, id, at(cart.createdAgo)]);
          if (cart.booking) await db.query('INSERT INTO bookings (id, cart_id, customer_id, has_tickets, amount, created_at) VALUES ($1, $2, NULL, false, 5000, $3)', [`B-${id}`, id, at(cart.createdAgo)]);
        }
        const tokenIds = tokens.map((_, i) => `prop-${run}-${i}`);
        for (const [i, token] of tokens.entries()) {
          await db.query('INSERT INTO password_resets (token_hash, customer_id, created_at, expires_at, used_at) VALUES ($1, $2, $3, $4, $5)', [
            tokenIds[i],
            guestIds[0],
            new Date(now - 60 * MINUTE).toISOString(),
            new Date(now + token.expiresIn).toISOString(),
            token.used ? new Date(now - MINUTE).toISOString() : null,
          ]);
        }

        // the simulated provider answers for a whole batch; a provider without that search is asked cart by cart
        const provider = batchSearch ? simulatedProviderApi : { ...simulatedProviderApi, paidCarts: undefined };
        await purgeOnce(db, { now: new Date(now), provider });

        // what the rule says
        const cartGoes = (cart: (typeof carts)[number]) =>
          (cart.status === 'open' || cart.status === 'cancelled') &&
          !cart.paidAt &&
          !cart.providerPayment &&
          !cart.booking &&
          cart.createdAgo > CART_TTL_MS + RETENTION.abandonedCartMs &&
          cart.createdAgo - Math.min(cart.changedAfter, cart.createdAgo) > RETENTION.abandonedCartMs;
        const keptCarts = cartIds.filter((_, i) => !cartGoes(carts[i]!));
        const guestGoes = (guest: (typeof guests)[number], i: number) =>
          !guest.booking &&
          guest.createdAgo > RETENTION.unusedGuestMs &&
          guest.createdAgo - Math.min(guest.changedAfter, guest.createdAgo) > RETENTION.unusedGuestMs &&
          carts.every((cart) => cart.guest !== i || cartGoes(cart));
        // a guest whose tokens are purged: the links cascade with it
        const keptGuests = guestIds.filter((_, i) => !guestGoes(guests[i]!, i));
        const keptTokens = guestGoes(guests[0]!, 0) ? [] : tokenIds.filter((_, i) => !tokens[i]!.used && tokens[i]!.expiresIn > 0);

        const ids = async <T>(sql: string, params: unknown[]) => (await db.query<{ id: T }>(sql, params)).map((r) => r.id);
        expect(await ids<string>('SELECT id FROM carts WHERE id = ANY($1::text[]) ORDER BY id', [cartIds])).toEqual([...keptCarts].sort());
        expect(await ids<number>('SELECT id FROM customers WHERE id = ANY($1::int[]) ORDER BY id', [guestIds])).toEqual(keptGuests);
        expect(await ids<string>('SELECT token_hash AS id FROM password_resets WHERE token_hash = ANY($1::text[]) ORDER BY token_hash', [tokenIds])).toEqual([...keptTokens].sort());
        // no hold is left of a cart that went; every kept cart keeps its own
        const holdCarts = await ids<string>('SELECT DISTINCT cart_id AS id FROM holds WHERE cart_id = ANY($1::text[]) ORDER BY cart_id', [cartIds]);
        expect(holdCarts).toEqual(cartIds.filter((id, i) => carts[i]!.hold && keptCarts.includes(id)).sort());
      }),
      { numRuns: Number(process.env.PURGE_PROPERTY_RUNS ?? 100), seed: 44_7 },
    );
  });
});
