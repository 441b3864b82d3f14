/**
 * Serves the built app (dist/public) through Hono's serveStatic: hashed assets under /assets/ are
 * cached for a year, /static/ for an hour; the .br and .gz files build.mjs writes beside each
 * compressible file are sent in its place to a browser that accepts them, and the .avif or .webp
 * beside a picture to a browser that names the format (static-files.ts). index.html is made per
 * language and page at start (the head's preloads, below), revalidated on every visit, and
 * answers every app route (/de/tickets …), so the client-side router takes over. Nothing outside
 * the root can be reached, whatever the path says.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants as zlibConstants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { DEFAULT_LANGUAGE, isLanguage, SHOP_ID, type Language } from '../api/languages.js';
import { BOOT_TEXTS, UNAVAILABLE_TEXTS } from '../i18n/boot-messages.js';
import { etagMatches, type CatalogCache } from './catalog-cache.js';
import { acceptedEncodings, PICTURE, pictureFormat, type Encoding, type PictureFormat } from './static-files.js';
import { rawPathname } from './http.js';
import { canonicalPath } from '../domain/routes.js';
import { message, renderHead } from './seo/head.js';
import type { Seo } from './seo/index.js';
import { UNREACHABLE_RETRY_AFTER_SECONDS } from './db/index.js';
import { isCatalogueRoute, matchPage, pageAddress } from './seo/pages.js';
import type { PageRenderer, RenderedPage } from './render.js';
import { jsonInScript, noticeAcceptedIn, RENDER_STATE_ELEMENT_ID } from '../app/render-state.js';

export { acceptedEncodings };

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
const STATIC_CACHE = 'public, max-age=3600';

/** Pages with their own head kept at once (seo/): the oldest make way. */
const MAX_HEADED_PAGES = 1000;

/** Smaller pages are sent as they are: compression would not pay for its headers (build.mjs uses the same). */
const MIN_COMPRESS_SIZE = 256;

/** One generated index.html (per language and page kind), with its encodings, made once. */
interface Page {
  body: Buffer;
  etag: string;
  compressed: Partial<Record<Encoding, Buffer>>;
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
  /**
   * The head of each page (issue 25): title, description, canonical, alternates, JSON-LD, and
   * `/robots.txt` and `/sitemap.xml`. Without it every page has the generic head.
   */
  seo?: Seo | undefined;
  /** The absolute origin of the links the head writes (app.ts `originOf`). */
  origin?: ((c: Context) => string) | undefined;
  /**
   * Server rendering (issue 25): a catalogue page that exists goes out with its content and the
   * answers its render used; undefined from it (failed, too slow) sends the shell as without.
   */
  render?: PageRenderer | undefined;
  /**
   * Where rendered pages are kept, like the catalogue answers (src/server/catalog-cache.ts):
   * dropped by every write, on PostgreSQL by any process's; once their short time is up a kept
   * page is still sent while the next render runs. Without it every request renders.
   */
  renderCache?: CatalogCache | undefined;
  /** The server's clock (ms), for the kept pages. */
  now?: (() => number) | undefined;
  /** How many personal pages may render at once (PERSONAL_RENDERS_AT_ONCE unless given). */
  personalRendersAtOnce?: number | undefined;
  /** How many catalogue pages may render at once, and how many more may wait (CATALOGUE_RENDERS unless given). */
  catalogueRenders?: { atOnce: number; waiting: number; waitMs: number } | undefined;
}

/**
 * Personal pages render for every request (they are never kept), about 10 ms of this process's
 * time each: at most this many at once; beyond, the shell goes out at once, as for a render that
 * failed. Under a flood of checkout requests (100 connections) the process then answers at the
 * shell's rate instead of queueing renders for seconds.
 */
export const PERSONAL_RENDERS_AT_ONCE = Math.max(2, os.availableParallelism());

/**
 * Catalogue pages render once per page and are kept (one render serves a rush), yet pages not kept
 * yet (after a write, or many pages at once) render together: at most `atOnce` at a time, and
 * `waiting` more wait for a turn, each at most `waitMs` (the render's own bound); beyond, or
 * after that wait, the shell goes out at once, as for a render that failed (the app renders the
 * page in the browser), and nothing is kept for it. A flood of pages not kept then costs this
 * process a few renders at a time, never a queue of seconds (issue 44).
 */
