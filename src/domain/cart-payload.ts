/**
 * The cart payload of spec §7 ("Cart item shapes", cart{ver:1, items}), shared by the app (which
 * builds it from cart lines) and the reference server (which validates, prices and books it).
 * One source of truth: neither side declares these shapes again.
 */
import * as v from 'valibot';
import { CART_PAYLOAD_VERSION, Count, DateSchema, DateTimeSchema, Id, PassOwnerSchema, TourAnswerSchema } from './cart-values.js';

export { CART_PAYLOAD_VERSION, DateSchema, DateTimeSchema, PassOwnerSchema, TourAnswerSchema } from './cart-values.js';

export const SubticketCountSchema = v.object({ id: Id, count: Count });

export const TicketItemSchema = v.object({
  type: v.literal('ticket'),
  id: Id,
  count: Count,
  datetime: DateTimeSchema,
  subtickets: v.optional(v.array(SubticketCountSchema), []),
});

/** Day tickets of one date (§3 cart line `dayTickets`); shipping expands them into one line each. */
export const DayTicketItemSchema = v.object({
  type: v.literal('dayTicket'),
  date: DateSchema,
  dayTickets: v.pipe(v.array(SubticketCountSchema), v.minLength(1)),
});

export const TourItemSchema = v.object({
  type: v.literal('guidedTour'),
  tourId: Id,
  datetime: DateTimeSchema,
  answers: v.optional(v.array(TourAnswerSchema), []),
  /** price list entries (tours booked), §3 priceList */
  prices: v.array(SubticketCountSchema),
  tickets: v.optional(v.array(v.object({ id: Id, count: Count, subtickets: v.optional(v.array(SubticketCountSchema), []) })), []),
});

export const MerchandiseItemSchema = v.object({ type: v.literal('merchandise'), id: Id, count: v.pipe(Count, v.minValue(1)) });

export const AnnualPassItemSchema = v.object({
  type: v.literal('annualPass'),
  id: Id,
  count: v.pipe(Count, v.minValue(1)),
  owners: v.array(PassOwnerSchema),
});

export const VoucherItemSchema = v.object({
  type: v.literal('voucher'),
  id: Id,
  count: v.pipe(Count, v.minValue(1)),
  /** only for variable-amount vouchers: the chosen value in minor units (§5) */
  amount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

export const VoucherCodeItemSchema = v.object({ type: v.literal('voucherCode'), barcode: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64)) });

export const CartItemSchema = v.variant('type', [
  TicketItemSchema,
  DayTicketItemSchema,
  TourItemSchema,
  MerchandiseItemSchema,
  AnnualPassItemSchema,
  VoucherItemSchema,
  VoucherCodeItemSchema,
]);
export type CartItem = v.InferOutput<typeof CartItemSchema>;
export type CartItemType = CartItem['type'];

export const CartPayloadSchema = v.object({
  ver: v.literal(CART_PAYLOAD_VERSION),
  items: v.pipe(v.array(CartItemSchema), v.minLength(1, 'The cart is empty.'), v.maxLength(200)),
  external_document_number: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64))), null),
});
export type CartPayload = v.InferOutput<typeof CartPayloadSchema>;
