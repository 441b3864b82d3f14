/**
 * No oversell under a rush (issue 15), and everybody pays who got to the provider (issue 41):
 * 1,000 buyers at once (initPayment, the provider's pay, execPayment) compete for the 50 places of
 * one time slot. initPayment holds a place or refuses: exactly 50 reach the provider, pay and are
 * booked; every other buyer is told OVERBOOKED with the count left (data.available) before the
 * provider. Paid and refused: 0; refunded: 0. On PGlite in-process, and on
 * PostgreSQL with two server processes (`node src/server/main.ts`, as `npm start` runs it) on the
 * same DATABASE_URL and JWT_SECRET, buyers spread over both: a visitor logged in on one is logged
 * in on the other, and the rate limits hold across both.
 *
 * TEST_DATABASE_URL (set by .ci/run) names the PostgreSQL; the test uses a database of its own on
 * that server. Under CI=true it fails without it; elsewhere the two servers share one PGlite in
 * one process instead, and say so. OVERSELL_BUYERS / OVERSELL_PLACES change the numbers (bench).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { md5 } from 'js-md5';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createShopServer } from '../../src/server/app.js';
import { createProviderHandler } from '../../src/server/provider.js';
import type { Queryable } from '../../src/server/db/index.js';
import { startTestServer, type TestServer } from './harness.js';
import { buy, client, pgQueryable, setFreePlaces, takenPlaces, type Outcome } from './oversell-helpers.js';

/** PGlite in one process; the bench runs 5,000 buyers for 200 places. */
const BUYERS = Number(process.env.OVERSELL_BUYERS ?? 1_000);
const PLACES = Number(process.env.OVERSELL_PLACES ?? 50);
/** PostgreSQL over two processes: 1,000 buyers for 50 places, in the tests and the bench alike. */
const PG_BUYERS = Number(process.env.OVERSELL_PG_BUYERS ?? 1_000);
const PG_PLACES = Number(process.env.OVERSELL_PG_PLACES ?? 50);
const databaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** The rush: `buyers` spread round-robin over `bases`; answers every outcome and the time taken. */
async function rush(bases: string[], item: Record<string, unknown>, buyers: number): Promise<{ outcomes: Outcome[]; ms: number }> {
  const http = client(100);
  cleanups.push(async () => http.close());
  const started = performance.now();
  const outcomes = await Promise.all(Array.from({ length: buyers }, (_, i) => buy(http, bases[i % bases.length] ?? '', item)));
  return { outcomes, ms: Math.round(performance.now() - started) };
}

async function expectExactlySold(outcomes: Outcome[], q: Queryable, datetime: string, ms: number, where: string, buyers: number, places: number): Promise<void> {
  const booked = outcomes.flatMap((o) => ('booked' in o ? [o.booked] : []));
  const beforeProvider = outcomes.flatMap((o) => ('refused' in o && o.stage === 'init' ? [o] : []));
  const paidAndRefused = outcomes.filter((o) => 'refused' in o && o.stage === 'exec');
  const refunded = outcomes.filter((o) => 'refunded' in o);
  console.log(
    `oversell (${where}): ${buyers} buyers, ${places} places, everybody pays who got to the provider: ${booked.length} booked, ` +
      `${beforeProvider.length} refused before the provider (OVERBOOKED, available 0), ${paidAndRefused.length} paid and refused, ${refunded.length} refunded, ${ms} ms`,
  );
  expect(paidAndRefused).toEqual([]);
  expect(refunded).toEqual([]);
  expect(booked).toHaveLength(places);
  expect(new Set(booked).size).toBe(places);
  expect(beforeProvider).toHaveLength(buyers - places);
  // every other buyer is told how many are left: none (each wanted one place)
  for (const r of beforeProvider) expect(r).toEqual({ refused: 422, code: 'OVERBOOKED', available: 0, stage: 'init' });
  const [bookings] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
  expect(bookings?.n).toBe(places);
  expect(await takenPlaces(q, datetime)).toBe(places);
  // nobody paid who was not booked
  const [payments] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM provider_payments WHERE status = 'paid'");
  expect(payments?.n).toBe(places);
}

