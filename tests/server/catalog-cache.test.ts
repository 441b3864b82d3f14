/**
 * Catalog reads that hold a rush (issue 14): catalog answers are kept in memory by the PGlite
 * server, yet places left are never stale after a booking; catalog GETs answer an ETag and 304
 * when the browser's copy is still right; answers that depend on the caller are never kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { CatalogCache } from '../../src/server/catalog-cache.js';
import { buy, client } from './oversell-helpers.js';
import { returnUrls, tenPlacesTickets } from './checkout-helpers.js';
import { demoTenPlacesSlot, DEMO } from '../../src/server/seed/demo.js';

let server: TestServer;
let cache: CatalogCache;
const http = client(8);

beforeAll(async () => {
  cache = new CatalogCache({ ttlMs: 60_000 });
  server = await startTestServer({ catalogCache: cache });
});
afterAll(async () => {
  http.close();
  await server.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.apiBase}${path}`, { headers });

describe('catalog cache', () => {
  it('a booking is visible in the calendar and the slot\'s places left immediately after it is made', async () => {
    const slot = demoTenPlacesSlot(server.clock.now);
    const day = slot.date.replaceAll('-', '');
    const calendarPath = `/de/ticket/calendar/event/${slot.eventId}/range/${day};${day}?deep=1`;
    const collectPath = `/de/ticket/collect/event/${slot.eventId}/date/${day}`;
    const placesInSlot = async () => {
      const body = (await (await get(collectPath)).json()) as { data: { tickets: { id: number; schedule: { datetime: string; max_tickets: number }[] }[] } };
      const ticket = body.data.tickets.find((t) => t.id === slot.ticketId);
      return ticket?.schedule.find((s) => s.datetime === slot.datetime)?.max_tickets;
    };
    const placesThatDay = async () => ((await (await get(calendarPath)).json()) as { data: Record<string, number> }).data[slot.date];

    const dayBefore = await placesThatDay();
    const slotBefore = await placesInSlot();
    expect(slotBefore).toBe(10);
    // the second read is served from memory: the answers are kept
    expect(await placesThatDay()).toBe(dayBefore);
    expect(cache.size).toBeGreaterThanOrEqual(2);

    const outcome = await buy(http, server.url, { type: 'ticket', id: slot.ticketId, count: 3, datetime: slot.datetime, subtickets: [] });
    expect(outcome).toHaveProperty('booked');

    expect(await placesInSlot()).toBe(7);
    expect(await placesThatDay()).toBe((dayBefore ?? 0) - 3);
  });

  it('a read that ran while a booking was written is not kept', async () => {
    const generation = cache.generation;
    const key = 'de/event/select';
    const answer = { body: Buffer.from('{}'), etag: '"x"' };
    cache.invalidate();
    cache.set(key, answer, server.clock.now.getTime(), generation);
    expect(cache.get(key, server.clock.now.getTime())).toBeUndefined();
    cache.set(key, answer, server.clock.now.getTime(), cache.generation);
    expect(cache.get(key, server.clock.now.getTime())?.etag).toBe('"x"');
    // the server's clock moves on past the entry's life, or back: the entry is not served
    expect(cache.get(key, server.clock.now.getTime() + 60_000)).toBeUndefined();
    cache.set(key, answer, server.clock.now.getTime(), cache.generation);
    expect(cache.get(key, server.clock.now.getTime() - 1)).toBeUndefined();
  });

  it('answers 304 without a body to a browser whose copy is still right, 200 with the new one after a change', async () => {
    const first = await get('/en/merchandise/select');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    // fetch asks for br/gzip: the list is sent compressed
    expect(first.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const items = (await first.json()) as { data: { id: number; stock?: number | null }[] };

    const again = await get('/en/merchandise/select', { 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    // another language is another answer
    const german = await get('/de/merchandise/select', { 'if-none-match': etag ?? '' });
    expect(german.status).toBe(200);

    // buying the catalogue book changes its stock: the old copy is no longer right
    const outcome = await buy(http, server.url, { type: 'merchandise', id: DEMO.merchandise.catalogue, count: 1 });
    expect(outcome).toHaveProperty('booked');
    const after = await get('/en/merchandise/select', { 'if-none-match': etag ?? '' });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const stockOf = (list: { id: number; stock?: number | null }[]) => list.find((i) => i.id === DEMO.merchandise.catalogue)?.stock;
    const now = ((await after.json()) as typeof items).data;
    if (typeof stockOf(items.data) === 'number') expect(stockOf(now)).toBe((stockOf(items.data) ?? 0) - 1);
  });

  it('a write that succeeded (here a payment begun: a place held) drops the kept answers', async () => {
    await get('/de/shopinfo/config?shop=16');
    expect(cache.size).toBeGreaterThan(0);
    const begun = await fetch(`${server.apiBase}/de/checkout/initPayment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payart: 161, cart: { ver: 1, items: [tenPlacesTickets(server, 1)] }, url: returnUrls(server) }),
    });
    expect(begun.status).toBe(200);
    expect(cache.size).toBe(0);
  });

  it('never keeps answers that depend on the caller or count attempts (voucher code lookup, cart, customer)', async () => {
    cache.invalidate();
    await get('/de/voucher?voucher=NOPE-NOPE');
    await get('/de/customer');
    const config = await get('/de/countries');
    expect(config.headers.get('etag')).toBeTruthy();
    expect(cache.size).toBe(1);
    const lookup = await get('/de/voucher?voucher=NOPE-NOPE');
    expect(lookup.headers.get('etag')).toBeNull();
    expect(lookup.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the sales-rush cache cannot be bypassed or emptied (issue 44)', () => {
  it('a query the route does not read, a reordered query or an encoded id finds the kept answer; one it reads does not', async () => {
    cache.invalidate();
    const before = cache.computations;
    const event = await (await get('/de/ticket/collect/event/101')).json();
    for (let i = 0; i < 5; i += 1) {
      const answer = await get(`/de/ticket/collect/event/101?z=${Math.random()}`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual(event);
    }
    expect(await (await get('/de/ticket/collect/event/%31%30%31?utm_source=x')).json()).toEqual(event);
    expect(cache.computations - before).toBe(1);
    // the parameters a route reads still make their own answers, whatever comes beside them
    const article = await (await get('/de/merchandise?article=301&z=1')).json();
    expect(await (await get('/de/merchandise?z=2&article=301')).json()).toEqual(article);
    const other = await (await get('/de/merchandise?article=302&z=1')).json();
    expect(other).not.toEqual(article);
    expect(cache.computations - before).toBe(3);
    // and a handler still sees them (a missing `shop` is still refused)
    expect((await get('/de/shopinfo/config?z=1')).status).toBe(422);
  });

  it('a refused request drops nothing: unknown path, wrong method, invalid body, a refused login or payment', async () => {
    cache.invalidate();
    await get('/de/event/select');
    await get('/de/countries');
    const kept = cache.size;
    const computed = cache.computations;
    const post = (url: string, body: unknown, method = 'POST') => fetch(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const refusals = [
      await post(`${server.url}/anything`, {}),
      await post(`${server.apiBase}/de/nothing/here`, {}),
      await post(`${server.apiBase}/de/event/select`, {}, 'PUT'),
      await post(`${server.apiBase}/de/checkout/initPayment`, { cart: 'no' }),
      await post(`${server.apiBase}/de/auth/login`, { _u: 'nobody@example.org', _p: 'wrong-password' }),
      // runs a transaction that only locks and reads, then refuses: the cart is unknown
      await post(`${server.apiBase}/de/checkout/initPaymentOrder`, { id: 'unknown-cart', payart: 161, url: { continue: `${server.url}/de/checkout/accepted`, cancel: `${server.url}/de/checkout/canceled` } }),
    ];
    expect(refusals.map((answer) => answer.status >= 400 && answer.status < 500)).toEqual(refusals.map(() => true));
    expect(cache.size).toBe(kept);
    await get('/de/event/select');
    await get('/de/countries');
    expect(cache.computations).toBe(computed);
  });
});

describe('kept answers are bounded in bytes', () => {
  it('drops the least recently used answers once their bytes pass the bound; counts and entries stay bounded', () => {
    const body = (n: number) => ({ body: Buffer.alloc(10_000, n), etag: `"${n}"` });
    const small = new CatalogCache({ maxBytes: 100_000, maxEntries: 1000 });
    for (let n = 0; n < 3; n += 1) small.set(`k${n}`, body(n), 0, small.generation);
    expect(small.size).toBe(3);
    // k0 read again: the least recently used is now k1
    expect(small.get('k0', 1)).toBeDefined();
    small.set('k3', body(3), 0, small.generation);
    expect(small.size).toBe(3);
    expect(small.bytes).toBeLessThanOrEqual(100_000);
    expect(small.get('k1', 1)).toBeUndefined();
    expect(small.get('k0', 1)).toBeDefined();
    expect(small.get('k3', 1)).toBeDefined();
    // an answer larger than the whole bound is not kept
    small.set('huge', { body: Buffer.alloc(200_000), etag: '"h"' }, 0, small.generation);
    expect(small.get('huge', 1)).toBeUndefined();
    // and the count bound holds too
    const few = new CatalogCache({ maxEntries: 2 });
    for (let n = 0; n < 5; n += 1) few.set(`k${n}`, body(n), 0, few.generation);
    expect(few.size).toBe(2);
  });
});

describe('one computation for a rush', () => {
  it('requests for the same answer that arrive together ask the database once; one after a write asks again', async () => {
    const rush = new CatalogCache();
    let computed = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const compute = async () => {
      computed += 1;
      const mine = computed;
      await gate;
      return { places: mine };
    };
    const together = [rush.answer('de/event/select', 0, compute), rush.answer('de/event/select', 0, compute), rush.answer('de/event/select', 0, compute)];
    rush.invalidate();
    const afterWrite = rush.answer('de/event/select', 0, compute);
    release();
    const answers = await Promise.all([...together, afterWrite]);
    expect(computed).toBe(2);
    expect(answers.slice(0, 3).map((a) => a.body.toString())).toEqual(Array(3).fill('{"data":{"places":1}}'));
    expect(answers[3]?.body.toString()).toBe('{"data":{"places":2}}');
    // the answer begun before the write is not kept; the one after it is
    expect(rush.get('de/event/select', 1)?.body.toString()).toBe('{"data":{"places":2}}');
  });
});

describe('a slow answer kept past its time (rendered pages)', () => {
  it('goes out while one renewal runs, then the renewed one; never after a write, never past its bound', async () => {
    const pages = new CatalogCache({ ttlMs: 1000 });
    let renders = 0;
    let release: () => void = () => undefined;
    const render = async () => {
      renders += 1;
      const mine = renders;
      if (mine === 2) await new Promise<void>((resolve) => (release = resolve));
      return { html: `render ${mine}` };
    };
    const text = async (now: number) => (await pages.answerWhileRenewing('page /en/tickets/101', now, render, 5000)).body.toString();
    expect(await text(0)).toBe('{"data":{"html":"render 1"}}');
    expect(await text(999)).toBe('{"data":{"html":"render 1"}}');
    expect(renders).toBe(1);
    // its time is up: the kept page goes out at once, and one renewal starts (not one per request)
    expect(await text(1000)).toBe('{"data":{"html":"render 1"}}');
    expect(await text(1200)).toBe('{"data":{"html":"render 1"}}');
    expect(renders).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await text(1300)).toBe('{"data":{"html":"render 2"}}');
    // a write: the next request waits for a page made after it
    pages.invalidate();
    expect(await text(1400)).toBe('{"data":{"html":"render 3"}}');
    // long past its time plus the bound: not sent, made anew
    expect(await text(1400 + 1000 + 5000)).toBe('{"data":{"html":"render 4"}}');
    expect(renders).toBe(4);
  });
});
