/**
 * Fuzzing every endpoint of the reference API (issue 15): fast-check generates paths (each route's
 * pattern with odd parameters, extra or missing segments, unknown languages, other methods),
 * queries (the keys the handlers read, a real and a forged token, odd values) and bodies (shapes
 * near the schemas, wrong types, deep nesting, prototype keys, broken JSON). Every answer must be
 * below 500; every 4xx must be the error envelope {error, message, fields}; and a refused request
 * must change no row (the database digest before and after each run of refused requests; only the
 * rate-limit counters, which count refusals by design, are left out).
 *
 * FUZZ_RUNS sets the number of requests (default 2,500; `npm run bench` sends 20,000).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { md5 } from 'js-md5';
import { startTestServer, type TestServer } from './harness.js';
import { createApiRouter } from '../../src/server/api/index.js';
import { DEFAULT_RATE_LIMITS } from '../../src/server/edge.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2_500);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

let server: TestServer;
let demoJwt = '';

beforeAll(async () => {
  server = await startTestServer();
  // limits far above the fuzzer's pace, so most answers come from the handlers (429 is checked in security.test.ts)
  const many = { perIp: 1_000_000, perIpKey: 1_000_000, perKey: 1_000_000 };
  server.services.rateLimits = {
    ...DEFAULT_RATE_LIMITS,
    login: { ...DEFAULT_RATE_LIMITS.login, ...many },
    passwordReset: { ...DEFAULT_RATE_LIMITS.passwordReset, ...many },
    emailChange: { ...DEFAULT_RATE_LIMITS.emailChange, ...many },
    voucherLookup: { ...DEFAULT_RATE_LIMITS.voucherLookup, ...many },
    withdrawalLookup: { ...DEFAULT_RATE_LIMITS.withdrawalLookup, ...many },
    payment: { ...DEFAULT_RATE_LIMITS.payment, ...many },
    registration: { ...DEFAULT_RATE_LIMITS.registration, ...many },
  };
  const res = await fetch(`${server.apiBase}/de/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ _u: 'demo@museum.example', _p: md5('Museum2026!') }),
  });
  demoJwt = ((await res.json()) as { data: { jwt: string } }).data.jwt;
});
afterAll(async () => {
  await server.close();
});

/** One digest of every table but the rate-limit counters: equal digests, no row changed. */
async function digest(): Promise<string> {
  const tables = await server.db.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('rate_limit_hits') ORDER BY tablename",
  );
  const parts = tables.map(
    ({ tablename }) => `SELECT '${tablename}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM "${tablename}" x`,
  );
  const rows = await server.db.query<{ t: string; d: string }>(parts.join(' UNION ALL '));
  return rows.map((r) => `${r.t}:${r.d}`).join(',');
}

// ---------------------------------------------------------------------------------------------
// generators

const oddText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'null', 'true', '%', '%zz', '%00', '%E0%A4%A', '..', '../..', ';', '1;2', '__proto__', 'constructor', "' OR 1=1 --", '<script>', 'A'.repeat(300)),
  fc.integer({ min: -5, max: 100_000 }).map(String),
  fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);

const leaf = fc.oneof(
  oddText,
  fc.integer({ min: -1_000_000, max: 1_000_000_000 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -0, 1.5, 2 ** 31, 161, 74, 1),
);

const KEYS = [
  'c', 'cart', 'items', 'type', 'id', 'eventId', 'count', 'totalCount', 'totalPrice', 'price', 'datetime', 'date', 'name', 'subtickets',
  'payart', 'aux', 'IBAN', 'Accountholder', 'url', 'continue', 'cancel', 'external_document_number', 'cartId', 'country', 'voucher',
  '_u', '_p', '_po', '_pn', 'email', 'password', 'token', 'backlink', 'fname', 'lname', 'street', 'zip', 'city', 'salutation',
  'shipping', 'send_invoice', 'tickets', 'variant', 'code', '__proto__', 'constructor', 'prototype',
];
const ITEM_TYPES = ['ticket', 'dayTicket', 'guidedTour', 'merchandise', 'voucher', 'voucherCode', 'pass', 'other'];

const item = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...ITEM_TYPES), leaf),
    id: fc.oneof(fc.integer({ min: -2, max: 40 }), leaf),
    eventId: fc.oneof(fc.integer({ min: -2, max: 10 }), leaf),
    count: fc.oneof(fc.integer({ min: -3, max: 100_000 }), leaf),
    totalCount: fc.oneof(fc.integer({ min: -3, max: 1000 }), leaf),
    datetime: fc.oneof(fc.constantFrom('2026-12-01 11:00', '2026-13-45 25:61', ''), leaf),
    price: leaf,
    code: fc.oneof(fc.constantFrom('DEMO-VALID-50', 'DEMO-USED-UP', 'NOPE'), leaf),
    subtickets: fc.oneof(fc.array(leaf, { maxLength: 3 }), leaf),
  },
  { requiredKeys: [] },
);

