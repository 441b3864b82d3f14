/**
 * The router's registry: each page's screen (src/app/screens) and each journey
 * (src/app/journeys/<name>.ts), loaded lazily so that each route is its own chunk and a journey's
 * machine and screens stay out of the home page's JavaScript. The pages themselves (path, title,
 * journey, params, search, login, section) are named in the route module, src/domain/routes.ts;
 * this registry only adds what renders and runs them, and it must name a screen for every page
 * and a journey module for every journey name, or it does not compile. Only the router imports it
 * (screens read their actor with ./journeys/use-journey.ts), so imports run one way.
 *
 * build.mjs runs these loaders (scripts/route-modules.mjs: each lazy import then answers its
 * source file) to learn every page's chunks for the budgets and the server's preload of a deep link.
 */
import { createElement, use, type ComponentType } from 'react';
import type { JourneyName, ShopRouteName } from '../domain/routes.js';
import type { Shell } from './shell-context.js';
import type { Journey } from './journeys/host.js';

/** A lazily loaded screen that a route can start loading before it renders (hover, focus, beforeLoad). */
export type ScreenComponent = ComponentType & { preload?: () => Promise<unknown> };

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

// the checkout's screens and its journey come in one module (./screens/checkout/pages.ts)
const checkoutPages = () => import('./screens/checkout/pages.js');
const checkoutScreen = named(checkoutPages, 'CheckoutScreen');
const authSuccess = () => import('./screens/auth/SuccessScreens.js');
const staticPage = screen(() => import('./screens/StaticPageScreen.js'));
const shopList = screen(() => import('./screens/shop/ShopListScreen.js'));
const articleScreen = screen(() => import('./screens/shop/ArticleScreen.js'));

/** /logout's screen (a heading while the app machine forgets the session): rare, so not in the shell every page loads. */
export const LOGOUT_SCREEN = named(() => import('./screens/LogoutScreen.js'), 'LogoutScreen');

/** Each page's screen; several pages may share one (the checkout's form and its return pages). */
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
  confirmEmail: screen(() => import('./screens/auth/ConfirmEmailScreen.js')),
  forgotPasswordSuccess: named(authSuccess, 'ForgotPasswordSuccessScreen'),
  recoverPasswordSuccess: named(authSuccess, 'RecoverPasswordSuccessScreen'),
  settings: screen(() => import('./screens/settings/SettingsScreen.js')),
  orderReview: screen(() => import('./screens/checkout/OrderReviewScreen.js')),
  orders: screen(() => import('./screens/orders/OrderListScreen.js')),
  order: screen(() => import('./screens/orders/OrderScreen.js')),
  withdrawal: screen(() => import('./screens/withdrawal/WithdrawalScreen.js')),
  product: articleScreen,
  checkout: checkoutScreen,
  checkoutAccepted: checkoutScreen,
  checkoutCanceled: named(checkoutPages, 'CheckoutCanceledScreen'),
  checkoutSuccess: named(checkoutPages, 'CheckoutSuccessScreen'),
  checkoutFailed: checkoutScreen,
  shippingInfo: staticPage,
  page: staticPage,
  flows: screen(() => import('./screens/FlowsScreen.js')),
} satisfies Record<ShopRouteName, ScreenComponent>;

/**
 * The parts of the catalogue each page needs beyond the shell's (src/i18n/load.ts: a part holds
 * the messages whose key starts with its name), loaded beside its screen. build.mjs stops when a
 * page's code (its screen's and journey's chunks and what they load) names a key of another part.
 */
// The lists several pages share, named once (the table is on the home page: each list is written once).
const SHOP = ['shop'] as const;
const ARTICLE = ['form', 'shop'] as const;
const ACCOUNT = ['auth', 'deliveryAddress', 'form', 'settings'] as const;
const ACCOUNT_DONE = ['auth'] as const;
// not the account's words (`auth`, some 50 messages): the checkout's one link to the guest's form has a key of its own
const CHECKOUT = ['cart', 'checkout', 'deliveryAddress', 'documents', 'form', 'shipping', 'voucherCode'] as const;
const NONE = [] as const;

