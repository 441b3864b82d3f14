/**
 * What the shop's Hono apps share (app.ts: the shop, proxy.ts: SHOP_API_URL mode): the context
 * type, the API's JSON answers and error envelope, and the Node server around an app.
 */
import { createServer, type Server } from 'node:http';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import { HttpError } from './api/http-error.js';
import { RateLimitedError } from './edge.js';

/** Hono's context of every shop request: the Node request/response, and the request id (log.ts). */
export type ShopEnv = { Bindings: HttpBindings; Variables: { requestId: string } };

/** A JSON answer of the API: never stored by a cache. */
export function jsonAnswer(status: number, payload: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(payload), {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** The error envelope `{error, message, fields, data?}` with the error's status (and Retry-After on 429). */
export function errorAnswer(error: HttpError): Response {
  return jsonAnswer(
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

export const internalError = () => errorAnswer(new HttpError(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'));

/** A Node HTTP server (not yet listening) that answers with `app`. */
export function nodeServer(app: Hono<ShopEnv>): Server {
  return createServer(getRequestListener(app.fetch));
}