export const CATALOGUE_RENDERS = { atOnce: Math.max(2, os.availableParallelism()), waiting: 16, waitMs: 1_500 } as const;

/** A catalogue render refused by the bound above: the shell goes out, and nothing is kept. */
class RenderDeclined extends Error {}

/** Runs at most `atOnce` tasks at a time; up to `waiting` more wait (each at most `waitMs`); beyond, `RenderDeclined`. */
function renderTurns({ atOnce, waiting, waitMs }: { atOnce: number; waiting: number; waitMs: number }) {
  let running = 0;
  const queue: { start: () => void }[] = [];
  const next = () => {
    running -= 1;
    queue.shift()?.start();
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= atOnce) {
      if (queue.length >= waiting) throw new RenderDeclined('too many pages render at once');
      await new Promise<void>((resolve, reject) => {
        const turn = {
          start: () => {
            clearTimeout(timer);
            running += 1;
            resolve();
          },
        };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(turn), 1);
          reject(new RenderDeclined(`no turn to render within ${waitMs} ms`));
        }, waitMs);
        queue.push(turn);
      });
    } else {
      running += 1;
    }
    try {
      return await task();
    } finally {
      next();
    }
  };
}

/** How long past its time a kept rendered page may still go out while the next render runs. */
export const RENDERED_PAGE_STALE_MS = 30_000;

/**
 * A rendered page not ready after this long goes out in two parts (streamed): the head at once, so
 * the browser fetches the stylesheet and the modules while the server renders, and the body when
 * the render ends. A page that is ready by then (a kept render) goes whole, with its ETag.
 */
export const STREAM_AFTER_MS = 15;

/** A Hono handler for every path the API and the provider do not answer. */
export type StaticHandler = (c: Context) => Promise<Response>;

/** `fast`: a page made while its visitor waits (a page's own head) is compressed at a quicker level. */
/** `only`: the encodings to make (a page for one request needs the one its browser takes); default both. */
function makePage(html: string, fast = false, only: readonly Encoding[] = ['br', 'gzip']): Page {
  const body = Buffer.from(html, 'utf8');
  const compressed: Page['compressed'] = {};
  if (body.length >= MIN_COMPRESS_SIZE) {
    const br = only.includes('br') ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: fast ? 5 : 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : undefined;
    const gzip = only.includes('gzip') ? gzipSync(body, { level: fast ? 6 : 9 }) : undefined;
    // keep only encodings that are actually smaller
    if (br && br.length < body.length) compressed.br = br;
    if (gzip && gzip.length < body.length) compressed.gzip = gzip;
  }
  return { body, etag: createHash('sha256').update(body).digest('base64url').slice(0, 22), compressed };
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
  /** The shell's part of each language's catalogue (every page). */
  messages: Partial<Record<string, string[]>>;
  /** Each journey part of each language's catalogue (src/i18n/load.ts), by language and part. */
  messageParts?: Partial<Record<string, Partial<Record<string, string[]>>>>;
  /** Each route below `/{lang}` (`$name` is one segment) with the chunks of its screen and journey, and the parts of the catalogue it loads. */
  routes?: { path: string; files: string[]; parts?: string[] }[];
  descriptions: Partial<Record<string, string>>;
  /**
   * A rendered page's early script (src/app/early.ts): the recorder that holds what the visitor
   * does until the app is there, and the loader that asks for the app once the page is painted.
   */
  early?: string;
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

/**
 * What #root holds while the shop's database (or upstream) cannot be reached (issue 44): the app's
 * retry screen (App.tsx's BootScreen after a 503, same markup and text) in the page's language,
 * with §8's "unavailable"; its "try again" is a link to this very page (`href=""`), which works
 * before the app has loaded. The app, once loaded, asks again itself (§8: a 503 reloads once).
 */
export function unavailableShell(lang: Language): string {
  const texts = BOOT_TEXTS[lang];
  return `<main class="boot boot--failed" lang="${lang}"><h1 tabindex="-1">${escapeAttribute(texts.failedTitle)}</h1><p>${escapeAttribute(UNAVAILABLE_TEXTS[lang])}</p><a class="button" href="">${escapeAttribute(texts.retry)}</a></main>`;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The head lines for one language and page (issue 14, boot without a chain): the requests boot
 * makes first (config, then shop info, static content and the payment types: exactly the URLs the app's HTTP client
 * asks for, so the browser uses the preloaded answers instead of asking again), the shell's part of
 * the language's catalogue and the lazy layout chunks (and the home screen's on the home page; on
 * any other page of the route table its chunks and its parts of the catalogue) as module
 * preloads, and the language's meta description (or, given `head`, the page's own head in its place: seo/head.ts).
 */
