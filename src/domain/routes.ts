/**
 * The pages of §2, each named once: its path below `/{lang}`, title key, the journey it belongs
 * to, which path params it accepts, whether it needs a login and its shop section. This module is
 * a leaf (it imports nothing of the app): the machines name their pages with `RouteName` in their
 * states' meta (typed through `setup({ types: { meta: PageMeta } })`), the journeys and screens
 * build every link with `routeHref` (or `RouteLink`), and src/app/routes.ts adds each page's lazily
 * loaded screen (`satisfies Record<ShopRouteName, …>`, so a page without a screen does not compile).
 *
 * No other module writes a path by hand: tests/tools/route-paths.test.ts looks for `/${…}` paths
 * outside this file.
 */
import type { SectionKey } from './sections.js';

/** The journeys of machines/, by the name the flow viewer shows (src/app/journeys/*). */
export type JourneyName = 'checkout' | 'auth' | 'eventTicketing' | 'orderReview' | 'static-page' | 'settings' | 'voucherShop' | 'shop' | 'tourBooking';

export interface RouteSpec {
  /** Path below `/{lang}`; '' is home; `$name` is a path param. */
  path: string;
  /** Message key of the title and main heading; null for home (site name alone). */
  titleKey: string | null;
  /** Secondary-page styling (§2). */
  secondary?: boolean;
  /** The journey whose actor this route enters (src/app/journeys). */
  journey?: JourneyName;
  /** Path params the route accepts; anything else is the not-found page. */
  params?: (params: Readonly<Record<string, string>>) => boolean;
  /** §6: the page needs a login; a visitor without one (or a guest, §6) goes to login and comes back. */
  requiresLogin?: boolean;
  /** The shop section the page belongs to: with its config flag off the page is not found (§1). */
  section?: SectionKey;
}

const numericId = (params: Readonly<Record<string, string>>) => /^\d{1,9}$/.test(params.id ?? '') && Number(params.id) > 0;
const slug = (key: string, max: number) => (params: Readonly<Record<string, string>>) => new RegExp(`^[\\w-]{1,${max}}$`).test(params[key] ?? '');

export const ROUTE_TABLE = {
  home: { path: '', titleKey: null },
  merchandise: { path: 'merchandise', section: 'merchandise', titleKey: 'title.merchandise', journey: 'shop' },
  mechandiseCategory: {
    path: 'merchandise/$category',
    section: 'merchandise',
    titleKey: 'title.merchandiseCategory',
    journey: 'shop',
    params: (p) => /^\d{1,9}$/.test(p.category ?? '') && Number(p.category) > 0,
  },
  passes: { path: 'passes', section: 'passes', titleKey: 'title.passes', journey: 'shop' },
  pass: { path: 'passes/$id', section: 'passes', titleKey: 'title.pass', journey: 'shop', params: numericId },
  voucherList: { path: 'vouchers', section: 'vouchers', titleKey: 'title.voucherList', journey: 'voucherShop' },
  voucherSingle: { path: 'vouchers/$id', section: 'vouchers', titleKey: 'title.voucherSingle', journey: 'voucherShop', params: numericId },
  tickets: { path: 'tickets', section: 'tickets', titleKey: 'title.tickets', journey: 'eventTicketing' },
  ticket: { path: 'tickets/$id', section: 'tickets', titleKey: 'title.ticket', journey: 'eventTicketing', params: numericId },
  guidedTours: { path: 'guided-tours', section: 'guidedTours', titleKey: 'title.guidedTours', journey: 'tourBooking' },
  guidedTour: { path: 'guided-tours/$id', section: 'guidedTours', titleKey: 'title.guidedTour', journey: 'tourBooking', params: numericId },
  login: { path: 'login', titleKey: 'title.login', secondary: true, journey: 'auth' },
  register: { path: 'register', titleKey: 'title.register', secondary: true, journey: 'auth' },
  registerSuccess: { path: 'register/success', titleKey: 'title.registerSuccess', secondary: true },
  guestRegister: { path: 'register-guest', titleKey: 'title.guestRegister', secondary: true, journey: 'auth' },
  forgotPassword: { path: 'forgot-password', titleKey: 'title.forgotPassword', secondary: true, journey: 'auth' },
  recoverAccount: { path: 'recover/$guid', titleKey: 'title.recoverAccount', secondary: true, journey: 'auth', params: slug('guid', 128) },
  forgotPasswordSuccess: { path: 'password-reset-success', titleKey: 'title.forgotPasswordSuccess', secondary: true },
  recoverPasswordSuccess: { path: 'recover-success', titleKey: 'title.recoverPasswordSuccess', secondary: true },
  settings: { path: 'settings', titleKey: 'title.settings', secondary: true, requiresLogin: true, journey: 'settings' },
  orderReview: { path: 'order-review/$id', titleKey: 'title.orderReview', journey: 'orderReview', params: slug('id', 64) },
  product: { path: 'product/$id', section: 'merchandise', titleKey: 'title.product', journey: 'shop', params: numericId },
  checkout: { path: 'checkout', titleKey: 'title.checkout', journey: 'checkout' },
  checkoutAccepted: { path: 'checkout/accepted', titleKey: 'title.checkoutAccepted', journey: 'checkout' },
  checkoutCanceled: { path: 'checkout/canceled', titleKey: 'title.checkoutCanceled', journey: 'checkout' },
  checkoutSuccess: { path: 'checkout/success', titleKey: 'title.checkoutSuccess', secondary: true, journey: 'checkout' },
  checkoutFailed: { path: 'checkout/failed', titleKey: 'title.checkoutFailed', journey: 'checkout' },
  shippingInfo: { path: 'page/shipping', titleKey: 'title.shippingInfo', journey: 'static-page' },
  page: { path: 'page/$id', titleKey: 'title.page', journey: 'static-page', params: slug('id', 64) },
  /** Flow viewer: every machine's chart with the live state (also under any page with ?flows). */
  flows: { path: '__flows', titleKey: 'title.flows' },
} as const satisfies Record<string, RouteSpec>;