export const MESSAGE_PARTS = {
  home: NONE,
  merchandise: SHOP,
  mechandiseCategory: SHOP,
  passes: SHOP,
  pass: ARTICLE,
  voucherList: ['vouchers'],
  voucherSingle: ['voucher', 'vouchers'],
  tickets: ['tickets'],
  ticket: ['calendar', 'cart', 'tickets'],
  guidedTours: ['tours'],
  guidedTour: ['calendar', 'cart', 'form', 'tour'],
  login: [...ACCOUNT, 'login'],
  register: ACCOUNT,
  registerSuccess: ACCOUNT_DONE,
  guestRegister: ACCOUNT,
  forgotPassword: ACCOUNT,
  recoverAccount: ACCOUNT,
  // its words are a part of their own: the other account pages do not carry them
  confirmEmail: [...ACCOUNT, 'emailConfirm'],
  forgotPasswordSuccess: ACCOUNT_DONE,
  recoverPasswordSuccess: ACCOUNT_DONE,
  settings: ACCOUNT,
  orderReview: ['checkout', 'documents', 'form'],
  orders: ['documents', 'orders'],
  order: ['documents', 'orders'],
  // issue 46: its words are a part of their own (form: the required mark and "correct the errors")
  withdrawal: ['form', 'withdrawal'],
  product: ARTICLE,
  checkout: CHECKOUT,
  checkoutAccepted: CHECKOUT,
  checkoutCanceled: CHECKOUT,
  checkoutSuccess: CHECKOUT,
  checkoutFailed: CHECKOUT,
  shippingInfo: NONE,
  page: NONE,
  flows: NONE,
} as const satisfies Record<ShopRouteName, readonly string[]>;

/**
 * Each journey by its name: its module (src/app/journeys/<name>.ts), whose default export is the
 * journey; the checkout's comes with its screens in one module (./screens/checkout/pages.ts).
 */
export const JOURNEYS = {
  checkout: checkoutPages,
  auth: () => import('./journeys/auth.js'),
  eventTicketing: () => import('./journeys/eventTicketing.js'),
  tourBooking: () => import('./journeys/tourBooking.js'),
  orderReview: () => import('./journeys/orderReview.js'),
  orders: () => import('./journeys/orders.js'),
  'static-page': () => import('./journeys/static-page.js'),
  settings: () => import('./journeys/settings.js'),
  voucherShop: () => import('./journeys/voucherShop.js'),
  shop: () => import('./journeys/shop.js'),
  withdrawal: () => import('./journeys/withdrawal.js'),
};
type JourneyOf<N extends JourneyName> = Awaited<ReturnType<(typeof JOURNEYS)[N]>>['default'];
/** Each journey's machine (machines/<name>.machine.ts), by the journey's name: what `useJourney(name)` gives a screen. */
export type JourneyMachines = { [N in JourneyName]: ReturnType<JourneyOf<N>['machine']> };

// Every journey the route table names has its loader, nothing else does, and each loads the
// journey of its own name: the host keys its actor by that name and the layout route leaves it
// by it, so a journey under another name would leak its actor (tests/ui/journey-names.test.ts
// also checks the module's and the machine's file names).
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const everyJourneyLoads: Exact<keyof typeof JOURNEYS, JourneyName> = true;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- journeys of different machines
const eachLoadsItsName: { [N in JourneyName]: () => Promise<{ default: Journey<any, Shell, N> }> } = JOURNEYS;
void everyJourneyLoads;
void eachLoadsItsName;

/** The journey of a route, loaded with the first route that needs it. */
export function loadJourney<N extends JourneyName>(name: N): Promise<JourneyOf<N>> {
  return JOURNEYS[name]().then((module) => module.default as JourneyOf<N>);
}
