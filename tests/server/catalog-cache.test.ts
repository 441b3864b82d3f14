/**
 * Catalog reads that hold a rush (issue 14): catalog answers are kept in memory by the PGlite
 * server, yet places left are never stale after a booking; catalog GETs answer an ETag and 304
 * when the browser's copy is still right; answers that depend on the caller are never kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { CatalogCache } from '../../src/server/catalog-cache.js';
import { buy, client } from './oversell-helpers.js';
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

  it('any write request (here a guest login) drops the kept answers', async () => {
    await get('/de/shopinfo/config?shop=16');
    expect(cache.size).toBeGreaterThan(0);
    await fetch(`${server.apiBase}/de/auth/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
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
