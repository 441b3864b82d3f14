/**
 * The same migrations, seed and queries on a real PostgreSQL (through `pg`), as
 * DATABASE_URL=postgres://… runs them. .ci/run starts a throwaway cluster and exports
 * TEST_DATABASE_URL; under CI=true this file fails without it. On a developer machine
 * without it, the same checks run on PGlite and say so.
 */
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApi, isApiError, type ShopApi } from '../../src/api/index.js';
import { createShopServer } from '../../src/server/app.js';
import { CatalogCache, databaseCatalogVersion } from '../../src/server/catalog-cache.js';
import { DEMO as DEMO_IDS } from '../../src/server/seed/demo.js';
import { buy, client } from './oversell-helpers.js';
import { openDb, type Db } from '../../src/server/db/index.js';
import { createProviderHandler } from '../../src/server/provider.js';
import { createPageRenderer } from '../../src/server/render.js';
import { createSeo, inProcessCatalogue } from '../../src/server/seo/index.js';
import { createStaticHandler } from '../../src/server/static.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedIfEmpty } from '../../src/server/seed/index.js';
import type { ServerServices } from '../../src/server/services.js';
import { payAtProvider, returnUrls, tenPlacesTickets } from './checkout-helpers.js';
import { attachMail, memoryTransport, TEST_RATE_LIMITS, TEST_WEBHOOK_SECRET, type TestServer } from './harness.js';
import { createMailSender, enqueueMail } from '../../src/server/mail/outbox.js';
import { buy as buyForWithdrawal, postJson } from './withdrawal-helpers.js';
import { createNoticeDispatcher } from '../../src/server/provider-books.js';

const databaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const DEMO = { email: 'demo@museum.example', password: 'Museum2026!' };

let db: Db;
let close: () => Promise<void>;
let api: ShopApi;
/** The server under test, shaped like the in-memory harness so the checkout helpers apply. */
let server: TestServer;

/** Empties the database: a fresh schema, as `npm run db:reset` does on DATABASE_URL. */
async function dropSchema(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}

const customer = (email: string) => ({
  email,
  password: 'correct horse 42',
  salutation: 'mr',
  fname: 'Max',
  lname: 'Tester',
  street: 'Bahnhofstrasse 1',
  zip: '8001',
  city: 'Zürich',
  country: 'CH',
});

beforeAll(async () => {
  if (!databaseUrl) {
    if (inCi) throw new Error('CI=true but TEST_DATABASE_URL is not set: .ci/run must start PostgreSQL and export it.');
    console.warn('TEST_DATABASE_URL is not set: running the PostgreSQL checks on PGlite instead.');
  } else {
    await dropSchema(databaseUrl);
  }
  db = await openDb({ databaseUrl });
  const clock = { now: new Date() };
  const logs: string[] = [];
  const services: ServerServices = {
    now: () => new Date(clock.now.getTime()),
    jwtSecret: new TextEncoder().encode('postgres-test-secret-postgres-test-secret'),
    log: (message) => logs.push(message),
    supportEmail: 'support@museum.example',
    webhookSecret: TEST_WEBHOOK_SECRET,
    rateLimits: TEST_RATE_LIMITS,
  };
  let url = '';
  const notices = createNoticeDispatcher({ db, services, secret: TEST_WEBHOOK_SECRET, url: () => `${url}/api/de/payment/notify` });
  const http = createShopServer({ db, services, providerHandler: createProviderHandler(notices) });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  close = async () => {
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await db.close();
  };
  const mailing = attachMail(db, services);
  server = { url, apiBase: `${url}/api`, db, services, logs, clock, notices, ...mailing, close };
  api = createShopApi({ baseURL: server.apiBase, lang: () => 'de' });
});

afterAll(async () => {
  await close?.();
});

