/**
 * Database faults (issue 44, item 8): while PostgreSQL cannot be reached the API answers 503 in its
 * envelope (the app says so in the visitor's language and tries again); connections PostgreSQL
 * ends under load (a restart, an administrator) never end the process, and once it is back the
 * shop serves again by itself.
 *
 * The first part needs no database (a port where nothing listens). The second runs on the real
 * PostgreSQL of `.ci/run` (TEST_DATABASE_URL), in a database of its own so that no other file's
 * data is touched; under CI=true it fails without it, elsewhere it says it was left out.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createShopServer } from '../../src/server/app.js';
import { CatalogCache, databaseCatalogVersion } from '../../src/server/catalog-cache.js';
import { connectPostgres, isDatabaseUnreachable, openDb, type Db } from '../../src/server/db/index.js';
import { createProxyShopServer } from '../../src/server/proxy.js';
import { createPageRenderer } from '../../src/server/render.js';
import { seedIfEmpty } from '../../src/server/seed/index.js';
import { createSeo, inProcessCatalogue, upstreamCatalogue } from '../../src/server/seo/index.js';
import type { ServerServices } from '../../src/server/services.js';
import { createStaticHandler, type StaticHandler } from '../../src/server/static.js';
import { BOOT_TEXTS, UNAVAILABLE_TEXTS } from '../../src/i18n/boot-messages.js';

const databaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
const inCi = process.env.CI === 'true' || process.env.CI === '1';

const services = (): ServerServices => ({
  now: () => new Date(),
  jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
  log: () => undefined,
  supportEmail: 'support@museum.example',
});

async function serve(db: Db, staticHandler?: StaticHandler): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createShopServer({ db, services: services(), staticHandler });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const get = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { error?: string; message?: string } };
};

/** The template build.mjs writes, reduced to what the server changes (as in seo.test.ts). */
const TEMPLATE = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8">
    <title>Museum Shop</title>
    <!--boot-preloads-->
  </head>
  <body><noscript>JavaScript</noscript><div id="root"></div></body>
