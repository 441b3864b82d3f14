/**
 * The EU withdrawal function (issue 46; Art. 11a of Directive 2011/83/EU as inserted by Directive
 * (EU) 2023/2673): a consumer identifies an order, chooses the lines to withdraw from, states a
 * name and an address for the acknowledgement, confirms, and receives the acknowledgement by
 * mail. These are the shapes the app and the reference server share; the rules (which kinds carry
 * the right, the periods, a line's standing) are in src/domain/withdrawal.ts. Docs: docs/api.md
 * ("Withdrawal").
 *
 * Endpoints:
 * - `POST order/withdrawal` {id, key?, email?}: the order as the withdrawal journey sees it. It is
 *   opened by the order's key (the link of the confirmation mail and the order page), by its
 *   logged-in owner (Authorization), or by the e-mail address of the purchase (an anonymous buyer).
 *   The e-mail travels in the body, never in the address (logs).
 * - `POST order/withdraw` {id, key?, email?, lines, name, ack_email, request_id}: records one
 *   statement. A repeat (the same `request_id`, or lines already withdrawn) records nothing anew
 *   and answers the statement that holds them (`repeated: true`).
 */
import * as v from 'valibot';

// The configuration's rules (which kinds carry the right, for how long) are the server's:
// ./withdrawal-rules.ts, not loaded by the app.

/**
 * Why a line cannot be withdrawn:
 * - `dated`: an admission or tour on a specific date (no right of withdrawal, Art. 16(l));
 * - `period_ended`: its period ended (`period_ends` names the last day);
 * - `used`: a pass or voucher already used (its right ends with the first use);
 * - `no_right`: the operator gives this kind no right of withdrawal;
 * - `payment`: a voucher code redeemed as payment, not a thing bought.
 */
export const WITHDRAWAL_REASONS = ['dated', 'period_ended', 'used', 'no_right', 'payment'] as const;
export type WithdrawalReason = (typeof WITHDRAWAL_REASONS)[number];

/** A line's standing: `open` (may be withdrawn now), `withdrawn` (by a statement), `excluded` (with its reason). */
export const WITHDRAWAL_LINE_STATUSES = ['open', 'withdrawn', 'excluded'] as const;
export type WithdrawalLineStatus = (typeof WITHDRAWAL_LINE_STATUSES)[number];

export const WithdrawalLineSchema = v.object({
  /** the line's position in the order (0-based): what a statement names */
  line: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** the cart line's type (ticket, dayTicket, guidedTour, merchandise, annualPass, voucher, voucherCode) */
  type: v.string(),
  name: v.string(),
  /** what the line cost, minor units */
  amount: v.number(),
  count: v.number(),
  status: v.picklist(WITHDRAWAL_LINE_STATUSES),
  /** with `excluded`: why */
  reason: v.nullable(v.picklist(WITHDRAWAL_REASONS)),
  /** the period's last day 'YYYY-MM-DD' (the museum's calendar); null: no period, or not started yet (goods not delivered) */
  period_ends: v.nullable(v.string()),
  /** with `withdrawn`: when the statement was received (ISO 8601) */
  withdrawn_at: v.nullable(v.string()),
});
export type WithdrawalLine = v.InferOutput<typeof WithdrawalLineSchema>;

/** A recorded statement of withdrawal. */
export const WithdrawalStatementSchema = v.object({
  id: v.string(),
  /** when the shop received it (ISO 8601, with the offset) */
  received_at: v.string(),
  lines: v.array(v.number()),
  name: v.string(),
  /** where the acknowledgement went */
  email: v.string(),
});
export type WithdrawalStatement = v.InferOutput<typeof WithdrawalStatementSchema>;

/** POST order/withdrawal: the order as the journey shows it. */
export const WithdrawalOrderSchema = v.object({
  id: v.string(),
  created_at: v.string(),
  currency: v.string(),
  /** prefill of the name: the customer's or the billing name; '' when unknown */
  name: v.string(),
  /** prefill of the acknowledgement's address: the purchase's address (the one typed, for an anonymous buyer) */
  email: v.string(),
  lines: v.array(WithdrawalLineSchema),
  statements: v.array(WithdrawalStatementSchema),
});
export type WithdrawalOrder = v.InferOutput<typeof WithdrawalOrderSchema>;

/** POST order/withdrawal: how the order is identified (one of key, logged-in owner, e-mail). */
export const WithdrawalLookupSchema = v.object({
  // the reference server's booking numbers are 12 letters and digits (payments.ts), not digits alone
  id: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9]{1,32}$/, 'A booking number is letters and digits.')),
  key: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/))),
  email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254), v.email())),
});
export type WithdrawalLookup = v.InferOutput<typeof WithdrawalLookupSchema>;

/** The longest name a statement takes. */
export const WITHDRAWAL_NAME_MAX_LENGTH = 200;

/** POST order/withdraw: one statement. */
export const WithdrawRequestSchema = v.object({
  ...WithdrawalLookupSchema.entries,
  lines: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), v.minLength(1, 'Choose at least one line.'), v.maxLength(500)),
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'Your name is missing.'), v.maxLength(WITHDRAWAL_NAME_MAX_LENGTH)),
  ack_email: v.pipe(v.string(), v.trim(), v.maxLength(254), v.email('This is not an e-mail address.')),
  /** made by the app once per confirmation (a UUID): a repeat of the same request records nothing anew */
  request_id: v.pipe(v.string(), v.regex(/^[\w-]{8,64}$/)),
});
export type WithdrawRequest = v.InferInput<typeof WithdrawRequestSchema>;

/** POST order/withdraw: the statement recorded (or, `repeated`, the one that already held these lines). */
export const WithdrawResultSchema = v.object({
  statement: WithdrawalStatementSchema,
  repeated: v.boolean(),
});
export type WithdrawResult = v.InferOutput<typeof WithdrawResultSchema>;

/** Error codes of the withdrawal function (§8 additions of issue 46). */
export const WITHDRAWAL_ERRORS = {
  /**
   * 404: no order with this booking number opened by this e-mail address (or key). An unknown
   * number and a wrong address answer alike, so the function cannot tell a stranger which
   * booking numbers exist.
   */
  WITHDRAWAL_ORDER_NOT_FOUND: 'WITHDRAWAL_ORDER_NOT_FOUND',
  /** 422: none of the chosen lines (or none of the order's) can be withdrawn now */
  WITHDRAWAL_NOTHING_OPEN: 'WITHDRAWAL_NOTHING_OPEN',
  /** 404: the operator has the function switched off */
  WITHDRAWAL_OFF: 'WITHDRAWAL_OFF',
} as const;
