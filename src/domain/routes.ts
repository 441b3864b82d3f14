/**
 * The pages of §2, each named once: its path below `/{lang}`, title key, the journey it belongs
 * to, what its path params and search values are, whether it needs a login and its shop section.
 * This module is a leaf (it imports nothing of the app): the machines name their pages with
 * `RouteName` in their states' meta (typed through `setup({ types: { meta: PageMeta } })`), the
 * journeys and screens build every link with `routeHref`, and src/app/routes.ts adds each page's
 * lazily loaded screen (`satisfies Record<ShopRouteName, …>`, so a page without a screen does not
 * compile) and each journey's loader.
 *
 * The router parses a page's params and search once, by the kinds of its entry (`parseValues`):
 * a journey receives numbers and checked texts (`RouteValues`), never the URL's strings to check
 * again. A path param that does not fit its kind is the not-found page; a search value that does
 * not fit is absent.
 *
 * No other module writes a path by hand: tests/tools/routes.test.ts looks for `/${…}` paths
 * outside this file.
 */
import * as v from 'valibot';
import type { SectionKey } from './sections.js';

/** How a path param's text or a search value becomes a value (valibot; one schema per kind). */
export type ValueKind = v.GenericSchema;

export interface RouteSpec {
  /** Path below `/{lang}`; '' is home; `$name` is a path param. */
  path: string;
  /** Message key of the title and main heading; null for home (site name alone). */
  titleKey: string | null;
  /** Secondary-page styling (§2). */
  secondary?: boolean;
  /** The journey whose actor this route enters (src/app/journeys/<journey>.ts). */
  journey?: string;
  /** The kind of each path param (every `$name` of the path has one); a param that does not fit: the not-found page. */
  params?: Readonly<Record<string, ValueKind>>;
  /** The search values the page reads, by kind; one that does not fit is absent, others are ignored. */
  search?: Readonly<Record<string, ValueKind>>;
  /** §6: the page needs a login; a visitor without one (or a guest, §6) goes to login and comes back. */
  requiresLogin?: boolean;
  /** The shop section the page belongs to: with its config flag off the page is not found (§1). */
  section?: SectionKey;
}

// The kinds, one per kind of value. A search value reaches the router as it reads the URL
// (`?category=5` as the number 5, a text as text), and the router writes the parsed search back
// into the address: a search kind keeps what fits as it came (the address stays as opened), and
// what does not fit is absent (the address drops it).

/** A positive whole number of up to nine digits, e.g. the `101` of `tickets/101`. */
const positiveId = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number), v.minValue(1));
/** A key of letters, digits, `_` and `-` (an order, a recovery link). */
const key = (max: number) => v.pipe(v.string(), v.regex(new RegExp(`^[\\w-]{1,${max}}$`)));
/**
 * The id of a static page (§2: imprint, terms, data_protection, accessibility_statement, shipping):
 * lowercase letters and `_`. The reference server checks a page request with it too
 * (src/api/schemas/config-requests.ts), so an address whose id cannot name a page is the
 * not-found page at once, never an answer of "could not be loaded, try again".
 */
export const staticPageId = v.pipe(v.string(), v.regex(/^[a-z][a-z_]{0,39}$/, 'Expected a page id such as imprint'));
/** A positive id in the search: `?category=5` (`?category=05` or `"5"`, text, becomes 5). */
const searchId = v.union([v.pipe(v.number(), v.integer(), v.minValue(1)), positiveId]);
/** A day to open: `?date=YYYY-MM-DD…` or `YYYYMMDD`, the forms the machines read (toIsoDate, src/domain/dates.ts). */
const day = v.pipe(v.string(), v.regex(/^(\d{8}$|\d{4}-\d{2}-\d{2})/));
/** A path of this site (`?returnTo=/de/checkout`): never another site, so no open redirect. */
export const sitePath = v.pipe(v.string(), v.regex(/^\/(?!\/)[^\\]*$/));
/** What the payment provider appends to its return URL: a text or a number (the checkout keeps 64 characters of it). */
const providerText = v.union([v.pipe(v.string(), v.minLength(1)), v.number()]);

/**
 * A booking number in the search (`?id=K7Q2M9XWPZ4C`, issue 46): up to 32 letters and digits (the shop's own are 12), as
 * the withdrawal function takes it; one of digits only reaches the router as a number.
 */
const bookingNumber = v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,32}$/))]);

const returnTo = { returnTo: sitePath };
/** The secret of an order (issue 42, at least 96 bits): with it, its page shows its tickets and documents. */
const orderKey = { key: key(128) };

const providerReturn = { us: providerText, sessionUs: providerText, cartId: providerText };