const shaped = fc.record(
  {
    c: fc.oneof(fc.object({ key: fc.constantFrom(...KEYS), values: [leaf], maxDepth: 2, maxKeys: 8 }), leaf),
    cart: fc.oneof(fc.record({ items: fc.oneof(fc.array(item, { maxLength: 4 }), leaf), external_document_number: leaf }, { requiredKeys: [] }), leaf),
    payart: fc.oneof(fc.constantFrom(161, 74, 1, 0, -1, 999), leaf),
    aux: fc.oneof(fc.record({ IBAN: leaf, Accountholder: leaf }, { requiredKeys: [] }), leaf),
    url: fc.oneof(fc.record({ continue: fc.oneof(fc.constantFrom('https://shop.example/ok', 'javascript:alert(1)'), leaf), cancel: leaf }, { requiredKeys: [] }), leaf),
    _u: fc.oneof(fc.constantFrom('demo@museum.example', 'x@y.z'), leaf),
    _p: fc.oneof(fc.constant(md5('wrong')), leaf),
    _po: leaf,
    _pn: fc.oneof(fc.constant(md5('x')), leaf),
    email: fc.oneof(fc.constantFrom('demo@museum.example', 'not-an-email'), leaf),
    token: fc.oneof(fc.uuid(), leaf),
    cartId: leaf,
    id: leaf,
    country: fc.oneof(fc.constantFrom('CH', 'DE', 'XX'), leaf),
  },
  { requiredKeys: [] },
);

type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string } | { kind: 'none' };
const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 5, arbitrary: shaped.map((value) => ({ kind: 'json' as const, value })) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => ({ kind: 'json' as const, value })) },
  { weight: 1, arbitrary: fc.object({ key: fc.constantFrom(...KEYS), values: [leaf], maxDepth: 6, maxKeys: 5 }).map((value) => ({ kind: 'json' as const, value })) },
  { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,2', 'null', '"text"', '123', 'true', '\u0000', '{"__proto__":{"admin":true}}').map((text) => ({ kind: 'raw' as const, text })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
);

const QUERY_KEYS = ['_', 'voucher', 'id', 'shop', 'cartId', 'us', 'sessionUs', 'from', 'to', 'date', 'eventId', 'category', 'lang', 'x'];
const tokenValue = fc.oneof(
  fc.constant('VALID'),
  fc.constant('FORGED'),
  fc.constantFrom('a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', ''),
  oddText,
);
const query = fc.dictionary(fc.constantFrom(...QUERY_KEYS), fc.oneof(oddText, fc.constantFrom('16', 'DEMO-VALID-50')), { maxKeys: 4 }).chain((q) =>
  '_' in q ? tokenValue.map((t) => ({ ...q, _: t })) : fc.constant(q),
);

const routes = createApiRouter().list();

function fillPattern(pattern: string, values: string[]): string {
  let i = 0;
  return pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, () => values[i++ % Math.max(values.length, 1)] ?? '1');
}

interface FuzzRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Body;
}

const request: fc.Arbitrary<FuzzRequest> = fc
  .record({
    route: fc.constantFrom(...routes),
    lang: fc.oneof({ weight: 8, arbitrary: fc.constant('de') }, { weight: 1, arbitrary: fc.constantFrom('en', 'it', 'xx', '', 'DE', '..') }),
    params: fc.array(fc.oneof(fc.integer({ min: -1, max: 30 }).map(String), oddText), { minLength: 1, maxLength: 4 }),
    mangle: fc.constantFrom('none', 'none', 'none', 'none', 'trailing', 'extra', 'drop', 'double'),
    otherMethod: fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH') }),
    query,
    body,
  })
  .map(({ route, lang, params, mangle, otherMethod, query: q, body: b }) => {
    const encode = (s: string) => (/%/.test(s) ? s : encodeURIComponent(s));
    let path = fillPattern(route.pattern, params.map(encode));
    if (mangle === 'trailing') path += '/';
    if (mangle === 'extra') path += `/${encode(params[0] ?? 'x')}`;
    if (mangle === 'drop') path = path.split('/').slice(0, -1).join('/');
    if (mangle === 'double') path = path.replace('/', '//');
    return { method: otherMethod ?? route.method, path: `/api/${lang}/${path}`, query: q, body: b };
  });

