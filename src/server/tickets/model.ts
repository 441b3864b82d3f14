/**
 * What a booked order delivers (issue 42): the document model every output is drawn from — the
 * PDF tickets (pdf.ts), the calendar entries (ics.ts), the confirmation mail (mail/order-mail.ts)
 * and the API's order answers. It is built once, in the booking transaction, in the language of
 * the purchase (admissions.ts), and stored with the booking, so a later change of the catalogue
 * does not change a ticket that was sold.
 *
 * Dates and times are the museum's wall-clock time ('YYYY-MM-DD HH:MM:SS' in the zone of MUSEUM_TIME_ZONE, src/domain/museum-clock.ts),
 * as the catalogue stores them; amounts are minor units of CURRENCY.
 */
import type { Language } from '../../api/languages.js';

/** One page of the PDF: one code the gate scans (or, for a voucher, the code the cashier redeems). */
export interface Admission {
  /** 1, 2, … within the order: the page number and the code's serial */
  serial: number;
  kind: 'ticket' | 'dayTicket' | 'tour' | 'annualPass' | 'voucher';
  /** the event, tour, pass or voucher name */
  title: string;
  /** the ticket type, e.g. "Adult" or "Family ticket"; for a tour its price list, e.g. "2 × Adult" */
  ticket: string;
  /** timed ticket or tour: its start; null otherwise */
  datetime: string | null;
  /** its end where the catalogue knows it; null otherwise */
  end: string | null;
  /** day ticket (mode 3): its day 'YYYY-MM-DD'; null otherwise */
  date: string | null;
  /** venue name where known */
  venue: string | null;
  /** the admissions this code lets in (a family ticket or a whole tour: its participants) */
  count: number;
  /** who comes, as printed: "1 × Adult", "2 × Child" (family tickets, tours, groups); may be empty */
  participants: string[];
  /** what this page's admissions cost, minor units (not printed on a gift page) */
  price: number;
  /** the visitor's or the pass owner's name where known */
  holder: string | null;
  /** bought vouchers only: the redeemable code, its value and last valid day */
  voucher: { code: string; value: number; validUntil: string } | null;
  /** the signed ticket code (codes.ts); for a voucher the voucher code itself */
  code: string;
}

/** A dated visit of the order: one calendar entry. */
export interface Visit {
  title: string;
  start: string;
  /** end; when the catalogue has none, the entry lasts VISIT_DEFAULT_MINUTES */
  end: string | null;
  venue: string | null;
}

/** What the order paid, line by line, as the cart was priced (one line per cart item). */
export interface OrderLine {
  type: string;
  name: string;
  amount: number;
}

export interface OrderDocument {
  bookingId: string;
  lang: Language;
  /** ISO 8601 instant of the booking */
  bookedAt: string;
  /** the buyer's name where known */
  buyer: string | null;
  /** the museum's name in the order's language (remote config site_name), heading the tickets */
  museum?: string;
  lines: OrderLine[];
  subtotal: number;
  /** voucher codes used (positive) */
  discount: number;
  shipping: number;
  /** what was paid */
  amount: number;
  currency: string;
  /** the voucher codes used in this order and the value each covered */
  vouchersUsed: { code: string; amount: number }[];
  /** where articles go, if any */
  shippingAddress: { name: string; street: string; zip: string; city: string; country: string } | null;
  admissions: Admission[];
  visits: Visit[];
}

/** A calendar entry without an end lasts this long. */
export const VISIT_DEFAULT_MINUTES = 60;