/** A page of the shop under `/{lang}`. */
export type ShopRouteName = keyof typeof ROUTE_TABLE;
/** Any page the app shows, the not-found page and logout (no path of their own) included. */
export type RouteName = ShopRouteName | 'pageNotFound' | 'logout';
export const ROUTE_NAMES = Object.keys(ROUTE_TABLE) as ShopRouteName[];

/** Title key of any route, the not-found page and logout included. */
export function titleKeyOf(name: RouteName): string | null {
  if (name === 'pageNotFound') return 'title.pageNotFound';
  if (name === 'logout') return 'title.logout';
  return ROUTE_TABLE[name].titleKey;
}

type ParamNamesOf<TPath extends string> = TPath extends `${string}$${infer Name}/${infer Rest}` ? Name | ParamNamesOf<Rest> : TPath extends `${string}$${infer Name}` ? Name : never;
/** The path params a page needs, e.g. `{ id }` for `tickets/$id` and nothing for `checkout`. */
export type RouteParams<TName extends ShopRouteName> = TName extends ShopRouteName ? { readonly [K in ParamNamesOf<(typeof ROUTE_TABLE)[TName]['path']>]: string | number } : never;
/** The pages without path params. */
export type PlainRouteName = { [N in ShopRouteName]: ParamNamesOf<(typeof ROUTE_TABLE)[N]['path']> extends never ? N : never }[ShopRouteName];

export type SearchParams = Readonly<Record<string, string | number | boolean>>;
export type RouteHrefArgs<TName extends ShopRouteName> = TName extends PlainRouteName ? [params?: Readonly<Record<string, never>>, search?: SearchParams] : [params: RouteParams<TName>, search?: SearchParams];

/**
 * `/{lang}/{path}` with its params filled in and an optional search: the one way a path is
 * written. A page with path params needs them (`routeHref(lang, 'ticket', { id: 101 })`).
 */
export function routeHref<TName extends ShopRouteName>(lang: string, name: TName, ...[params, search]: RouteHrefArgs<TName>): string {
  return pagePath(lang, name, params ?? {}, search);
}

/** What `routeHref` builds, for callers whose own types already check the params (RouteLink). */
export function pagePath(lang: string, name: ShopRouteName, params: Readonly<Record<string, string | number>>, search: SearchParams = {}): string {
  const path = ROUTE_TABLE[name].path.replace(/\$(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
  // URLSearchParams writes numbers and booleans as their text
  const query = new URLSearchParams(search as Record<string, string>).toString();
  return `/${lang}${path ? `/${path}` : ''}${query ? `?${query}` : ''}`;
}

/** Swaps (or adds) the first path segment for another language: the same page in `lang`. */
export function withLanguage(pathname: string, lang: string, isLanguage: (segment: string | undefined) => boolean): string {
  const parts = pathname.split('/').filter((p) => p !== '');
  if (parts.length > 0 && isLanguage(parts[0])) parts[0] = lang;
  else parts.unshift(lang);
  return `/${parts.join('/')}`;
}

/** A path without a language (e.g. `/tickets`, typed by hand) under a language: `/de/tickets`. */
export function prefixLanguage(lang: string, pathname: string): string {
  return `/${lang}${pathname}`;
}

/**
 * What a journey's state says about the page (state meta, typed in each machine's `setup`): the
 * route it shows (`null`: no page of the shop, e.g. while at the payment provider) and whether
 * going there replaces the history entry (e.g. the success page after booking).
 */
export interface PageMeta {
  route?: RouteName | null;
  replace?: boolean;
}
