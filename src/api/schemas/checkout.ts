/**
 * Checkout, payment and shipping calls of spec §7, shared by the client (src/api/checkout.ts) and
 * the reference server (src/server/api/checkout.ts). The cart itself is src/domain/cart-payload.ts.
 * Shapes, statuses and codes: docs/api.md.
 */
import * as v from 'valibot';
import { isValidIban, normalizeIban } from '../../domain/iban.js';
import type { PaymentAux } from './checkout-requests.js';
import { OrderDocumentsSchema, OrderExtrasEntries } from './orders.js';

/**
 * The request schemas (initPayment, initPaymentOrder, execPayment's query, suggest, the simulated
 * provider's form) are the server's: they live in ./checkout-requests.ts, so that the app's
 * bundle, which only reads answers, carries none of them; their types are the app's too.
 */
export type { InitPaymentRequest, InitPaymentOrderRequest, PaymentAux, PaymentShipping, ReturnUrls } from './checkout-requests.js';

/** Payment types (§9): 161 online payment (card and twint, the default); 74 and 164 direct debit. */
export const PAYART_EXPRESS = 161;
export const DIRECT_DEBIT_PAYARTS: readonly number[] = [74, 164];

/**
 * Direct debit needs the account holder and an IBAN that passes the mod-97 check (§4 checkout).
 * Shared by the form and the server; keys are the body paths `aux.Accountholder` / `aux.IBAN`.
 */
export function directDebitFieldErrors(payart: number, aux: PaymentAux): Record<string, string[]> {
  if (!DIRECT_DEBIT_PAYARTS.includes(payart)) return {};
  const fields: Record<string, string[]> = {};
  if ((aux.Accountholder ?? '') === '') fields['aux.Accountholder'] = ['Please enter the account holder.'];
  if (!isValidIban(aux.IBAN ?? '')) fields['aux.IBAN'] = ['Please enter a valid IBAN.'];
  return fields;
}

/** 200 data of initPayment / initPaymentOrder: the provider page to send the browser to. */
export const RedirectUrlSchema = v.pipe(v.string(), v.url());

/** execPayment's answer; `documents` (issue 42) when the back end delivers tickets and mails. */
export const ExecPaymentResultSchema = v.object({ booking_id: v.string(), has_tickets: v.boolean(), documents: v.optional(OrderDocumentsSchema) });
export type ExecPaymentResult = v.InferOutput<typeof ExecPaymentResultSchema>;

/** The query the provider appends to url.continue (and url.cancel: cartId only). */
export const ProviderReturnQuerySchema = v.object({ us: v.string(), sessionUs: v.string(), cartId: v.string() });
export type ProviderReturnQuery = v.InferOutput<typeof ProviderReturnQuerySchema>;

/** POST checkout/suggest {cart}: upselling suggestions, each ready to add to the cart. */
export const SuggestionSchema = v.object({
  type: v.literal('merchandise'),
  id: v.number(),
  name: v.string(),
  /** unit price, minor units */
  price: v.number(),
  /** VAT percent contained in the price (§9), so an added suggestion is taxed like any line */
  vat_value: v.number(),
});
export const SuggestionsSchema = v.array(SuggestionSchema);
export type Suggestion = v.InferOutput<typeof SuggestionSchema>;

/** GET order/review?id= (id = booking_id) */
export const OrderReviewSchema = v.object({
  id: v.string(),
  created_at: v.string(),
  payart: v.number(),
  has_tickets: v.boolean(),
  external_document_number: v.nullable(v.string()),
  /** vat: the line's rate (of the largest share when it has several); tax: the VAT it contains, minor units (orders before it: none) */
  lines: v.array(
    v.object({
      type: v.string(),
      name: v.string(),
      amount: v.number(),
      vat: v.number(),
      tax: v.optional(v.number()),
      /** issue 46: when a statement of withdrawal named this line (ISO 8601); absent or null: not withdrawn */
      withdrawn_at: v.optional(v.nullable(v.string())),
    }),
  ),
  /** issue 46: whether a line of this order may be withdrawn now (the order page then links to the withdrawal function) */
  withdrawable: v.optional(v.boolean()),
  subtotal: v.number(),
  discount: v.number(),
  shipping: v.number(),
  /** what was paid, minor units */
  amount: v.number(),
  currency: v.string(),
  /** issue 42: for the holder of the order's key or its logged-in owner */
  ...OrderExtrasEntries,
});
export type OrderReview = v.InferOutput<typeof OrderReviewSchema>;

