import http from 'node:http';
/**
 * Issue 15 at the HTTP edge of the reference server: tokens (tampered, alg none, expired, issued
 * before a password change), the rate limits of login, password reset and voucher lookup (429 with
 * Retry-After), and the security headers of every answer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { md5 } from 'js-md5';
import { startTestServer, type TestServer } from './harness.js';
import { createShopApi, isApiError, type ApiError, type ShopApi } from '../../src/api/index.js';
import { DEFAULT_RATE_LIMITS } from '../../src/server/edge.js';
import { catalogueBook, returnUrls } from './checkout-helpers.js';

let server: TestServer;
let api: ShopApi;
const DEMO = { email: 'demo@museum.example', password: 'Museum2026!' };

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

interface Answer {
  status: number;
  headers: Headers;
  json: { data?: unknown; error?: string; message?: string; fields?: unknown };
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${server.apiBase}/de/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Answer['json'] };
}

const login = (email: string, password: string, headers: Record<string, string> = {}) => call('POST', 'auth/login', { _u: email, _p: md5(password) }, headers);

/** Every test starts in a fresh rate-limit window (the counters are per minute). */
function nextWindow(): void {
  const windowMs = DEFAULT_RATE_LIMITS.windowMs;
  server.clock.now = new Date((Math.floor(server.clock.now.getTime() / windowMs) + 1) * windowMs + 1_000);
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
  server = await startTestServer();
  api = createShopApi({ baseURL: server.apiBase, lang: () => 'de' });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => nextWindow());

