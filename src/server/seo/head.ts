/**
 * The head of a page as the server sends it (issue 25, "findable"): `<title>` (composed as the
 * browser composes it: src/app/navigation.ts `documentTitle`), meta description in the page's
 * language, canonical and `hreflang` alternates on catalogue pages, `noindex` on personal ones,
 * and the JSON-LD block. Pure: the data comes from ./load.ts.
 */
import { createIntl, type IntlShape } from '@formatjs/intl';
import type { Thing, WithContext } from 'schema-dts';
import type { Language } from '../../api/languages.js';
import type { RouteName } from '../../domain/routes.js';
import { documentTitle } from '../../app/navigation.js';
import da from '../../i18n/messages/da.json';
import de from '../../i18n/messages/de.json';
import en from '../../i18n/messages/en.json';
import es from '../../i18n/messages/es.json';
import fr from '../../i18n/messages/fr.json';
import it from '../../i18n/messages/it.json';
import nl from '../../i18n/messages/nl.json';
import sv from '../../i18n/messages/sv.json';
import { jsonLdScript } from './json-ld.js';

const CATALOGUES: Record<Language, Record<string, string>> = { de, en, fr, it, nl, es, sv, da };

const intls = new Map<Language, IntlShape>();
/** The message formatter of a language, as react-intl formats the same catalogue in the browser. */
function intlOf(lang: Language): IntlShape {
  let intl = intls.get(lang);
  if (!intl) {
    intl = createIntl({ locale: lang, messages: CATALOGUES[lang], onError: () => undefined });
    intls.set(lang, intl);
  }
  return intl;
}

/** A message of the language's catalogue (its key when missing, as react-intl shows it). */
export function message(lang: Language, id: string): string {
  return intlOf(lang).formatMessage({ id });
}

/**
 * The document title the browser shows on that page (`named`: the name its screen gives it, the
 * event of a ticket page; `separator`: the config's `title_separator`).
 */
export function pageTitle(lang: Language, route: RouteName, named: string | null, siteName: string, separator: string): string {
  return documentTitle(route, named, (id) => message(lang, id), siteName, separator).full;
}

/** The shop's own description in a language (the catalogue's `meta.description`). */
export function shopDescription(lang: Language): string {
  return message(lang, 'meta.description');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * HTML from the catalogue (an item's description) as plain text: tags, comments, scripts and
 * styles dropped, entities decoded, white space collapsed. The result is escaped again where it is
 * written, so this only has to read well, not to be safe.
 */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|section|article|blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity.startsWith('#')) {
        const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[entity.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Search engines show about 160 characters: cut at a word and end with an ellipsis. */
export const DESCRIPTION_LENGTH = 160;

/** An item's description for the meta tag: its own text as plain text, shortened; empty when it has none. */
export function shortDescription(html: string, max = DESCRIPTION_LENGTH): string {
  const text = plainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** Everything the head says about a page. */
export interface PageHead {
  title: string;
  description: string;
  /** Catalogue pages: the canonical URL and the same page in each language (and `x-default`). */
  canonical?: string | undefined;
  alternates?: { hreflang: string; href: string }[] | undefined;
  /** Personal pages and not found: kept out of search results. */
  noindex?: boolean | undefined;
  jsonLd?: WithContext<Thing> | undefined;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head's lines, for the `<head>` of index.html (static.ts puts them where the generic title and description were). */
export function renderHead(head: PageHead): string {
  return [
    // data-page-title: the browser keeps this title on this page (RouteEffects) instead of composing it again
    `<title data-page-title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    ...(head.noindex ? ['<meta name="robots" content="noindex">'] : []),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}">`] : []),
    ...(head.alternates ?? []).map((alt) => `<link rel="alternate" hreflang="${escapeHtml(alt.hreflang)}" href="${escapeHtml(alt.href)}">`),
    ...(head.jsonLd ? [jsonLdScript(head.jsonLd)] : []),
  ].join('\n    ');
}

