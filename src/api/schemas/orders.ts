/**
 * What a booked order delivers (issue 42), as the app sees it: the links to its PDF tickets and
 * calendar entries, where its confirmation went, and "My orders". Every field is optional where a
 * back end may not offer it (SHOP_API_URL): the app then shows what it showed before.
 * Shapes, statuses and codes: docs/api.md ("Orders").
 */
import * as v from 'valibot';

/** The order's own documents, for whoever holds its key (the buyer: success page, mail, My orders). */
export const OrderDocumentsSchema = v.object({
  /** the order's secret (≥ 96 bits): the key of its page and files; never only the booking id */
  key: v.string(),
  /** where the confirmation went, partly masked ("j•••@example.org"); null: no address known */
  mail_to: v.nullable(v.string()),
  /** absolute URL of the PDF tickets; null: nothing to print (articles only) */
  pdf: v.nullable(v.string()),
  /** absolute URL of the vouchers' pages without the prices of the rest (a gift); null: no voucher bought */
  gift_pdf: v.nullable(v.string()),
  /** absolute URL of the .ics with every dated visit; null: no dated visit */
  ics: v.nullable(v.string()),
});
export type OrderDocuments = v.InferOutput<typeof OrderDocumentsSchema>;

/** A dated visit of the order (the museum's wall-clock time, 'YYYY-MM-DD HH:MM:SS'). */
export const OrderVisitSchema = v.object({
  title: v.string(),
  start: v.string(),
  end: v.nullable(v.string()),
  venue: v.nullable(v.string()),
});
export type OrderVisit = v.InferOutput<typeof OrderVisitSchema>;

/** A voucher bought in the order: the code to give and redeem. */
export const BoughtVoucherSchema = v.object({
  code: v.string(),
  /** minor units */
  value: v.number(),
  /** last valid day 'YYYY-MM-DD' */
  valid_until: v.string(),
});
export type BoughtVoucher = v.InferOutput<typeof BoughtVoucherSchema>;

/** What order/review and orders add for the holder of the order's key (or its logged-in owner). */
export const OrderExtrasEntries = {
  documents: v.optional(OrderDocumentsSchema),
  visits: v.optional(v.array(OrderVisitSchema)),
  vouchers: v.optional(v.array(BoughtVoucherSchema)),
};

/** GET orders (logged in): one entry per order, newest first. */
export const OrderSummarySchema = v.object({
  id: v.string(),
  created_at: v.string(),
  lines: v.array(v.object({ type: v.string(), name: v.string(), amount: v.number(), withdrawn_at: v.optional(v.nullable(v.string())) })),
  amount: v.number(),
  currency: v.string(),
  /** issue 46: whether a line of this order may be withdrawn now ("Withdraw from contract here" on the order) */
  withdrawable: v.optional(v.boolean()),
  documents: OrderDocumentsSchema,
  visits: v.array(OrderVisitSchema),
});
export type OrderSummary = v.InferOutput<typeof OrderSummarySchema>;
export const OrderListSchema = v.array(OrderSummarySchema);

/** POST order/resend?id&key: the confirmation is on its way again, to this (masked) address. */
export const ResendResultSchema = v.object({ mail_to: v.string() });
export type ResendResult = v.InferOutput<typeof ResendResultSchema>;

/** Error codes of orders and tickets (§8 additions of issue 42). */
export const ORDER_ERRORS = {
  /** order/resend: a confirmation was sent less than ORDER_RESEND_INTERVAL_SECONDS ago; data {retry_after} */
  ORDER_RESEND_TOO_SOON: 'ORDER_RESEND_TOO_SOON',
  /** order/resend: the order has no address to write to */
  ORDER_NO_ADDRESS: 'ORDER_NO_ADDRESS',
  /** ticket/verify: not a code this shop signed (or one character changed) */
  TICKET_INVALID: 'TICKET_INVALID',
} as const;

/** A confirmation is sent again at most once a minute per order. */
export const ORDER_RESEND_INTERVAL_SECONDS = 60;

/** POST ticket/verify {code}: what a valid code admits. */
export const TicketAdmitsSchema = v.object({
  booking_id: v.string(),
  serial: v.number(),
  kind: v.string(),
  title: v.string(),
  ticket: v.string(),
  datetime: v.nullable(v.string()),
  date: v.nullable(v.string()),
  count: v.number(),
  participants: v.array(v.string()),
  holder: v.nullable(v.string()),
});
export type TicketAdmits = v.InferOutput<typeof TicketAdmitsSchema>;

/** GET ticket/key: the public key a gate checks codes with, offline. */
export const TicketKeySchema = v.object({
  alg: v.literal('Ed25519'),
  /** the public key as a JWK (kty OKP, crv Ed25519, x) */
  jwk: v.object({ kty: v.literal('OKP'), crv: v.literal('Ed25519'), x: v.string() }),
  /** the same key as PEM (SubjectPublicKeyInfo) */
  pem: v.string(),
  /** how a code is made: base64url(payload JSON) "." base64url(Ed25519 signature over the payload bytes) */
  format: v.string(),
});
