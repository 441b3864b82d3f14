/**
 * What the shop's Hono apps share (app.ts: the shop, proxy.ts: SHOP_API_URL mode): the context
 * type, the API's JSON answers and error envelope, and the Node server around an app.
 */
import { createServer, type Server } from 'node:http';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import type { Context, Hono } from 'hono';
import { HttpError, RateLimitedError } from './api/http-error.js';

/**
 * Hono's context of every shop request: the Node request/response, the request id (log.ts) and
 * the headers every answer carries (request id, security headers: edge.ts), gathered by the
 * middlewares before the handler runs.
 */
export type ShopEnv = { Bindings: HttpBindings; Variables: { requestId: string; edgeHeaders: Record<string, string> } };

const complete = new WeakSet<Response>();

/**
 * An answer built with the request's edge headers in it. The middlewares then leave it as it is:
 * changing a finished answer's headers costs a fifth of a catalog read's throughput. Answers made
 * elsewhere (files, provider pages, an upstream's) get the headers afterwards. The answer's own
 * headers win.
 */
export function answer(c: Context<ShopEnv> | undefined, body: BodyInit | null, status: number, headers: Record<string, string>): Response {
  const edge = c?.get('edgeHeaders');
  const res = new Response(body, { status, headers: edge ? { ...edge, ...headers } : headers });
  if (edge) complete.add(res);
  return res;
}

/** True for an answer made by `answer` with the edge headers already in it. */
export const hasEdgeHeaders = (res: Response): boolean => complete.has(res);

/** A JSON answer of the API: never stored by a cache. */
export function jsonAnswer(c: Context<ShopEnv> | undefined, status: number, payload: unknown, headers: Record<string, string> = {}): Response {
  return answer(c, JSON.stringify(payload), status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
}

/** The error envelope `{error, message, fields, data?}` with the error's status (and Retry-After on 429). */
export function errorAnswer(c: Context<ShopEnv> | undefined, error: HttpError): Response {
  return jsonAnswer(
    c,
    error.status,
    {
      error: error.code,
      message: error.message,
      fields: error.fields,
      ...(error.data === undefined ? {} : { data: error.data }),
    },
    error instanceof RateLimitedError ? { 'retry-after': String(error.retryAfterSeconds) } : {},
  );
}

/** The path of a request URL as sent (percent-encoding kept, no query), without parsing the whole URL. */
export function rawPathname(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const query = url.indexOf('?', start);
  return query === -1 ? url.slice(start) : url.slice(start, query);
}

export const internalError = (c: Context<ShopEnv> | undefined) => errorAnswer(c, new HttpError(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'));

/** A Node HTTP server (not yet listening) that answers with `app`. */
export function nodeServer(app: Hono<ShopEnv>): Server {
  const server = createServer(getRequestListener(app.fetch));
  // An idle kept-alive connection stays open 65 s, longer than a load balancer's usual 60 s: with
  // Node's 5 s a client (a proxy, a test's browser) that sent on a connection at the moment the
  // server closed it got ECONNRESET (seen in CI: the replay's config request, "the shop could not be loaded").
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
