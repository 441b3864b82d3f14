/**
 * The navigation rules of §4 that do not need React: the last visited URL, titles, language
 * swapping, size classes and safe return paths. The routes themselves are in src/domain/routes.ts.
 */
import * as v from 'valibot';
import { LANGUAGES, isLanguage, type Language } from '../api/languages.js';
import type { AppConfig } from '../api/schemas/config.js';
import { requiresLoginAt, routeHref, sitePath, titleKeyOf, withLanguage, type RouteName } from '../domain/routes.js';

/** §4: the last visited URL is stored on each navigation, except the root. */
export function shouldRememberVisit(pathname: string): boolean {
  return pathname !== '/' && pathname !== '';
}

/** Swaps (or adds) the first path segment for another language. */
export function swapLanguage(pathname: string, lang: Language): string {
  return withLanguage(pathname, lang, isLanguage);
}

export function languageFromPath(pathname: string): Language | null {
  const first = pathname.split('/').filter((p) => p !== '')[0];
  return isLanguage(first) ? first : null;
}

/** `Title - Site name` (the separator is the config's `title_separator`); home gives the site name alone. */
export function composeTitle(title: string | null, siteName: string, separator: string): string {
  return title ? `${title}${separator}${siteName}` : siteName;
}

/** The site name in a language (config per-language names fall back to the default). */
export function siteNameOf(config: Pick<AppConfig, 'siteName' | 'siteNameTranslations'>, lang: Language): string {
  return config.siteNameTranslations[lang] ?? config.siteName;
}

/**
 * The document title of a page: the name its screen gives it (the event of a ticket page,
 * src/app/page-title.ts), else its route's title, then the site name. The browser (RouteEffects)
 * and the server's head (src/server/seo) both compose it here.
 */
export function documentTitle(
  route: RouteName,
  named: string | null,
  message: (id: string) => string,
  siteName: string,
  separator: string,
): { title: string | null; full: string } {
  const key = titleKeyOf(route);
  const title = named ?? (key ? message(key) : null);
  return { title, full: composeTitle(title, siteName, separator) };
}

/** §4, §9: extra small below 544 px, then small, medium, large, extra large. */
export function sizeClass(width: number): 'size-xs' | 'size-sm' | 'size-md' | 'size-lg' | 'size-xl' {
  if (width > 1200) return 'size-xl';
  if (width > 992) return 'size-lg';
  if (width > 768) return 'size-md';
  if (width > 544) return 'size-sm';
  return 'size-xs';
}

export const HEADER_SCROLLED_PX = 100;
export const MENU_FIT_THROTTLE_MS = 500;

/** A returnTo value is only followed when it is a path of this site (no open redirect; the route table's kind). */
export function safeReturnTo(value: unknown): string | null {
  return v.is(sitePath, value) ? value : null;
}

export { LANGUAGES };

/** A link of the footer's legal block to a static page of the shop. */
export interface LegalLink {
  key: string;
  messageId: string;
  page: string;
}

/** §2: imprint, terms, data protection always; accessibility only with EUR; shipping only with merchandise. */
export function standardLegalLinks(config: Pick<AppConfig, 'currency' | 'hasMerchandise'>): LegalLink[] {
  const links: LegalLink[] = [
    { key: 'imprint', messageId: 'footer.imprint', page: 'imprint' },
    { key: 'terms', messageId: 'footer.terms', page: 'terms' },
    { key: 'data_protection', messageId: 'footer.dataProtection', page: 'data_protection' },
  ];
  if (config.currency.toUpperCase() === 'EUR') links.push({ key: 'accessibility_statement', messageId: 'footer.accessibility', page: 'accessibility_statement' });
  if (config.hasMerchandise) links.push({ key: 'shipping', messageId: 'footer.shipping', page: 'shipping' });
  return links;
}

/**
 * Issue 46: the footer's "Withdraw from contract here" (Art. 11a: easy to reach on every page),
 * while the operator has the withdrawal function on (`withdrawal_enabled`; absent: on with EUR, as
 * the accessibility statement). It stands beside the legal links, custom ones included: the law
 * asks for it whatever else the operator links to.
 */
export function withdrawalFooterLink(config: Pick<AppConfig, 'withdrawalEnabled'>, lang: string): string | null {
  return config.withdrawalEnabled ? routeHref(lang, 'withdrawal') : null;
}

/**
 * After a deliberate logout: returnTo, unless its page needs a login (settings, my orders), where
 * the route guard would send the visitor on to login saying the session had ended (issue 45); then,
 * as without returnTo, the home page of the language.
 */
export function logoutDestination(returnTo: unknown, lang: string): string {
  const back = safeReturnTo(returnTo);
  return back !== null && !requiresLoginAt(back, isLanguage) ? back : routeHref(lang, 'home');
}

/** §4: after login, returnTo first, else the checkout redirect target, else the home page of the language. */
export function returnDestination(returnTo: string | null, redirectTarget: string | null, lang: string): string {
  return safeReturnTo(returnTo) ?? safeReturnTo(redirectTarget) ?? routeHref(lang, 'home');
}