</html>
`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A port where nothing listens: every connection is refused. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe('PostgreSQL out of reach', () => {
  it('answers 503 SERVICE_UNAVAILABLE in the envelope with Retry-After, not a 500', async () => {
    // a port where nothing listens: every connection is refused
    const closed = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const db = await connectPostgres(`postgres://shop@127.0.0.1:${closed}/shop`);
    const shop = await serve(db);
    try {
      for (const path of ['/api/de/shopinfo/config?shop=16', '/api/de/event/select', '/api/de/ticket/collect/event/101']) {
        const answer = await get(`${shop.url}${path}`);
        expect([path, answer.status, answer.body.error]).toEqual([path, 503, 'SERVICE_UNAVAILABLE']);
        expect(answer.retryAfter).toBe('5');
        expect(answer.body.message).toMatch(/try again/);
      }
    } finally {
      await shop.close();
      await db.close();
    }
  });

  it('a page asked for meanwhile (SERVER_RENDERING=true) is a 503 that says so in its language, not a loading screen (issue 44)', async () => {
    const db = await connectPostgres(`postgres://shop@127.0.0.1:${await closedPort()}/shop`);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-db-faults-'));
    fs.writeFileSync(path.join(root, 'index.html'), TEMPLATE);
    // as main.ts puts it together on PostgreSQL: heads read in process through the shared cache, pages rendered over loopback
    const cache = new CatalogCache({ shared: databaseCatalogVersion(db) });
    let apiBase: string | undefined;
    const staticHandler = createStaticHandler({
      root,
      seo: createSeo({ read: inProcessCatalogue({ db, services: services(), cache }), cache }),
      render: createPageRenderer({ apiBase: () => apiBase }),
      renderCache: cache,
    });
    const shop = await serve(db, staticHandler);
    apiBase = `${shop.url}/api`;
    try {
      for (const [lang, page] of [['de', '/de/tickets'], ['fr', '/fr/tickets/101'], ['en', '/en']] as const) {
        const res = await fetch(`${shop.url}${page}`);
        const html = await res.text();
        expect([page, res.status, res.headers.get('retry-after')]).toEqual([page, 503, '5']);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(html).toContain(`<html lang="${lang}"`);
        const rootHtml = /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
        // §8's "service unavailable" in the page's language, under the retry screen's title, and a way to try again
        expect(rootHtml).toContain(`lang="${lang}"`);
        expect(rootHtml).toContain(escapeHtml(BOOT_TEXTS[lang].failedTitle));
        expect(rootHtml).toContain(escapeHtml(UNAVAILABLE_TEXTS[lang]));
        expect(rootHtml).toContain(`>${escapeHtml(BOOT_TEXTS[lang].retry)}</a>`);
        // not the loading screen that would end in "check your connection"
        expect(rootHtml).not.toContain(BOOT_TEXTS[lang].loading);
        expect(html).toContain('<meta name="robots" content="noindex">');
      }
    } finally {
      await shop.close();
      await db.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('with SHOP_API_URL, an upstream that answers 503 gives the same page', async () => {
    const upstream = http.createServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
      res.end(JSON.stringify({ error: 'SERVICE_UNAVAILABLE', message: 'x', fields: {} }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/backend`;
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-db-faults-'));
    fs.writeFileSync(path.join(root, 'index.html'), TEMPLATE);
    const front = createProxyShopServer({ upstream: upstreamUrl, staticHandler: createStaticHandler({ root, seo: createSeo({ read: upstreamCatalogue(upstreamUrl), cache: new CatalogCache() }) }) });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(front.address() as AddressInfo).port}/it/tickets`);
      const html = await res.text();
      expect([res.status, res.headers.get('retry-after')]).toEqual([503, '5']);
      expect(html).toContain(escapeHtml(UNAVAILABLE_TEXTS.it));
    } finally {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      upstream.closeAllConnections();
      await new Promise((resolve) => upstream.close(resolve));
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('tells a refused or ended connection from a bad query', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // a lent client whose connection ended between two statements of a transaction
    expect(isDatabaseUnreachable(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
  });
});

describe.skipIf(!databaseUrl && !inCi)('PostgreSQL ends the shop\'s connections under load (TEST_DATABASE_URL)', () => {
  const name = `museum_shop_faults_${process.pid}`;
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };

  afterAll(async () => {
    if (databaseUrl) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('no crash, no 500, and the shop serves again by itself once the connections are back', async () => {
    expect(databaseUrl, 'CI runs this on the PostgreSQL .ci/run starts (TEST_DATABASE_URL)').toBeDefined();
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(databaseUrl ?? '');
    url.pathname = `/${name}`;
    url.searchParams.set('application_name', name);
    const ended: string[] = [];
    const db = await openDb({ databaseUrl: url.toString(), onConnectionError: (error) => ended.push(error.message) });
    await seedIfEmpty(db, new Date());
    const shop = await serve(db);
    try {
      expect((await get(`${shop.url}/api/de/event/select`)).status).toBe(200);
      // visitors keep asking while PostgreSQL ends every connection of the shop, three times
      const statuses: number[] = [];
      let asking = true;
      const visitors = Array.from({ length: 4 }, async () => {
        while (asking) statuses.push((await get(`${shop.url}/api/de/event/select`)).status);
      });
      for (let round = 0; round < 3; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        await admin((c) => c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [name]));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      asking = false;
      await Promise.all(visitors);
      expect(statuses.length).toBeGreaterThan(10);
      // while it happened: answers or 503, never a 500
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      // idle connections ended under the pool: its 'error' listener was told (without one, each of
      // these would have been an unhandled 'error' event that ends the process)
      expect(ended.length, 'connections that ended while idle in the pool').toBeGreaterThan(0);
      // and now, without anybody doing anything, it serves again
      for (let i = 0; i < 5; i += 1) expect((await get(`${shop.url}/api/de/event/select`)).status).toBe(200);
      const booked = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
      expect(booked[0]?.n).toBeGreaterThan(0);
    } finally {
      await shop.close();
      await db.close();
    }
  }, 60_000);
});
