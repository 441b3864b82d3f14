/**
 * Prices and books a cart against the catalogue (events, timeslots, tours, merchandise stock,
 * vouchers, voucher codes). Owned by the catalogue side of the server; used by checkout.
 */
import type { Language } from '../api/languages.js';
import type { CartItem } from '../domain/cart-payload.js';
import type { Queryable } from './db/index.js';
import { HttpError } from './api/http-error.js';

export interface PricedLine {
  item: CartItem;
  /** display name in the requested language */
  name: string;
  /** total of the line in minor units, before vouchers; voucher codes are 0 here */
  amount: number;
  /** VAT in percent, e.g. 8.1 */
  vat: number;
}

export interface PricedCart {
  lines: PricedLine[];
  /** sum of non-voucher-code lines, minor units */
  subtotal: number;
  /** value of voucher codes applied (positive, minor units, at most subtotal + shipping) */
  discount: number;
  /** subtotal - discount (>= 0) */
  total: number;
  /** sum of merchandise weights in grams, for shipping */
  weight: number;
}

/**
 * Checks every item exists and is on sale, and prices it. Unknown or unavailable items answer
 * 422 (code ITEM_UNAVAILABLE, field `items.N`). Does not change anything.
 */
export async function priceCart(q: Queryable, lang: Language, items: CartItem[], now: Date): Promise<PricedCart> {
  void q; void lang; void items; void now;
  throw new HttpError(501, 'NOT_IMPLEMENTED', 'priceCart');
}

/**
 * Takes places, stock and voucher-code value for the items inside the caller's transaction, with
 * row locks so that concurrent bookings never sell more than there is. When something is short it
 * throws 422 OVERBOOKED with data {available, index} (available: what is left for that item).
 */
export async function reserveCart(tx: Queryable, items: CartItem[], now: Date): Promise<void> {
  void tx; void items; void now;
  throw new HttpError(501, 'NOT_IMPLEMENTED', 'reserveCart');
}
