/**
 * Serves the built app (dist/public): hashed assets under /assets/ are cached for a year,
 * index.html is revalidated every time and answers every other app route (/de/tickets …),
 * so the client-side router takes over. Files are read once at startup and compressed with
 * brotli and gzip in memory; requests only pick a representation. Nothing outside the
 * snapshot can be reached, whatever the path says.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { DEFAULT_LANGUAGE, isLanguage, SHOP_ID, type Language } from '../api/languages.js';
import { BOOT_TEXTS } from '../i18n/boot-messages.js';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
const STATIC_CACHE = 'public, max-age=3600';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.xml', '.svg', '.ico']);
/** Smaller bodies are sent as they are: compression would not pay for its headers. */
const MIN_COMPRESS_SIZE = 256;

type Encoding = 'br' | 'gzip';

interface Entry {
  body: Buffer;
  type: string;
  cacheControl: string;
  etag: string;
  compressed: Partial<Record<Encoding, Promise<Buffer | undefined>>>;
}

export interface StaticHandlerOptions {
  /** Folder of the built app, normally dist/public. */
  root: string;
  log?: (message: string) => void;
  /**
   * The first home banner (static content, read once at start): the home page's head preloads it
   * with high priority, the narrow-screen picture for narrow screens, so the largest paint does
   * not wait for the app to ask for the static content and render.
   */
  homeBanner?: { image: string; image_mobile: string } | undefined;
}

export type StaticHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function compressAll(body: Buffer, ext: string): Entry['compressed'] {
  if (!COMPRESSIBLE.has(ext) || body.length < MIN_COMPRESS_SIZE) return {};
  // Keep only encodings that are actually smaller.
  const smaller = (buf: Buffer) => (buf.length < body.length ? buf : undefined);
  const settle = (p: Promise<Buffer>) => p.then(smaller, () => undefined);
  return {
    br: settle(
      brotliAsync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: body.length > 2_000_000 ? 9 : 11,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ),
    gzip: settle(gzipAsync(body, { level: 9 })),
  };
}

function makeEntry(body: Buffer, urlPath: string): Entry {
  const ext = path.extname(urlPath).toLowerCase();
  const cacheControl = urlPath.startsWith('/assets/') ? IMMUTABLE : urlPath.startsWith('/static/') ? STATIC_CACHE : NO_CACHE;
  return {
    body,
    type: CONTENT_TYPES[ext] ?? 'application/octet-stream',
    cacheControl,
    etag: createHash('sha256').update(body).digest('base64url').slice(0, 22),
    compressed: compressAll(body, ext),
  };
}

function walk(dir: string, prefix: string, out: Map<string, Buffer>): void {
  for (const dirent of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, dirent.name);
    const urlPath = `${prefix}/${dirent.name}`;
    if (dirent.isDirectory()) walk(full, urlPath, out);
    else if (dirent.isFile()) out.set(urlPath, fs.readFileSync(full));
  }
}

/** The encodings the client accepts, best first (`q=0` excludes). */
export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (enc: string) => accepted.get(enc) ?? (accepted.has(enc) ? 0 : (accepted.get('*') ?? 0));
  return (['br', 'gzip'] as const).filter((enc) => weightOf(enc) > 0).sort((a, b) => weightOf(b) - weightOf(a));
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The decoded path, or undefined when it is malformed or tries to leave the root. */
export function safePath(rawUrl: string): string | undefined {
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return undefined;
  return decoded.replace(/\/{2,}/g, '/');
}

/** What build.mjs lists in index.html: the lazy files boot imports, and the meta description per language. */
export interface BootManifest {
  layout: string[];
  home: string[];
  messages: Partial<Record<string, string[]>>;
  /** Each route below `/{lang}` (`$name` is one segment) with the chunks of its screen and journey. */
  routes?: { path: string; files: string[] }[];
  descriptions: Partial<Record<string, string>>;
}

const BOOT_MARKER = '<!--boot-preloads-->';

/** Takes build.mjs's `<!--boot-preloads {…}-->` comment out of the template (it is never served). */
export function readBootPreloads(html: string | undefined): { template: string | undefined; boot: BootManifest | undefined } {
  if (html === undefined) return { template: undefined, boot: undefined };
  const match = /<!--boot-preloads (\{.*?\})-->/.exec(html);
  if (!match) return { template: html.replace('<!--boot-preloads-->', ''), boot: undefined };
  try {
    return { template: html.replace(match[0], BOOT_MARKER), boot: JSON.parse(match[1] ?? '') as BootManifest };
  } catch {
    return { template: html.replace(match[0], ''), boot: undefined };
  }
}

/** Which page an index.html is for: the home page, a route's path pattern (`tickets/$id`), or another URL. */
export type BootPage = 'home' | string | null;

/** The route pattern of a path below `/{lang}` (`tickets/101` → `tickets/$id`), or null. */
export function bootPage(boot: BootManifest | undefined, segments: readonly string[]): BootPage {
  if (segments.length === 0) return 'home';
  const route = boot?.routes?.find((candidate) => {
    const parts = candidate.path.split('/');
    return parts.length === segments.length && parts.every((part, i) => part.startsWith('$') || part === segments[i]);
  });
  return route?.path ?? null;
}

/**
 * What #root holds until the app renders: the app's own loading screen (App.tsx's BootScreen, same
 * markup and text), so the first paint needs only the HTML and the stylesheet, not the bundle.
 * Hidden where scripting is off, where the <noscript> text speaks instead.
 */
