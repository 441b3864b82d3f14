/**
 * The HTTP client's errors (src/api/http.ts). Its time limit: a request the server never answers
 * fails with TIMEOUT after `timeoutMs` even when the caller passed its own signal (every journey
 * passes its actor's), and the caller's cancel still says ABORTED, which the error policy never
 * hears of. Its messages: what the server said, or nothing (the journeys then say their own text
 * of §8), never a code, a status text or the browser's own words a visitor would read in a form.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createHttp, type ApiError } from '../../src/api/http.js';

/** A fetch that never answers: it settles only when its request is aborted, with the abort's reason. */
const silentServer: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    const signal = init?.signal;
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

function client(reported: ApiError[]) {
  return createHttp({ baseURL: 'http://shop.test/api', lang: () => 'en', timeoutMs: 50, fetch: silentServer, onError: (e) => reported.push(e) });
}

describe('a server that never answers', () => {
  it('fails with TIMEOUT after the limit when the caller passed no signal', async () => {
    const reported: ApiError[] = [];
    await expect(client(reported).request('GET', 'events', { schema: v.unknown() })).rejects.toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(reported.map((e) => e.code)).toEqual(['TIMEOUT']);
  });

  it('fails with TIMEOUT after the limit when the caller passed a signal it never aborts', async () => {
    const reported: ApiError[] = [];
    const caller = new AbortController();
    await expect(client(reported).request('GET', 'events', { schema: v.unknown(), signal: caller.signal })).rejects.toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(reported.map((e) => e.code)).toEqual(['TIMEOUT']);
  });

  it('a request the caller cancels is ABORTED and not reported to the error policy', async () => {
    const reported: ApiError[] = [];
    const caller = new AbortController();
    const request = client(reported).request('GET', 'events', { schema: v.unknown(), signal: caller.signal });
    caller.abort();
    await expect(request).rejects.toMatchObject({ status: 0, code: 'ABORTED' });
    expect(reported).toEqual([]);
  });

  it('a signal cancelled before the request starts is ABORTED at once', async () => {
    const reported: ApiError[] = [];
    const caller = new AbortController();
    caller.abort();
    await expect(client(reported).request('GET', 'events', { schema: v.unknown(), signal: caller.signal })).rejects.toMatchObject({ code: 'ABORTED' });
    expect(reported).toEqual([]);
  });
});

describe("an error's message is the server's words only", () => {
  const answering = (response: () => Response): typeof fetch => async () => response();
  const call = (response: () => Response) =>
    createHttp({ baseURL: 'http://shop.test/api', lang: () => 'en', timeoutMs: 1_000, fetch: answering(response) }).request('POST', 'auth/register', { schema: v.unknown(), body: {} });

  it('keeps what the server said, with its code and fields', async () => {
    const said = () => new Response(JSON.stringify({ error: 'VALIDATION', message: 'Bitte prüfen', fields: { email: ['taken'] } }), { status: 422, headers: { 'content-type': 'application/json' } });
    await expect(call(said)).rejects.toMatchObject({ status: 422, code: 'VALIDATION', message: 'Bitte prüfen', fields: { email: ['taken'] } });
  });

  it('is empty, never the code, when the error body says nothing (the shop then says its own text)', async () => {
    const silent = () => new Response(JSON.stringify({ error: 'VALIDATION' }), { status: 422, headers: { 'content-type': 'application/json' } });
    const error = await call(silent).catch((e: ApiError) => e);
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION', message: '' });
    expect(String(error)).toContain('VALIDATION');
  });

  it("is empty, never the status text in the server's language, when the body is no error body", async () => {
    const bare = () => new Response('<h1>Bad Gateway</h1>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } });
    await expect(call(bare)).rejects.toMatchObject({ status: 502, code: 'HTTP_502', message: '' });
  });

  it('is empty when no server answered (not the browser\'s English "Failed to fetch")', async () => {
    const down: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const request = createHttp({ baseURL: 'http://shop.test/api', lang: () => 'en', timeoutMs: 1_000, fetch: down }).request('GET', 'events', { schema: v.unknown() });
    await expect(request).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: '' });
  });

  it('is empty when the answer does not have the shape of its call', async () => {
    const odd = () => new Response(JSON.stringify({ data: 1 }), { status: 200, headers: { 'content-type': 'application/json' } });
    const request = createHttp({ baseURL: 'http://shop.test/api', lang: () => 'en', timeoutMs: 1_000, fetch: answering(odd) }).request('GET', 'events', { schema: v.string() });
    await expect(request).rejects.toMatchObject({ status: 0, code: 'INVALID_RESPONSE', message: '' });
  });
});
