/**
 * What screens and journeys read of the cart machine (machines/cart.machine.ts): use with
 * `useSelector(cartRef, selectX)`; object results need a shallow compare. Voucher allocation,
 * totals and tax are derived here from the lines, never stored (§4).
 */
import type { SnapshotFrom } from 'xstate';
import type { Country } from '../src/api/schemas/config-requests.js';
import { taxedItems, type CartLine } from '../src/domain/cart-lines.js';
import { taxTotal, type Minor } from '../src/domain/money.js';
import { countryKey, shippingDestination, shippingReady, type ShippingStatus } from '../src/domain/shipping.js';
import { allocateVouchers, withVoucherAllocation, type CartTotals } from '../src/domain/vouchers.js';
import type { CartContext, CartTag, cartMachine } from './cart.machine.js';

type CartView = { context: CartContext };
type CartTags = { hasTag: (tag: CartTag) => boolean };

/** Number of lines (the basket icon, §1). */
export const selectLineCount = (snapshot: CartView): number => snapshot.context.lines.length;
/** Lines with `remaining` and `discount` filled in on voucher codes (§4). */
export const selectLinesWithVouchers = (snapshot: CartView): CartLine[] => withVoucherAllocation(snapshot.context.lines, snapshot.context.shippingCost);
/** Subtotal, shipping, discount, total and the allocation of each voucher code. */
export const selectTotals = (snapshot: CartView): CartTotals => allocateVouchers(snapshot.context.lines, snapshot.context.shippingCost);
/** Tax total included in the prices (VAT per item, §9). */
export const selectTaxTotal = (snapshot: CartView): Minor => taxTotal(taxedItems(snapshot.context.lines));
export const selectShippingCost = (snapshot: CartView): Minor | null => snapshot.context.shippingCost;
export const selectShippingError = (snapshot: CartView): string | null => snapshot.context.shippingError;
/** Where the cart stands with shipping, read from the state's tags (src/domain/shipping.ts ShippingStatus). */
export const selectShippingStatus = (snapshot: CartTags): ShippingStatus => {
  for (const status of ['needsCountry', 'loading', 'known', 'failed'] as const) if (snapshot.hasTag(`shipping-${status}`)) return status;
  return 'none';
};
/** Payment waits for shipping (§4): true with nothing to ship or a known cost. */
export const selectShippingReady = (snapshot: CartTags): boolean => shippingReady(selectShippingStatus(snapshot));
/** The countries to choose the destination from; null until loaded. */
export const selectCountries = (snapshot: CartView): Country[] | null => snapshot.context.countries;
/**
 * The visitor may choose the country in the cart: an anonymous visitor, or a logged-in customer
 * whose own country is not known (none in the customer record, or the record not read: issue 45
 * item 2). A logged-in customer's own country is the one the server prices behind the token.
 */
export const selectMayChooseCountry = (snapshot: CartView): boolean =>
  !snapshot.context.destination.loggedIn || countryKey(snapshot.context.destination.tokenCountry) === null;
/** The destination the cost is for (§4 order), null when none is known. */
export const selectShippingCountry = (snapshot: CartView): string | null => shippingDestination(snapshot.context.destination);
/** The list of countries to choose the destination from could not be loaded (the cart offers to try again). */
export const selectCountriesFailed = (snapshot: SnapshotFrom<typeof cartMachine>): boolean =>
  snapshot.matches({ Ready: { 'Destination unknown': 'Countries unavailable' } });
