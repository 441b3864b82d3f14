/**
 * The route table of §2 and the navigation rules of §4 that do not need React: titles, the
 * checkout redirect target, the last visited URL, language swapping and size classes.
 */
import { LANGUAGES, isLanguage, type Language } from '../api/languages.js';

export interface RouteDef {
  /** Path below `/{lang}`; '' is home. */
  path: string;
  /** Message key of the title and main heading; null for home (site name alone). */
  titleKey: string | null;
  /** Secondary-page styling (§2). */
  secondary?: boolean;
}

export const ROUTES = {
  home: { path: '', titleKey: null },
  merchandise: { path: 'merchandise', titleKey: 'title.merchandise' },
  mechandiseCategory: { path: 'merchandise/$category', titleKey: 'title.merchandiseCategory' },
  passes: { path: 'passes', titleKey: 'title.passes' },
  pass: { path: 'passes/$id', titleKey: 'title.pass' },
  voucherList: { path: 'vouchers', titleKey: 'title.voucherList' },
  voucherSingle: { path: 'vouchers/$id', titleKey: 'title.voucherSingle' },
  tickets: { path: 'tickets', titleKey: 'title.tickets' },
  ticket: { path: 'tickets/$id', titleKey: 'title.ticket' },
  guidedTours: { path: 'guided-tours', titleKey: 'title.guidedTours' },
  guidedTour: { path: 'guided-tours/$id', titleKey: 'title.guidedTour' },
  login: { path: 'login', titleKey: 'title.login', secondary: true },
  register: { path: 'register', titleKey: 'title.register', secondary: true },
  registerSuccess: { path: 'register/success', titleKey: 'title.registerSuccess', secondary: true },
  guestRegister: { path: 'register-guest', titleKey: 'title.guestRegister', secondary: true },
  forgotPassword: { path: 'forgot-password', titleKey: 'title.forgotPassword', secondary: true },
  recoverAccount: { path: 'recover/$guid', titleKey: 'title.recoverAccount', secondary: true },
  forgotPasswordSuccess: { path: 'password-reset-success', titleKey: 'title.forgotPasswordSuccess', secondary: true },
  recoverPasswordSuccess: { path: 'recover-success', titleKey: 'title.recoverPasswordSuccess', secondary: true },
  settings: { path: 'settings', titleKey: 'title.settings', secondary: true },
  orderReview: { path: 'order-review/$id', titleKey: 'title.orderReview' },
  product: { path: 'product/$id', titleKey: 'title.product' },
  checkout: { path: 'checkout', titleKey: 'title.checkout' },
  checkoutAccepted: { path: 'checkout/accepted', titleKey: 'title.checkoutAccepted' },
  checkoutCanceled: { path: 'checkout/canceled', titleKey: 'title.checkoutCanceled' },
  checkoutSuccess: { path: 'checkout/success', titleKey: 'title.checkoutSuccess', secondary: true },
  checkoutFailed: { path: 'checkout/failed', titleKey: 'title.checkoutFailed' },
  shippingInfo: { path: 'page/shipping', titleKey: 'title.shippingInfo' },
  page: { path: 'page/$id', titleKey: 'title.page' },
  flows: { path: '__flows', titleKey: 'title.flows' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES | 'pageNotFound' | 'logout';

export const ROUTE_NAMES = Object.keys(ROUTES) as (keyof typeof ROUTES)[];

/** The auth screens of §4: going there from checkout keeps checkout as the redirect target. */
export const AUTH_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'login',
  'register',
  'guestRegister',
  'forgotPassword',
  'recoverAccount',
  'registerSuccess',
  'forgotPasswordSuccess',
  'recoverPasswordSuccess',
]);

/**
 * §4: leaving checkout towards an auth screen remembers checkout as the redirect target; going to
 * any other non-auth screen clears it; moving between auth screens keeps it.
 */
export function nextRedirectTarget(from: { name: RouteName; href: string } | null, to: RouteName, current: string | null): string | null {
  if (AUTH_ROUTES.has(to)) {
    if (from?.name === 'checkout') return from.href;
    return current;
  }
  return null;
}

/** §4: the last visited URL is stored on each navigation, except the root. */
export function shouldRememberVisit(pathname: string): boolean {
  return pathname !== '/' && pathname !== '';
}

/** Swaps (or adds) the first path segment for another language. */
export function swapLanguage(pathname: string, lang: Language): string {
  const parts = pathname.split('/').filter((p) => p !== '');
  if (parts.length > 0 && isLanguage(parts[0])) parts[0] = lang;
  else parts.unshift(lang);
  return `/${parts.join('/')}`;
}

export function languageFromPath(pathname: string): Language | null {
  const first = pathname.split('/').filter((p) => p !== '')[0];
  return isLanguage(first) ? first : null;
}

/** `Title - Site name`; home gives the site name alone. */
export function composeTitle(title: string | null, siteName: string): string {
  return title ? `${title} - ${siteName}` : siteName;
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

/** A returnTo value is only followed when it is a path of this site (no open redirect). */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

export { LANGUAGES };
