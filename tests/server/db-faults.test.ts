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
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createShopServer } from '../../src/server/app.js';
import { connectPostgres, isDatabaseUnreachable, openDb, type Db } from '../../src/server/db/index.js';
import { seedIfEmpty } from '../../src/server/seed/index.js';
import type { ServerServices } from '../../src/server/services.js';

const databaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
const inCi = process.env.CI === 'true' || process.env.CI === '1';

const services = (): ServerServices => ({
  now: () => new Date(),
  jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
  log: () => undefined,
  supportEmail: 'support@museum.example',
});

async function serve(db: Db): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createShopServer({ db, services: services() });
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
