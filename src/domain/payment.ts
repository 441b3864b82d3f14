/**
 * Payment rules of the checkout (§4 checkout flow, §5 terms and privacy, §6 who may pay how,
 * §9 payment constants): which method is preselected, which methods need a login, what goes
 * into `aux`, and what is missing before a payment may start. Pure; used by
 * machines/checkout.machine.ts, the server checks the same direct debit rule
 * (directDebitFieldErrors in src/api/schemas/checkout.ts).
 */
import * as v from 'valibot';
import {
  CHECKOUT_ERRORS,
  DIRECT_DEBIT_PAYARTS,
  PAYART_EXPRESS,
  PaymentRefundedDataSchema,
  directDebitFieldErrors,
  type PaymentAux,
  type PaymentCart,
  type PaymentRefundedData,
  type PaymentShipping,
  type Suggestion,
} from '../api/schemas/checkout.js';
import type { CartItem } from './cart-payload.js';
import type { PaymentType } from '../api/schemas/config.js';
import type { MerchandiseLine } from './cart-lines.js';
import { deliveryPaymentErrors } from './delivery-address.js';

export type Wallet = 'APPLEPAY' | 'GOOGLEPAY';

/** What the visitor has chosen and entered in the payment form. */
export interface PaymentChoice {
  payart: number;
  wallet: Wallet | null;
  accountHolder: string;
  iban: string;
  termsAccepted: boolean;
  privacyAccepted: boolean;
}

export const EMPTY_PAYMENT_CHOICE: Omit<PaymentChoice, 'payart'> = {
  wallet: null,
  accountHolder: '',
  iban: '',
  termsAccepted: false,
  privacyAccepted: false,
};

/** §9: the configured default if offered, else 161 if offered, else the first offered type. */
export function defaultPayart(types: readonly PaymentType[], preferred: number | undefined): number {
  const ids = types.map((t) => t.payartId);
  if (preferred !== undefined && ids.includes(preferred)) return preferred;
  if (ids.includes(PAYART_EXPRESS) || ids.length === 0) return PAYART_EXPRESS;
  return ids[0] ?? PAYART_EXPRESS;
}

export const isDirectDebit = (payart: number): boolean => DIRECT_DEBIT_PAYARTS.includes(payart);

/** §6: express payment through the provider is open without login; every other method needs one. */
export const needsLoginFor = (payart: number): boolean => payart !== PAYART_EXPRESS;

/** §7 initPayment `aux`: direct debit holder and IBAN, the wallet of express payment, the partner. */
export function paymentAux(choice: PaymentChoice, partner: string | null): PaymentAux {
  const aux: PaymentAux = {};
  if (isDirectDebit(choice.payart)) {
    aux.Accountholder = choice.accountHolder.trim();
    aux.IBAN = choice.iban;
  }
  if (choice.payart === PAYART_EXPRESS && choice.wallet) aux.wallet = choice.wallet;
  if (partner) aux.partner = partner;
  return aux;
}

/** What one back-end cart (an order of initPayment) holds: its items, where they go, the invoice switch. */
export interface OrderContent {
  items: CartItem[];
  shipping: PaymentShipping;
  requestInvoice: boolean;
}

/**
 * Issue 22 (10a): after a failed payment the open order is paid again with initPaymentOrder (§7)
 * only while the cart is what that order holds: the same key. Any change (a line added or
 * removed, another delivery address or destination, the invoice switch) needs a new order
 * (initPayment), because initPaymentOrder changes only the method and the return URLs.
 */
export const orderKey = (order: OrderContent): string => JSON.stringify([order.items, order.shipping, order.requestInvoice]);

/** Field of the payment form → message keys. */
export type PaymentFieldErrors = Partial<Record<'accountHolder' | 'iban' | 'terms' | 'privacy', string[]>>;

/** §5 and §8: terms and privacy accepted; direct debit with holder and a valid IBAN. */
export function paymentDetailErrors(choice: PaymentChoice): PaymentFieldErrors {
  const errors: PaymentFieldErrors = {};
  const dd = directDebitFieldErrors(choice.payart, paymentAux(choice, null));
  if (dd['aux.Accountholder']) errors.accountHolder = ['checkout.accountHolderMissing'];
  if (dd['aux.IBAN']) errors.iban = ['checkout.ibanInvalid'];
  if (!choice.termsAccepted) errors.terms = ['checkout.acceptTerms'];
  if (!choice.privacyAccepted) errors.privacy = ['checkout.acceptPrivacy'];
  return errors;
}

