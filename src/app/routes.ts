/**
 * The route table of §2: every route declared once — path below `/{lang}`, title key, lazy
 * screen, the journey it belongs to, param validation and whether it needs a login.
 * src/app/router.tsx builds the router from it; the header sections, titles and journeys read
 * their paths here. Screens and journeys load lazily, so each route is its own chunk.
 */
import { createElement, use, type ComponentType } from 'react';
import type { SectionKey } from '../domain/sections.js';

/** The journeys of machines/: each is loaded with its first route (src/app/journeys/*). */
export type JourneyName = 'checkout' | 'auth' | 'eventTicketing' | 'orderReview' | 'static-page' | 'settings' | 'voucherShop' | 'shop' | 'tourBooking';

/** A lazily loaded screen that a route can start loading before it renders (hover, focus, beforeLoad). */
export type ScreenComponent = ComponentType & { preload?: () => Promise<unknown> };

export interface RouteDef {
  /** Path below `/{lang}`; '' is home; `$name` is a path param. */
  path: string;
  /** Message key of the title and main heading; null for home (site name alone). */
  titleKey: string | null;
  /** Secondary-page styling (§2). */
  secondary?: boolean;
  /** The screen (lazily loaded, see `screen()`). */
  screen: ScreenComponent;
  /** The journey whose actor this route enters (src/app/journeys). */
  journey?: JourneyName;
  /** Path params the route accepts; anything else is the not-found page. */
  params?: (params: Readonly<Record<string, string>>) => boolean;
  /** §6: the page needs a login; a visitor without one (or a guest, §6) goes to login and comes back. */
  requiresLogin?: boolean;
  /** The shop section the page belongs to: with its config flag off the page is not found (§1, issue 22 item 7). */
  section?: SectionKey;
}

const numericId = (params: Readonly<Record<string, string>>) => /^\d{1,9}$/.test(params.id ?? '') && Number(params.id) > 0;
/**
 * A lazily loaded screen whose chunk a route loads in `beforeLoad` (and on hover or focus of a
 * link, through the router's intent preloading). Unlike React.lazy, a screen whose code is already
 * there renders at once instead of suspending for a moment, so the visitor never sees "Loading the
 * page…" flash. A failed load is forgotten so that the next attempt asks again.
 */
