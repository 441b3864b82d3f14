/**
 * What the cart view shows, derived from the cart snapshot with the domain rules (no arithmetic in
 * the component): each line with its quantity, amount, VAT percent(s) and the VAT it contains (§9
 * VAT per item) and voucher codes with their discount and remaining value (§4). The totals come
 * from the cart machine's selectors.
 */
import type { CartLine } from '../../../domain/cart-lines.js';
import { lineQuantity, ownerNames, taxedItems } from '../../../domain/cart-lines.js';
import { taxTotal, type Minor } from '../../../domain/money.js';

export interface CartRowPart {
  name: string;
  count: number;
  /** gross unit price, minor units */
  price: Minor;
}

export interface CartRow {
  /** index in the cart (REMOVE { index }) */
  index: number;
  type: CartLine['type'];
  name: string;
  /** what the line belongs to, e.g. the event of a ticket; null when the name says it all */
  context: string | null;
  /** ISO date of the visit (tickets, day tickets, tours) */
  date: string | null;
  /** HH:mm (timed tickets, tours) */
  time: string | null;
  quantity: number;
  /** components of the line (subtickets, day tickets of a date) */
  parts: CartRowPart[];
  /** what the line adds to the cart, minor units (0 for voucher codes) */
  amount: Minor;
  /** distinct VAT percents of the line, ascending */
  vatPercents: number[];
  /** VAT contained in the line, minor units */
  vat: Minor;
  /** voucher code: its barcode, the discount (negative) and the value left after this cart */
  barcode: string | null;
  discount: Minor | null;
  remaining: Minor | null;
  /** voucher code: the value on the code before this cart (available_amount) */
  value: Minor | null;
  /** voucher code: what it pays in this cart (the discount as a positive amount) */
  pays: Minor | null;
}

function dateAndTime(line: CartLine): { date: string | null; time: string | null } {
  switch (line.type) {
    case 'ticket': {
      const [date = null, time = null] = line.datetime.split(' ');
      return { date, time: time ? time.slice(0, 5) : null };
    }
    case 'dayTicket':
      return { date: line.date, time: null };
    case 'guidedTour':
      return { date: line.date, time: line.time };
    default:
      return { date: null, time: null };
  }
}

function partsOf(line: CartLine): CartRowPart[] {
  if (line.type === 'ticket') return line.subtickets.filter((sub) => sub.count > 0).map((sub) => ({ name: sub.name, count: sub.count, price: sub.price }));
  if (line.type === 'dayTicket') return line.dayTickets.map((entry) => ({ name: entry.name, count: entry.count, price: entry.price }));
  if (line.type === 'guidedTour') return (line.parts ?? []).map((part) => ({ name: part.name, count: part.count, price: part.price }));
  return [];
}

function vatPercentsOf(line: CartLine): number[] {
  const rates = new Set<number>();
  for (const item of taxedItems([line])) if ((item.vatPercent ?? 0) > 0) rates.add(item.vatPercent ?? 0);
  return [...rates].sort((a, b) => a - b);
}

export function cartRow(line: CartLine, index: number): CartRow {
  const { date, time } = dateAndTime(line);
  const voucher = line.type === 'voucherCode';
  return {
    index,
    type: line.type,
    name: line.name,
    // a ticket names its event; an annual pass names its owners (issue 11)
    context: line.type === 'ticket' ? (line.eventName ?? null) : line.type === 'annualPass' && line.owners.length > 0 ? ownerNames(line.owners) : null,
    date,
    time,
    quantity: lineQuantity(line),
    parts: partsOf(line),
    amount: voucher ? 0 : line.totalPrice,
    vatPercents: vatPercentsOf(line),
    vat: taxTotal(taxedItems([line])),
    barcode: voucher ? line.barcode : null,
    discount: voucher ? (line.discount ?? 0) : null,
    remaining: voucher ? (line.remaining ?? line.price) : null,
    value: voucher ? line.price : null,
    pays: voucher ? Math.abs(line.discount ?? 0) : null,
  };
}