describe('tokens', () => {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('a tampered signature, alg none, another secret, another algorithm and an expired token answer 401 AUTH_TOKEN_INVALID', async () => {
    const { jwt } = await api.login(DEMO.email, DEMO.password);
    await expect(api.getCustomer(jwt)).resolves.toMatchObject({ email: DEMO.email });
    const [header, payload, signature = ''] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { sub: string; exp: number };
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const someoneElse = b64({ ...claims, sub: String(Number(claims.sub) + 1) });
    const now = Math.floor(server.clock.now.getTime() / 1000);
    const tokens: Record<string, string> = {
      'tampered signature': `${header}.${payload}.${flipped}`,
      'payload of another customer under the old signature': `${header}.${someoneElse}.${signature}`,
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, ver: 0 })}.`,
      'another secret': await new SignJWT({ guest: false, ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(new TextEncoder().encode('another-secret-another-secret-another!')),
      'HS512 with the right secret': await new SignJWT({ guest: false, ver: 0 })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(claims.sub)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(server.services.jwtSecret),
      'not a token': 'abc',
    };
    for (const [name, token] of Object.entries(tokens)) {
      const answer = await call('GET', `customer?_=${encodeURIComponent(token)}`);
      expect({ name, status: answer.status, error: answer.json.error }).toEqual({ name, status: 401, error: 'AUTH_TOKEN_INVALID' });
    }
    // the same token, once its two hours are over
    const start = server.clock.now;
    server.clock.now = new Date(claims.exp * 1000 + 1_000);
    try {
      const expired = await failure(api.getCustomer(jwt));
      expect([expired.status, expired.code]).toEqual([401, 'AUTH_TOKEN_INVALID']);
    } finally {
      server.clock.now = start;
    }
    await expect(api.getCustomer(jwt)).resolves.toMatchObject({ email: DEMO.email });
  });

  it('a password change ends every token issued before it; the visitor who changed it gets a fresh one', async () => {
    const email = 'sessions@museum.example';
    await api.register(customer(email));
    const phone = (await api.login(email, 'correct horse 42')).jwt;
    const laptop = (await api.login(email, 'correct horse 42')).jwt;
    const { jwt: fresh } = await api.changePassword(laptop, 'correct horse 42', 'new horse 43');
    for (const old of [phone, laptop]) {
      const answer = await call('GET', `customer?_=${old}`);
      expect([answer.status, answer.json.error]).toEqual([401, 'AUTH_TOKEN_INVALID']);
      // every authenticated call checks it, not only GET customer
      expect((await call('POST', `customer/update?_=${old}`, { c: {} })).status).toBe(401);
    }
    await expect(api.getCustomer(fresh)).resolves.toMatchObject({ email });
    // logging in again gives a token of the new version
    const again = (await api.login(email, 'new horse 43')).jwt;
    await expect(api.getCustomer(again)).resolves.toMatchObject({ email });
  });

  it('a password reset through the recovery link ends the earlier tokens too', async () => {
    const email = 'recover@museum.example';
    await api.register(customer(email));
    const before = (await api.login(email, 'correct horse 42')).jwt;
    await api.requestPasswordReset(email, '');
    const mailed = (await server.mailsTo(email)).at(-1)?.text ?? '';
    const token = /\/recover\/([0-9a-f-]+)/.exec(mailed)?.[1] ?? '';
    const { jwt: after } = await api.confirmPasswordReset(token, 'reset horse 44');
    expect((await call('GET', `customer?_=${before}`)).status).toBe(401);
    await expect(api.getCustomer(after)).resolves.toMatchObject({ email });
  });
});

describe('allowed hosts (issue 44, item 3)', () => {
  /** A request with its own Host header (node:http: fetch does not let a caller set Host). */
  const withHost = (host: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const target = new URL(server.url);
      const req = http.request({ host: target.hostname, port: target.port, path, headers: { ...headers, host } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('answers 400 and no page for a host that is not the shop\'s: no link to it is ever written', async () => {
    for (const path of ['/en/tickets/101', '/api/de/shopinfo/config?shop=16', '/sitemap.xml']) {
      const forged = await withHost('attacker.example', path);
      expect([path, forged.status]).toEqual([path, 400]);
      expect(forged.body).not.toContain('attacker.example');
    }
    // a forwarded host counts only behind a trusted proxy, and then it must be allowed too
    expect((await withHost('127.0.0.1', '/api/de/shopinfo/config?shop=16', { 'x-forwarded-host': 'attacker.example' })).status).toBe(200);
    server.services.trustProxy = true;
    try {
      expect((await withHost('127.0.0.1', '/api/de/shopinfo/config?shop=16', { 'x-forwarded-host': 'attacker.example' })).status).toBe(400);
    } finally {
      server.services.trustProxy = false;
    }
  });

  it('answers for localhost, 127.0.0.1 and [::1] by default, for ALLOWED_HOSTS and PUBLIC_URL\'s host, any port', async () => {
    for (const host of ['localhost:8080', '127.0.0.1', '[::1]:8080', 'LOCALHOST']) expect([host, (await withHost(host, '/api/de/shopinfo/config?shop=16')).status]).toEqual([host, 200]);
    server.services.allowedHosts = ['shop.museum.example'];
    server.services.publicUrl = 'https://tickets.museum.example';
    try {
      expect((await withHost('shop.museum.example', '/api/de/shopinfo/config?shop=16')).status).toBe(200);
      expect((await withHost('tickets.museum.example:443', '/api/de/shopinfo/config?shop=16')).status).toBe(200);
      expect((await withHost('localhost', '/api/de/shopinfo/config?shop=16')).status).toBe(400);
      server.services.allowedHosts = ['*'];
      expect((await withHost('anything.example', '/api/de/shopinfo/config?shop=16')).status).toBe(200);
    } finally {
      server.services.allowedHosts = undefined;
      server.services.publicUrl = undefined;
    }
  });
});

describe('rate limits (per minute; docs/reliability.md)', () => {
  const limits = DEFAULT_RATE_LIMITS;

  function expectLimited(answer: Answer): void {
    expect(answer.status).toBe(429);
    expect(answer.json).toMatchObject({ error: 'TOO_MANY_REQUESTS', fields: {}, data: { retryAfter: expect.any(Number) } });
    expect(typeof answer.json.message).toBe('string');
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((answer.json as { data: { retryAfter: number } }).data.retryAfter).toBe(retryAfter);
  }

  it(`login: ${limits.login.perIpKey} wrong passwords for one account from one address, then 429 with Retry-After there, even with the right password; the next minute it works`, async () => {
    for (let i = 0; i < (limits.login.perIpKey ?? 0); i++) expect((await login(DEMO.email, `wrong ${i}`)).status).toBe(422);
    expectLimited(await login(DEMO.email, 'wrong again'));
    expectLimited(await login(DEMO.email, DEMO.password));
    // another account from the same address is not blocked by this one
    expect((await login('nobody@museum.example', 'x')).status).toBe(422);
    nextWindow();
    expect((await login(DEMO.email, DEMO.password)).status).toBe(200);
  });

  it('login: strangers cannot lock the owner out (issue 44, item 5): wrong passwords from one address leave the owner\'s login from another working', async () => {
    server.services.trustProxy = true;
    try {
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      for (let i = 0; i < 12; i++) expect((await login(DEMO.email, `wrong ${i}`, from('10.6.6.6'))).status).toBe(i < (limits.login.perIpKey ?? 0) ? 422 : 429);
      expect((await login(DEMO.email, DEMO.password, from('10.6.6.6'))).status).toBe(429);
      expect((await login(DEMO.email, DEMO.password, from('10.1.2.3'))).status).toBe(200);
    } finally {
      server.services.trustProxy = false;
    }
  });

  it(`login: past ${limits.login.perKey} refused logins of one account from many addresses it is slowed, not locked: the owner still logs in`, async () => {
    server.services.trustProxy = true;
    try {
      for (let i = 0; i < limits.login.perKey; i++) expect((await login(DEMO.email, `wrong ${i}`, { 'x-forwarded-for': `10.7.${i >> 8}.${i & 255}` })).status).toBe(422);
      const started = performance.now();
      expect((await login(DEMO.email, DEMO.password, { 'x-forwarded-for': '10.1.2.4' })).status).toBe(200);
      expect(performance.now() - started, 'the owner waited, and got in').toBeGreaterThanOrEqual((limits.login.slowPerKey ?? 0) - 50);
      // the next minute the account is not slowed any more
      nextWindow();
      const again = performance.now();
      expect((await login(DEMO.email, DEMO.password, { 'x-forwarded-for': '10.1.2.5' })).status).toBe(200);
      expect(performance.now() - again).toBeLessThan(limits.login.slowPerKey ?? 0);
    } finally {
      server.services.trustProxy = false;
    }
  });

  it(`login: ${limits.login.perIp} refused logins from one address (any accounts), then 429; successful logins do not count`, async () => {
    for (let i = 0; i < 3 * limits.login.perKey; i++) expect((await login(DEMO.email, DEMO.password)).status).toBe(200);
    for (let i = 0; i < limits.login.perIp; i++) expect((await login(`guess${i}@museum.example`, 'x')).status).toBe(422);
    expectLimited(await login('guess-more@museum.example', 'x'));
    nextWindow();
    expect((await login('guess-more@museum.example', 'x')).status).toBe(422);
  });

  it(`password reset: ${limits.passwordReset.perKey} requests per e-mail address, ${limits.passwordReset.perIp} per client address`, async () => {
    const logged = async () => (await server.mailsTo(DEMO.email)).filter((m) => m.subject === 'Neues Passwort für Ihr Konto im Museumsshop').length;
    const before = await logged();
    for (let i = 0; i < limits.passwordReset.perKey; i++) expect((await call('POST', 'customer/pwdreset', { email: DEMO.email, backlink: '' })).status).toBe(200);
    expectLimited(await call('POST', 'customer/pwdreset', { email: DEMO.email, backlink: '' }));
    // the refused request mailed nothing
    expect((await logged()) - before).toBe(limits.passwordReset.perKey);
    for (let i = limits.passwordReset.perKey; i < limits.passwordReset.perIp; i++) {
      expect((await call('POST', 'customer/pwdreset', { email: `other${i}@museum.example`, backlink: '' })).status).toBe(200);
    }
    expectLimited(await call('POST', 'customer/pwdreset', { email: 'yet-another@museum.example', backlink: '' }));
  });

  it(`voucher codes: ${limits.voucherLookup.perIp} unknown codes from one address, then 429; a real code never counts`, async () => {
    for (let i = 0; i < 3 * limits.voucherLookup.perKey; i++) expect((await call('GET', 'voucher?voucher=DEMO-VALID-50')).status).toBe(200);
    for (let i = 0; i < limits.voucherLookup.perIp; i++) {
      const answer = await call('GET', `voucher?voucher=GUESS-${i}`);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expectLimited(await call('GET', 'voucher?voucher=GUESS-NEXT'));
  });

  it(`voucher codes: ${limits.voucherLookup.perKey} refused lookups of one code (from any address), then 429`, async () => {
    for (let i = 0; i < limits.voucherLookup.perKey; i++) expect((await call('GET', 'voucher?voucher=DEMO-USED-UP')).status).not.toBe(429);
    expectLimited(await call('GET', 'voucher?voucher=demo-used-up'));
  });

  it(`voucher codes: a payment resolves codes too, so lookups and payments with codes share the ${limits.voucherLookup.perIp} guesses of an address (issue 44, item 1)`, async () => {
    const pay = (barcode: string | null) =>
      call('POST', 'checkout/initPayment', {
        payart: 161,
        cart: { ver: 1, items: [catalogueBook(), ...(barcode ? [{ type: 'voucherCode', barcode }] : [])] },
        url: returnUrls(server),
      });
    const half = Math.floor(limits.voucherLookup.perIp / 2);
    for (let i = 0; i < half; i++) expect((await call('GET', `voucher?voucher=GUESS-L${i}`)).status).toBe(422);
    for (let i = half; i < limits.voucherLookup.perIp; i++) {
      const answer = await pay(`GUESS-P${i}`);
      expect(answer.status).toBe(422);
    }
    expectLimited(await pay('GUESS-P-NEXT'));
    expectLimited(await call('GET', 'voucher?voucher=GUESS-L-NEXT'));
    // a payment without a code is no guess: it goes on
    expect((await pay(null)).status).toBe(200);
    nextWindow();
    expect((await pay('GUESS-P-AGAIN')).status).toBe(422);
  });

  it('counts forwarded addresses only with TRUST_PROXY: a client cannot dodge the limit with X-Forwarded-For', async () => {
    for (let i = 0; i < limits.login.perIp; i++) {
      expect((await login(`spoof${i}@museum.example`, 'x', { 'x-forwarded-for': `10.0.0.${i}` })).status).toBe(422);
    }
    expectLimited(await login('spoof-more@museum.example', 'x', { 'x-forwarded-for': '10.9.9.9' }));
  });
});

describe('security headers', () => {
  const expectHeaders = (headers: Headers) => {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|; )frame-ancestors 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-eval');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // issue 44, item 9
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // every feature docs/reliability.md names, each allowed to nobody (`feature=()`)
    const permissions = (headers.get('permissions-policy') ?? '').split(',').map((directive) => directive.trim());
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions).toContain(`${feature}=()`);
    // the test server has no https PUBLIC_URL: no HSTS, which would lock browsers out of plain http
    expect(headers.get('strict-transport-security')).toBeNull();
  };

  it('HSTS only where PUBLIC_URL is https, on every kind of answer', async () => {
    const https = await startTestServer({ publicUrl: 'https://shop.museum.example' });
    try {
      for (const url of [`${https.apiBase}/de/shopinfo/config?shop=16`, `${https.apiBase}/de/no/such/endpoint`, `${https.url}/de/tickets`]) {
        const res = await fetch(url);
        expect([url, res.headers.get('strict-transport-security')]).toEqual([url, 'max-age=31536000; includeSubDomains']);
        expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      }
    } finally {
      await https.close();
    }
  });

  it('on API answers: success, 4xx and 429', async () => {
    expectHeaders((await call('GET', 'shopinfo/config?shop=16')).headers);
    expectHeaders((await call('GET', 'no/such/endpoint')).headers);
    expectHeaders((await call('POST', 'auth/login', 'not an object')).headers);
    for (let i = 0; i < DEFAULT_RATE_LIMITS.login.perKey; i++) await login('headers@museum.example', 'x');
    const limited = await login('headers@museum.example', 'x');
    expect(limited.status).toBe(429);
    expectHeaders(limited.headers);
  });

  it('on anything else (here without a built app: the plain 404)', async () => {
    const res = await fetch(`${server.url}/de/tickets`);
    expectHeaders(res.headers);
  });

  it('the payment provider page keeps its own stricter policy (no framing at all)', async () => {
    const res = await fetch(`${server.url}/provider/de/pay?cartId=NOTHERE&session=x`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