/** POST shipping/costs: the cost in minor units. */
export const ShippingCostSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/** Error codes of checkout (§8). */
export const CHECKOUT_ERRORS = {
  PAYMENT_TYPE_UNKNOWN: 'PAYMENT_TYPE_UNKNOWN',
  PAYMENT_NOT_COMPLETED: 'PAYMENT_NOT_COMPLETED',
  PAYMENT_SESSION_INVALID: 'PAYMENT_SESSION_INVALID',
  CART_GONE: 'CART_GONE',
  OVERBOOKED: 'OVERBOOKED',
  ORDER_NOT_AVAILABLE: 'ORDER_NOT_AVAILABLE',
  SHIPPING_NOT_POSSIBLE_FOR_COUNTRY: 'SHIPPING_NOT_POSSIBLE_FOR_COUNTRY',
  SHIPPING_COUNTRY_MISSING: 'SHIPPING_COUNTRY_MISSING',
  /** initPayment: shipping priced for another country than the delivery address's (issue 22 item 5) */
  SHIPPING_COUNTRY_MISMATCH: 'SHIPPING_COUNTRY_MISMATCH',
  /**
   * execPayment (issue 41): the payment arrived but what it paid for could no longer be had (the
   * hold had run out and the places, stock or voucher value were taken meanwhile, or the order was
   * cancelled first). The whole amount went back through the provider; data: PaymentRefundedData.
   */
  PAYMENT_REFUNDED: 'PAYMENT_REFUNDED',
} as const;

/** Why a paid cart was refunded instead of booked (issue 41). */
export const REFUND_REASONS = ['sold_out', 'voucher', 'cancelled', 'unavailable'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** data of the 422 PAYMENT_REFUNDED: what went back (minor units) and why. */
export const PaymentRefundedDataSchema = v.object({
  amount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  currency: v.string(),
  reason: v.picklist(REFUND_REASONS),
});
export type PaymentRefundedData = v.InferOutput<typeof PaymentRefundedDataSchema>;

/**
 * Where a payment cart stands (issue 41), GET checkout/cart?id={cartId}:
 * - held: open, unpaid, its places, stock and voucher value held until `held_until`;
 * - expired: open, unpaid, the hold ran out at `held_until` (paying it now books only what is still there);
 * - paid: the money arrived, the booking is being made;
 * - booked: `booking_id` is the order; refunded: the money went back (`refund_reason`);
 * - cancelled: ended by checkout/cancel, nothing held.
 */
export const PAYMENT_CART_STATUSES = ['held', 'expired', 'paid', 'booked', 'cancelled', 'refunded'] as const;
export type PaymentCartStatus = (typeof PAYMENT_CART_STATUSES)[number];
export const PaymentCartSchema = v.object({
  id: v.string(),
  status: v.picklist(PAYMENT_CART_STATUSES),
  /** ISO 8601 (UTC): the end of the hold, initPayment + CART_TTL_SECONDS */
  held_until: v.string(),
  /** what is charged, minor units */
  amount: v.number(),
  currency: v.string(),
  booking_id: v.nullable(v.string()),
  refund_reason: v.nullable(v.picklist(REFUND_REASONS)),
});
export type PaymentCart = v.InferOutput<typeof PaymentCartSchema>;

export { normalizeIban, isValidIban };
