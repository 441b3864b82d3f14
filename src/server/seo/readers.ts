/**
 * Where a page's head reads the catalogue (./load.ts `CatalogueRead`):
 *
 * - in process (the reference server): the API's own route handlers through the catalog cache,
 *   under the same keys as the API's answers, so a page and the app's first requests share one
 *   computation and a write drops both;
 * - from the upstream of SHOP_API_URL: a GET of `{upstream}/{lang}/{path}`, aborted with the page
 *   request's time bound.
 */
import type { Language } from '../../api/languages.js';
import { HttpError } from '../api/http-error.js';
import { createApiRouter } from '../api/index.js';
import { CACHEABLE_PATTERNS, catalogRead, serialise, type CatalogCache } from '../catalog-cache.js';
import type { Db } from '../db/index.js';
import type { ServerServices } from '../services.js';
import type { CatalogueRead } from './load.js';

/** The params of `pattern` (`ticket/collect/event/:id`) in a path's segments, or null when the path is another. */
function matchApiPattern(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = pattern.split('/');
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const segment = segments[i] ?? '';
    if (!part.startsWith(':')) {
      if (part !== segment) return null;
      continue;
    }
    const names = part.split(';');
    const values = segment.split(';');
    if (names.length !== values.length) return null;
    names.forEach((name, j) => {
      params[name.slice(1)] = decodeURIComponent(values[j] ?? '');
    });
  }
  return params;
}

export interface InProcessOptions {
  db: Db;
  services: ServerServices;
  /** The API's catalog cache (main.ts); without one every read computes. */
  cache?: CatalogCache | undefined;
}

/** The catalogue reads of this server's own API, answered in process (only the cacheable GETs: the same for every visitor). */
export function inProcessCatalogue(options: InProcessOptions): CatalogueRead {
  const routes = createApiRouter().routes.filter((route) => route.method === 'GET' && CACHEABLE_PATTERNS.has(route.pattern));
  return async (lang, path, query = {}) => {
    const segments = path.split('/');
    let found: { handler: (typeof routes)[number]['handler']; pattern: string; params: Record<string, string> } | undefined;
    for (const route of routes) {
      const params = matchApiPattern(route.pattern, segments);
      if (params) {
        found = { handler: route.handler, pattern: route.pattern, params };
        break;
      }
    }
    if (!found) throw new Error(`No catalogue read ${path}`);
    const { handler, params } = found;
    // the key and query the API's own answer has (app.ts apiHandler)
    const read = catalogRead(lang, found.pattern, params, query);
    const compute = () => handler({ lang, method: 'GET', path, params, query: read.query, body: undefined, rawBody: '', header: () => undefined, db: options.db, services: options.services, origin: '' });
    try {
      const kept = options.cache
        ? await options.cache.answer(read.key, options.services.now().getTime(), compute)
        : serialise({ data: (await compute()) ?? null });
      return { found: true, data: (JSON.parse(kept.body.toString('utf8')) as { data: unknown }).data };
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return { found: false };
      throw error;
    }
  };
}

/** The catalogue reads of the upstream API (`SHOP_API_URL`, the base that replaces `/api`). */
export function upstreamCatalogue(upstream: string): CatalogueRead {
  const base = upstream.replace(/\/+$/, '');
  return async (lang: Language, path, query = {}, options = {}) => {
    const search = new URLSearchParams(query as Record<string, string>).toString();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.requestId) headers['x-request-id'] = options.requestId;
    const response = await fetch(`${base}/${lang}/${path}${search ? `?${search}` : ''}`, { headers, signal: options.signal ?? null });
    if (response.status === 404) {
      await response.body?.cancel();
      return { found: false };
    }
    if (!response.ok) {
      await response.body?.cancel();
      // its status goes with it: a 503 is the upstream away for a moment, which a page says (seo/index.ts)
      throw Object.assign(new Error(`The upstream answered ${response.status} to ${path}`), { status: response.status });
    }
    return { found: true, data: ((await response.json()) as { data?: unknown }).data ?? null };
  };
}
