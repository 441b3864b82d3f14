/**
 * The reference shop server as one Hono app: `/api/{lang}/…` is the shop API of spec §7 (one Hono
 * route per entry of api/index.ts), `/provider/…` the simulated payment provider, everything else
 * the built app (static.ts). Around them: a request id and one log line per request (log.ts), the
 * security headers (edge.ts), and with a catalog cache its invalidation after every write that succeeded.
 */
import type { Server } from 'node:http';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { isDatabaseUnreachable, UNREACHABLE_RETRY_AFTER_SECONDS, type Db } from './db/index.js';
import type { ServerServices } from './services.js';
import { createApiRouter } from './api/index.js';
import { FileAnswer, type Route } from './api/router.js';
import { HttpError } from './api/http-error.js';
import { isLanguage } from '../api/languages.js';
import { CACHEABLE_PATTERNS, catalogRead, CatalogCache, encodedBody, etagMatches, serialise, type SerialisedAnswer } from './catalog-cache.js';
import { acceptedEncodings, type StaticHandler } from './static.js';
import { allowedHostsOnly, clientIp, countAttempt, DEFAULT_RATE_LIMITS, limitedCalls, securityHeaders } from './edge.js';
import { answer, errorAnswer, internalError, jsonAnswer, nodeServer, rawPathname, type ShopEnv } from './http.js';
import { requestLog, silentLogger, type Logger } from './log.js';
import type { ProviderHandler } from './provider.js';

export interface ShopServerOptions {
  db: Db;
  services: ServerServices;
  /** Answers anything that is neither API nor provider (the built app); 404 when absent. */
  staticHandler?: StaticHandler | undefined;
  /** The simulated payment provider's pages (`/provider/…`). */
  providerHandler?: ProviderHandler | undefined;
  /**
   * Keep catalog answers in memory (catalog-cache.ts). Only safe when this process is the only
   * writer of the database (PGlite); main.ts turns it on there. ETag/304 works either way.
   */
  catalogCache?: CatalogCache | undefined;
  /** Request lines and errors; silent when absent (tests). */
  logger?: Logger | undefined;
}

/** Largest request body the API reads (413 BODY_TOO_LARGE above). */
export const MAX_BODY = 1_000_000;

/**
 * The origin of the links the server hands out: PUBLIC_URL when configured; else the request's
 * host, and the X-Forwarded-Proto/-Host of a reverse proxy only when TRUST_PROXY says one is in
 * front (otherwise anyone could make the shop write a link to their own host).
 */
export function originOf(header: (name: string) => string | undefined, services: Pick<ServerServices, 'publicUrl' | 'trustProxy'> = {}): string {
  if (services.publicUrl) return services.publicUrl;
  const first = (name: string) => header(name)?.split(',')[0]?.trim() || undefined;
  const proto = (services.trustProxy ? first('x-forwarded-proto') : undefined) ?? 'http';
  const host = (services.trustProxy ? first('x-forwarded-host') : undefined) ?? header('host') ?? 'localhost';
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}

/** A catalog answer: revalidated by ETag (304 without a body), never stored by shared caches. */
function catalogAnswer(c: Context<ShopEnv>, kept: SerialisedAnswer): Response {
  const { body, encoding } = encodedBody(kept, acceptedEncodings(c.req.header('accept-encoding')));
  // one validator per representation, as static.ts does for files
  const etag = encoding ? `${kept.etag.slice(0, -1)}-${encoding}"` : kept.etag;
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache', etag, vary: 'Accept-Encoding' };
  if (etagMatches(c.req.header('if-none-match'), etag)) return answer(c, null, 304, headers);
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.length);
  return answer(c, body as Uint8Array<ArrayBuffer>, 200, headers);
}

/** Hono path of a route pattern: `a/:id` → `/api/:lang/a/:id{[^/;]+}`; `:start;:end` becomes one parameter split by `;`. */
function honoPath(pattern: string): string {
  const segments = pattern.split('/').map((segment, i) => {
    if (!segment.startsWith(':')) return segment;
    const parts = segment.split(';').length;
    return `:p${i}{${Array.from({ length: parts }, () => '[^/;]+').join(';')}}`;
  });
  return `/api/:lang/${segments.join('/')}`;
}