describe(`oversell: ${BUYERS} concurrent buyers for ${PLACES} places (PGlite), ${PG_BUYERS} for ${PG_PLACES} (PostgreSQL)`, () => {
  it('PGlite, one process: exactly the places are sold, every other buyer hears the count left before paying', { timeout: 600_000 }, async () => {
    const server = await startTestServer();
    cleanups.push(() => server.close());
    const { item, datetime } = await setFreePlaces(server.db, server.clock.now, PLACES);
    const { outcomes, ms } = await rush([server.url], item, BUYERS);
    await expectExactlySold(outcomes, server.db, datetime, ms, 'PGlite', BUYERS, PLACES);
  });

  it('PostgreSQL, two server processes on one DATABASE_URL and JWT_SECRET: no oversell, one login, shared rate limits', { timeout: 600_000 }, async () => {
    if (!databaseUrl && inCi) throw new Error('CI=true but TEST_DATABASE_URL is not set: .ci/run must start PostgreSQL and export it.');
    const { bases, q, where } = databaseUrl ? await twoProcesses(databaseUrl) : await twoServersOnePglite();
    const { item, datetime } = await setFreePlaces(q, new Date(), PG_PLACES);
    const { outcomes, ms } = await rush(bases, item, PG_BUYERS);
    await expectExactlySold(outcomes, q, datetime, ms, where, PG_BUYERS, PG_PLACES);

    const [a = '', b = ''] = bases;
    const http = client(4);
    cleanups.push(async () => http.close());
    const login = (base: string, password: string) =>
      http.send(base, 'POST', '/api/de/auth/login', JSON.stringify({ _u: 'demo@museum.example', _p: md5(password) }));
    // logged in on one, logged in on the other
    const ok = await login(a, 'Museum2026!');
    expect(ok.status).toBe(200);
    const jwt = (ok.json.data as { jwt: string }).jwt;
    const there = await http.send(b, 'GET', `/api/de/customer?_=${jwt}`);
    expect([there.status, (there.json.data as { email?: string } | undefined)?.email]).toEqual([200, 'demo@museum.example']);
    // five wrong passwords, spread over both servers, use up the account's minute on both
    // (the counters are per calendar minute of the real clock: start early in one)
    const second = new Date().getSeconds();
    if (second > 50) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    for (let i = 0; i < 5; i++) expect((await login(i % 2 === 0 ? a : b, `wrong ${i}`)).status).toBe(422);
    for (const base of [a, b]) expect((await login(base, 'Museum2026!')).status).toBe(429);
  });
});

/** PostgreSQL: a database of its own on the TEST_DATABASE_URL server, two `node src/server/main.ts`. */
async function twoProcesses(url: string): Promise<{ bases: string[]; q: Queryable; where: string }> {
  const name = `museum_oversell_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  });
  const own = new URL(url);
  own.pathname = `/${name}`;
  const env = { DATABASE_URL: own.toString(), JWT_SECRET: 'oversell-test-secret-shared-by-both-processes' };
  // both start at once on the empty database: one migrates and seeds while the other waits (withStartupLock)
  const [first, second] = await Promise.all([startProcess(env), startProcess(env)]);
  const q = await pgQueryable(own.toString());
  cleanups.push(() => q.end());
  return { bases: [first, second], q, where: 'PostgreSQL, two processes' };
}

async function startProcess(env: Record<string, string>): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-oversell-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    // a thousand buyers from 127.0.0.1 in one minute: far above the per-address payment limit (issue 44, item 7)
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SHOP_API_URL: '', RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  let output = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Museum shop on (http:\/\/[^\s/]+)\/de/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/** Without PostgreSQL: two HTTP servers (stateless, as two processes would be) on one PGlite. */
async function twoServersOnePglite(): Promise<{ bases: string[]; q: Queryable; where: string }> {
  console.warn('TEST_DATABASE_URL is not set: two servers in one process on one PGlite instead of two processes on PostgreSQL.');
  const server: TestServer = await startTestServer();
  cleanups.push(() => server.close());
  server.clock.now = new Date();
  const second = createShopServer({ db: server.db, services: server.services, providerHandler: createProviderHandler() });
  await new Promise<void>((resolve) => second.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => second.close(resolve)));
  const { port } = second.address() as AddressInfo;
  return { bases: [server.url, `http://127.0.0.1:${port}`], q: server.db, where: 'two servers on one PGlite' };
}
