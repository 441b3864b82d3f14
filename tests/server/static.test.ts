import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.mjs';
import { acceptedEncodings, createStaticHandler, safePath, type StaticHandlerOptions } from '../../src/server/static.js';

/** The static handler alone as a Node server's listener. */
const listener = (options: StaticHandlerOptions) => getRequestListener(new Hono().all('*', createStaticHandler(options)).fetch);

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let tmp: string;
let base: { host: string; port: number };
let server: http.Server;

const script = `export const greeting = ${JSON.stringify('Willkommen im Museum. '.repeat(100))};\n`;

/** Raw request: the path goes on the wire exactly as written (fetch would normalise `..`). */
function get(rawPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ ...base, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-static-'));
  const root = path.join(tmp, 'public');
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(root, 'static'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html>\n<html lang="de"><head><script type="module" src="/assets/main-ABC123.js"></script></head><body><noscript>${'Dieser Shop braucht JavaScript. '.repeat(10)}</noscript><div id="root"></div></body></html>\n`,
  );
  fs.writeFileSync(path.join(root, 'assets', 'main-ABC123.js'), script);
  fs.writeFileSync(path.join(root, 'assets', 'main-ABC123.css'), 'body{color:#123456}'.repeat(40));
  fs.writeFileSync(path.join(root, 'assets', 'logo-XYZ.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  fs.writeFileSync(path.join(root, 'static', 'robots.txt'), 'User-agent: *\n');
  // a museum's picture with its smaller formats beside it, and one without
  fs.writeFileSync(path.join(root, 'static', 'banner.jpg'), Buffer.from('jpeg bytes'));
  fs.writeFileSync(path.join(root, 'static', 'banner.jpg.avif'), Buffer.from('avif'));
  fs.writeFileSync(path.join(root, 'static', 'banner.jpg.webp'), Buffer.from('webp!'));
  fs.writeFileSync(path.join(root, 'static', 'plain.png'), Buffer.from('png bytes'));
  // a large file (a video, say), asked for by ranges
  fs.writeFileSync(path.join(root, 'static', 'film.bin'), Buffer.alloc(2 * 1024 * 1024, 7));
  // A file beside the public folder that no request may reach.
  fs.writeFileSync(path.join(tmp, 'secret.txt'), 'TOP-SECRET');
  // what build.mjs does after bundling: the .br/.gz files the server sends in place of each file
  precompress(root);
  server = http.createServer(listener({ root }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = { host: '127.0.0.1', port: (server.address() as AddressInfo).port };
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('hashed assets', () => {
  it('are served with their content type and a one-year immutable cache header', async () => {
    const answer = await get('/assets/main-ABC123.js');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(script);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(script));
  });

  it('come brotli-compressed when the browser accepts br', async () => {
    const answer = await get('/assets/main-ABC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('come gzip-compressed when only gzip is accepted', async () => {
    const answer = await get('/assets/main-ABC123.js', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it('honour q=0 and preference weights', async () => {
    const noBr = await get('/assets/main-ABC123.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
    const none = await get('/assets/main-ABC123.js', { 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(acceptedEncodings('gzip;q=1, br;q=0.5')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });

  it('serve CSS and images with the right types', async () => {
    const css = await get('/assets/main-ABC123.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const png = await get('/assets/logo-XYZ.png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect([...png.body]).toEqual([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  });

  it('answer 304 to a matching If-None-Match, per encoding', async () => {
    const first = await get('/assets/main-ABC123.js', { 'accept-encoding': 'br' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/assets/main-ABC123.js', { 'accept-encoding': 'br', 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const otherEncoding = await get('/assets/main-ABC123.js', { 'accept-encoding': 'gzip', 'if-none-match': etag ?? '' });
    expect(otherEncoding.status).toBe(200);
  });

  it('answer HEAD with the headers and no body', async () => {
    const answer = await get('/assets/main-ABC123.js', {}, 'HEAD');
    expect(answer.status).toBe(200);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(script));
    expect(answer.body.length).toBe(0);
  });

  it('that do not exist answer 404, not the app', async () => {
    const answer = await get('/assets/main-OLDHASH.js');
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).not.toContain('<div id="root">');
    expect((await get('/favicon.ico')).status).toBe(404);
  });
});

describe('pictures', () => {
  const CHROMIUM_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

  it('come as AVIF or WebP when the browser names the format and the file lies beside the picture', async () => {
    const avif = await get('/static/banner.jpg', { accept: CHROMIUM_ACCEPT, 'accept-encoding': 'gzip, br' });
    expect(avif.status).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.body.toString()).toBe('avif');
    expect(avif.headers.vary).toBe('Accept');
    expect(avif.headers['cache-control']).toBe('public, max-age=3600');
    const webp = await get('/static/banner.jpg', { accept: 'image/webp,image/*;q=0.8' });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.body.toString()).toBe('webp!');
    const preferred = await get('/static/banner.jpg', { accept: 'image/avif;q=0.5,image/webp' });
    expect(preferred.body.toString()).toBe('webp!');
  });

  it('come as they are to a browser that does not name a smaller format, or refuses it', async () => {
    for (const accept of ['image/*,*/*;q=0.8', 'image/avif;q=0, image/webp;q=0', '']) {
      const answer = await get('/static/banner.jpg', accept ? { accept } : {});
      expect(answer.headers['content-type']).toBe('image/jpeg');
      expect(answer.body.toString()).toBe('jpeg bytes');
      expect(answer.headers.vary).toBe('Accept');
    }
    const plain = await get('/static/plain.png', { accept: CHROMIUM_ACCEPT });
    expect(plain.headers['content-type']).toBe('image/png');
    expect(plain.headers.vary).toBeUndefined();
  });

  it('answer 304 only to the validator of the format that would be sent', async () => {
    const avif = await get('/static/banner.jpg', { accept: CHROMIUM_ACCEPT });
    const jpeg = await get('/static/banner.jpg');
    expect(avif.headers.etag).not.toBe(jpeg.headers.etag);
    expect((await get('/static/banner.jpg', { accept: CHROMIUM_ACCEPT, 'if-none-match': avif.headers.etag ?? '' })).status).toBe(304);
    expect((await get('/static/banner.jpg', { 'if-none-match': avif.headers.etag ?? '' })).status).toBe(200);
  });
});

describe('large files', () => {
  it('are served whole, and by ranges', async () => {
    const whole = await get('/static/film.bin');
    expect(whole.status).toBe(200);
    expect(whole.body.length).toBe(2 * 1024 * 1024);
    const range = await get('/static/film.bin', { range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect([...range.body]).toEqual(Array(10).fill(7));
  });

  it('a range of a small file is served too', async () => {
    const range = await get('/assets/main-ABC123.js', { range: 'bytes=0-5' });
    expect(range.status).toBe(206);
    expect(range.body.toString()).toBe(script.slice(0, 6));
  });
});

describe('the app shell (index.html)', () => {
  it('answers every app route, revalidated on each visit', async () => {
    for (const route of ['/', '/de', '/de/tickets', '/en/tours/12?date=2026-05-01', '/de/recover/0f3a-guid']) {
      const answer = await get(route);
      expect(answer.status, route).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body.toString()).toContain('<div id="root"><div class="boot boot--loading boot--static" role="status"');
    }
  });

  it('sends an address with a trailing or doubled slash to the page\'s one address (301), its query kept, never to another host', async () => {
    const cases: [string, string][] = [
      ['/en/tickets/', '/en/tickets'],
      ['/en/guided-tours/202/?date=2026-12-05', '/en/guided-tours/202?date=2026-12-05'],
      ['/en//tickets', '/en/tickets'],
      ['//evil.example/', '/evil.example'],
      ['/de/', '/de'],
    ];
    for (const [asked, location] of cases) {
      const answer = await get(asked);
      expect(answer.status, asked).toBe(301);
      expect(answer.headers.location, asked).toBe(location);
    }
    // the root, files and assets are not pages: left as they are
    expect((await get('/')).status).toBe(200);
    expect((await get('/assets/')).status).toBe(404);
  });

  it('carries the language of the route in <html lang>', async () => {
    expect((await get('/fr/tickets')).body.toString()).toContain('<html lang="fr">');
    expect((await get('/da')).body.toString()).toContain('<html lang="da">');
    expect((await get('/xx/unknown')).body.toString()).toContain('<html lang="de">');
  });

  it('paints the app loading screen in the language of the route before any script runs', async () => {
    expect((await get('/fr/tickets')).body.toString()).toContain('<div id="root"><div class="boot boot--loading boot--static" role="status" lang="fr"><span class="spinner__circle" aria-hidden="true"></span><p>Chargement de la boutique…</p></div></div>');
    expect((await get('/en')).body.toString()).toContain('<p>Loading the shop…</p>');
    expect((await get('/xx/unknown')).body.toString()).toContain('<p>Der Shop wird geladen …</p>');
  });

  it('is compressed when accepted', async () => {
    const answer = await get('/de/tickets', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toContain('<div id="root"><div class="boot boot--loading boot--static" role="status"');
  });

  it('refuses other methods', async () => {
    const answer = await get('/de', {}, 'POST');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });
});

describe('path traversal', () => {
  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%5c..%5csecret.txt',
    '/%00/secret.txt',
    '//../secret.txt',
  ])('%s never reveals a file outside the public folder', async (raw) => {
    const answer = await get(raw);
    expect(answer.body.toString()).not.toContain('TOP-SECRET');
    expect([400, 404]).toContain(answer.status);
  });

  it('malformed percent-encoding answers 400', async () => {
    expect((await get('/de/%E0%A4%A')).status).toBe(400);
  });

  it('safePath keeps ordinary paths and rejects dot segments', () => {
    expect(safePath('/de/tickets?x=1')).toBe('/de/tickets');
    expect(safePath('/assets//main.js')).toBe('/assets/main.js');
    expect(safePath('/a/../b')).toBeUndefined();
    expect(safePath('/a/./b')).toBeUndefined();
  });
});

describe('without a build', () => {
  it('answers 503 with a hint instead of crashing', async () => {
    const s = http.createServer(listener({ root: path.join(tmp, 'missing') }));
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    try {
      const port = (s.address() as AddressInfo).port;
      const answer = await fetch(`http://127.0.0.1:${port}/de`);
      expect(answer.status).toBe(503);
      expect(await answer.text()).toContain('npm run build');
    } finally {
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  });
});
