/**
 * The cart line of spec §3: what the cart holds, what is saved in session storage under `cart`
 * (§9) and validated on restore, and how it becomes the cart payload of §7 (src/domain/cart-payload.ts).
 *
 * Fields of §3: type, id, name, price, totalPrice, totalCount (tickets, tours), count (merchandise,
 * passes, vouchers), datetime (ticket), date and time (tour), single_ticketing, barcode (voucher
 * code), remaining and discount (computed, see vouchers.ts, never stored), dayTickets ({id, count}).
 * Added so a line can be turned into the payload and taxed: `vat_value` (VAT percent), ticket
 * `subtickets`, tour `prices`/`tickets`/`answers`, pass `owners`, variable voucher `amount`,
 * and `eventId` on ticket lines (analytics, overbooking against the cart).
 */
import * as v from 'valibot';
import type { VoucherCode } from '../api/schemas/catalog.js';
import type { CartItem, CartPayload } from './cart-payload.js';
import { CART_PAYLOAD_VERSION, Count, DateSchema, DateTimeSchema, Id, PassOwnerSchema, TourAnswerSchema } from './cart-values.js';
import { sumMinor, type Minor, type TaxedItem } from './money.js';

const PositiveCount = v.pipe(Count, v.minValue(1));
const Price = v.pipe(v.number(), v.integer(), v.minValue(0));
const Name = v.pipe(v.string(), v.maxLength(500));
const VatPercent = v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100)), 0);
const Flag = v.optional(v.picklist([0, 1]), 0);
const TimeSchema = v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/, 'Expected HH:mm'));

/** A priced subticket (family component, reduced-price variant) as held in a ticket line. */
export const LineSubticketSchema = v.object({
  id: Id,
  name: v.optional(Name, ''),
  count: Count,
  price: v.optional(Price, 0),
  vat_value: VatPercent,
});
export type LineSubticket = v.InferOutput<typeof LineSubticketSchema>;

export const TicketLineSchema = v.object({
  type: v.literal('ticket'),
  id: Id,
  eventId: v.optional(Id),
  /** the event the ticket admits to, as the cart shows it ('Adult' alone says too little) */
  eventName: v.optional(v.pipe(v.string(), v.maxLength(300))),
  name: Name,
  /** unit price of the ticket itself, minor units */
  price: Price,
  totalPrice: Price,
  totalCount: PositiveCount,
  /** 'YYYY-MM-DD HH:mm' of the chosen timeslot */
  datetime: DateTimeSchema,
  vat_value: VatPercent,
  single_ticketing: Flag,
  subtickets: v.optional(v.array(LineSubticketSchema), []),
});

export const DayTicketEntrySchema = v.object({
  id: Id,
  count: PositiveCount,
  name: v.optional(Name, ''),
  price: v.optional(Price, 0),
  vat_value: VatPercent,
});
export type DayTicketEntry = v.InferOutput<typeof DayTicketEntrySchema>;

export const DayTicketLineSchema = v.object({
  type: v.literal('dayTicket'),
  /** the event the day tickets belong to */
  id: Id,
  name: Name,
  price: Price,
  totalPrice: Price,
  totalCount: PositiveCount,
  date: DateSchema,
  dayTickets: v.pipe(v.array(DayTicketEntrySchema), v.minLength(1)),
});

/**
 * What a part of a tour line stands for, so a cart restored in another language can rename it
 * (issue 16 item 7): a price list entry, a ticket without subtickets, or a subticket of a ticket.
 * Optional on the part: parts saved before refs existed keep their names.
 */
export const TourPartRefSchema = v.variant('kind', [
  v.object({ kind: v.literal('price'), id: Id }),
  v.object({ kind: v.literal('ticket'), id: Id }),
  v.object({ kind: v.literal('subticket'), ticketId: Id, id: Id }),
]);
export type TourPartRef = v.InferOutput<typeof TourPartRefSchema>;

/** `vat_value`: the part's VAT percent (§9 VAT per item); parts saved before it are taxed at the line's. */
export const TourPartSchema = v.object({ name: Name, count: Count, price: Price, vat_value: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))), ref: v.optional(TourPartRefSchema) });
export type TourPart = v.InferOutput<typeof TourPartSchema>;

/** The name of a tour line's subticket part: the ticket's and the subticket's name ("Family: Child"). */
export function subticketPartName(ticketName: string, subticketName: string): string {
  return `${ticketName}: ${subticketName}`;
}

export const TourLineSchema = v.object({
  type: v.literal('guidedTour'),
  /** tour id */
  id: Id,
  name: Name,
  price: Price,
  totalPrice: Price,
  totalCount: PositiveCount,
  date: DateSchema,
  time: TimeSchema,
  vat_value: VatPercent,
  single_ticketing: Flag,
  prices: v.optional(v.array(v.object({ id: Id, count: Count })), []),
  tickets: v.optional(
    v.array(v.object({ id: Id, count: Count, subtickets: v.optional(v.array(v.object({ id: Id, count: Count })), []) })),
    [],
  ),
  answers: v.optional(v.array(TourAnswerSchema), []),
  /** what the line holds, as the cart shows it: tours per price list entry and tickets (display only) */
  parts: v.optional(v.pipe(v.array(TourPartSchema), v.maxLength(50))),
});