export function screen(load: () => Promise<{ default: ComponentType }>): ScreenComponent {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const preload = (): Promise<ComponentType> =>
    (pending ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  function LazyScreen() {
    const Screen = loaded ?? use(preload());
    return createElement(Screen);
  }
  return Object.assign(LazyScreen, { preload });
}
const named = <T extends string>(load: () => Promise<Record<T, ComponentType>>, name: T) => screen(() => load().then((m) => ({ default: m[name] })));

const checkoutScreen = screen(() => import('./screens/checkout/CheckoutScreen.js'));
const checkoutOther = () => import('./screens/checkout/OtherScreens.js');
const authSuccess = () => import('./screens/auth/SuccessScreens.js');
const staticPage = screen(() => import('./screens/StaticPageScreen.js'));
const shopList = screen(() => import('./screens/shop/ShopListScreen.js'));
const articleScreen = screen(() => import('./screens/shop/ArticleScreen.js'));

export const ROUTES = {
  home: { path: '', titleKey: null, screen: screen(() => import('./screens/HomeScreen.js')) },
  merchandise: { path: 'merchandise', section: 'merchandise', titleKey: 'title.merchandise', journey: 'shop', screen: shopList },
  mechandiseCategory: {
    section: 'merchandise',
    path: 'merchandise/$category',
    titleKey: 'title.merchandiseCategory',
    journey: 'shop',
    params: (p) => /^\d{1,9}$/.test(p.category ?? '') && Number(p.category) > 0,
    screen: shopList,
  },
  passes: { path: 'passes', section: 'passes', titleKey: 'title.passes', journey: 'shop', screen: shopList },
  pass: { path: 'passes/$id', section: 'passes', titleKey: 'title.pass', journey: 'shop', params: numericId, screen: articleScreen },
  voucherList: { path: 'vouchers', section: 'vouchers', titleKey: 'title.voucherList', journey: 'voucherShop', screen: screen(() => import('./screens/vouchers/VoucherListScreen.js')) },
  voucherSingle: {
    section: 'vouchers',
    path: 'vouchers/$id',
    titleKey: 'title.voucherSingle',
    journey: 'voucherShop',
    params: numericId,
    screen: screen(() => import('./screens/vouchers/VoucherScreen.js')),
  },
  tickets: { path: 'tickets', section: 'tickets', titleKey: 'title.tickets', journey: 'eventTicketing', screen: screen(() => import('./screens/tickets/EventListScreen.js')) },
  ticket: {
    section: 'tickets',
    path: 'tickets/$id',
    titleKey: 'title.ticket',
    journey: 'eventTicketing',
    params: numericId,
    screen: screen(() => import('./screens/tickets/TicketScreen.js')),
  },
  guidedTours: { path: 'guided-tours', section: 'guidedTours', titleKey: 'title.guidedTours', journey: 'tourBooking', screen: screen(() => import('./screens/tours/TourListScreen.js')) },
  guidedTour: {
    section: 'guidedTours',
    path: 'guided-tours/$id',
    titleKey: 'title.guidedTour',
    journey: 'tourBooking',
    params: numericId,
    screen: screen(() => import('./screens/tours/TourScreen.js')),
  },
  login: { path: 'login', titleKey: 'title.login', secondary: true, journey: 'auth', screen: screen(() => import('./screens/auth/LoginScreen.js')) },
  register: { path: 'register', titleKey: 'title.register', secondary: true, journey: 'auth', screen: screen(() => import('./screens/auth/RegistrationForm.js')) },
  registerSuccess: { path: 'register/success', titleKey: 'title.registerSuccess', secondary: true, screen: named(authSuccess, 'RegisterSuccessScreen') },
  guestRegister: { path: 'register-guest', titleKey: 'title.guestRegister', secondary: true, journey: 'auth', screen: screen(() => import('./screens/auth/GuestRegisterScreen.js')) },
  forgotPassword: { path: 'forgot-password', titleKey: 'title.forgotPassword', secondary: true, journey: 'auth', screen: screen(() => import('./screens/auth/ForgotPasswordScreen.js')) },
  recoverAccount: {
    path: 'recover/$guid',
    titleKey: 'title.recoverAccount',
    secondary: true,
    journey: 'auth',
    params: (p) => /^[\w-]{1,128}$/.test(p.guid ?? ''),
    screen: screen(() => import('./screens/auth/RecoverAccountScreen.js')),
  },
  forgotPasswordSuccess: {
    path: 'password-reset-success',
    titleKey: 'title.forgotPasswordSuccess',
    secondary: true,
    screen: named(authSuccess, 'ForgotPasswordSuccessScreen'),
  },
  recoverPasswordSuccess: {
    path: 'recover-success',
    titleKey: 'title.recoverPasswordSuccess',
    secondary: true,
    screen: named(authSuccess, 'RecoverPasswordSuccessScreen'),
  },
  settings: {
    path: 'settings',
    titleKey: 'title.settings',
    secondary: true,
    requiresLogin: true,
    journey: 'settings',
    screen: screen(() => import('./screens/settings/SettingsScreen.js')),
  },
  orderReview: {
    path: 'order-review/$id',
    titleKey: 'title.orderReview',
    journey: 'orderReview',
    params: (p) => /^[\w-]{1,64}$/.test(p.id ?? ''),
    screen: named(checkoutOther, 'OrderReviewScreen'),
  },
  product: { path: 'product/$id', section: 'merchandise', titleKey: 'title.product', journey: 'shop', params: numericId, screen: articleScreen },
  checkout: { path: 'checkout', titleKey: 'title.checkout', journey: 'checkout', screen: checkoutScreen },
  checkoutAccepted: { path: 'checkout/accepted', titleKey: 'title.checkoutAccepted', journey: 'checkout', screen: checkoutScreen },
  checkoutCanceled: { path: 'checkout/canceled', titleKey: 'title.checkoutCanceled', journey: 'checkout', screen: named(checkoutOther, 'CheckoutCanceledScreen') },
  checkoutSuccess: {
    path: 'checkout/success',
    titleKey: 'title.checkoutSuccess',
    secondary: true,
    journey: 'checkout',
    screen: named(checkoutOther, 'CheckoutSuccessScreen'),
  },
  checkoutFailed: { path: 'checkout/failed', titleKey: 'title.checkoutFailed', journey: 'checkout', screen: checkoutScreen },
  shippingInfo: { path: 'page/shipping', titleKey: 'title.shippingInfo', journey: 'static-page', screen: staticPage },
  page: { path: 'page/$id', titleKey: 'title.page', journey: 'static-page', params: (p) => /^[\w-]{1,64}$/.test(p.id ?? ''), screen: staticPage },
  /** Flow viewer: every machine's chart with the live state (also under any page with ?flows). */
  flows: { path: '__flows', titleKey: 'title.flows', screen: screen(() => import('./screens/FlowsScreen.js')) },
} as const satisfies Record<string, RouteDef>;

export type ShopRouteName = keyof typeof ROUTES;
export type RouteName = ShopRouteName | 'pageNotFound' | 'logout';
export const ROUTE_NAMES = Object.keys(ROUTES) as ShopRouteName[];

export function routeDef(name: ShopRouteName): RouteDef {
  return ROUTES[name];
}

/** Title key of any route, the not-found page and logout included. */
export function titleKeyOf(name: RouteName): string | null {
  if (name === 'pageNotFound') return 'title.pageNotFound';
  if (name === 'logout') return 'title.logout';
  return ROUTES[name].titleKey;
}

/** `/{lang}/{path}` with its params filled in and an optional search. */
export function routeHref(lang: string, name: ShopRouteName, params: Readonly<Record<string, string>> = {}, search: Readonly<Record<string, string>> = {}): string {
  const path = ROUTES[name].path.replace(/\$(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
  const query = new URLSearchParams(search).toString();
  return `/${lang}${path ? `/${path}` : ''}${query ? `?${query}` : ''}`;
}
