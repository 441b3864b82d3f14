/**
 * What makes the shop findable (issue 25), as one service the static handler asks per page
 * request: the page's head (./load.ts) within a time bound, kept like the catalogue answers, and
 * `/robots.txt` and `/sitemap.xml`. The later server rendering reuses the same head: it renders
 * the body, this module gives the `<head>`.
 */
import { DEFAULT_LANGUAGE, type Language } from '../../api/languages.js';
import { prefixLanguage } from '../../domain/routes.js';
import type { CatalogCache } from '../catalog-cache.js';
import { cataloguePages, loadHead, type CatalogueRead, type HeadAnswer } from './load.js';
import { isCatalogueRoute, matchPage } from './pages.js';
import { robotsTxt, sitemapXml } from './sitemap.js';
import { shopDescription } from './head.js';
import { isDatabaseUnreachable } from '../db/index.js';
import { BOOT_TEXTS } from '../../i18n/boot-messages.js';

/** How long a page waits for its head's data before it goes out with the generic head. */
export const HEAD_TIME_BOUND_MS = 400;
/** The sitemap reads the whole catalogue: a longer bound, it is fetched by crawlers, not visitors. */
export const SITEMAP_TIME_BOUND_MS = 5_000;

export interface SeoOptions {
  read: CatalogueRead;
  /**
   * Keeps catalogue pages' heads like the catalogue answers (the API's cache in process: dropped
   * by every write, shared version on PostgreSQL; in proxy mode a cache of its own, time-bound).
   */
  cache?: CatalogCache | undefined;
  /** The server's clock (ms). */
  now?: () => number;
  timeBoundMs?: number;
  sitemapTimeBoundMs?: number;
  /** A head or sitemap that failed or passed its bound (the page went out with the generic head). */
  warn?: (fields: { reqId: string | undefined; path: string; err?: unknown }, message: string) => void;
}

export interface PageRequest {
  lang: Language;
  segments: readonly string[];
  origin: string;
  requestId?: string | undefined;
}

export interface Seo {
  /**
   * The head of a page; undefined when it could not be had within the bound (logged): the generic
   * head then. Status 503 when the catalogue cannot be reached (unavailableHead).
   */
  head(request: PageRequest): Promise<HeadAnswer | undefined>;
  robots(origin: string): string;
  /** The sitemap; undefined when the catalogue could not be read within its bound (logged). */
  sitemap(origin: string, requestId?: string): Promise<string | undefined>;
}

class TimeBoundPassed extends Error {}

/** The catalogue cannot be read now: the shop's database is away, or the upstream (SHOP_API_URL) answered 503. */
function catalogueUnreachable(error: unknown): boolean {
  return isDatabaseUnreachable(error) || (error instanceof Error && (error as { status?: unknown }).status === 503);
}

/**
 * The head of a page while the catalogue cannot be read (issue 44): the page goes out as 503 and
 * says so in its language (static.ts); no search engine keeps it.
 */
export function unavailableHead(lang: Language): HeadAnswer {
  return { status: 503, head: { title: BOOT_TEXTS[lang].failedTitle, description: shopDescription(lang), noindex: true } };
}

/** `work` within `ms`, aborted (its signal) when it takes longer. */
async function withinBound<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimeBoundPassed(`no answer within ${ms} ms`));
    }, ms);
  });
  const running = work(controller.signal);
  // what finishes after the bound still fills the cache; its failure is not the page's
  running.catch(() => undefined);
  try {
    return await Promise.race([running, bound]);
  } finally {
    clearTimeout(timer);
  }
}

export function createSeo(options: SeoOptions): Seo {
  const now = options.now ?? Date.now;
  const timeBound = options.timeBoundMs ?? HEAD_TIME_BOUND_MS;
  const sitemapBound = options.sitemapTimeBoundMs ?? SITEMAP_TIME_BOUND_MS;
  const warn = options.warn ?? (() => undefined);

  async function compute(request: PageRequest, signal: AbortSignal): Promise<HeadAnswer> {
    const load = () => loadHead(options.read, { lang: request.lang, segments: request.segments, origin: request.origin, options: { signal, requestId: request.requestId } });
    const page = matchPage(request.segments);
    // only catalogue pages are kept: the same for every visitor (a personal page's head is not shared, not even its generic one)
    if (!options.cache || !page || !isCatalogueRoute(page.route)) return load();
    const kept = await options.cache.answer(`head ${request.origin} ${request.lang}/${request.segments.join('/')}`, now(), load);
    return (JSON.parse(kept.body.toString('utf8')) as { data: HeadAnswer }).data;
  }

  return {
    async head(request) {
      try {
        return await withinBound(timeBound, (signal) => compute(request, signal));
      } catch (error) {
        const path = prefixLanguage(request.lang, ['', ...request.segments].join('/'));
        if (catalogueUnreachable(error)) {
          warn({ reqId: request.requestId, path, err: error }, 'page head: the catalogue cannot be reached, the page says the shop is unavailable (503)');
          return unavailableHead(request.lang);
        }
        warn({ reqId: request.requestId, path, ...(error instanceof TimeBoundPassed ? {} : { err: error }) }, error instanceof TimeBoundPassed ? `page head: no catalogue data within ${timeBound} ms, the generic head went out` : 'page head failed, the generic head went out');
        return undefined;
      }
    },
    robots: robotsTxt,
    async sitemap(origin, requestId) {
      try {
        const pages = await withinBound(sitemapBound, (signal) => cataloguePages(options.read, DEFAULT_LANGUAGE, { signal, requestId }));
        return sitemapXml(origin, pages);
      } catch (error) {
        warn({ reqId: requestId, path: '/sitemap.xml', err: error }, 'sitemap.xml could not be made');
        return undefined;
      }
    },
  };
}

export type { CatalogueRead, HeadAnswer } from './load.js';
export { inProcessCatalogue, upstreamCatalogue } from './readers.js';
