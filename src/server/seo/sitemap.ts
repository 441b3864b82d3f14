/**
 * `/robots.txt` and `/sitemap.xml` (issue 25): the catalogue is open to crawlers, the personal
 * pages and the API are not; the sitemap lists every catalogue page in each of the eight
 * languages, each with its alternates (`xhtml:link`, the same as the pages' `hreflang` links).
 */
import { LANGUAGES } from '../../api/languages.js';
import { pagePath, ROUTE_NAMES, ROUTE_TABLE } from '../../domain/routes.js';
import { alternates, isCatalogueRoute, pageHref, type PageRef } from './pages.js';

/** The paths below `/{lang}/` a crawler is kept from: every page that is not a catalogue page. */
export function personalPaths(): string[] {
  return ROUTE_NAMES.filter((route) => !isCatalogueRoute(route)).map((route) => {
    const path = ROUTE_TABLE[route].path;
    // a page with a param is kept out as its whole folder (`order-review/`)
    const cut = path.indexOf('$');
    return cut === -1 ? path : path.slice(0, cut);
  });
}

/** robots.txt: the API, the provider's pages and each language's personal pages disallowed; where the sitemap is. */
export function robotsTxt(origin: string): string {
  // robots.txt rules are prefixes: `checkout` keeps `checkout/accepted` out already
  const all = [...new Set(personalPaths())].sort();
  const personal = all.filter((path) => !all.some((other) => other !== path && path.startsWith(other)));
  const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /provider/'];
  for (const lang of LANGUAGES) {
    for (const path of personal) lines.push(`Disallow: ${pagePath(lang, 'home', {})}/${path}`);
  }
  lines.push('', `Sitemap: ${origin}/sitemap.xml`, '');
  return lines.join('\n');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** sitemap.xml: each page in each language, with the page's alternates. */
export function sitemapXml(origin: string, pages: readonly PageRef[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'];
  for (const page of pages) {
    const links = alternates(origin, page).map((alt) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(alt.hreflang)}" href="${escapeXml(alt.href)}"/>`);
    for (const lang of LANGUAGES) {
      lines.push('  <url>', `    <loc>${escapeXml(`${origin}${pageHref(lang, page)}`)}</loc>`, ...links, '  </url>');
    }
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}
