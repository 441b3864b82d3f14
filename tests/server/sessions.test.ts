/**
 * Issue 44 item 9 on the accounts: logout ends the token on the server (`POST auth/logout`), and
 * passwords are hashed at OWASP's scrypt cost, a hash of a lower cost being hashed again at the
 * next successful login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { md5 } from 'js-md5';
import { startTestServer, type TestServer } from './harness.js';
import {
  LEGACY_PASSWORD_COST,
  PASSWORD_COST,
  TEST_COST_VARIABLE,
  hashPasswordDigest,
  passwordCost,
  storedPasswordOf,
  verifyPasswordDigest,
} from '../../src/server/auth.js';
import { EnvError, parseEnv } from '../../src/server/env.js';
import { DEMO_CUSTOMER } from '../../src/server/seed/accounts.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

interface Answer {
  status: number;
  json: { data?: unknown; error?: string; message?: string };
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${server.apiBase}/de/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Answer['json'] };
}

async function loginToken(email: string, password: string): Promise<string> {
  const answer = await call('POST', 'auth/login', { _u: email, _p: md5(password) });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json.data as { jwt: string }).jwt;
}

const q = (token: string) => `?_=${encodeURIComponent(token)}`;

describe('logout ends the token (POST auth/logout)', () => {
  it('the token is refused by every later call; the same customer on another device stays logged in', async () => {
    const laptop = await loginToken(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const phone = await loginToken(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect((await call('GET', `customer${q(laptop)}`)).status).toBe(200);

    expect(await call('POST', `auth/logout${q(laptop)}`)).toEqual({ status: 200, json: { data: true } });

    // everything the token opened answers 401 now
    for (const [method, path, body] of [
      ['GET', 'customer', undefined],
      ['POST', 'customer/update', { c: { fname: 'Eve' } }],
      ['POST', 'customer/pwdchange', { _po: md5(DEMO_CUSTOMER.password), _pn: md5('new password 1') }],
      ['POST', 'customer/emailchange', { _po: md5(DEMO_CUSTOMER.password), email: 'eve@museum.example' }],
      ['POST', 'auth/logout', undefined],
    ] as const) {
      const answer = await call(method, `${path}${q(laptop)}`, body);
      expect(answer.status, path).toBe(401);
      expect(answer.json.error, path).toBe('AUTH_TOKEN_INVALID');
    }
    // only this session ended: the phone's token and a new login work
    expect((await call('GET', `customer${q(phone)}`)).status).toBe(200);
    const again = await loginToken(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect((await call('GET', `customer${q(again)}`)).json.data).toMatchObject({ email: DEMO_CUSTOMER.email });
    // the refused calls changed nothing
    const [row] = await server.db.query<{ email: string; fname: string }>('SELECT email, fname FROM customers WHERE email = $1', [DEMO_CUSTOMER.email]);
    expect(row).toEqual({ email: DEMO_CUSTOMER.email, fname: 'Anna' });
  });

  it('ends a token issued before tokens had ids too; without a token, or a forged one, it answers 401', async () => {
    const [row] = await server.db.query<{ id: number }>('SELECT id FROM customers WHERE email = $1', [DEMO_CUSTOMER.email]);
    const now = Math.floor(server.clock.now.getTime() / 1000);
    const old = await new SignJWT({ guest: false, ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(row?.id))
      .setIssuedAt(now - 60)
      .setExpirationTime(now + 3600)
      .sign(server.services.jwtSecret);
    expect((await call('GET', `customer${q(old)}`)).status).toBe(200);
    expect((await call('POST', `auth/logout${q(old)}`)).status).toBe(200);
    expect((await call('GET', `customer${q(old)}`)).status).toBe(401);

    expect((await call('POST', 'auth/logout')).json.error).toBe('AUTH_TOKEN_INVALID');
    const forged = await new SignJWT({ guest: false, ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(row?.id)).setJti('x').setExpirationTime(now + 3600).sign(new TextEncoder().encode('another secret, another secret!!'));
    expect((await call('POST', `auth/logout${q(forged)}`)).status).toBe(401);
  });

  it('keeps an ended token only until it would have expired anyway', async () => {
    const first = await loginToken(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect((await call('POST', `auth/logout${q(first)}`)).status).toBe(200);
    const saved = server.clock.now;
    try {
      // two hours later the first token has expired by itself: the next logout drops its row
      server.clock.now = new Date(saved.getTime() + 2 * 3600_000 + 1_000);
      const later = await loginToken(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      expect((await call('POST', `auth/logout${q(later)}`)).status).toBe(200);
      const rows = await server.db.query<{ expires_at: Date }>('SELECT expires_at FROM ended_tokens');
      expect(rows).toHaveLength(1);
      expect(new Date(rows[0]!.expires_at).getTime()).toBeGreaterThan(server.clock.now.getTime());
    } finally {
      server.clock.now = saved;
    }
  });
});

describe('password hashing (scrypt at OWASP\'s cost)', () => {
  it('the default cost is OWASP\'s: N = 2^17, r = 8, p = 1; only the test-only variable lowers it', () => {
    expect(PASSWORD_COST).toEqual({ N: 131_072, r: 8, p: 1 });
    expect(passwordCost({})).toEqual(PASSWORD_COST);
    expect(passwordCost({ [TEST_COST_VARIABLE]: '' })).toEqual(PASSWORD_COST);
    // the test harness (tests/server/global-setup.ts) lowers it for the run
    expect(process.env[TEST_COST_VARIABLE]).toBe('14');
    expect(passwordCost()).toEqual({ N: 16_384, r: 8, p: 1 });
    for (const bad of ['9', '18', 'low', '14.5']) {
      expect(() => passwordCost({ [TEST_COST_VARIABLE]: bad }), bad).toThrow(TEST_COST_VARIABLE);
      expect(() => parseEnv({ [TEST_COST_VARIABLE]: bad }), bad).toThrow(EnvError);
    }
  });

  it('a hash of OWASP\'s cost is made and checked with enough memory (128 MiB; Node\'s default limit is 32 MiB)', async () => {
    const stored = await hashPasswordDigest(md5('a long passphrase'), PASSWORD_COST);
    expect(stored.cost).toEqual(PASSWORD_COST);
    expect(await verifyPasswordDigest(md5('a long passphrase'), stored)).toBe(true);
    expect(await verifyPasswordDigest(md5('another one'), stored)).toBe(false);
  });

  it('a customer stored at the old cost logs in; afterwards the stored hash has today\'s cost and still verifies', async () => {
    const email = 'legacy@museum.example';
    const password = 'old but gold 7';
    // as a row stored before issue 44: N = 2^14, no cost beside it
    const legacy = await hashPasswordDigest(md5(password), LEGACY_PASSWORD_COST);
    const now = server.clock.now.toISOString();
    await server.db.query(
      `INSERT INTO customers (email, password_hash, password_salt, password_params, fname, lname, created_at, updated_at) VALUES ($1, $2, $3, NULL, 'Lea', 'Gacy', $4, $4)`,
      [email, legacy.hash, legacy.salt, now],
    );
    const read = async () => (await server.db.query<{ password_hash: string; password_salt: string; password_params: unknown }>('SELECT password_hash, password_salt, password_params FROM customers WHERE email = $1', [email]))[0]!;

    const saved = process.env[TEST_COST_VARIABLE];
    delete process.env[TEST_COST_VARIABLE];
    try {
      // a wrong password changes nothing
      expect((await call('POST', 'auth/login', { _u: email, _p: md5('wrong') })).status).toBe(422);
      expect((await read()).password_hash).toBe(legacy.hash);

      const started = performance.now();
      const token = await loginToken(email, password);
      const ms = performance.now() - started;
      expect((await call('GET', `customer${q(token)}`)).status).toBe(200);
      const after = await read();
      expect(after.password_params).toEqual({ N: 131_072, r: 8, p: 1 });
      expect(after.password_hash).not.toBe(legacy.hash);
      expect(after.password_salt).not.toBe(legacy.salt);
      expect(await verifyPasswordDigest(md5(password), storedPasswordOf(after))).toBe(true);
      // the next login checks the new hash and leaves it as it is
      await loginToken(email, password);
      expect((await read()).password_hash).toBe(after.password_hash);
      console.info(`login with a rehash from 2^14 to 2^17: ${Math.round(ms)} ms`);
    } finally {
      if (saved === undefined) delete process.env[TEST_COST_VARIABLE];
      else process.env[TEST_COST_VARIABLE] = saved;
    }
  });

  it('registration and a password change store the cost beside the hash', async () => {
    const c = { email: 'cost@museum.example', password: 'correct horse 42', salutation: 'mr', fname: 'Max', lname: 'Tester', street: 'Bahnhofstrasse 1', zip: '8001', city: 'Zürich', country: 'CH' };
    const registered = await call('POST', 'customer/register', { c });
    expect(registered.status, JSON.stringify(registered.json)).toBe(200);
    const token = (registered.json.data as { jwt: string }).jwt;
    const params = async () => (await server.db.query<{ password_params: unknown }>('SELECT password_params FROM customers WHERE email = $1', [c.email]))[0]?.password_params;
    expect(await params()).toEqual(passwordCost());
    expect((await call('POST', `customer/pwdchange${q(token)}`, { _po: md5(c.password), _pn: md5('battery staple 43') })).status).toBe(200);
    expect(await params()).toEqual(passwordCost());
  });
});
