/**
 * With SHOP_API_URL the server runs no API of its own: `/api/…` is forwarded to the upstream
 * (which replaces `/api`) with Hono's proxy helper, request and answer streamed through. An
 * upstream that cannot be reached answers 502 (504 when it sends no answer headers in time) in the
 * API's error envelope. Everything else is the built app (static.ts).
 */
import http, { type Server } from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Hono, type Context } from 'hono';
import { proxy } from 'hono/proxy';
import { allowedHostsOnly, securityHeaders } from './edge.js';
import { internalError, jsonAnswer, nodeServer, rawPathname, type ShopEnv } from './http.js';
import { requestLog, silentLogger, type Logger } from './log.js';
import type { StaticHandler } from './static.js';

export interface ApiProxyOptions {
  /** Base URL that replaces `/api`, e.g. `https://tickets.museum.example/api`. */
  upstream: string;
  /** No answer headers within this time: 504. */
  timeoutMs?: number;
  log?: (message: string) => void;
  /** TRUST_PROXY: a proxy in front of this one; only then are the client's X-Forwarded-* headers passed on. */
  trustProxy?: boolean | undefined;
}

/**
 * Request headers that are not forwarded: hop-by-hop ones (RFC 9110 §7.6.1), the host (the
 * upstream's own is sent), and what fetch sets itself.
 */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'expect',
  'content-length',
]);

/**
 * The request's headers for the upstream, with X-Forwarded-For/-Host/-Proto this process vouches
 * for: the client's own X-Forwarded-* are taken over only when TRUST_PROXY says a proxy in front
 * set them (issue 44, item 4); else they are what this process saw (socket, Host, TLS).
 */
function forwardedHeaders(c: Context<ShopEnv>, trustProxy: boolean): Record<string, string> {
  const all = c.req.header();
  const connectionTokens = new Set((all.connection ?? '').split(',').map((t) => t.trim().toLowerCase()).filter(Boolean));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(all)) {
    if (!NOT_FORWARDED.has(name) && !connectionTokens.has(name)) out[name] = value;
  }
  const incoming = c.env.incoming;
  const theirs = (name: string) => (trustProxy ? all[name] : undefined);
  out['x-forwarded-for'] = [theirs('x-forwarded-for'), incoming.socket.remoteAddress].filter(Boolean).join(', ');
  out['x-forwarded-host'] = theirs('x-forwarded-host') ?? all.host ?? '';
  out['x-forwarded-proto'] = theirs('x-forwarded-proto') ?? ('encrypted' in incoming.socket ? 'https' : 'http');
  out['x-request-id'] = c.get('requestId');
  return out;
}

/**
 * The proxy helper's `fetch`, on node:http with kept-alive connections: the global fetch costs
 * about a millisecond per call here (0.1 ms this way), which a rush would feel.
 */
function nodeFetch(): (request: Request) => Promise<Response> {
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  return (request) =>
    new Promise((resolve, reject) => {
      const url = new URL(request.url);
      const secure = url.protocol === 'https:';
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const outgoing = (secure ? https : http).request(url, { method: request.method, headers, agent: secure ? agents.https : agents.http, signal: request.signal }, (answer) => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) {
          if (Array.isArray(value)) for (const one of value) answerHeaders.append(name, one);
          else if (value !== undefined) answerHeaders.set(name, value);
        }
        const init = { status: answer.statusCode ?? 502, statusText: answer.statusMessage ?? '', headers: answerHeaders };
        if (request.method === 'HEAD' || init.status === 204 || init.status === 304) {
          answer.resume();
          return resolve(new Response(null, init));
        }
        resolve(new Response(Readable.toWeb(answer) as ReadableStream<Uint8Array>, init));
      });
      outgoing.on('error', reject);
      if (request.body) Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>).on('error', reject).pipe(outgoing);
      else outgoing.end();
    });
}

