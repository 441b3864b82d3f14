/**
 * The HTTP client's time limit (src/api/http.ts): a request the server never answers fails with
 * TIMEOUT after `timeoutMs` even when the caller passed its own signal (every journey passes its
 * actor's), and the caller's cancel still says ABORTED, which the error policy never hears of.
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
