/**
 * The reference shop server as a request handler: `/api/{lang}/…` is the shop API of spec §7,
 * `/provider/…` the simulated payment provider, everything else the built app (static.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Db } from './db/index.js';
import type { ServerServices } from './services.js';
import { createApiRouter } from './api/index.js';
import { HttpError } from './api/http-error.js';
import { isLanguage } from '../api/languages.js';
import { CACHEABLE_PATTERNS, CatalogCache, encodedBody, etagMatches, serialise, type SerialisedAnswer } from './catalog-cache.js';
import { acceptedEncodings } from './static.js';
import { clientIp, countAttempt, DEFAULT_RATE_LIMITS, limitedCall, RateLimitedError, setSecurityHeaders } from './edge.js';

export interface ShopServerOptions {
  db: Db;
  services: ServerServices;
  /** Serves anything that is neither API nor provider (the built app); 404 when absent. */
  staticHandler?: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
  /** The simulated payment provider's pages (`/provider/…`). */
  providerHandler?: (req: IncomingMessage, res: ServerResponse, ctx: { db: Db; services: ServerServices }) => void | Promise<void>;
  /**
   * Keep catalog answers in memory (catalog-cache.ts). Only safe when this process is the only
   * writer of the database (PGlite); main.ts turns it on there. ETag/304 works either way.
   */
  catalogCache?: CatalogCache | undefined;
}

const MAX_BODY = 1_000_000;

export function sendJson(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(payload);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

export function sendError(res: ServerResponse, error: HttpError): void {
  sendJson(
    res,
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

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY) throw new HttpError(413, 'BODY_TOO_LARGE', 'The request body is too large.');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const header = (req: IncomingMessage, name: string) => (req.headers[name] as string | undefined)?.split(',')[0]?.trim() || undefined;

/**
 * The origin of the links the server hands out: PUBLIC_URL when configured; else the request's
 * host, and the X-Forwarded-Proto/-Host of a reverse proxy only when TRUST_PROXY says one is in
 * front (otherwise anyone could make the shop write a link to their own host).
 */
export function originOf(req: IncomingMessage, services: Pick<ServerServices, 'publicUrl' | 'trustProxy'> = {}): string {
  if (services.publicUrl) return services.publicUrl;
  const proto = (services.trustProxy ? header(req, 'x-forwarded-proto') : undefined) ?? 'http';
  const host = (services.trustProxy ? header(req, 'x-forwarded-host') : undefined) ?? req.headers.host ?? 'localhost';
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}

/** A catalog answer: revalidated by ETag (304 without a body), never stored by shared caches. */
function sendCatalog(req: IncomingMessage, res: ServerResponse, answer: SerialisedAnswer): void {
  const { body, encoding } = encodedBody(answer, acceptedEncodings(req.headers['accept-encoding']));
  // one validator per representation, as static.ts does for files
  const etag = encoding ? `${answer.etag.slice(0, -1)}-${encoding}"` : answer.etag;
  const headers: Record<string, string | number> = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache', etag, vary: 'Accept-Encoding' };
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  if (encoding) headers['content-encoding'] = encoding;
  res.writeHead(200, { ...headers, 'content-length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function createApiHandler(db: Db, services: ServerServices, cache?: CatalogCache) {
  const router = createApiRouter();
  return async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    try {
      const [, , lang = '', ...rest] = url.pathname.split('/');
      if (!isLanguage(lang)) throw new HttpError(404, 'UNKNOWN_LANGUAGE', `Unknown language '${lang}'.`);
      const path = rest.join('/');
      const method = req.method ?? 'GET';
      const found = router.match(method, path);
      if (!('handler' in found)) {
        throw found.methodMismatch
          ? new HttpError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on /${path}.`)
          : new HttpError(404, 'NOT_FOUND', `No endpoint /${path}.`);
      }
      let body: unknown;
      if (method !== 'GET' && method !== 'HEAD') {
        const text = await readBody(req);
        if (text.trim() !== '') {
          try {
            body = JSON.parse(text);
          } catch {
            throw new HttpError(400, 'INVALID_JSON', 'The request body is not valid JSON.');
          }
        }
      }
      const query: Record<string, string> = {};
      url.searchParams.forEach((value, key) => {
        query[key] = value;
      });
      if (method === 'GET' && CACHEABLE_PATTERNS.has(found.pattern)) {
        const compute = () => found.handler({ lang, method, path, params: found.params, query, body, db, services, req, origin: originOf(req, services) });
        const answer = cache
          ? await cache.answer(`${lang}/${path}${url.search}`, services.now().getTime(), compute)
          : serialise({ data: (await compute()) ?? null });
        return sendCatalog(req, res, answer);
      }
      // login, password reset and voucher lookup: counted per address and account/code (edge.ts)
      const limited = limitedCall(method, path, body, query);
      const limits = services.rateLimits ?? DEFAULT_RATE_LIMITS;
      const attempt = limited ? await countAttempt(db, limits, limited, clientIp(req, services.trustProxy), services.now()) : null;
      let data: unknown;
      try {
        data = await found.handler({ lang, method, path, params: found.params, query, body, db, services, req, origin: originOf(req, services) });
      } catch (error) {
        // only the caller's own refusals count; a failure on our side is given back
        if (attempt && !(error instanceof HttpError && error.status < 500)) await attempt.refund();
        throw error;
      }
      if (attempt && limited && limits[limited.rule].counts === 'refused') await attempt.refund();
      sendJson(res, 200, { data: data ?? null });
    } catch (error) {
      if (error instanceof HttpError) return sendError(res, error);
      services.log(`API error on ${req.method} ${url.pathname}: ${(error as Error)?.stack ?? String(error)}`);
      sendError(res, new HttpError(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'));
    }
  };
}

export function createShopServer(options: ShopServerOptions): Server {
  const cache = options.catalogCache;
  const db = cache ? cache.wrapDb(options.db) : options.db;
  const handleApi = createApiHandler(db, options.services, cache);
  return createServer((req, res) => {
    setSecurityHeaders(res, options.services.frameAncestors);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (cache && req.method !== 'GET' && req.method !== 'HEAD') {
      // any write (API or provider page) drops the catalog answers before it starts and after it ends
      cache.invalidate();
      res.once('close', () => cache.invalidate());
    }
    const run = async () => {
      if (url.pathname.startsWith('/api/')) return handleApi(req, res, url);
      if (url.pathname.startsWith('/provider/') && options.providerHandler) {
        return options.providerHandler(req, res, { db, services: options.services });
      }
      if (options.staticHandler) return options.staticHandler(req, res);
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    };
    run().catch((error: unknown) => {
      options.services.log(`Unhandled error on ${req.method} ${url.pathname}: ${String((error as Error)?.stack ?? error)}`);
      if (!res.headersSent) sendError(res, new HttpError(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'));
      else res.end();
    });
  });
}