export function bootShell(lang: Language): string {
  return `<div class="boot boot--loading boot--static" role="status" lang="${lang}"><span class="spinner__circle" aria-hidden="true"></span><p>${escapeAttribute(BOOT_TEXTS[lang].loading)}</p></div>`;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The head lines for one language and page (issue 14, boot without a chain): the requests boot
 * makes first (config, then shop info, static content and the payment types: exactly the URLs the app's HTTP client
 * asks for, so the browser uses the preloaded answers instead of asking again), the catalogue of
 * the language and the lazy layout chunks (and the home screen's on the home page) as module
 * preloads, and the language's meta description.
 */
export function bootPreloads(boot: BootManifest | undefined, lang: string, page: BootPage, banner?: { image: string; image_mobile: string }): string {
  const api = `/api/${lang}`;
  const fetches = [`${api}/shopinfo/config?shop=${SHOP_ID}`, `${api}/shopinfo?shop=${SHOP_ID}`, `${api}/static/content`, `${api}/checkout/payments?shop=${SHOP_ID}`];
  const pageModules = page === 'home' ? (boot?.home ?? []) : (boot?.routes?.find((route) => route.path === page)?.files ?? []);
  const modules = boot ? [...new Set([...(boot.messages[lang] ?? []), ...boot.layout, ...pageModules])] : [];
  const description = boot?.descriptions[lang];
  return [
    ...(description ? [`<meta name="description" content="${escapeAttribute(description)}">`] : []),
    ...fetches.map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`),
    // the same media query as the banner's <picture> (HomeScreen.tsx): each screen loads one picture
    ...(banner
      ? [
          `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(banner.image_mobile)}" media="(max-width: 544px)">`,
          `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(banner.image)}" media="(min-width: 545px)">`,
        ]
      : []),
    // low priority like the shell's preloads (build.mjs): the stylesheet and the banner come first
    ...modules.map((href) => `<link rel="modulepreload" fetchpriority="low" href="${escapeAttribute(href)}">`),
  ].join('\n    ');
}

function sendText(res: ServerResponse, status: number, text: string, head: boolean, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...extra,
  });
  res.end(head ? undefined : text);
}

export function createStaticHandler(options: StaticHandlerOptions): StaticHandler {
  const root = path.resolve(options.root);
  const files = new Map<string, Entry>();
  const raw = new Map<string, Buffer>();
  if (fs.existsSync(root)) walk(root, '', raw);
  else options.log?.(`Static files: ${root} does not exist; run \`npm run build\` to build the app.`);

  const { template: indexTemplate, boot } = readBootPreloads(raw.get('/index.html')?.toString('utf8'));
  raw.delete('/index.html');
  for (const [urlPath, body] of raw) files.set(urlPath, makeEntry(body, urlPath));

  // index.html per language and page kind: the first path segment sets <html lang> before any
  // script runs, and the head preloads what boot will ask for (bootPreloads).
  const indexes = new Map<string, Entry>();
  const indexFor = (lang: Language, page: BootPage): Entry | undefined => {
    if (indexTemplate === undefined) return undefined;
    const home = page === 'home';
    const key = `${lang} ${page ?? ''}`;
    let entry = indexes.get(key);
    if (!entry) {
      const html = indexTemplate
        .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
        .replace('<div id="root"></div>', `<div id="root">${bootShell(lang)}</div>`)
        .replace(BOOT_MARKER, bootPreloads(boot, lang, page, home ? options.homeBanner : undefined));
      entry = makeEntry(Buffer.from(html, 'utf8'), '/index.html');
      indexes.set(key, entry);
    }
    return entry;
  };
  indexFor(DEFAULT_LANGUAGE, 'home');

  return async function serveStatic(req, res) {
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) {
      return sendText(res, 405, 'Method not allowed', false, { allow: 'GET, HEAD' });
    }
    const urlPath = safePath(req.url ?? '/');
    if (urlPath === undefined) return sendText(res, 400, 'Bad request', head);

    let entry = files.get(urlPath);
    if (!entry) {
      const last = urlPath.slice(urlPath.lastIndexOf('/') + 1);
      // A missing asset must not answer HTML with 200: the browser would try to run it.
      if (urlPath.startsWith('/assets/') || urlPath.startsWith('/static/') || /\.[a-z0-9]{1,12}$/i.test(last) && last !== 'index.html') {
        return sendText(res, 404, 'Not found', head);
      }
      const segments = urlPath.split('/').filter(Boolean);
      const first = segments[0];
      const lang = isLanguage(first) ? first : DEFAULT_LANGUAGE;
      // /de/tickets/101 → the page `tickets/$id` of German; a path without a language is no page of the shop
      entry = indexFor(lang, segments.length === 0 ? 'home' : lang === first ? bootPage(boot, segments.slice(1)) : null);
      if (!entry) return sendText(res, 503, 'The app is not built yet: run `npm run build`.', head);
    }

    const encodings = acceptedEncodings(req.headers['accept-encoding']);
    let encoding: Encoding | undefined;
    let body = entry.body;
    for (const candidate of encodings) {
      const compressed = await entry.compressed[candidate];
      if (compressed) {
        encoding = candidate;
        body = compressed;
        break;
      }
    }
    const etag = `"${entry.etag}${encoding ? `-${encoding}` : ''}"`;
    const headers: Record<string, string | number> = {
      'content-type': entry.type,
      'cache-control': entry.cacheControl,
      etag,
      'x-content-type-options': 'nosniff',
    };
    if (entry.compressed.br || entry.compressed.gzip) headers.vary = 'Accept-Encoding';
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = body.length;
    if (entry.type.startsWith('text/html')) headers['referrer-policy'] = 'strict-origin-when-cross-origin';
    res.writeHead(200, headers);
    res.end(head ? undefined : body);
  };
}
