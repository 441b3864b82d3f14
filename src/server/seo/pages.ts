/**
 * Which page of the shop a URL is, for the head the server sends (issue 25, "findable"): the
 * route of the route table (src/domain/routes.ts) its path below `/{lang}` matches, with its
 * params checked by the route's own kinds, and whether search engines may index it.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../api/languages.js';
import { matchRoute, pagePath, type ShopRouteName } from '../../domain/routes.js';

// the catalogue pages and the rule that tells them are the route table's (src/domain/routes.ts)
export { CATALOGUE_ROUTES, isCatalogueRoute, type CatalogueRoute } from '../../domain/routes.js';

/** A page of the shop: its route and the path params as the URL wrote them (checked by their kinds). */
export interface PageRef {
  route: ShopRouteName;
  params: Readonly<Record<string, string>>;
}

/**
 * The page of a path below `/{lang}` (`['tickets', '101']`), or null when no route has that path
 * or a param does not fit its kind (the app shows its not-found page there): the route table's
 * `matchRoute`.
 */
export function matchPage(segments: readonly string[]): PageRef | null {
  return matchRoute(segments);
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
