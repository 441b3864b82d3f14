/**
 * Checkout, payment and shipping calls of spec §7, shared by the client (src/api/checkout.ts) and
 * the reference server (src/server/api/checkout.ts). The cart itself is src/domain/cart-payload.ts.
 * Shapes, statuses and codes: docs/api.md.
 */
import * as v from 'valibot';
import { CartPayloadSchema } from '../../domain/cart-payload.js';
import { isValidIban, normalizeIban } from '../../domain/iban.js';
import { ShippingAddressInputSchema } from './accounts.js';

/** Payment types (§9): 161 online payment (card and twint, the default); 74 and 164 direct debit. */
export const PAYART_EXPRESS = 161;
export const DIRECT_DEBIT_PAYARTS: readonly number[] = [74, 164];

const HttpUrlSchema = v.pipe(
  v.string(),
  v.maxLength(2000),
  v.url('Expected an absolute URL'),
  v.check((s) => /^https?:\/\//i.test(s), 'Expected an http(s) URL'),
);

export const PaymentAuxSchema = v.object({
  /** direct debit (74, 164): account holder */
  Accountholder: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
  /** direct debit (74, 164): IBAN, spaces allowed */
  IBAN: v.optional(v.pipe(v.string(), v.maxLength(64))),
  wallet: v.optional(v.picklist(['APPLEPAY', 'GOOGLEPAY'])),
  /** the partner query parameter kept in session (§1) */
  partner: v.optional(v.pipe(v.string(), v.maxLength(100))),
});
export type PaymentAux = v.InferOutput<typeof PaymentAuxSchema>;

export const ReturnUrlsSchema = v.object({ continue: HttpUrlSchema, cancel: HttpUrlSchema });
export type ReturnUrls = v.InferOutput<typeof ReturnUrlsSchema>;

const PayartSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

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

/**
 * Where the goods of a cart go (§4): `country` is the destination the cart priced shipping for
 * (used when nobody is logged in; a logged-in customer's own country wins, as in shipping/costs);
 * `address` is a delivery address different from the billing address (all five fields, §5), or
 * null for the billing address. With an address, its country is the destination (issue 22 item 5)
 * and a `country` naming another one is refused (422 SHIPPING_COUNTRY_MISMATCH).
 */
export const PaymentShippingSchema = v.object({
  country: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'Expected a two-letter country key'))),
  address: v.optional(v.nullable(ShippingAddressInputSchema), null),
});
export type PaymentShipping = v.InferOutput<typeof PaymentShippingSchema>;

/** POST checkout/initPayment */
export const InitPaymentRequestSchema = v.object({
  payart: PayartSchema,
  aux: v.optional(PaymentAuxSchema, {}),
  cart: CartPayloadSchema,
  url: ReturnUrlsSchema,
  shipping: v.optional(PaymentShippingSchema, { address: null }),
  /** §3/§9 requestInvoice, default true: the customer wants an invoice with the order */
  request_invoice: v.optional(v.boolean(), true),
});
export type InitPaymentRequest = v.InferInput<typeof InitPaymentRequestSchema>;

/** POST checkout/initPaymentOrder: a new payment attempt for a cart that is still open (`id` = cartId). */
export const InitPaymentOrderRequestSchema = v.object({
  payart: PayartSchema,
  aux: v.optional(PaymentAuxSchema, {}),
  id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)),
  url: ReturnUrlsSchema,
});
export type InitPaymentOrderRequest = v.InferInput<typeof InitPaymentOrderRequestSchema>;

/** 200 data of initPayment / initPaymentOrder: the provider page to send the browser to. */
export const RedirectUrlSchema = v.pipe(v.string(), v.url());

/** Query of POST checkout/execPayment (what the provider appended to url.continue). */
export const ExecPaymentQuerySchema = v.object({
  us: v.pipe(v.string(), v.nonEmpty('Missing us'), v.maxLength(64)),
  sessionUs: v.pipe(v.string(), v.nonEmpty('Missing sessionUs'), v.maxLength(64)),
  srcURL: v.optional(v.pipe(v.string(), v.maxLength(2000))),
});
export const ExecPaymentBodySchema = v.object({ cartId: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)) });
export const ExecPaymentResultSchema = v.object({ booking_id: v.string(), has_tickets: v.boolean() });
export type ExecPaymentResult = v.InferOutput<typeof ExecPaymentResultSchema>;

/** The query the provider appends to url.continue (and url.cancel: cartId only). */
export const ProviderReturnQuerySchema = v.object({ us: v.string(), sessionUs: v.string(), cartId: v.string() });
export type ProviderReturnQuery = v.InferOutput<typeof ProviderReturnQuerySchema>;

/** POST checkout/suggest {cart}: upselling suggestions, each ready to add to the cart. */
export const SuggestRequestSchema = v.object({ cart: CartPayloadSchema });
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
  lines: v.array(v.object({ type: v.string(), name: v.string(), amount: v.number(), vat: v.number() })),
  subtotal: v.number(),
  discount: v.number(),
  shipping: v.number(),
  /** what was paid, minor units */
  amount: v.number(),
  currency: v.string(),
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

/** The simulated provider's page query and form fields (src/server/provider.ts). */
export const ProviderSessionSchema = v.object({
  cartId: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)),
  session: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)),
});
export const ProviderActionSchema = v.picklist(['pay', 'cancel', 'fail']);