describe(`database on ${databaseUrl ? 'real PostgreSQL' : 'PGlite (no TEST_DATABASE_URL)'}`, () => {
  it('runs on the intended engine', () => {
    expect(db.kind).toBe(databaseUrl ? 'postgres' : 'pglite');
  });

  it('migrates an empty database, seeds it once and reuses it on the next start', async () => {
    const applied = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(applied.length).toBeGreaterThan(1);
    expect(await seedIfEmpty(db, server.clock.now)).toBe(true);
    expect(await seedIfEmpty(db, server.clock.now)).toBe(false);
    // A second start: migrations are idempotent and the data stays. (An in-memory PGlite has no
    // second start; tests/e2e/restart.test.ts restarts PGlite on disk.)
    if (!databaseUrl) return;
    const again = await openDb({ databaseUrl });
    try {
      expect((await again.query<{ id: string }>('SELECT id FROM schema_migrations')).length).toBe(applied.length);
      expect(await seedIfEmpty(again, new Date())).toBe(false);
    } finally {
      await again.close();
    }
  });

  it('answers the form attributes and logs the demo customer in', async () => {
    const attr = await api.getCustomerAttr();
    expect(Object.keys(attr.countries)).toContain('CH');
    const { jwt } = await api.login(DEMO.email, DEMO.password);
    const me = await api.getCustomer(jwt);
    expect(me.email).toBe(DEMO.email);
  });

  it('registers a customer whose data then reads back', async () => {
    const { jwt } = await api.register(customer('pg-new@museum.example'));
    expect((await api.getCustomer(jwt)).lname).toBe('Tester');
    const { jwt: again } = await api.login('pg-new@museum.example', 'correct horse 42');
    expect((await api.getCustomer(again)).email).toBe('pg-new@museum.example');
  });

  it('lets only one of 10 concurrent registrations of one e-mail through, the rest get 422', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => api.register(customer('race@museum.example'))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(ok).toHaveLength(1);
    expect(failed.every((e) => isApiError(e) && e.status === 422)).toBe(true);
    const rows = await db.query<{ n: string | number }>("SELECT count(*) AS n FROM customers WHERE email = 'race@museum.example'");
    expect(Number(rows[0]?.n)).toBe(1);
  });
  it('50 parallel bookings for the 10 places of a time slot sell exactly 10, the rest answer 422 OVERBOOKED', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, async () => {
        const providerUrl = await api.initPayment({ payart: 161, items: [tenPlacesTickets(server, 1)], url: returnUrls(server) });
        return api.execPayment(await payAtProvider(server, providerUrl));
      }),
    );
    const booked = outcomes.filter((o) => o.status === 'fulfilled');
    const rejected = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(booked).toHaveLength(10);
    expect(rejected).toHaveLength(40);
    for (const reason of rejected) {
      expect(isApiError(reason) && reason.status === 422 && reason.code === 'OVERBOOKED').toBe(true);
    }
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
    expect(row?.n).toBe(10);
  }, 60_000);

  it('two shop processes that keep catalog answers: a purchase on one is in the other\'s stock at the next read (issue 14)', async () => {
    // two connections to one PostgreSQL, as two processes have (without it: two servers on one PGlite)
    const [dbA, dbB] = databaseUrl ? [await openDb({ databaseUrl }), await openDb({ databaseUrl })] : [db, db];
    const caches = [new CatalogCache({ ttlMs: 60_000, shared: databaseCatalogVersion(dbA) }), new CatalogCache({ ttlMs: 60_000, shared: databaseCatalogVersion(dbB) })] as const;
    const servers = [
      createShopServer({ db: dbA, services: server.services, providerHandler: createProviderHandler(), catalogCache: caches[0] }),
      createShopServer({ db: dbB, services: server.services, providerHandler: createProviderHandler(), catalogCache: caches[1] }),
    ];
    const bases = await Promise.all(servers.map((s) => new Promise<string>((resolve) => s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)))));
    const http = client(4);
    try {
      const stockOnB = async () => {
        const list = ((await (await fetch(`${bases[1]}/api/de/merchandise/select`)).json()) as { data: { id: number; stock?: number | null }[] }).data;
        return list.find((item) => item.id === DEMO_IDS.merchandise.catalogue)?.stock;
      };
      const before = await stockOnB();
      expect(typeof before).toBe('number');
      // B keeps its answer: a second read comes from memory
      expect(await stockOnB()).toBe(before);
      expect(caches[1].size).toBeGreaterThanOrEqual(1);
      const outcome = await buy(http, bases[0] ?? '', { type: 'merchandise', id: DEMO_IDS.merchandise.catalogue, count: 2 });
      expect(outcome).toHaveProperty('booked');
      expect(await stockOnB()).toBe((before ?? 0) - 2);
    } finally {
      http.close();
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      if (dbA !== db) await dbA.close();
      if (dbB !== db) await dbB.close();
    }
  });

  it("two shop processes that render pages: a purchase on one is on the other's kept product page at the next request (issue 25)", async () => {
    const [dbA, dbB] = databaseUrl ? [await openDb({ databaseUrl }), await openDb({ databaseUrl })] : [db, db];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-render-pg-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>\n<html lang="de"><head><title>Museum Shop</title>\n<!--boot-preloads-->\n</head><body><div id="root"></div></body></html>\n');
    // each process renders through its own API (loopback), keeps its pages and answers, and reads the shared version
    const shopOn = (processDb: Db) => {
      const cache = new CatalogCache({ ttlMs: 60_000, shared: databaseCatalogVersion(processDb) });
      let apiBase: string | undefined;
      const staticHandler = createStaticHandler({
        root: dir,
        seo: createSeo({ read: inProcessCatalogue({ db: processDb, services: server.services, cache }), cache, now: () => Date.now() }),
        render: createPageRenderer({ apiBase: () => apiBase }),
        renderCache: cache,
        now: () => Date.now(),
      });
      const shop = createShopServer({ db: processDb, services: server.services, staticHandler, providerHandler: createProviderHandler(), catalogCache: cache });
      return { shop, listening: new Promise<string>((resolve) => shop.listen(0, '127.0.0.1', () => {
        const base = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
        apiBase = `${base}/api`;
        resolve(base);
      })) };
    };
    const processes = [shopOn(dbA), shopOn(dbB)];
    const [baseA, baseB] = await Promise.all(processes.map((p) => p.listening));
    const http = client(4);
    const article = DEMO_IDS.merchandise.childrensBook;
    const pageOnB = async () => {
      // a process's first render loads the app's modules (in this test runner, compiled on first use);
      // a render that gives up sends the shell, and that outcome is kept for 2 s: ask again until rendered
      for (let tries = 0; ; tries += 1) {
        const html = await (await fetch(`${baseB}/en/product/${article}`)).text();
        if (html.includes('id="shop-render"')) return /Only (\d+) left/.exec(html)?.[1];
        if (tries === 20) throw new Error(`B never rendered the product page:\n${html.slice(0, 2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    };
    try {
      const before = Number(await pageOnB());
      expect(before).toBeGreaterThan(2);
      // B keeps its rendered page: the same HTML again, not a second render
      expect(Number(await pageOnB())).toBe(before);
      const outcome = await buy(http, baseA ?? '', { type: 'merchandise', id: article, count: 2 });
      expect(outcome).toHaveProperty('booked');
      expect(Number(await pageOnB())).toBe(before - 2);
    } finally {
      http.close();
      await Promise.all(processes.map(({ shop }) => new Promise<void>((resolve) => shop.close(() => resolve()))));
      if (dbA !== db) await dbA.close();
      if (dbB !== db) await dbB.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('two shop processes sending the one outbox: each mail goes out once (rows claimed with SKIP LOCKED and a lease, issue 42)', async () => {
    const box: { to: string; raw: Buffer }[] = [];
    const senders = [0, 1].map(() => createMailSender({ db, services: server.services, transport: memoryTransport(box), from: 'Museum shop <shop@museum.example>' }));
    const mails = Array.from({ length: 12 }, (_, i) => `twice-${i}@museum.example`);
    for (const to of mails) {
      await enqueueMail(db, { kind: 'password-changed', lang: 'de', to, subject: 'Test', text: 'Test', html: '<p>Test</p>' }, server.clock.now);
    }
    const sent = await Promise.all(senders.map((s) => s.runDue()));
    for (const s of senders) s.stop();
    expect(sent[0]! + sent[1]!).toBe(mails.length);
    expect(box.map((m) => m.to).sort()).toEqual([...mails].sort());
  });

  it('concurrent withdrawals of one order record each line once: the booking row lock and withdrawn_lines\' key (issue 46)', async () => {
    const before = server.services.rateLimits;
    server.services.rateLimits = { ...TEST_RATE_LIMITS, withdrawalLookup: { perIp: 1_000_000, perKey: 1_000_000, counts: 'refused' } };
    try {
      const order = await buyForWithdrawal(server, [
        { type: 'merchandise', id: DEMO_IDS.merchandise.catalogue, count: 1 },
        { type: 'merchandise', id: DEMO_IDS.merchandise.guide, count: 1 },
        { type: 'voucher', id: DEMO_IDS.vouchers.fifty, count: 1 },
      ], { email: 'pg.withdraw@example.org' });
      const sets = [[0], [0, 1], [1, 2], [2], [0, 1, 2], [1], [0, 2], [2, 1, 0]];
      const answers = await Promise.all(
        sets.map((lines, i) => postJson<{ statement: { id: string; lines: number[] }; repeated: boolean }>(server, 'order/withdraw', { id: order.id, key: order.key, lines, name: 'PG', ack_email: 'pg.ack@example.org', request_id: `pg-withdraw-${i}-${order.id}` })),
      );
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const statements = await db.query<{ id: number; lines: number[] }>('SELECT id, lines FROM withdrawal_statements WHERE booking_id = $1', [order.id]);
      expect(statements.flatMap((st) => st.lines).sort()).toEqual([0, 1, 2]);
      expect(answers.filter((a) => !a.data.repeated)).toHaveLength(statements.length);
      const [mails] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'withdrawal-acknowledgement' AND recipient = 'pg.ack@example.org'");
      expect(mails?.n).toBe(statements.length);
    } finally {
      server.services.rateLimits = before;
    }
  });
});