/** The Hono handler of `/api` and `/api/…` in proxy mode. */
export function apiProxy(options: ApiProxyOptions) {
  const base = new URL(options.upstream.replace(/\/+$/, ''));
  const basePath = base.pathname.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const customFetch = nodeFetch();

  return async function proxyApi(c: Context<ShopEnv>): Promise<Response> {
    // `/api/de/event/select?x=1` → `<base>/de/event/select?x=1`
    const url = c.req.url;
    const incoming = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    const rest = incoming.replace(/^\/api(?=\/|\?|$)/, '');
    const target = new URL(base.href);
    const queryAt = rest.indexOf('?');
    target.pathname = `${basePath}${queryAt === -1 ? rest : rest.slice(0, queryAt)}` || '/';
    target.search = queryAt === -1 ? '' : rest.slice(queryAt);

    // the timeout covers the wait for the answer's headers, not a long answer streaming after them;
    // a visitor who goes away stops the upstream call too
    const stop = new AbortController();
    let stopped: 'timeout' | 'gone' | undefined;
    const timer = setTimeout(() => {
      stopped = 'timeout';
      stop.abort();
    }, timeoutMs);
    const response = c.env.outgoing;
    const onClose = () => {
      if (response.writableFinished) return;
      stopped ??= 'gone';
      stop.abort();
    };
    response.once('close', onClose);
    try {
      // the request itself only when it has a body to stream on
      const method = c.req.method;
      const withBody = method !== 'GET' && method !== 'HEAD';
      return await proxy(target, { ...(withBody ? { raw: c.req.raw } : { method }), headers: forwardedHeaders(c, options.trustProxy === true), signal: stop.signal, customFetch });
    } catch (error) {
      if (stopped === 'timeout') {
        options.log?.(`Proxy: ${c.req.method} ${target.href} timed out after ${timeoutMs} ms`);
        return jsonAnswer(c, 504, { error: 'UPSTREAM_TIMEOUT', message: 'The shop back end did not answer in time. Please try again.', fields: {} });
      }
      options.log?.(`Proxy: ${c.req.method} ${target.href} ${stopped === 'gone' ? 'stopped: the visitor went away' : `failed: ${(error as Error).message}`}`);
      return jsonAnswer(c, 502, { error: 'UPSTREAM_UNAVAILABLE', message: 'The shop back end cannot be reached. Please try again later.', fields: {} });
    } finally {
      clearTimeout(timer);
    }
  };
}

export interface ProxyShopServerOptions extends ApiProxyOptions {
  /** Answers everything that is not `/api/…` (the built app); 404 when absent. */
  staticHandler?: StaticHandler | undefined;
  /** FRAME_ANCESTORS for the security headers (edge.ts). */
  frameAncestors?: readonly string[] | undefined;
  /** ALLOWED_HOSTS and PUBLIC_URL: the host names this front answers for (edge.ts). */
  allowedHosts?: readonly string[] | undefined;
  publicUrl?: string | undefined;
  /** Request lines; silent when absent (tests). */
  logger?: Logger | undefined;
}

/** The front of SHOP_API_URL mode as a Hono app: the built app here, the API upstream. */
export function createProxyApp(options: ProxyShopServerOptions): Hono<ShopEnv> {
  const app = new Hono<ShopEnv>();
  const logger = options.logger ?? silentLogger();
  app.use(requestLog(logger, options.trustProxy));
  // the upstream's own headers win for /api answers
  app.use(securityHeaders(options.frameAncestors, { https: options.publicUrl?.startsWith('https:') === true }));
  app.use(allowedHostsOnly(options));
  const forward = apiProxy(options);
  app.all('/api', forward);
  app.all('/api/*', forward);
  if (options.staticHandler) app.all('*', options.staticHandler);
  app.onError((error, c) => {
    logger.error({ err: error, reqId: c.get('requestId'), method: c.req.method, path: rawPathname(c.req.url) }, 'unhandled error');
    return internalError(c);
  });
  app.notFound(() => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } }));
  return app;
}

export function createProxyShopServer(options: ProxyShopServerOptions): Server {
  return nodeServer(createProxyApp(options));
}
