/**
 * Each page's screen (src/app/screens), loaded lazily so that each route is its own chunk. The
 * pages themselves (path, title, journey, params, login, section) are named in the route module,
 * src/domain/routes.ts; this registry only adds what renders them, and it must name a screen for
 * every page (`satisfies Record<ShopRouteName, …>`). Only the router imports it: screens and
 * journeys import the route module, so imports run one way (no screen imports its own registry).
 */
import { createElement, use, type ComponentType } from 'react';
import { ROUTE_TABLE, type RouteSpec, type ShopRouteName } from '../domain/routes.js';

/** A lazily loaded screen that a route can start loading before it renders (hover, focus, beforeLoad). */
export type ScreenComponent = ComponentType & { preload?: () => Promise<unknown> };

/** A page of the route module with its screen. */
export interface RouteDef extends RouteSpec {
  /** The screen (lazily loaded, see `screen()`). */
  screen: ScreenComponent;
}

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

export const SCREENS = {
  home: screen(() => import('./screens/HomeScreen.js')),
  merchandise: shopList,
  mechandiseCategory: shopList,
  passes: shopList,
  pass: articleScreen,
  voucherList: screen(() => import('./screens/vouchers/VoucherListScreen.js')),
  voucherSingle: screen(() => import('./screens/vouchers/VoucherScreen.js')),
  tickets: screen(() => import('./screens/tickets/EventListScreen.js')),
  ticket: screen(() => import('./screens/tickets/TicketScreen.js')),
  guidedTours: screen(() => import('./screens/tours/TourListScreen.js')),
  guidedTour: screen(() => import('./screens/tours/TourScreen.js')),
  login: screen(() => import('./screens/auth/LoginScreen.js')),
  register: screen(() => import('./screens/auth/RegistrationForm.js')),
  registerSuccess: named(authSuccess, 'RegisterSuccessScreen'),
  guestRegister: screen(() => import('./screens/auth/GuestRegisterScreen.js')),
  forgotPassword: screen(() => import('./screens/auth/ForgotPasswordScreen.js')),
  recoverAccount: screen(() => import('./screens/auth/RecoverAccountScreen.js')),
  forgotPasswordSuccess: named(authSuccess, 'ForgotPasswordSuccessScreen'),
  recoverPasswordSuccess: named(authSuccess, 'RecoverPasswordSuccessScreen'),
  settings: screen(() => import('./screens/settings/SettingsScreen.js')),
  orderReview: named(checkoutOther, 'OrderReviewScreen'),
  product: articleScreen,
  checkout: checkoutScreen,
  checkoutAccepted: checkoutScreen,
  checkoutCanceled: named(checkoutOther, 'CheckoutCanceledScreen'),
  checkoutSuccess: named(checkoutOther, 'CheckoutSuccessScreen'),
  checkoutFailed: checkoutScreen,
  shippingInfo: staticPage,
  page: staticPage,
  flows: screen(() => import('./screens/FlowsScreen.js')),
} satisfies Record<ShopRouteName, ScreenComponent>;

/** A page of the route module with its screen. */
export function routeDef(name: ShopRouteName): RouteDef {
  return { ...ROUTE_TABLE[name], screen: SCREENS[name] };
}