export const MerchandiseLineSchema = v.object({
  type: v.literal('merchandise'),
  id: Id,
  name: Name,
  price: Price,
  totalPrice: Price,
  count: PositiveCount,
  vat_value: VatPercent,
});

export const AnnualPassLineSchema = v.object({
  type: v.literal('annualPass'),
  id: Id,
  name: Name,
  price: Price,
  totalPrice: Price,
  count: PositiveCount,
  vat_value: VatPercent,
  owners: v.optional(v.array(PassOwnerSchema), []),
});

export const VoucherLineSchema = v.object({
  type: v.literal('voucher'),
  id: Id,
  name: Name,
  /** unit price; for a variable-amount voucher the chosen amount */
  price: Price,
  totalPrice: Price,
  count: PositiveCount,
  vat_value: VatPercent,
  /** only for variable-amount vouchers, minor units (§5) */
  amount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

export const VoucherCodeLineSchema = v.object({
  type: v.literal('voucherCode'),
  barcode: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64)),
  name: Name,
  /** the value still available on the code (available_amount), minor units */
  price: Price,
  /** computed by vouchers.ts; ignored when restored */
  remaining: v.optional(v.number()),
  discount: v.optional(v.number()),
});

export const CartLineSchema = v.variant('type', [
  TicketLineSchema,
  DayTicketLineSchema,
  TourLineSchema,
  MerchandiseLineSchema,
  AnnualPassLineSchema,
  VoucherLineSchema,
  VoucherCodeLineSchema,
]);
export type CartLine = v.InferOutput<typeof CartLineSchema>;
export type CartLineInput = v.InferInput<typeof CartLineSchema>;
export type CartLineType = CartLine['type'];
export type TicketLine = v.InferOutput<typeof TicketLineSchema>;
export type DayTicketLine = v.InferOutput<typeof DayTicketLineSchema>;
export type TourLine = v.InferOutput<typeof TourLineSchema>;
export type MerchandiseLine = v.InferOutput<typeof MerchandiseLineSchema>;
export type AnnualPassLine = v.InferOutput<typeof AnnualPassLineSchema>;
export type VoucherLine = v.InferOutput<typeof VoucherLineSchema>;
export type VoucherCodeLine = v.InferOutput<typeof VoucherCodeLineSchema>;

/** The cart line of a redeemed code: its canonical barcode, name and the value still on it (available_amount). */
export function voucherCodeLine(code: Pick<VoucherCode, 'barcode' | 'name' | 'available_amount'>): VoucherCodeLine {
  return { type: 'voucherCode', barcode: code.barcode, name: code.name, price: code.available_amount };
}

/** What is stored in session storage under `cart`: the list of lines. */
export const StoredCartSchema = v.pipe(v.array(CartLineSchema), v.maxLength(200)); // MAX_SAVED_LINES

/** Lines a saved cart may hold (StoredCartSchema's limit): more are dropped when restored. */
export const MAX_SAVED_LINES = 200;

/**
 * A restored cart: `problem` says what was dropped (the caller warns with it); `lines` are the
 * lines that could be kept, in their order — a cart with one bad line keeps the others.
 */
export type RestoreResult = { ok: true; lines: CartLine[] } | { ok: false; lines: CartLine[]; reason: string };

/**
 * Restores the cart from the raw session-storage string. Missing -> empty cart; not valid JSON or
 * not a list -> empty cart with a reason; a list with invalid lines -> the valid lines, with a
 * reason naming each dropped line and where it is wrong. Never throws.
 */
export function restoreCartLines(raw: string | null | undefined): RestoreResult {
  if (raw === null || raw === undefined || raw === '') return { ok: true, lines: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, lines: [], reason: 'The saved cart was dropped: it is not valid JSON.' };
  }
  if (!Array.isArray(parsed)) return { ok: false, lines: [], reason: 'The saved cart was dropped: it is not a list of lines.' };
  const kept: CartLine[] = [];
  const dropped: string[] = [];
  parsed.forEach((candidate: unknown, index) => {
    if (index >= MAX_SAVED_LINES) return;
    const result = v.safeParse(CartLineSchema, candidate);
    if (result.success) {
      // remaining/discount are derived, never trusted from storage
      kept.push(stripComputed(result.output));
      return;
    }
    const first = result.issues[0];
    const path = first ? v.getDotPath(first) : null;
    dropped.push(`line ${index + 1} is invalid${path ? ` at ${path}` : ''}: ${first?.message ?? 'unknown issue'}`);
  });
  if (parsed.length > MAX_SAVED_LINES) dropped.push(`${parsed.length - MAX_SAVED_LINES} lines beyond ${MAX_SAVED_LINES}`);
  if (dropped.length === 0) return { ok: true, lines: kept };
  const reason = kept.length === 0
    ? `The saved cart was dropped: ${dropped.join('; ')}.`
    : `Kept ${kept.length} of ${parsed.length} lines of the saved cart; dropped ${dropped.join('; ')}.`;
  return { ok: false, lines: kept, reason };
}