// ---------------------------------------------------------------------------------------------

async function send(r: FuzzRequest): Promise<{ status: number; text: string; type: string; api: boolean }> {
  // URL resolves dot segments as a browser would: '/api/de/x/../..' may leave the API
  const url = new URL(r.path, server.url);
  for (const [key, value] of Object.entries(r.query)) {
    url.searchParams.set(key, value === 'VALID' ? demoJwt : value === 'FORGED' ? `${demoJwt.slice(0, -4)}AAAA` : value);
  }
  const hasBody = r.method !== 'GET' && r.body.kind !== 'none';
  const res = await fetch(url, {
    method: r.method,
    headers: { 'content-type': 'application/json' },
    ...(hasBody ? { body: r.body.kind === 'raw' ? r.body.text : JSON.stringify(r.body.kind === 'json' ? r.body.value : null) } : {}),
  });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '', api: url.pathname.startsWith('/api/') };
}

function describeRequest(r: FuzzRequest): string {
  return JSON.stringify(r).slice(0, 600);
}

describe(`fuzz: ${RUNS} generated requests against every endpoint`, () => {
  it('no 5xx, the error envelope on every 4xx, no row changed by a refused request', { timeout: 240_000 }, async () => {
    const requests = fc.sample(request, { numRuns: RUNS, seed: SEED });
    const statuses = new Map<number, number>();
    let before = await digest();
    let refusedSinceDigest: FuzzRequest[] = [];
    let lastAccepted = '';
    const checkUnchanged = async () => {
      if (refusedSinceDigest.length === 0) return;
      const after = await digest();
      const changed = after.split(',').filter((part) => !before.split(',').includes(part)).map((part) => part.split(':')[0]);
      expect(changed, `rows changed during refused requests, among: ${refusedSinceDigest.map(describeRequest).join('\n')} (last accepted: ${lastAccepted})`).toEqual([]);
      refusedSinceDigest = [];
    };
    for (const r of requests) {
      // a request that may change rows (anything but GET) could be accepted: first settle the refused ones before it
      if (r.method !== 'GET') await checkUnchanged();
      const answer = await send(r);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      expect(answer.status, `${answer.status} for ${describeRequest(r)}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
      if (answer.status >= 400 && answer.api) {
        expect(answer.type, describeRequest(r)).toMatch(/^application\/json/);
        const envelope = JSON.parse(answer.text) as { error?: unknown; message?: unknown; fields?: unknown };
        expect(typeof envelope.error, describeRequest(r)).toBe('string');
        expect(typeof envelope.message, describeRequest(r)).toBe('string');
        expect(typeof envelope.fields === 'object' && envelope.fields !== null && !Array.isArray(envelope.fields), describeRequest(r)).toBe(true);
      }
      if (answer.status >= 400) {
        refusedSinceDigest.push(r);
      } else if (r.method !== 'GET') {
        // accepted and possibly writing: the next run of refused requests starts from here
        before = await digest();
        lastAccepted = describeRequest(r);
      }
    }
    await checkUnchanged();
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(RUNS);
    // the fuzzer reached the handlers, not only the router: refusals of several kinds, and successes
    expect(statuses.get(422) ?? 0).toBeGreaterThan(RUNS / 20);
    expect(statuses.get(404) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 20);
    console.log(`fuzz: ${RUNS} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
  });

  it('a body over 1 MB answers 413 in the envelope and changes nothing', async () => {
    const before = await digest();
    const res = await fetch(`${server.apiBase}/de/customer/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ c: { email: 'big@museum.example', fname: 'x'.repeat(1_100_000) } }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'BODY_TOO_LARGE', fields: {} });
    expect(await digest()).toBe(before);
  });
});
