/**
 * The request schemas of the checkout calls (docs/api.md), checked by the reference server
 * (src/server/api/checkout.ts, src/server/provider.ts). The app sends these shapes (their types
 * come through ./checkout.ts) but never parses them: keeping them apart keeps them out of the
 * app's bundle (esbuild cannot drop an unused top-level schema call).
 */
import * as v from 'valibot';
import { CartPayloadSchema } from '../../domain/cart-payload.js';
import { ShippingAddressInputSchema } from './accounts-requests.js';

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

/** Query of POST checkout/execPayment (what the provider appended to url.continue). */
export const ExecPaymentQuerySchema = v.object({
  us: v.pipe(v.string(), v.nonEmpty('Missing us'), v.maxLength(64)),
  sessionUs: v.pipe(v.string(), v.nonEmpty('Missing sessionUs'), v.maxLength(64)),
  srcURL: v.optional(v.pipe(v.string(), v.maxLength(2000))),
});
export const ExecPaymentBodySchema = v.object({ cartId: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)) });
/** POST checkout/suggest {cart} */
export const SuggestRequestSchema = v.object({ cart: CartPayloadSchema });
/** The simulated provider's page query and form fields (src/server/provider.ts). */
export const ProviderSessionSchema = v.object({
  cartId: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)),
  session: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)),
});
export const ProviderActionSchema = v.picklist(['pay', 'cancel', 'fail']);
