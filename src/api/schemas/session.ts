/**
 * What the shop keeps in session storage (§9 keys jwt, customer, partner, cookiesAccepted,
 * visited URL). Every value is validated on restore; anything invalid is dropped.
 */
import * as v from 'valibot';
import type { Customer } from './accounts.js';

/** A compact JWS: three base64url parts. The client never trusts its claims for security. */
export const StoredJwtSchema = v.pipe(v.string(), v.regex(/^[\w-]+\.[\w-]+\.[\w-]*$/));

/** The customer as GET customer answers it; only the fields the shell needs are required. */
export const StoredCustomerSchema = v.looseObject({
  email: v.string(),
  fname: v.string(),
  lname: v.string(),
  country: v.optional(v.string()),
  guest: v.optional(v.boolean()),
});
export type StoredCustomer = v.InferOutput<typeof StoredCustomerSchema>;

/** The customer as the shell stores it, from GET customer (login, guest registration, settings). */
export function toStoredCustomer(customer: Customer): StoredCustomer {
  return { ...customer, guest: customer.isGuest };
}

/** Partner reference from the `partner` query parameter (passed with payment init). */
export const StoredPartnerSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[\w.-]+$/));

/** Claims the shell reads from the token to tell a guest from a registered customer. */
export const JwtClaimsSchema = v.looseObject({ guest: v.optional(v.boolean(), false), exp: v.optional(v.number()) });

/** Every session storage key the app uses: the keys of §9 and the app's own. */
export const SESSION_KEYS = {
  cart: 'cart',
  customer: 'customer',
  cookiesAccepted: 'cookiesAccepted',
  referrer: 'referrer',
  jwt: 'jwt',
  visitedUrl: 'visitedUrl',
  partner: 'partner',
  /** the checkout journey's persisted snapshot while the visitor is in the checkout (src/app/journeys) */
  checkoutJourney: 'checkoutJourney',
  serviceUnavailableReloadAt: 'serviceUnavailableReloadAt',
  /** what was typed in the settings (passwords aside) while the session expired; filled in again after login */
  settingsDraft: 'settingsDraft',
  /** a delivery address different from the billing address, chosen in the checkout (§4) */
  deliveryAddress: 'deliveryAddress',
  /** the countries chosen in the cart and of the delivery address (machines/cart.machine.ts, src/app/cart-storage.ts) */
  cartCountries: 'cart.country',
  /** the payment method and consent ticks chosen when the checkout asked for a login (issue 16 item 3); read once */
  checkoutChoice: 'checkoutChoice',
  /** the bookings this session's checkouts finished (cart id, booking id): their return URLs show them again (issue 22) */
  bookedCarts: 'bookedCarts',
  /** what takes the focus after a reload the visitor asked for ('language': the language select, issue 16 item 11) */
  focusAfterReload: 'focusAfterReload',
  /** scroll position per history entry (§4 scroll restoration) */
  scrollPositions: 'scrollPositions',
} as const;