/** The string saved under `cart`. Computed voucher fields are not saved. */
export function serializeCartLines(lines: readonly CartLine[]): string {
  return JSON.stringify(lines.map(stripComputed));
}

function stripComputed(line: CartLine): CartLine {
  if (line.type !== 'voucherCode') return line;
  const { remaining: _remaining, discount: _discount, ...rest } = line;
  return rest;
}

/** Number of units a line stands for (tickets, tours: totalCount; others: count; voucher code: 1). */
export function lineQuantity(line: CartLine): number {
  switch (line.type) {
    case 'ticket':
    case 'dayTicket':
    case 'guidedTour':
      return line.totalCount;
    case 'merchandise':
    case 'annualPass':
    case 'voucher':
      return line.count;
    case 'voucherCode':
      return 1;
  }
}

/** Gross amount a line adds to the cart before vouchers (voucher codes add nothing). */
export function lineAmount(line: CartLine): Minor {
  return line.type === 'voucherCode' ? 0 : line.totalPrice;
}

/** Sum of all lines except voucher codes, minor units. */
export function linesSubtotal(lines: readonly CartLine[]): Minor {
  return sumMinor(lines.map(lineAmount));
}

/** The taxable items of the cart (per unit price, count, VAT percent) for money.taxTotal. */
export function taxedItems(lines: readonly CartLine[]): TaxedItem[] {
  const items: TaxedItem[] = [];
  for (const line of lines) {
    switch (line.type) {
      case 'ticket':
        if (line.price > 0) items.push({ price: line.price, count: line.totalCount, vatPercent: line.vat_value });
        for (const sub of line.subtickets) {
          if (sub.count > 0 && sub.price > 0) items.push({ price: sub.price, count: sub.count, vatPercent: sub.vat_value });
        }
        break;
      case 'dayTicket':
        for (const entry of line.dayTickets) items.push({ price: entry.price, count: entry.count, vatPercent: entry.vat_value });
        break;
      case 'guidedTour': {
        // per part at its own rate (tours.tourTaxedItems); parts that do not add up to the line: the line at its rate
        const parts = line.parts ?? [];
        if (parts.length > 0 && sumMinor(parts.map((p) => p.price * p.count)) === line.totalPrice) for (const p of parts) items.push({ price: p.price, count: p.count, vatPercent: p.vat_value ?? line.vat_value });
        else items.push({ price: line.totalPrice, count: 1, vatPercent: line.vat_value });
        break;
      }
      case 'merchandise':
      case 'annualPass':
      case 'voucher':
        items.push({ price: line.price, count: line.count, vatPercent: line.vat_value });
        break;
      case 'voucherCode':
        break;
    }
  }
  return items;
}

/** One cart line -> one cart item of the §7 payload. */
export function toCartItem(line: CartLine): CartItem {
  switch (line.type) {
    case 'ticket':
      return {
        type: 'ticket',
        id: line.id,
        count: line.totalCount,
        datetime: line.datetime,
        subtickets: line.subtickets.map((sub) => ({ id: sub.id, count: sub.count })),
      };
    case 'dayTicket':
      return { type: 'dayTicket', date: line.date, dayTickets: line.dayTickets.map((entry) => ({ id: entry.id, count: entry.count })) };
    case 'guidedTour':
      return {
        type: 'guidedTour',
        tourId: line.id,
        datetime: `${line.date} ${line.time}`,
        answers: line.answers,
        prices: line.prices,
        tickets: line.tickets,
      };
    case 'merchandise':
      return { type: 'merchandise', id: line.id, count: line.count };
    case 'annualPass':
      return { type: 'annualPass', id: line.id, count: line.count, owners: line.owners };
    case 'voucher':
      return line.amount === undefined
        ? { type: 'voucher', id: line.id, count: line.count }
        : { type: 'voucher', id: line.id, count: line.count, amount: line.amount };
    case 'voucherCode':
      return { type: 'voucherCode', barcode: line.barcode };
  }
}

/** The cart payload of §7 (cart{ver:1, items, external_document_number}). */
export function toCartPayload(lines: readonly CartLine[], externalDocumentNumber: string | null = null): CartPayload {
  return { ver: CART_PAYLOAD_VERSION, items: lines.map(toCartItem), external_document_number: externalDocumentNumber };
}

/**
 * "Anna Muster, Ben Muster": the owners a pass line names in the cart. Here, with the lines, not
 * in ./shop.ts: the cart's rows need only this, and importing the shop's rules for it made the
 * checkout page load them as a chunk of their own.
 */
export function ownerNames(owners: readonly { first: string; last: string }[]): string {
  return owners.map((o) => `${o.first} ${o.last}`.trim()).filter(Boolean).join(', ');
}
