/**
 * Which page of the shop a URL is, for the head the server sends (issue 25, "findable"): the
 * route of the route table (src/domain/routes.ts) its path below `/{lang}` matches, with its
 * params checked by the route's own kinds, and whether search engines may index it.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../api/languages.js';
import * as v from 'valibot';
import { pagePath, parseValues, ROUTE_NAMES, ROUTE_TABLE, type RouteSpec, type ShopRouteName, type ValueKind } from '../../domain/routes.js';

// the catalogue pages and the rule that tells them are the route table's (src/domain/routes.ts)
export { CATALOGUE_ROUTES, isCatalogueRoute, type CatalogueRoute } from '../../domain/routes.js';

/** A page of the shop: its route and the path params as the URL wrote them (checked by their kinds). */
export interface PageRef {
  route: ShopRouteName;
  params: Readonly<Record<string, string>>;
}

/**
 * The page of a path below `/{lang}` (`['tickets', '101']`), or null when no route has that path
 * or a param does not fit its kind (the app shows its not-found page there). A route without
 * params wins over one with (`page/shipping` is the shipping page, not the static page `shipping`).
 */
export function matchPage(segments: readonly string[]): PageRef | null {
  let best: { ref: PageRef; literal: number } | null = null;
  for (const route of ROUTE_NAMES) {
    const spec = ROUTE_TABLE[route];
    const parts = spec.path === '' ? [] : spec.path.split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let literal = 0;
    const fits = parts.every((part, i) => {
      const segment = segments[i] ?? '';
      if (part.startsWith('$')) {
        params[part.slice(1)] = segment;
        return true;
      }
      literal += 1;
      return part === segment;
    });
    if (!fits) continue;
    if ('params' in spec && parseValues(spec.params, params, true) === false) continue;
    if (!best || literal > best.literal) best = { ref: { route, params }, literal };
  }
  return best?.ref ?? null;
}

/** A search value as the app's router reads it from the address: JSON where it is JSON (`5` is a number), else the text. */
function searchValue(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** The kind of a day in the search (`?date=`), the same for every page that reads one. */
const DAY: ValueKind = ROUTE_TABLE.ticket.search.date;

/**
 * How a value the page read is written back: a day as `YYYY-MM-DD` (what the journeys make of it:
 * `toIsoDate`; a bare `?date=YYYYMMDD` reaches the router as a number, which the kind refuses),
 * anything else as its text.
 */
function searchText(kind: ValueKind, value: unknown): string {
  const text = String(value);
  if (kind !== DAY) return text;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : text.slice(0, 10);
}

/**
 * The address of a page as far as what it shows depends on it (issue 44): `/{lang}/{path}` with
 * its path params as their kinds read them (`tickets/0101` is `tickets/101`) and only the search
 * values the route reads and that fit, each as the page reads it (a day as `YYYY-MM-DD`), in the
 * route's order. Anything else (`?z=…`, `?utm_source=…`) is left out: the server renders and keeps
 * a catalogue page under this address (static.ts). null: not a page of the shop (no route, a
 * param that does not fit, broken percent-encoding).
 */
export function pageAddress(href: string): string | null {
  const url = new URL(href, 'http://page.invalid');
  let segments: string[];
  try {
    segments = url.pathname.split('/').filter((part) => part !== '').map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
  const [lang, ...below] = segments;
  if (lang === undefined) return null;
  const page = matchPage(below);
  if (!page) return null;
  const spec: RouteSpec = ROUTE_TABLE[page.route];
  const params = spec.params ? parseValues(spec.params, page.params, true) : {};
  if (params === false) return null;
  const search: Record<string, string> = {};
  for (const [name, kind] of Object.entries(spec.search ?? {})) {
    const raw = url.searchParams.get(name);
    if (raw === null) continue;
    const parsed = v.safeParse(kind, searchValue(raw));
    if (parsed.success) search[name] = searchText(kind, parsed.output);
  }
  return pagePath(lang, page.route, params as Record<string, string | number>, search);
}

/** `/{lang}/…` of a page, without search (the canonical form: `?date=…` is the same page). */
export function pageHref(lang: Language, page: PageRef): string {
  return pagePath(lang, page.route, page.params);
}

/** The same page in every language, and `x-default` (the default language's). */
export function alternates(origin: string, page: PageRef): { hreflang: string; href: string }[] {
  return [
    ...LANGUAGES.map((lang) => ({ hreflang: lang, href: `${origin}${pageHref(lang, page)}` })),
    { hreflang: 'x-default', href: `${origin}${pageHref(DEFAULT_LANGUAGE, page)}` },
  ];
}
