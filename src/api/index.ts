/**
 * The typed shop API client: one function per call of spec §7, each answer checked by its
 * valibot schema. Callers get typed data or an ApiError {status, code, message, fields}.
 *
 * Boot needs only the config calls; the catalogue, account and checkout calls (and their
 * schemas) load with their first use, so the home page does not carry them.
 */
import { createHttp, type Http, type HttpOptions } from './http.js';
import { configApi } from './config.js';
import type { eventsApi } from './events.js';
import type { toursApi } from './tours.js';
import type { merchandiseApi } from './merchandise.js';
import type { vouchersApi } from './vouchers.js';
import type { accountApi } from './accounts.js';
import type { checkoutApi } from './checkout.js';
import type { withdrawalApi } from './withdrawal.js';

type Calls = Record<string, (...args: never[]) => Promise<unknown>>;
type EventsApi = ReturnType<typeof eventsApi>;
type ToursApi = ReturnType<typeof toursApi>;
type MerchandiseApi = ReturnType<typeof merchandiseApi>;
type VouchersApi = ReturnType<typeof vouchersApi>;
type AccountApi = ReturnType<typeof accountApi>;
type CheckoutApi = ReturnType<typeof checkoutApi>;
type WithdrawalApi = ReturnType<typeof withdrawalApi>;

/** Every name of `T`, listed once: the compiler refuses a list that misses one. */
type AllKeys<T> = readonly (keyof T)[] & { length: number };
const exhaustive =
  <T>() =>
  <const K extends readonly (keyof T)[]>(keys: K & (Exclude<keyof T, K[number]> extends never ? unknown : never)) =>
    keys as AllKeys<T>;

const EVENT_CALLS = exhaustive<EventsApi>()(['getEvents', 'getTickets', 'getTicketCalendar', 'getTicketLifetime']);
const TOUR_CALLS = exhaustive<ToursApi>()([
  'getTours', 'getTourOverview', 'getTourAttributes', 'getTour', 'getTourSoldOutDates', 'getTourSoldOutTimeslots', 'getTourCalendar', 'getTourLifetime',
]);
const MERCHANDISE_CALLS = exhaustive<MerchandiseApi>()([
  'getMerchandise', 'getAnnualPasses', 'getArticle', 'getMerchandiseAttributes', 'getAnnualPassAttributes', 'getCountries',
]);
const VOUCHER_CALLS = exhaustive<VouchersApi>()(['getVouchers', 'getVoucher', 'getVoucherAttributes', 'lookUpVoucherCode']);
const ACCOUNT_CALLS = exhaustive<AccountApi>()([
  'login', 'logout', 'registerGuest', 'register', 'validateCustomer', 'getCustomerAttr', 'requestPasswordReset', 'checkRecoveryLink', 'confirmPasswordReset', 'changePassword',
  'changeEmail', 'confirmEmailChange', 'updateCustomer', 'getCustomer',
]);
const CHECKOUT_CALLS = exhaustive<CheckoutApi>()([
  'getSuggestions', 'initPayment', 'initPaymentOrder', 'execPayment', 'cancelPayment', 'getPaymentCart', 'getOrderReview', 'getShippingCosts',
  'listOrders', 'resendConfirmation',
]);
const WITHDRAWAL_CALLS = exhaustive<WithdrawalApi>()(['getWithdrawalOrder', 'withdraw']);

/** Calls whose module is imported on the first call (once). */
function deferred<T extends Calls>(load: () => Promise<(http: Http) => T>, http: Http, names: AllKeys<T>): T {
  let calls: Promise<T> | null = null;
  const out: Record<string, (...args: never[]) => Promise<unknown>> = {};
  for (const name of names) {
    out[name as string] = async (...args: never[]) => {
      calls ??= load().then((create) => create(http));
      const fn = (await calls)[name] as (...a: never[]) => Promise<unknown>;
      return fn(...args);
    };
  }
  return out as T;
}

const loadEvents = () => import('./events.js').then((m) => m.eventsApi);
const loadTours = () => import('./tours.js').then((m) => m.toursApi);
const loadMerchandise = () => import('./merchandise.js').then((m) => m.merchandiseApi);
const loadVouchers = () => import('./vouchers.js').then((m) => m.vouchersApi);
const loadAccounts = () => import('./accounts.js').then((m) => m.accountApi);
const loadCheckout = () => import('./checkout.js').then((m) => m.checkoutApi);
const loadWithdrawal = () => import('./withdrawal.js').then((m) => m.withdrawalApi);

/**
 * Each module of calls loaded on its first call, with the names of its calls. build.mjs reads this
 * (run in Node, each loader answering its source file: scripts/route-modules.mjs) to preload, on a
 * page, only the modules whose calls the page's own code makes.
 */
export const DEFERRED_CALLS = [
  { load: loadEvents, names: EVENT_CALLS },
  { load: loadTours, names: TOUR_CALLS },
  { load: loadMerchandise, names: MERCHANDISE_CALLS },
  { load: loadVouchers, names: VOUCHER_CALLS },
  { load: loadAccounts, names: ACCOUNT_CALLS },
  { load: loadCheckout, names: CHECKOUT_CALLS },
  { load: loadWithdrawal, names: WITHDRAWAL_CALLS },
] as const;

export function createShopApi(options: HttpOptions) {
  const http = createHttp(options);
  return {
    ...configApi(http),
    ...deferred(loadEvents, http, EVENT_CALLS),
    ...deferred(loadTours, http, TOUR_CALLS),
    ...deferred(loadMerchandise, http, MERCHANDISE_CALLS),
    ...deferred(loadVouchers, http, VOUCHER_CALLS),
    ...deferred(loadAccounts, http, ACCOUNT_CALLS),
    ...deferred(loadCheckout, http, CHECKOUT_CALLS),
    ...deferred(loadWithdrawal, http, WITHDRAWAL_CALLS),
  };
}
export type ShopApi = ReturnType<typeof configApi> & EventsApi & ToursApi & MerchandiseApi & VouchersApi & AccountApi & CheckoutApi & WithdrawalApi;
export { ApiError, isApiError } from './http.js';
