/**
 * With SHOP_API_URL the server runs no API of its own: `/api/…` is forwarded to the upstream
 * (which replaces `/api`), request and answer streamed through unchanged. An upstream that
 * cannot be reached answers 502 (504 on timeout) in the API's error envelope.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import https from 'node:https';
import { setSecurityHeaders } from './edge.js';

export interface ApiProxyOptions {
  /** Base URL that replaces `/api`, e.g. `https://tickets.museum.example/api`. */
  upstream: string;
  /** No answer headers within this time: 504. */
  timeoutMs?: number;
  log?: (message: string) => void;
}

export type ApiProxy = (req: IncomingMessage, res: ServerResponse) => void;

/** Hop-by-hop headers (RFC 9110 §7.6.1) are never forwarded in either direction. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function forwardable(headers: IncomingHttpHeaders, drop: Set<string>): OutgoingHttpHeaders {
  const connectionTokens = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || connectionTokens.has(name) || drop.has(name)) continue;
    out[name] = value;
  }
  return out;
}

function sendEnvelope(res: ServerResponse, status: number, error: string, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ error, message, fields: {} });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

export function createApiProxy(options: ApiProxyOptions): ApiProxy {
  const base = new URL(options.upstream.replace(/\/+$/, ''));
  const client = base.protocol === 'https:' ? https : http;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const basePath = base.pathname.replace(/\/+$/, '');

  return function proxyApi(req, res) {
    const incoming = req.url ?? '/';
    // `/api/de/event/select?x=1` → `<base>/de/event/select?x=1`
    const rest = incoming.replace(/^\/api(?=\/|\?|$)/, '');
    const target = new URL(base.href);
    const queryAt = rest.indexOf('?');
    target.pathname = `${basePath}${queryAt === -1 ? rest : rest.slice(0, queryAt)}` || '/';
    target.search = queryAt === -1 ? '' : rest.slice(queryAt);

    const headers = forwardable(req.headers, new Set(['host']));
    const remote = req.socket.remoteAddress;
    const priorFor = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = [priorFor, remote].flat().filter(Boolean).join(', ');
    headers['x-forwarded-host'] = req.headers['x-forwarded-host'] ?? req.headers.host ?? '';
    headers['x-forwarded-proto'] = req.headers['x-forwarded-proto'] ?? ('encrypted' in req.socket ? 'https' : 'http');

    let done = false;
    const upstreamReq = client.request(target, { method: req.method ?? 'GET', headers, timeout: timeoutMs }, (upstreamRes) => {
      done = true;
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, forwardable(upstreamRes.headers, new Set()));
      upstreamRes.pipe(res);
      upstreamRes.on('error', () => res.destroy());
    });
    upstreamReq.on('timeout', () => {
      if (done) return;
      done = true;
      options.log?.(`Proxy: ${req.method} ${target.href} timed out after ${timeoutMs} ms`);
      upstreamReq.destroy();
      sendEnvelope(res, 504, 'UPSTREAM_TIMEOUT', 'The shop back end did not answer in time. Please try again.');
    });
    upstreamReq.on('error', (error) => {
      if (done) return;
      done = true;
      options.log?.(`Proxy: ${req.method} ${target.href} failed: ${error.message}`);
      sendEnvelope(res, 502, 'UPSTREAM_UNAVAILABLE', 'The shop back end cannot be reached. Please try again later.');
    });
    // The client went away: stop the upstream call too.
    res.on('close', () => {
      if (!res.writableFinished) upstreamReq.destroy();
    });
    req.pipe(upstreamReq);
  };
}

export interface ProxyShopServerOptions extends ApiProxyOptions {
  /** Serves everything that is not `/api/…` (the built app). */
  staticHandler?: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
  /** FRAME_ANCESTORS for the security headers (edge.ts). */
  frameAncestors?: readonly string[] | undefined;
}

/** The front server of SHOP_API_URL mode: the built app here, the API upstream. */
export function createProxyShopServer(options: ProxyShopServerOptions): http.Server {
  const proxyApi = createApiProxy(options);
  return http.createServer((req, res) => {
    // the upstream's own headers win for /api answers (writeHead overrides these)
    setSecurityHeaders(res, options.frameAncestors);
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) return proxyApi(req, res);
    if (!options.staticHandler) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found');
      return;
    }
    Promise.resolve(options.staticHandler(req, res)).catch((error: unknown) => {
      options.log?.(`Static error on ${req.method} ${pathname}: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal error');
    });
  });
}
