/**
 * The HTTP layer on Hono (issue 15): the request log line (JSON, its fields, the id echoed in
 * X-Request-Id, a proxy's id kept only with TRUST_PROXY), the readable format, the pre-compressed
 * files of the build served in place of their file, and bad LOG_* variables stopping the server.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.mjs';
import { EnvError, parseEnv } from '../../src/server/env.js';
import { createLogger, prettyLine, withoutSecrets } from '../../src/server/log.js';
import { createStaticHandler } from '../../src/server/static.js';
import { startTestServer, type TestServer } from './harness.js';

/** A logger whose lines the test reads. */
function collectingLogger() {
  const lines: string[] = [];
  const logger = createLogger({ format: 'json', destination: { write: (line: string) => lines.push(line) } });
  return { logger, lines, entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('request log', () => {
  let server: TestServer;
  let trusting: TestServer;
  const log = collectingLogger();
  const trustingLog = collectingLogger();

  beforeAll(async () => {
    server = await startTestServer({ logger: log.logger });
    trusting = await startTestServer({ logger: trustingLog.logger, trustProxy: true });
  });
  afterAll(async () => {
    await server.close();
    await trusting.close();
  });

  it('writes one JSON line per request with id, method, path (no query), status and duration; the id is sent back', async () => {
    log.lines.length = 0;
    const ok = await fetch(`${server.apiBase}/de/event/select?_=secret-token`);
    const missing = await fetch(`${server.apiBase}/de/no/such/endpoint`, { method: 'POST', body: '{}' });
    const entries = log.entries().filter((e) => e.msg === 'request');
    expect(entries).toHaveLength(2);
    const [first, second] = entries;
    expect(first).toMatchObject({ level: 'info', method: 'GET', path: '/api/de/event/select', status: 200 });
    expect(second).toMatchObject({ level: 'info', method: 'POST', path: '/api/de/no/such/endpoint', status: 404 });
    expect(typeof first?.ms).toBe('number');
    expect(first?.ms as number).toBeGreaterThanOrEqual(0);
    expect(new Date(String(first?.time)).getTime()).not.toBeNaN();
    expect(first?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.headers.get('x-request-id')).toBe(first?.reqId);
    expect(missing.headers.get('x-request-id')).toBe(second?.reqId);
    expect(first?.reqId).not.toBe(second?.reqId);
    expect(log.lines.join('')).not.toContain('secret-token');
    for (const line of log.lines) expect(line.endsWith('\n') && !line.slice(0, -1).includes('\n')).toBe(true);
  });

  it('logs static answers and provider pages too, each with its id header', async () => {
    log.lines.length = 0;
    const page = await fetch(`${server.url}/provider/de/pay?cartId=x&session=y`);
    expect(page.status).toBe(404);
    const entry = log.entries().find((e) => e.path === '/provider/de/pay');
    expect(entry).toMatchObject({ status: 404, method: 'GET' });
    expect(page.headers.get('x-request-id')).toBe(entry?.reqId);
  });

  it("ignores a client's X-Request-Id unless TRUST_PROXY is set, and then keeps only a sane one", async () => {
    const offered = 'lb-4711.abc_DEF:9';
    const untrusted = await fetch(`${server.apiBase}/de/countries`, { headers: { 'x-request-id': offered } });
    expect(untrusted.headers.get('x-request-id')).not.toBe(offered);

    trustingLog.lines.length = 0;
    const kept = await fetch(`${trusting.apiBase}/de/countries`, { headers: { 'x-request-id': offered } });
    expect(kept.headers.get('x-request-id')).toBe(offered);
    const insane = await fetch(`${trusting.apiBase}/de/countries`, { headers: { 'x-request-id': `evil"} {"forged":true ${'x'.repeat(200)}` } });
    expect(insane.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(trustingLog.entries().map((e) => e.reqId)).toEqual([offered, insane.headers.get('x-request-id')]);
  });

  it('logs an unexpected failure at error with its stack and the request id, and answers 500 in the envelope', async () => {
    log.lines.length = 0;
    const now = server.services.now;
    server.services.now = () => {
      throw new Error('the clock broke');
    };
    try {
      const res = await fetch(`${server.apiBase}/de/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ _u: 'a@b.ch', _p: 'x' }) });
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ error: 'INTERNAL_ERROR', fields: {} });
      const id = res.headers.get('x-request-id');
      const failure = log.entries().find((e) => e.msg === 'unhandled error');
      expect(failure).toMatchObject({ level: 'error', reqId: id, method: 'POST', path: '/api/de/auth/login' });
      expect((failure?.err as { message: string; stack: string }).message).toBe('the clock broke');
      expect((failure?.err as { stack: string }).stack).toContain('Error: the clock broke');
      expect(log.entries().find((e) => e.msg === 'request')).toMatchObject({ level: 'error', reqId: id, status: 500 });
    } finally {
      server.services.now = now;
    }
  });

  it('says nothing at a level above info', async () => {
    const lines: string[] = [];
    const quiet = await startTestServer({ logger: createLogger({ level: 'warn', destination: { write: (l: string) => lines.push(l) } }) });
    try {
      expect((await fetch(`${quiet.apiBase}/de/countries`)).status).toBe(200);
      expect(lines).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});

describe('no secret in a log line (issue 44, item 4)', () => {
  const token = 'eyJhbGciOi.secret-login-token.sig';
  const guid = '3f1c9a2e-secret-recovery-guid';

  it('a recovery page, a token in a failed call, a message: the line keeps the path and hides the secret', async () => {
    const log = collectingLogger();
    const server = await startTestServer({ logger: log.logger });
    try {
      await fetch(`${server.url}/de/recover/${guid}`);
      await fetch(`${server.url}/de/recover/${guid}/more?x=1`);
      // the page of the link that confirms a new e-mail address has its secret in the path too (issue 44, item 9)
      await fetch(`${server.url}/fr/confirm-email/${guid}`);
      const failed = new Error(`[GET] "http://upstream.example/api/de/customer?_=${token}": <no response> This operation was aborted`);
      Object.assign(failed, { request: `http://upstream.example/api/de/customer?_=${token}`, cause: new Error(`at /de/recover/${guid}`) });
      log.logger.error({ err: failed, path: `/de/orders/ABC?key=${token}` }, 'upstream call failed');
      log.logger.warn(`Mail: recovery link http://shop.example/de/recover/${guid} written`);
      const text = log.lines.join('');
      expect(text).not.toContain(token);
      expect(text).not.toContain(guid);
      const entries = log.entries();
      expect(entries.filter((e) => e.msg === 'request').map((e) => e.path)).toEqual(['/de/recover/…', '/de/recover/…/more', '/fr/confirm-email/…']);
      const error = entries.find((e) => e.msg === 'upstream call failed');
      expect(error?.path).toBe('/de/orders/ABC?…');
      expect(String((error?.err as { message?: string } | undefined)?.message)).toContain('http://upstream.example/api/de/customer?…');
      expect(entries.some((e) => e.msg === 'Mail: recovery link http://shop.example/de/recover/… written')).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('leaves ordinary text alone: a question, a path without a query', () => {
    expect(withoutSecrets('Why? Because.')).toBe('Why? Because.');
    expect(withoutSecrets('/api/de/event/select')).toBe('/api/de/event/select');
  });
});

describe('readable log format', () => {
  it('turns a request line into time, level, method, path, status, duration and id', () => {
    const line = JSON.stringify({ level: 'info', time: '2026-11-24T10:11:12.345Z', reqId: 'abc', method: 'GET', path: '/api/de/event/select', status: 200, ms: 1.25, msg: 'request' });
    expect(prettyLine(line)).toBe('10:11:12.345 INFO  GET /api/de/event/select 200 1.25 ms request [abc]\n');
  });

  it('shows a message with its extra fields and an error with its stack', () => {
    expect(prettyLine(JSON.stringify({ level: 'warn', time: '2026-11-24T10:11:12.345Z', msg: 'Proxy: failed', upstream: 'x' }))).toBe(
      '10:11:12.345 WARN  Proxy: failed {"upstream":"x"}\n',
    );
    const withError = prettyLine(JSON.stringify({ level: 'error', time: '2026-11-24T10:11:12.345Z', msg: 'unhandled error', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at here' } }));
    expect(withError).toBe('10:11:12.345 ERROR unhandled error\nError: boom\n    at here\n');
  });

  it('the pretty logger writes readable lines', () => {
    const lines: string[] = [];
    createLogger({ format: 'pretty', destination: { write: (l: string) => lines.push(l) } }).info('Museum shop on http://localhost:8080/de');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO  Museum shop on http:\/\/localhost:8080\/de\n$/);
  });
});

describe('pre-compressed files of the build', () => {
  let tmp: string;
  let base: string;
  let server: http.Server;
  const script = `export const words = ${JSON.stringify('Ausstellung und Führung. '.repeat(200))};\n`;

  function get(p: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      http
        .get(`${base}${p}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  }

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-precompressed-'));
    fs.mkdirSync(path.join(tmp, 'assets'));
    fs.writeFileSync(path.join(tmp, 'index.html'), `<!doctype html><html lang="de"><body>${'<p>Museum</p>'.repeat(50)}<div id="root"></div></body></html>`);
    fs.writeFileSync(path.join(tmp, 'assets', 'app-H4SH.js'), script);
    fs.writeFileSync(path.join(tmp, 'assets', 'tiny-H4SH.js'), 'export {};\n');
    fs.writeFileSync(path.join(tmp, 'assets', 'logo-H4SH.png'), Buffer.alloc(2000, 7));
    const result = precompress(tmp);
    expect(result).toEqual({ files: 1, written: 2 });
    server = http.createServer(getRequestListener(new Hono().all('*', createStaticHandler({ root: tmp })).fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('the build writes .br and .gz beside compressible files only, never for index.html, small or binary files', () => {
    expect(fs.existsSync(path.join(tmp, 'assets', 'app-H4SH.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(tmp, 'assets', 'app-H4SH.js.gz'))).toBe(true);
    for (const f of ['index.html', 'assets/tiny-H4SH.js', 'assets/logo-H4SH.png']) {
      expect(fs.existsSync(path.join(tmp, `${f}.br`)), f).toBe(false);
      expect(fs.existsSync(path.join(tmp, `${f}.gz`)), f).toBe(false);
    }
  });

  it.each([
    ['br', 'gzip, deflate, br, zstd', '.br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip', 'gzip', '.gz', (b: Buffer) => gunzipSync(b)],
  ] as const)('sends the %s file with Content-Encoding and Vary', async (encoding, accept, suffix, decode) => {
    const answer = await get('/assets/app-H4SH.js', { 'accept-encoding': accept });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // exactly the file the build wrote: nothing is compressed per request
    expect(answer.body.equals(fs.readFileSync(path.join(tmp, 'assets', `app-H4SH.js${suffix}`)))).toBe(true);
    expect(decode(answer.body).toString()).toBe(script);
  });

  it('sends the file itself to a client that accepts neither, still with Vary', async () => {
    const answer = await get('/assets/app-H4SH.js');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.body.toString()).toBe(script);
  });

  it('gives each representation its own ETag and answers 304 only to its own', async () => {
    const br = await get('/assets/app-H4SH.js', { 'accept-encoding': 'br' });
    const plain = await get('/assets/app-H4SH.js');
    expect(br.headers.etag).toMatch(/^".+-br"$/);
    expect(plain.headers.etag).not.toBe(br.headers.etag);
    const again = await get('/assets/app-H4SH.js', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.vary).toBe('Accept-Encoding');
    expect((await get('/assets/app-H4SH.js', { 'if-none-match': br.headers.etag ?? '' })).status).toBe(200);
  });

  it('never serves the .br or .gz file by its own name', async () => {
    expect((await get('/assets/app-H4SH.js.br')).status).toBe(404);
    expect((await get('/assets/app-H4SH.js.gz')).status).toBe(404);
  });
});

describe('LOG_LEVEL and LOG_FORMAT', () => {
  it('are read and checked', () => {
    expect(parseEnv({ LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty' })).toMatchObject({ logLevel: 'debug', logFormat: 'pretty' });
    expect(parseEnv({ LOG_LEVEL: 'SILENT', LOG_FORMAT: 'JSON' })).toMatchObject({ logLevel: 'silent', logFormat: 'json' });
    expect(parseEnv({})).toMatchObject({ logLevel: undefined, logFormat: undefined });
    expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'loud'/);
    expect(() => parseEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be json or pretty, got 'xml'/);
    try {
      parseEnv({ LOG_LEVEL: 'loud', LOG_FORMAT: 'xml' });
    } catch (error) {
      expect((error as EnvError).problems).toHaveLength(2);
    }
  });

  it('a bad value stops the server, naming the variable', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..', '..'),
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'xml', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'shop-logenv-')) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain("LOG_FORMAT must be json or pretty, got 'xml'");
    expect(output).not.toContain('Museum shop on');
  });
});
