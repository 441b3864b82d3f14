/**
 * Shipping rules of spec §4, §7 and §8.
 *
 * - Shipping is asked for only when the cart holds merchandise and a destination is known;
 *   otherwise the cost is null.
 * - The destination is the country of a different delivery address given in the checkout (issue 22:
 *   the delivery country IS the shipping country), else the logged-in token's country, else the
 *   chosen country, else the country of the saved customer.
 * - The request (src/domain/shipping-payload.ts) lists the cart as {type, id, datetime or count}:
 *   day tickets expanded into one `dayticket` line each, a tour sends datetime as date plus time and
 *   count 1 unless single ticketing, merchandise sends count, a ticket sends count and datetime.
 *   A logged-in request sends only the cart (the server reads the country behind the token); an
 *   anonymous one adds the country.
 * - A failure keeps the error code and clears the cost.
 */
import type { CartLine } from './cart-lines.js';
import type { Minor } from './money.js';
import type { ShippingLine, ShippingRequest } from './shipping-payload.js';

export interface DestinationSources {
  /** country of the different delivery address the visitor gave in the checkout (wins over all) */
  deliveryCountry?: string | null | undefined;
  /** country carried by the logged-in token (null when logged out) */
  tokenCountry?: string | null | undefined;
  /** country the visitor chose in the cart */
  chosenCountry?: string | null | undefined;
  /** country of the customer saved in session storage */
  customerCountry?: string | null | undefined;
}

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** The shipping destination (§4 order), upper-cased; null when none is known. */
export function shippingDestination(sources: DestinationSources): string | null {
  const country = [sources.deliveryCountry, sources.tokenCountry, sources.chosenCountry, sources.customerCountry].find(present);
  return country ? country.trim().toUpperCase() : null;
}

/** A typed or chosen country as a two-letter key (upper-cased), null while it is not one ('', 'D', 'Germany'). */
export function countryKey(value: string | null | undefined): string | null {
  const key = (value ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(key) ? key : null;
}

/** What is sent by post (§4, page/shipping): merchandise and annual passes. Tickets, tours and vouchers are not. */
export const SHIPPED_TYPES = ['merchandise', 'annualPass'] as const;
export type ShippedType = (typeof SHIPPED_TYPES)[number];

export function isShippedType(type: string): type is ShippedType {
  return (SHIPPED_TYPES as readonly string[]).includes(type);
}

/** True when the cart holds something that is shipped (merchandise or annual passes). */
export function cartHasMerchandise(lines: readonly { type: string }[]): boolean {
  return lines.some((line) => isShippedType(line.type));
}

/** Shipping is recalculated only with shipped goods in the cart and a known destination. */
export function shouldAskShipping(lines: readonly CartLine[], destination: string | null): boolean {
  return destination !== null && cartHasMerchandise(lines);
}

/**
 * Where the cart stands with shipping (the cart machine's states say the same):
 * - `none`: nothing in the cart is shipped;
 * - `needsCountry`: goods are shipped but no destination is known: the cart asks for a country;
 * - `loading`: the cost is being asked for;
 * - `known`: the cost is known and part of the total;
 * - `failed`: no cost for that country (§8): the cart is kept, the visitor is told to contact us.
 */
export type ShippingStatus = 'none' | 'needsCountry' | 'loading' | 'known' | 'failed';

/**
 * Whether the cart ships anything (issue 22 item 4): the delivery address and its rules matter only
 * then; a cart of tickets pays whatever a hidden delivery address form holds.
 */
export function shipsGoods(status: ShippingStatus): boolean {
  return status !== 'none';
}

/** Payment waits for shipping: it may start only with nothing to ship or a known cost. */
export function shippingReady(status: ShippingStatus): boolean {
  return status === 'none' || status === 'known';
}

/**
 * The customer's country for shipping, read the way the server reads it behind the token
 * (docs/api.md Shipping): the delivery address's country, else the billing country.
 */
export function customerShippingCountry(customer: { country?: string | null | undefined; addrShipping?: { country?: string | null | undefined } | null | undefined } | null | undefined): string | null {
  if (!customer) return null;
  const delivery = customer.addrShipping?.country;
  if (typeof delivery === 'string' && delivery.trim() !== '') return delivery.trim().toUpperCase();
  return typeof customer.country === 'string' && customer.country.trim() !== '' ? customer.country.trim().toUpperCase() : null;
}

/** One cart line -> its shipping lines (voucher codes send nothing; day tickets one line each). */
export function toShippingLines(line: CartLine): ShippingLine[] {
  switch (line.type) {
    case 'ticket':
      return [{ type: 'ticket', id: line.id, count: line.totalCount, datetime: line.datetime }];
    case 'dayTicket':
      return line.dayTickets.map((entry) => ({ type: 'dayticket', id: entry.id, count: entry.count, datetime: line.date }));
    case 'guidedTour':
      return [{ type: 'guidedTour', id: line.id, count: line.single_ticketing === 1 ? line.totalCount : 1, datetime: `${line.date} ${line.time}` }];
    case 'merchandise':
      return [{ type: 'merchandise', id: line.id, count: line.count }];
    case 'annualPass':
      return [{ type: 'annualPass', id: line.id, count: line.count }];
    case 'voucher':
      return [{ type: 'voucher', id: line.id, count: line.count }];
    case 'voucherCode':
      return [];
  }
}

export interface ShippingRequestOptions {
  loggedIn: boolean;
  /**
   * false: logged in, but the token's customer has no known country (none in the record, or the
   * record not read): the chosen country is sent like an anonymous visitor's, since the server
   * falls back on it (issue 45 item 2). Default true.
   */
  ownCountryKnown?: boolean;
  /** destination country; sent when not logged in (or logged in without an own country), or as `delivery_country` when it is a different delivery address's */
  country: string | null;
  /** the country is a different delivery address's (issue 22 item 5): sent as `delivery_country`, logged in or not */
  forDelivery?: boolean;
}

/** The POST shipping/costs body for a cart. */
export function toShippingRequest(lines: readonly CartLine[], options: ShippingRequestOptions): ShippingRequest {
  const cart = lines.flatMap(toShippingLines);
  if (options.country === null) return { cart };
  if (options.forDelivery) return { cart, delivery_country: options.country };
  if (options.loggedIn && options.ownCountryKnown !== false) return { cart };
  return { cart, country: options.country };
}

export interface ShippingState {
  /** cost in minor units, null when unknown or not asked */
  cost: Minor | null;
  /** error code of the last failed request (§8), null otherwise */
  error: string | null;
}

export const SHIPPING_UNKNOWN_ERROR = 'SHIPPING_UNKNOWN_ERROR';

/** Error code of shipping/costs: no rate for that country (§8: the code is stored and the cost cleared). */
export const SHIPPING_NOT_POSSIBLE = 'SHIPPING_NOT_POSSIBLE_FOR_COUNTRY';

/** Reads the error code out of whatever the shipping call threw (an ApiError has `code`). */
export function shippingErrorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
  }
  return SHIPPING_UNKNOWN_ERROR;
}

/** §8 shipping error: store the response code, clear the cost. */
export function shippingFailed(error: unknown): ShippingState {
  return { cost: null, error: shippingErrorCode(error) };
}

export function shippingSucceeded(cost: Minor): ShippingState {
  return { cost, error: null };
}

/** Nothing to ask (no merchandise or no destination): cost null, no error. */
export const NO_SHIPPING: ShippingState = { cost: null, error: null };