/** The path parameters from the request's own (still encoded) segments; a broken escape is the caller's mistake. */
function pathParams(pattern: string, rest: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  pattern.split('/').forEach((segment, i) => {
    if (!segment.startsWith(':')) return;
    const values = (rest[i] ?? '').split(';');
    segment.split(';').forEach((name, j) => {
      const raw = values[j] ?? '';
      try {
        params[name.slice(1)] = decodeURIComponent(raw);
      } catch {
        // '%zz' and other broken escapes (found by tests/server/fuzz.test.ts)
        throw new HttpError(400, 'INVALID_PATH', `The path segment '${raw}' is not valid URL encoding.`);
      }
    });
  });
  return params;
}

/** `/api/{lang}/{rest}` of the request, as sent (percent-encoding kept). */
function apiPath(c: Context<ShopEnv>): { url: URL; lang: string; rest: string[] } {
  const url = new URL(c.req.url);
  const [, , lang = '', ...rest] = url.pathname.split('/');
  return { url, lang, rest };
}

export function createShopApp(options: ShopServerOptions): Hono<ShopEnv> {
  const { services } = options;
  const cache = options.catalogCache;
  const db = cache ? cache.wrapDb(options.db) : options.db;
  const logger = options.logger ?? silentLogger();
  const app = new Hono<ShopEnv>({ strict: false });

  app.use(requestLog(logger, services.trustProxy));
  app.use(securityHeaders(services.frameAncestors, { https: services.publicUrl?.startsWith('https:') === true }));
  // read at every request: the services' settings as they are now
  app.use(allowedHostsOnly(services));
  if (cache) {
    app.use(async (c, next) => {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
      // a write (API or provider page) that succeeded drops the catalog answers once it is done
      // (2xx, or the provider's 303 after a payment); a refused one (4xx: invalid, unknown path,
      // wrong method, too many) drops nothing, or anyone could empty the cache (issue 44). Its
      // transactions drop them anyway if they wrote (catalog-cache.ts wrapDb).
      await next();
      if (c.res.status < 400) cache.invalidate();
    });
  }

  app.onError((error, c) => {
    if (error instanceof HttpError) return errorAnswer(c, error);
    // Hono's own refusals (a malformed form body): their status and text
    if (error instanceof HTTPException) return error.getResponse();
    // PostgreSQL restarting or out of reach: 503 in the envelope, and the visitor tries again (issue 44, item 8)
    if (isDatabaseUnreachable(error)) {
      logger.warn({ err: error, reqId: c.get('requestId'), method: c.req.method, path: rawPathname(c.req.url) }, 'the database is not reachable');
      return jsonAnswer(c, 503, { error: 'SERVICE_UNAVAILABLE', message: 'The shop is not available for a moment. Please try again shortly.', fields: {} }, { 'retry-after': String(UNREACHABLE_RETRY_AFTER_SECONDS) });
    }
    logger.error({ err: error, reqId: c.get('requestId'), method: c.req.method, path: rawPathname(c.req.url) }, 'unhandled error');
    return internalError(c);
  });

  // ---------- the API ----------
  // 405 for a path that exists with another method; the language is checked before anything else
  app.use(
    '/api/*',
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) => {
        const refusal = new HttpError(405, 'METHOD_NOT_ALLOWED', `${c.req.method} is not allowed on /${apiPath(c).rest.join('/')}.`);
        return jsonAnswer(c, 405, { error: refusal.code, message: refusal.message, fields: refusal.fields }, { allow: methods.join(', ') });
      },
    }),
  );
  app.use('/api/*', async (c, next) => {
    const lang = rawPathname(c.req.url).split('/', 3)[2] ?? '';
    if (!isLanguage(lang)) throw new HttpError(404, 'UNKNOWN_LANGUAGE', `Unknown language '${lang}'.`);
    await next();
  });
  const limitBody = bodyLimit({ maxSize: MAX_BODY, onError: (c) => errorAnswer(c, new HttpError(413, 'BODY_TOO_LARGE', 'The request body is too large.')) });
  for (const route of createApiRouter().routes) {
    if (route.method === 'GET') app.get(honoPath(route.pattern), apiHandler(route, db, services, cache));
    else app.post(honoPath(route.pattern), limitBody, apiHandler(route, db, services, cache));
  }
  // answered, not thrown: the 405 check above looks at this 404
  app.all('/api/*', (c) => errorAnswer(c, new HttpError(404, 'NOT_FOUND', `No endpoint /${apiPath(c).rest.join('/')}.`)));

  // ---------- provider pages and the app ----------
  if (options.providerHandler) app.route('/provider', options.providerHandler({ db, services }));
  if (options.staticHandler) app.all('*', options.staticHandler);
  app.notFound(() => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } }));
  return app;
}