export function bootPreloads(boot: BootManifest | undefined, lang: string, page: BootPage, banner?: { image: string; image_mobile: string }, head?: string): string {
  const api = `/api/${lang}`;
  const fetches = [`${api}/shopinfo/config?shop=${SHOP_ID}`, `${api}/shopinfo?shop=${SHOP_ID}`, `${api}/static/content`, `${api}/checkout/payments?shop=${SHOP_ID}`];
  const route = page === 'home' ? undefined : boot?.routes?.find((candidate) => candidate.path === page);
  const parts = (route?.parts ?? []).flatMap((part) => boot?.messageParts?.[lang]?.[part] ?? []);
  const pageModules = page === 'home' ? (boot?.home ?? []) : route ? [...parts, ...route.files] : [];
  const modules = boot ? [...new Set([...(boot.messages[lang] ?? []), ...boot.layout, ...pageModules])] : [];
  const description = boot?.descriptions[lang];
  return [
    ...(head !== undefined ? [head] : description ? [`<meta name="description" content="${escapeAttribute(description)}">`] : []),
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

function text(status: number, message: string, extra: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...extra },
  });
}

/** Paths the client-side router owns: no file extension (or index.html), outside /assets/ and /static/. */
/** 301 to the page's address without empty segments (`//`, a trailing `/`); a leading `//` never becomes another host's address. */
function canonicalRedirect(rawPath: string, search: string): Response {
  const location = canonicalPath(rawPath) + search;
  return new Response(null, { status: 301, headers: { location, 'cache-control': 'public, max-age=3600' } });
}

function isAppRoute(urlPath: string): boolean {
  if (urlPath.startsWith('/assets/') || urlPath.startsWith('/static/')) return false;
  const last = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  return last === 'index.html' || !/\.[a-z0-9]{1,12}$/i.test(last);
}

/** The validator of a file's representation: its size and time (each encoding is its own file). */
function fileEtag(file: string): string | undefined {
  try {
    const stats = fs.statSync(file);
    const variant = /\.(br|gz|avif|webp)$/.exec(file)?.[1];
    return `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}${variant ? `-${variant === 'gz' ? 'gzip' : variant}` : ''}"`;
  } catch {
    return undefined;
  }
}

/**
 * A rendered page's scripts wait for its first paint (src/app/paint-first.ts): the module
 * preloads and the app's entry leave the head, and one small script names them, to ask for them
 * once the page's content is on the screen. Lighthouse's slow-phone estimate of the largest paint
 * counts every script that loaded before it; a rendered page needs none to show its content.
 * The same script records what the visitor does until the app is there (src/app/first-click.ts,
 * issue 43), so it blocks the parser where the entry was, after the stylesheet: nothing of the
 * body shows before it has run (an `async` script arrived after the page had painted now and
 * then, and a click then went to the bare HTML: 1 or 2 of 10 first clicks lost in the bench).
 * It costs the first paint nothing measurable: it is fetched beside the stylesheet, which the
 * paint waits for anyway, and it is 1.4 KB.
 */