export const ROUTE_TABLE = {
  home: { path: '', titleKey: null },
  merchandise: { path: 'merchandise', section: 'merchandise', titleKey: 'title.merchandise', journey: 'shop' },
  mechandiseCategory: {
    path: 'merchandise/$category',
    section: 'merchandise',
    titleKey: 'title.merchandiseCategory',
    journey: 'shop',
    params: { category: positiveId },
  },
  passes: { path: 'passes', section: 'passes', titleKey: 'title.passes', journey: 'shop', search: { category: searchId } },
  pass: { path: 'passes/$id', section: 'passes', titleKey: 'title.pass', journey: 'shop', params: { id: positiveId } },
  voucherList: { path: 'vouchers', section: 'vouchers', titleKey: 'title.voucherList', journey: 'voucherShop' },
  voucherSingle: { path: 'vouchers/$id', section: 'vouchers', titleKey: 'title.voucherSingle', journey: 'voucherShop', params: { id: positiveId } },
  tickets: { path: 'tickets', section: 'tickets', titleKey: 'title.tickets', journey: 'eventTicketing', search: { date: day } },
  ticket: { path: 'tickets/$id', section: 'tickets', titleKey: 'title.ticket', journey: 'eventTicketing', params: { id: positiveId }, search: { date: day } },
  guidedTours: { path: 'guided-tours', section: 'guidedTours', titleKey: 'title.guidedTours', journey: 'tourBooking', search: { date: day } },
  guidedTour: { path: 'guided-tours/$id', section: 'guidedTours', titleKey: 'title.guidedTour', journey: 'tourBooking', params: { id: positiveId }, search: { date: day } },
  login: { path: 'login', titleKey: 'title.login', secondary: true, journey: 'auth', search: returnTo },
  register: { path: 'register', titleKey: 'title.register', secondary: true, journey: 'auth', search: returnTo },
  registerSuccess: { path: 'register/success', titleKey: 'title.registerSuccess', secondary: true },
  guestRegister: { path: 'register-guest', titleKey: 'title.guestRegister', secondary: true, journey: 'auth', search: returnTo },
  forgotPassword: { path: 'forgot-password', titleKey: 'title.forgotPassword', secondary: true, journey: 'auth', search: returnTo },
  recoverAccount: { path: 'recover/$guid', titleKey: 'title.recoverAccount', secondary: true, journey: 'auth', params: { guid: key(128) }, search: returnTo },
  /** Issue 44: the link mailed to a new e-mail address; following it changes the account's address. */
  confirmEmail: { path: 'confirm-email/$guid', titleKey: 'title.confirmEmail', secondary: true, journey: 'auth', params: { guid: key(128) }, search: returnTo },
  forgotPasswordSuccess: { path: 'password-reset-success', titleKey: 'title.forgotPasswordSuccess', secondary: true },
  recoverPasswordSuccess: { path: 'recover-success', titleKey: 'title.recoverPasswordSuccess', secondary: true },
  settings: { path: 'settings', titleKey: 'title.settings', secondary: true, requiresLogin: true, journey: 'settings' },
  orderReview: { path: 'order-review/$id', titleKey: 'title.orderReview', journey: 'orderReview', params: { id: key(64) }, search: orderKey },
  /** Issue 42: "My orders" of a logged-in customer, and one order (the confirmation mail links here with the order's key). */
  orders: { path: 'orders', titleKey: 'title.orders', requiresLogin: true, journey: 'orders' },
  order: { path: 'orders/$id', titleKey: 'title.order', journey: 'orders', params: { id: key(64) }, search: orderKey },
  /**
   * Issue 46: "Withdraw from contract here" (Art. 11a), for anyone (no login: an anonymous buyer
   * identifies the order by its booking number and address). The confirmation mail links here with
   * the order's id and key, "My orders" and the order page too.
   */
  withdrawal: { path: 'withdrawal', titleKey: 'title.withdrawal', secondary: true, journey: 'withdrawal', search: { id: bookingNumber, ...orderKey } },
  product: { path: 'product/$id', section: 'merchandise', titleKey: 'title.product', journey: 'shop', params: { id: positiveId } },
  checkout: { path: 'checkout', titleKey: 'title.checkout', journey: 'checkout' },
  checkoutAccepted: { path: 'checkout/accepted', titleKey: 'title.checkoutAccepted', journey: 'checkout', search: providerReturn },
  checkoutCanceled: { path: 'checkout/canceled', titleKey: 'title.checkoutCanceled', journey: 'checkout', search: providerReturn },
  checkoutSuccess: { path: 'checkout/success', titleKey: 'title.checkoutSuccess', secondary: true, journey: 'checkout' },
  checkoutFailed: { path: 'checkout/failed', titleKey: 'title.checkoutFailed', journey: 'checkout', search: providerReturn },
  shippingInfo: { path: 'page/shipping', titleKey: 'title.shippingInfo', journey: 'static-page' },
  page: { path: 'page/$id', titleKey: 'title.page', journey: 'static-page', params: { id: staticPageId } },
  /** Flow viewer: every machine's chart with the live state (also under any page with ?flows). */
  flows: { path: '__flows', titleKey: 'title.flows' },
} as const satisfies Record<string, RouteSpec>;

/** A page of the shop under `/{lang}`. */
export type ShopRouteName = keyof typeof ROUTE_TABLE;
/** Any page the app shows, the not-found page and logout (no path of their own) included. */
export type RouteName = ShopRouteName | 'pageNotFound' | 'logout';
export const ROUTE_NAMES = Object.keys(ROUTE_TABLE) as ShopRouteName[];