/** The cart line an upselling suggestion becomes when the visitor adds it (one piece). */
export function suggestionLine(s: Suggestion): MerchandiseLine {
  return { type: 'merchandise', id: s.id, name: s.name, price: s.price, totalPrice: s.price, count: 1, vat_value: s.vat_value };
}

/** Error codes of initPayment/execPayment that have their own message (`checkout.error.<CODE>`). */
export const PAYMENT_ERROR_CODES: ReadonlySet<string> = new Set([
  'PAYMENT_NOT_COMPLETED',
  'PAYMENT_SESSION_INVALID',
  'OVERBOOKED',
  'ITEM_UNAVAILABLE',
  'SHIPPING_NOT_POSSIBLE_FOR_COUNTRY',
  'SHIPPING_COUNTRY_MISMATCH',
  'PAYMENT_DETAILS_INVALID',
  'PAYMENT_TYPE_UNKNOWN',
]);

/** What the checkout says about a refused payment: a catalogue message (with values) or the server's text. */
export type PaymentErrorMessage = { id: string; values?: Record<string, string | number> } | { text: string };

/**
 * The message of a payment error: OVERBOOKED names the line and how many places are left (§5
 * "overbooking states the available count"), a known code its own message, else the server's
 * text, else 'cannot be completed'.
 */
export function paymentErrorMessage(
  error: { code: string; message: string; details?: unknown; fields?: Readonly<Record<string, readonly string[]>> } | null,
  lines: readonly { name: string }[] = [],
): PaymentErrorMessage {
  // issue 45 item 1: a refused delivery address is told at its fields, the notice says to correct
  // them; any other refusal of the request's shape is the app's and the server's disagreement, not
  // for a visitor to read in the server's English
  if (error?.code === 'VALIDATION_FAILED') return { id: Object.keys(deliveryPaymentErrors(error.fields ?? {})).length > 0 ? 'form.correctErrors' : 'checkout.cannotComplete' };
  if (error?.code === 'OVERBOOKED') {
    const details = (typeof error.details === 'object' && error.details !== null ? error.details : {}) as { available?: unknown; index?: unknown };
    const line = typeof details.index === 'number' ? lines[details.index] : undefined;
    if (typeof details.available === 'number' && line) {
      return { id: 'checkout.error.OVERBOOKED_LINE', values: { name: line.name, available: details.available } };
    }
    // the count without a line of this cart to name (an index the cart no longer has)
    if (typeof details.available === 'number') return { id: 'checkout.error.OVERBOOKED_COUNT', values: { available: details.available } };
  }
  if (error && PAYMENT_ERROR_CODES.has(error.code)) return { id: `checkout.error.${error.code}` };
  if (error?.message) return { text: error.message };
  return { id: 'checkout.cannotComplete' };
}

/**
 * A 422 PAYMENT_REFUNDED of execPayment (issue 41): the money arrived but the order could not be
 * delivered any more, and the whole amount went back. What went back and why, read from the
 * error's data; null for any other error (or data that does not fit). Read structurally, so that
 * the machine (a failed service's error) and the client (src/api/checkout.ts) share this rule.
 */
export function paymentRefundOf(error: { code: string; details?: unknown } | null): PaymentRefundedData | null {
  if (error?.code !== CHECKOUT_ERRORS.PAYMENT_REFUNDED) return null;
  const data = v.safeParse(PaymentRefundedDataSchema, error.details);
  return data.success ? data.output : null;
}

/** How long the open order's places, stock and voucher value are held (issue 41), as the checkout shows it. */
export interface CartHold {
  /** held: until `heldUntil`; expired: the hold ran out at `heldUntil`, paying again makes a new order */
  status: 'held' | 'expired';
  /** ISO 8601 (UTC) */
  heldUntil: string;
}

/**
 * What the checkout says about a payment cart (GET checkout/cart): held or expired with the time;
 * null for a cart that is paid, booked, cancelled or refunded (nothing to say about a hold).
 */
export function holdOf(cart: PaymentCart): CartHold | null {
  return cart.status === 'held' || cart.status === 'expired' ? { status: cart.status, heldUntil: cart.held_until } : null;
}

/**
 * The cart id a provider URL (answer of initPayment) carries, to keep in session storage. Here
 * rather than in src/api/checkout.ts, which re-exports it: the checkout's journey reads it, and
 * importing the client's module for it put the whole checkout client into the checkout page's own
 * chunks (its route budget, build.mjs); the client now loads with its first call, as every page's does.
 */
export function cartIdOfProviderUrl(url: string): string | null {
  try {
    return new URL(url).searchParams.get('cartId');
  } catch {
    return null;
  }
}