export function paintFirst(html: string, loader: string | undefined, messageFiles: ReadonlySet<string> = new Set()): string {
  const entry = /<script type="module" src="([^"]+)"><\/script>/.exec(html);
  if (!loader || !entry) return html;
  const preloads: string[] = [];
  const messages: string[] = [];
  const rest = html.replace(/[ \t]*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\r?\n?/g, (_, href: string) => {
    if (href !== entry[1]) (messageFiles.has(href) ? messages : preloads).push(href);
    return '';
  });
  // the catalogue's chunks are asked for only when the render did not happen: a rendered page carries its messages
  const named = messages.length > 0 ? ` data-messages="${messages.join(' ')}"` : '';
  return rest.replace(entry[0], () => `<script src="${escapeAttribute(loader)}" data-main="${entry[1]}" data-preloads="${preloads.join(' ')}"${named}></script>`);
}

/** The chunks that hold only the catalogue's messages (no other list of the manifest names them). */
export function messageFilesOf(boot: BootManifest | undefined): Set<string> {
  if (!boot) return new Set();
  const code = new Set([...boot.layout, ...boot.home, ...(boot.routes ?? []).flatMap((route) => route.files)]);
  const messages = [...Object.values(boot.messages), ...Object.values(boot.messageParts ?? {}).flatMap((parts) => Object.values(parts ?? {}))].flat();
  return new Set(messages.filter((file): file is string => file !== undefined && !code.has(file)));
}