/**
 * The catalogue pages: what anyone may find, the same for every visitor (issue 25). The server
 * renders them with their content, search engines index them. Every other page (cart, checkout
 * and its returns, login and registration, settings, order review, my orders, the flow viewer) is personal
 * or a tool: the server renders it as the shell and the page's waiting state, `noindex`.
 */
export const CATALOGUE_ROUTES = [
  'home',
  'tickets',
  'ticket',
  'guidedTours',
  'guidedTour',
  'merchandise',
  'mechandiseCategory',
  'product',
  'passes',
  'pass',
  'voucherList',
  'voucherSingle',
  'page',
  'shippingInfo',
] as const satisfies readonly ShopRouteName[];
export type CatalogueRoute = (typeof CATALOGUE_ROUTES)[number];

export function isCatalogueRoute(route: ShopRouteName): route is CatalogueRoute {
  return (CATALOGUE_ROUTES as readonly string[]).includes(route);
}

type SpecOf<N extends ShopRouteName> = (typeof ROUTE_TABLE)[N];
/**
 * The journeys of machines/, by the name the flow viewer shows (src/app/journeys/<name>.ts): the
 * ones the pages above name. src/app/routes.ts must load each of them, so a misspelled journey
 * does not compile.
 */
export type JourneyName = { [N in ShopRouteName]: SpecOf<N> extends { journey: infer J extends string } ? J : never }[ShopRouteName];
/** The pages of a journey. */
export type JourneyRouteName<J extends JourneyName> = { [N in ShopRouteName]: SpecOf<N> extends { journey: J } ? N : never }[ShopRouteName];

type ValuesOf<TKinds> = { readonly [K in keyof TKinds]: TKinds[K] extends ValueKind ? v.InferOutput<TKinds[K]> : never };
/** A page's path params as the router parsed them, e.g. `{ id: number }` for `tickets/$id`. */
export type ParsedParams<N extends ShopRouteName> = SpecOf<N> extends { params: infer K } ? ValuesOf<K> : Readonly<Record<never, never>>;
/** A page's search values as the router parsed them; a missing or malformed one is undefined. */
export type ParsedSearch<N extends ShopRouteName> = SpecOf<N> extends { search: infer K } ? Partial<ValuesOf<K>> : Readonly<Record<never, never>>;
/** A page with its parsed params and search (what a journey route gives its journey). */
export type RouteValues<N extends ShopRouteName = ShopRouteName> = N extends ShopRouteName ? { route: N; params: ParsedParams<N>; search: ParsedSearch<N> } : never;

type ParamNamesOf<TPath extends string> = TPath extends `${string}$${infer Name}/${infer Rest}` ? Name | ParamNamesOf<Rest> : TPath extends `${string}$${infer Name}` ? Name : never;
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Pages whose path params and param kinds differ (none, or this does not compile). */
type ParamsWithoutKind = { [N in ShopRouteName]: Exact<ParamNamesOf<SpecOf<N>['path']>, keyof (SpecOf<N> extends { params: infer K } ? K : Record<never, never>)> extends true ? never : N }[ShopRouteName];
const everyParamHasItsKind: [ParamsWithoutKind] extends [never] ? true : ParamsWithoutKind = true;
void everyParamHasItsKind;

/**
 * Values by their kinds (a route's `params` or `search`). A value that is missing or does not fit
 * is undefined; with `strict` (path params), the whole answer is false instead.
 */
export function parseValues(kinds: Readonly<Record<string, ValueKind>>, raw: Readonly<Record<string, unknown>>, strict?: boolean): Record<string, unknown> | false {
  const values: Record<string, unknown> = {};
  for (const name in kinds) {
    const result = v.safeParse(kinds[name]!, raw[name]);
    if (!result.success && strict) return false;
    values[name] = result.success ? result.output : undefined;
  }
  return values;
}

/** Title key of any route, the not-found page and logout included. */
export function titleKeyOf(name: RouteName): string | null {
  if (name === 'pageNotFound') return 'title.pageNotFound';
  if (name === 'logout') return 'title.logout';
  return ROUTE_TABLE[name].titleKey;
}

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

/** The one address of a path: without empty segments (`/en//tickets/` → `/en/tickets`); a leading `//` never names another host. */
export function canonicalPath(pathname: string): string {
  return `/${pathname.split('/').filter((p) => p !== '').join('/')}`;
}

/**
 * Whether the page at `path` (a path of this site, with or without its language, search and hash)
 * needs a login (§6, `requiresLogin`): `/de/settings?x=1` does, `/de/tickets` does not.
 */
export function requiresLoginAt(path: string, isLanguage: (segment: string | undefined) => boolean): boolean {
  const parts = (path.split(/[?#]/)[0] ?? '').split('/').filter((p) => p !== '');
  if (isLanguage(parts[0])) parts.shift();
  return ROUTE_NAMES.some((name) => {
    const spec: RouteSpec = ROUTE_TABLE[name];
    if (!spec.requiresLogin) return false;
    const pattern = spec.path.split('/').filter((p) => p !== '');
    return pattern.length === parts.length && pattern.every((segment, i) => segment.startsWith('$') || segment === parts[i]);
  });
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
