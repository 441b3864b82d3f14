import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxyShopServer } from '../../src/server/proxy.js';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const listen = async (server: http.Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

let seen: Seen[] = [];
let upstream: http.Server;
let upstreamUrl: string;
let front: http.Server;
let frontUrl: string;
const logs: string[] = [];

beforeAll(async () => {
  // A small stand-in for the museum's back end.
  upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/backend/api/de/checkout/execPayment')) {
        res.writeHead(410, { 'content-type': 'application/json', 'x-upstream': 'yes', 'set-cookie': 'sid=1; HttpOnly' });
        res.end(JSON.stringify({ error: 'CART_GONE', message: 'gone', fields: {} }));
        return;
      }
      if (req.url?.startsWith('/backend/api/de/stream')) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        let n = 0;
        const timer = setInterval(() => {
          res.write(`chunk ${n}\n`);
          if (++n === 5) {
            clearInterval(timer);
            res.end();
          }
        }, 5);
        return;
      }
      if (req.url?.startsWith('/backend/api/de/slow')) return; // never answers
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ data: { method: req.method, url: req.url, body } }));
    });
  });
  upstreamUrl = await listen(upstream);
  front = createProxyShopServer({
    upstream: `${upstreamUrl}/backend/api`,
    staticHandler: async (c) => c.html('<div id="root"></div>'),
    log: (m) => logs.push(m),
  });
  frontUrl = await listen(front);
});

afterAll(async () => {
  await close(front);
  await close(upstream);
});

describe('SHOP_API_URL proxy', () => {
  it('forwards a GET with its path and query to the upstream, which replaces /api', async () => {
    seen = [];
    const res = await fetch(`${frontUrl}/api/de/ticket/calendar/event/7/range/20260501;20260630?deep=1`, {
      headers: { accept: 'application/json', 'accept-language': 'de-CH' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { url: string; method: string } };
    expect(body.data).toMatchObject({ method: 'GET', url: '/backend/api/de/ticket/calendar/event/7/range/20260501;20260630?deep=1' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers['accept-language']).toBe('de-CH');
    expect(seen[0]?.headers.host).toBe(new URL(upstreamUrl).host);
    expect(seen[0]?.headers['x-forwarded-host']).toBe(new URL(frontUrl).host);
    expect(seen[0]?.headers['x-forwarded-for']).toContain('127.0.0.1');
  });

  it("vouches for X-Forwarded-* itself: a client's own are passed on only with TRUST_PROXY (issue 44, item 4)", async () => {
    const forged = { 'x-forwarded-host': 'attacker.example', 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https' };
    seen = [];
    expect((await fetch(`${frontUrl}/api/de/event/select`, { headers: forged })).status).toBe(200);
    expect(seen[0]?.headers['x-forwarded-host']).toBe(new URL(frontUrl).host);
    expect(seen[0]?.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen[0]?.headers['x-forwarded-proto']).toBe('http');
    const trusting = createProxyShopServer({ upstream: `${upstreamUrl}/backend/api`, trustProxy: true, allowedHosts: ['shop.museum.example'] });
    const trustingUrl = await listen(trusting);
    try {
      // behind a trusted proxy the forwarded host must be one of the shop's (ALLOWED_HOSTS, issue 44 item 3)
      seen = [];
      expect((await fetch(`${trustingUrl}/api/de/event/select`, { headers: forged })).status).toBe(400);
      expect(seen).toEqual([]);
      expect((await fetch(`${trustingUrl}/api/de/event/select`, { headers: { ...forged, 'x-forwarded-host': 'shop.museum.example' } })).status).toBe(200);
      expect(seen[0]?.headers['x-forwarded-host']).toBe('shop.museum.example');
      expect(seen[0]?.headers['x-forwarded-for']).toBe('6.6.6.6, 127.0.0.1');
      expect(seen[0]?.headers['x-forwarded-proto']).toBe('https');
    } finally {
      await close(trusting);
    }
  });

  it('forwards a POST body, its content type and the token query unchanged', async () => {
    seen = [];
    const payload = JSON.stringify({ _u: 'demo@museum.example', _p: '0123456789abcdef0123456789abcdef' });
    const res = await fetch(`${frontUrl}/api/en/customer/pwdchange?_=tok.en.value`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(res.status).toBe(200);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/backend/api/en/customer/pwdchange?_=tok.en.value', body: payload });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('passes the upstream status, headers and error body back', async () => {
    const res = await fetch(`${frontUrl}/api/de/checkout/execPayment?us=1&sessionUs=2`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(410);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(res.headers.get('set-cookie')).toBe('sid=1; HttpOnly');
    expect(await res.json()).toEqual({ error: 'CART_GONE', message: 'gone', fields: {} });
  });

  it('streams the answer through', async () => {
    const res = await fetch(`${frontUrl}/api/de/stream`);
    expect(await res.text()).toBe([0, 1, 2, 3, 4].map((n) => `chunk ${n}\n`).join(''));
  });

  it('leaves everything outside /api to the static handler', async () => {
    seen = [];
    const res = await fetch(`${frontUrl}/de/tickets`);
    expect(await res.text()).toBe('<div id="root"></div>');
    const apiLookalike = await fetch(`${frontUrl}/apiary`);
    expect(await apiLookalike.text()).toBe('<div id="root"></div>');
    expect(seen).toHaveLength(0);
  });

  it('answers 502 in the error envelope when the upstream cannot be reached', async () => {
    const gone = http.createServer();
    const goneUrl = await listen(gone);
    await close(gone);
    const server = createProxyShopServer({ upstream: `${goneUrl}/api`, log: (m) => logs.push(m) });
    const url = await listen(server);
    try {
      const res = await fetch(`${url}/api/de/event/select`);
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = (await res.json()) as { error: string; message: string; fields: object };
      expect(body.error).toBe('UPSTREAM_UNAVAILABLE');
      expect(body.message).not.toBe('');
      expect(body.fields).toEqual({});
      expect(logs.some((m) => m.includes('/api/de/event/select'))).toBe(true);
    } finally {
      await close(server);
    }
  });

  it('answers 504 in the error envelope when the upstream does not answer in time', async () => {
    const server = createProxyShopServer({ upstream: `${upstreamUrl}/backend/api`, timeoutMs: 200 });
    const url = await listen(server);
    try {
      const started = Date.now();
      const res = await fetch(`${url}/api/de/slow`);
      expect(res.status).toBe(504);
      expect(((await res.json()) as { error: string }).error).toBe('UPSTREAM_TIMEOUT');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await close(server);
    }
  });
});