export function createStaticHandler(options: StaticHandlerOptions): StaticHandler {
  const root = path.resolve(options.root);
  const built = fs.existsSync(root);
  if (!built) options.log?.(`Static files: ${root} does not exist; run \`npm run build\` to build the app.`);
  const indexFile = path.join(root, 'index.html');
  const { template: indexTemplate, boot } = readBootPreloads(built && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined);

  // index.html per language and page kind: the first path segment sets <html lang> before any
  // script runs, and the head preloads what boot will ask for (bootPreloads).
  const pages = new Map<string, Page>();
  // pages with their own head (seo): as many as there are catalogue pages and languages, so the oldest make way
  const headed = new Map<string, Page>();
  const pageFor = (lang: Language, kind: BootPage, head?: string): Page | undefined => {
    if (indexTemplate === undefined) return undefined;
    const home = kind === 'home';
    const key = `${lang} ${kind ?? ''}`;
    const kept = head === undefined ? pages : headed;
    const keptKey = head === undefined ? key : `${key}\n${head}`;
    let page = kept.get(keptKey);
    if (!page) {
      // the page's own head replaces the generic title (and, in bootPreloads, the description); a template without the preloads' place takes it before </head>
      const untitled = head === undefined ? indexTemplate : indexTemplate.replace(/[ \t]*<title>[^<]*<\/title>\r?\n?/, '');
      const template = head === undefined || untitled.includes(BOOT_MARKER) ? untitled : untitled.replace('</head>', `${BOOT_MARKER}\n</head>`);
      page = makePage(
        template
          .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
          .replace('<div id="root"></div>', `<div id="root">${bootShell(lang)}</div>`)
          // said once, in the page's language (the built file has every language's)
          .replace(/<noscript>[\s\S]*?<\/noscript>/, () => `<noscript><p lang="${lang}">${escapeAttribute(message(lang, 'meta.noscript'))}</p></noscript>`)
          .replace(BOOT_MARKER, bootPreloads(boot, lang, kind, home ? options.homeBanner : undefined, head)),
        head !== undefined,
      );
      if (kept === headed && headed.size >= MAX_HEADED_PAGES) {
        const oldest = headed.keys().next();
        if (!oldest.done) headed.delete(oldest.value);
      }
      kept.set(keptKey, page);
    }
    return page;
  };
  pageFor(DEFAULT_LANGUAGE, 'home');

  // what each served file's headers need, found once: the build's output does not change while the server runs
  const facts = new Map<string, { etag: string | undefined; vary: boolean }>();
  const fileFacts = (file: string) => {
    let known = facts.get(file);
    if (!known) {
      const original = file.replace(/\.(br|gz)$/, '');
      known = { etag: fileEtag(file), vary: fs.existsSync(`${original}.br`) || fs.existsSync(`${original}.gz`) };
      facts.set(file, known);
    }
    return known;
  };
  // a picture's smaller formats beside it (`banner.jpg.avif`), found once like the facts above;
  // only for pictures that exist, so that requests for made-up names cannot fill the map
  const formats = new Map<string, PictureFormat[]>();
  const formatsOf = (urlPath: string): PictureFormat[] => {
    let known = formats.get(urlPath);
    if (!known) {
      const file = path.join(root, urlPath);
      if (!file.startsWith(root + path.sep) || !fs.existsSync(file)) return [];
      known = (['avif', 'webp'] as const).filter((format) => fs.existsSync(`${file}.${format}`));
      formats.set(urlPath, known);
    }
    return known;
  };
  const chosenFormat = new WeakMap<Context, PictureFormat>();
  const servedFile = new WeakMap<Context, string>();
  const files = built
    ? serveStatic({
        root,
        precompressed: true,
        onFound: (file, c) => {
          servedFile.set(c, file);
        },
      })
    : undefined;
  // the same, for the format of a picture the browser asked for
  const pictures = built
    ? serveStatic({
        root,
        rewriteRequestPath: (requested, c) => `${requested}.${chosenFormat.get(c) ?? ''}`,
        onFound: (file, c) => {
          servedFile.set(c, file);
        },
      })
    : undefined;

  const messageFiles = messageFilesOf(boot);
  const personalRendersAtOnce = options.personalRendersAtOnce ?? PERSONAL_RENDERS_AT_ONCE;
  let personalRendering = 0;
  const catalogueTurn = renderTurns(options.catalogueRenders ?? CATALOGUE_RENDERS);
  const originOf = (c: Context) => options.origin?.(c) ?? new URL(c.req.url).origin;
  const requestIdOf = (c: Context): string | undefined => (c.get('requestId') as string | undefined) ?? undefined;

  /**
   * The page of this request that the server renders, or undefined (the shell goes out): a
   * catalogue page with its content; a personal page as the shell and its waiting state
   * (src/app/server-render.tsx), never kept (`catalogue` false). A catalogue page renders at its
   * address as the page reads it (`pageAddress`: the route, its params and the search values it
   * reads), so `?z=<random>` or `?utm_source=…` is the kept page, not a new render (issue 44); a
   * personal page at its own (its search is the visitor's: `returnTo`, the provider's return).
   * The flow viewer (`?flows`, a tool) is not rendered.
   */
  function renderedHref(c: Context, shell: Page, lang: Language, segments: string[], status: number | undefined): { href: string; visited: string; catalogue: boolean } | undefined {
    if (!options.render || status !== 200 || segments[0] !== lang) return undefined;
    // a template without the app's root (not the build's) has nowhere to put the render
    if (!shell.body.includes(`<div id="root">${bootShell(lang)}</div>`)) return undefined;
    const ref = matchPage(segments.slice(1));
    if (!ref) return undefined;
    const url = new URL(c.req.url);
    if (url.searchParams.has('flows')) return undefined;
    const visited = `${url.pathname}${url.search}`;
    if (!isCatalogueRoute(ref.route)) return { href: visited, visited, catalogue: false };
    const address = pageAddress(visited);
    return address === null ? undefined : { href: address, visited, catalogue: true };
  }

  /**
   * The shell page with the route's content rendered into #root and the render's answers beside
   * it; undefined: the shell goes out. The API preloads go: the browser takes those answers from the page.
   */
  async function renderedPage(c: Context, render: PageRenderer, shell: Page, lang: Language, { href, visited, catalogue }: { href: string; visited: string; catalogue: boolean }): Promise<Page | undefined> {
    // the page differs only by whether the visitor accepted the cookie notice: two kept pages per address
    const noticeAccepted = noticeAcceptedIn(c.req.header('cookie'));
    const renderNow = () => render({ href, requestId: requestIdOf(c), noticeAccepted });
    // a personal page is never kept across visitors (issue 25), although its render holds nobody's data
    if (!catalogue) {
      if (personalRendering >= personalRendersAtOnce) return undefined;
      personalRendering += 1;
      try {
        const rendered = await renderNow();
        return rendered ? withRender(shell, lang, rendered) : undefined;
      } finally {
        personalRendering -= 1;
      }
    }
    try {
      if (!options.renderCache) {
        const rendered = await catalogueTurn(renderNow);
        return rendered ? withRender(shell, lang, rendered) : undefined;
      }
      const now = options.now?.() ?? Date.now();
      // a render declined for its turn throws: nothing is kept for it, and the next request may render
      const kept = await options.renderCache.answerWhileRenewing(`page ${noticeAccepted ? 'accepted' : 'new'} ${href}`, now, () => catalogueTurn(renderNow), RENDERED_PAGE_STALE_MS);
      const page = keptPage(shell, lang, kept);
      return page && visited !== href ? asVisited(page, href, visited, acceptedEncodings(c.req.header('accept-encoding'))) : page;
    } catch (error) {
      if (error instanceof RenderDeclined) return undefined;
      throw error;
    }
  }

  /**
   * A page rendered at `rendered` (its address as the page reads it) for a visitor at `visited`
   * (`?utm_source=…` beside it): the render state names the visitor's own address, which the
   * browser checks before it takes the page over (src/app/render-state.ts `parseRenderState`).
   * Made per request, compressed once in the encoding the browser takes at a quick level: a
   * millisecond or two, not a render. A state that does not start as expected stays as it is
   * (the browser then renders the page anew, as without a state).
   */
  function asVisited(page: Page, rendered: string, visited: string, accepted: readonly Encoding[]): Page {
    const html = page.body.toString('utf8');
    const state = (href: string) => `id="${RENDER_STATE_ELEMENT_ID}">{"version":1,"href":${jsonInScript(href)}`;
    const at = html.indexOf(state(rendered));
    if (at === -1) return page;
    const encoding = accepted.find((candidate) => candidate === 'br' || candidate === 'gzip');
    return makePage(html.slice(0, at) + state(visited) + html.slice(at + state(rendered).length), true, encoding ? [encoding] : []);
  }

  /** The page of a kept render (compressed once per kept answer and shell). */
  function keptPage(shell: Page, lang: Language, kept: { body: Buffer }): Page | undefined {
    // one page (compressed once) per kept answer and shell
    const known = keptPages.get(kept.body);
    if (known?.shell === shell) return known.page;
    const rendered = (JSON.parse(kept.body.toString('utf8')) as { data: RenderedPage | null }).data;
    const page = rendered ? withRender(shell, lang, rendered) : undefined;
    keptPages.set(kept.body, { shell, page });
    return page;
  }

  /**
   * The shell page around #root's content, as a rendered page has it: `before` ends with
   * `<div id="root">` (the head without the API preloads), `after` starts with its `</div>`.
   */
  function aroundRoot(shell: Page, lang: Language): { before: string; after: string } {
    const html = paintFirst(shell.body.toString('utf8').replace(/[ \t]*<link rel="preload" as="fetch"[^>]*>\r?\n?/g, ''), boot?.early, messageFiles);
    const root = `<div id="root">${bootShell(lang)}</div>`;
    const at = html.indexOf(root);
    const open = '<div id="root">'.length;
    return { before: html.slice(0, at + open), after: html.slice(at + root.length - '</div>'.length) };
  }

  /** The shell page with the render in #root and its state beside it. */
  function withRender(shell: Page, lang: Language, rendered: RenderedPage): Page {
    const { before, after } = aroundRoot(shell, lang);
    const state = `<script type="application/json" id="${RENDER_STATE_ELEMENT_ID}">${rendered.state}</script>`;
    // the state element sits right after #root
    return makePage(`${before}${rendered.html}</div>${state}${after.slice('</div>'.length)}`, true);
  }

  const keptPages = new WeakMap<Buffer, { shell: Page; page: Page | undefined }>();

  /**
   * A page whose render is still running: the head now, #root's content and the rest when the
   * render ends (the rendered page, or the shell's loading screen when it failed), compressed as one
   * stream that is flushed after the head. No ETag: the body is not known when the headers go.
   */
  function streamedPage(shell: Page, lang: Language, page: Promise<Page | undefined>, encoding: Encoding | undefined): ReadableStream<Uint8Array> {
    const { before, after } = aroundRoot(shell, lang);
    const rest = page.then((rendered) => (rendered ? rendered.body.subarray(Buffer.byteLength(before)) : Buffer.from(`${bootShell(lang)}${after}`)));
    if (!encoding) {
      return new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(Buffer.from(before));
          controller.enqueue(await rest);
          controller.close();
        },
      });
    }
    const compressor = encoding === 'br'
      ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : createGzip({ level: 6 });
    compressor.write(before);
    compressor.flush(encoding === 'br' ? zlibConstants.BROTLI_OPERATION_FLUSH : zlibConstants.Z_SYNC_FLUSH);
    void rest.then((body) => compressor.end(body));
    return Readable.toWeb(compressor) as ReadableStream<Uint8Array>;
  }

  const unavailablePages = new WeakMap<Page, Page>();
  /**
   * A page while the catalogue cannot be read (seo/index.ts unavailableHead): 503 with Retry-After,
   * #root saying so in the page's language (unavailableShell) instead of a loading screen that
   * would end in "check your connection". One per language and kind of page, made once.
   */
  function unavailablePage(c: Context, shell: Page, lang: Language): Response {
    let page = unavailablePages.get(shell);
    if (!page) {
      page = makePage(shell.body.toString('utf8').replace(`<div id="root">${bootShell(lang)}</div>`, () => `<div id="root">${unavailableShell(lang)}</div>`), true);
      unavailablePages.set(shell, page);
    }
    const encoding = acceptedEncodings(c.req.header('accept-encoding')).find((candidate) => page.compressed[candidate] !== undefined);
    const body = encoding ? (page.compressed[encoding] ?? page.body) : page.body;
    const headers: Record<string, string> = {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': NO_CACHE,
      'retry-after': String(UNREACHABLE_RETRY_AFTER_SECONDS),
      'content-length': String(body.length),
      'referrer-policy': 'strict-origin-when-cross-origin',
    };
    if (page.compressed.br || page.compressed.gzip) headers.vary = 'Accept-Encoding';
    if (encoding) headers['content-encoding'] = encoding;
    return new Response(body as Uint8Array<ArrayBuffer>, { status: 503, headers });
  }

  async function appPage(c: Context, urlPath: string): Promise<Response> {
    const segments = urlPath.split('/').filter(Boolean);
    const first = segments[0];
    const lang = isLanguage(first) ? first : DEFAULT_LANGUAGE;
    // /de/tickets/101 → the page `tickets/$id` of German; a path without a language is no page of the shop
    const kind = segments.length === 0 ? 'home' : lang === first ? bootPage(boot, segments.slice(1)) : null;
    // the page's own head (seo/): only under a language; undefined (no data within the bound) keeps the generic head
    const own = options.seo && indexTemplate !== undefined && lang === first
      ? await options.seo.head({ lang, segments: segments.slice(1), origin: originOf(c), requestId: requestIdOf(c) })
      : undefined;
    const shellPage = pageFor(lang, kind, own ? renderHead(own.head) : undefined);
    if (!shellPage) return text(503, 'The app is not built yet: run `npm run build`.');
    if (own?.status === 503) return unavailablePage(c, shellPage, lang);
    const target = renderedHref(c, shellPage, lang, segments, own?.status);
    // a render that fails (a kept page that cannot be read) sends the shell, as one that is too slow
    const rendering = target !== undefined && options.render
      ? renderedPage(c, options.render, shellPage, lang, target).catch((error: unknown) => {
          options.log?.(`server rendering of ${target.href} failed (request ${requestIdOf(c) ?? '-'}): ${String(error)}; the shell went out`);
          return undefined;
        })
      : undefined;
    const accepted = acceptedEncodings(c.req.header('accept-encoding'));
    if (rendering && c.req.method === 'GET') {
      const notYet = Symbol('not yet');
      let timer: ReturnType<typeof setTimeout> | undefined;
      const ready = await Promise.race([rendering, new Promise<typeof notYet>((resolve) => (timer = setTimeout(() => resolve(notYet), STREAM_AFTER_MS)))]);
      clearTimeout(timer);
      if (ready === notYet) {
        const encoding = accepted.find((candidate) => candidate === 'br' || candidate === 'gzip');
        const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', 'cache-control': NO_CACHE, vary: 'Accept-Encoding', 'referrer-policy': 'strict-origin-when-cross-origin' };
        if (encoding) headers['content-encoding'] = encoding;
        return new Response(streamedPage(shellPage, lang, rendering, encoding), { status: own?.status ?? 200, headers });
      }
    }
    const page = (await rendering) ?? shellPage;
    const encoding = accepted.find((candidate) => page.compressed[candidate] !== undefined);
    const body = encoding ? (page.compressed[encoding] ?? page.body) : page.body;
    const etag = `"${page.etag}${encoding ? `-${encoding}` : ''}"`;
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', 'cache-control': NO_CACHE, etag };
    if (page.compressed.br || page.compressed.gzip) headers.vary = 'Accept-Encoding';
    if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = String(body.length);
    headers['referrer-policy'] = 'strict-origin-when-cross-origin';
    return new Response(body as Uint8Array<ArrayBuffer>, { status: own?.status ?? 200, headers });
  }

  /** robots.txt and sitemap.xml (seo/sitemap.ts): made per request from the catalogue, never stored by caches for long. */
  async function seoFile(c: Context, urlPath: string): Promise<Response | undefined> {
    const seo = options.seo;
    if (!seo) return undefined;
    const headers = { 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' };
    if (urlPath === '/robots.txt') return new Response(seo.robots(originOf(c)), { status: 200, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' } });
    if (urlPath !== '/sitemap.xml') return undefined;
    const xml = await seo.sitemap(originOf(c), requestIdOf(c));
    if (xml === undefined) return text(503, 'The sitemap cannot be made right now; try again later.', { 'retry-after': '60' });
    return new Response(xml, { status: 200, headers: { ...headers, 'content-type': 'application/xml; charset=utf-8' } });
  }

  return async function serveApp(c) {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return text(405, 'Method not allowed', { allow: 'GET, HEAD' });
    const urlPath = safePath(rawPathname(c.req.url));
    if (urlPath === undefined) return text(400, 'Bad request');
    const seoAnswer = await seoFile(c, urlPath);
    if (seoAnswer) return seoAnswer;
    if (isAppRoute(urlPath)) {
      const raw = rawPathname(c.req.url);
      // one address per page: `/en/tickets/` is `/en/tickets` (the router knows no trailing slash
      // and showed an empty page; a search engine counts one canonical address)
      if (raw !== '/' && /\/\/|\/$/.test(raw)) return canonicalRedirect(raw, new URL(c.req.url).search);
      return appPage(c, urlPath);
    }
    // the .br/.gz files are sent in place of their file, never by their own name
    if (!files || /\.(br|gz)$/i.test(urlPath)) return text(404, 'Not found');
    const cacheControl = urlPath.startsWith('/assets/') ? IMMUTABLE : urlPath.startsWith('/static/') ? STATIC_CACHE : NO_CACHE;
    const alternatives = PICTURE.test(urlPath) ? formatsOf(urlPath) : [];
    const format = pictureFormat(c.req.header('accept'), alternatives);
    if (format) chosenFormat.set(c, format);
    const res = await (format && pictures ? pictures : files)(c, async () => {});
    const file = servedFile.get(c);
    if (!res || file === undefined) return text(404, 'Not found');
    // a missing asset must not answer HTML with 200 (the browser would try to run it): see isAppRoute
    res.headers.set('cache-control', cacheControl);
    const { etag, vary } = fileFacts(file);
    const varies = [...(vary ? ['Accept-Encoding'] : []), ...(alternatives.length > 0 ? ['Accept'] : [])];
    if (varies.length > 0) res.headers.set('vary', varies.join(', '));
    if (etag) {
      res.headers.set('etag', etag);
      if (etagMatches(c.req.header('if-none-match'), etag)) {
        await res.body?.cancel();
        const kept: Record<string, string> = { etag };
        for (const name of ['cache-control', 'vary', 'content-type']) {
          const value = res.headers.get(name);
          if (value) kept[name] = value;
        }
        return new Response(null, { status: 304, headers: kept });
      }
    }
    return res;
  };
}