function apiHandler(route: Route, db: Db, services: ServerServices, cache: CatalogCache | undefined) {
  return async (c: Context<ShopEnv>): Promise<Response> => {
    const { url, lang, rest } = apiPath(c);
    // the language middleware has refused any other already
    if (!isLanguage(lang)) throw new HttpError(404, 'UNKNOWN_LANGUAGE', `Unknown language '${lang}'.`);
    const path = rest.join('/');
    const params = pathParams(route.pattern, rest);
    let body: unknown;
    let text = '';
    if (route.method === 'POST') {
      text = await c.req.text();
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
    const header = (name: string) => c.req.header(name);
    const context = { lang, method: route.method, path, params, query, body, rawBody: text, header, db, services, origin: originOf(header, services) };
    if (route.method === 'GET' && CACHEABLE_PATTERNS.has(route.pattern)) {
      // keyed by what the route reads, and the handler sees only that (issue 44: `?z=<random>` is the kept answer)
      const read = catalogRead(lang, route.pattern, params, query);
      const compute = () => route.handler({ ...context, query: read.query });
      const kept = cache
        ? await cache.answer(read.key, services.now().getTime(), compute)
        : serialise({ data: (await compute()) ?? null });
      return catalogAnswer(c, kept);
    }
    // login, password reset, voucher lookup, payments and registrations: counted per address and account/code (edge.ts)
    const limits = services.rateLimits ?? DEFAULT_RATE_LIMITS;
    const ip = clientIp(header('x-forwarded-for'), c.env.incoming.socket.remoteAddress, services.trustProxy);
    const attempts: { counts: 'all' | 'refused'; refund(): Promise<void> }[] = [];
    const refundAll = async (which: (counts: 'all' | 'refused') => boolean) => {
      for (const attempt of attempts) if (which(attempt.counts)) await attempt.refund();
    };
    for (const limited of limitedCalls(route.method, path, body, query)) {
      try {
        attempts.push({ counts: limits[limited.rule].counts, ...(await countAttempt(db, limits, limited, ip, services.now())) });
      } catch (error) {
        // refused by one limit: the others do not count this call either
        await refundAll(() => true);
        throw error;
      }
    }
    let data: unknown;
    try {
      data = await route.handler(context);
    } catch (error) {
      // only the caller's own refusals count; a failure on our side is given back
      if (!(error instanceof HttpError && error.status < 500)) await refundAll(() => true);
      throw error;
    }
    await refundAll((counts) => counts === 'refused');
    if (data instanceof FileAnswer) {
      return answer(c, typeof data.body === 'string' ? data.body : new Uint8Array(data.body), 200, {
        'content-type': data.contentType,
        'content-disposition': `attachment; filename="${data.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
        'cache-control': 'private, no-store',
      });
    }
    return jsonAnswer(c, 200, { data: data ?? null });
  };
}

/** The shop as a Node HTTP server (not yet listening). */
export function createShopServer(options: ShopServerOptions): Server {
  return nodeServer(createShopApp(options));
}
