/**
 * What a booking delivers, from the moment it is made (issue 42): in the booking's own
 * transaction the order's document is built and kept (admissions.ts), its tickets signed, its
 * vouchers issued, and its confirmation stored in the mail outbox with the PDF tickets, the gift
 * PDF and the calendar file attached. All of it commits with the booking or not at all, so a paid
 * order never lacks its tickets or its mail. Also: the links the API hands out and the
 * confirmation sent again.
 */
import type { Queryable } from '../db/index.js';
import type { ServerServices } from '../services.js';
import type { CartRow } from '../carts.js';
import type { Claim } from '../inventory.js';
import type { Language } from '../../api/languages.js';
import type { OrderDocuments } from '../../api/schemas/orders.js';
import { enqueueMail, type MadeAttachment, type NewMail } from '../mail/outbox.js';
import { greetingName, maskEmail } from '../mail/messages.js';
import { orderConfirmationMail } from '../mail/order-mail.js';
import { generateTicketKey, type TicketKey } from './codes.js';
import { issueOrderDocument, newOrderKey } from './admissions.js';
import type { OrderDocument } from './model.js';
import { calendarFileName, renderCalendar } from './ics.js';
import { hasPrintablePages, renderTicketsPdf, ticketsFileName } from './pdf.js';
import { readWithdrawalConfig } from '../withdrawals.js';
import { carriesRight } from '../../domain/withdrawal.js';

/** The ticket signing key of these services: the configured one, or (tests) one made for this process. */
export function ticketKeyOf(services: ServerServices): TicketKey {
  services.ticketKey ??= generateTicketKey();
  return services.ticketKey;
}

/** A booking as kept with its delivery (issue 42 columns of `bookings`). */
export interface BookingRow {
  id: string;
  cart_id: string;
  customer_id: number | null;
  created_at: Date;
  lang: Language | null;
  order_key: string | null;
  mail_to: string | null;
  document: OrderDocument | null;
  confirmation_sent_at: Date | null;
}

export async function loadBooking(q: Queryable, id: string): Promise<BookingRow | null> {
  const [row] = await q.query<BookingRow>(
    'SELECT id, cart_id, customer_id, created_at, lang, order_key, mail_to, document, confirmation_sent_at FROM bookings WHERE id = $1',
    [id.slice(0, 64)],
  );
  return row ?? null;
}

/** The page of an order for whoever holds its key: `/{lang}/orders/{id}?key=…`. */
export function orderPageUrl(origin: string, lang: Language, bookingId: string, key: string): string {
  return `${origin}/${lang}/orders/${encodeURIComponent(bookingId)}?key=${encodeURIComponent(key)}`;
}

/** The withdrawal function's page of an order for whoever holds its key (issue 46): `/{lang}/withdrawal?id=…&key=…`. */
export function withdrawalPageUrl(origin: string, lang: Language, bookingId: string, key: string): string {
  return `${origin}/${lang}/withdrawal?id=${encodeURIComponent(bookingId)}&key=${encodeURIComponent(key)}`;
}

/**
 * Whether the confirmation of an order with these lines links to the withdrawal function: the
 * function is on and a line carries the right. A withdrawal setting broken since the start
 * (checked there) takes the link away, never the booking.
 */
async function offersWithdrawal(q: Queryable, lines: readonly { type: string }[]): Promise<boolean> {
  try {
    const config = await readWithdrawalConfig(q);
    return config.enabled && lines.some((l) => carriesRight(l.type, config.rules));
  } catch {
    return false;
  }
}

/** The links of an order's files and where its mail went, for the holder of its key. */
export function documentsOf(origin: string, lang: Language, booking: Pick<BookingRow, 'id' | 'order_key' | 'mail_to' | 'document'>): OrderDocuments | undefined {
  const doc = booking.document;
  if (!doc || !booking.order_key) return undefined;
  const file = (name: string) => `${origin}/api/${lang}/order/${name}?id=${encodeURIComponent(booking.id)}&key=${encodeURIComponent(booking.order_key ?? '')}`;
  return {
    key: booking.order_key,
    mail_to: booking.mail_to ? maskEmail(booking.mail_to) : null,
    pdf: hasPrintablePages(doc, false) ? file('tickets.pdf') : null,
    gift_pdf: hasPrintablePages(doc, true) ? file('gift.pdf') : null,
    ics: doc.visits.length > 0 ? file('calendar.ics') : null,
  };
}

/**
 * The confirmation of `doc` as a mail: its words, and its files as made when it is sent
 * (`orderAttachmentMaker`), so the booking's transaction stays short.
 */
export function confirmationOf(doc: OrderDocument, options: { to: string; name: string | null; link: string; resent?: boolean; withdrawalLink?: string | undefined }): NewMail {
  const booking = doc.bookingId;
  const attachments: MadeAttachment[] = [];
  if (hasPrintablePages(doc, false)) attachments.push({ filename: ticketsFileName(doc, false), contentType: 'application/pdf', made: { booking, part: 'tickets' } });
  if (hasPrintablePages(doc, true)) attachments.push({ filename: ticketsFileName(doc, true), contentType: 'application/pdf', made: { booking, part: 'gift' } });
  if (doc.visits.length > 0) attachments.push({ filename: calendarFileName(doc), contentType: 'text/calendar; charset=utf-8; method=PUBLISH', made: { booking, part: 'calendar' } });
  const content = orderConfirmationMail(doc, {
    name: options.name,
    link: options.link,
    attachments: { pdf: hasPrintablePages(doc, false), giftPdf: hasPrintablePages(doc, true), calendar: doc.visits.length > 0 },
    ...(options.resent ? { resent: true } : {}),
    ...(options.withdrawalLink ? { withdrawalLink: options.withdrawalLink } : {}),
  });
  return { kind: 'order-confirmation', lang: doc.lang, to: options.to, ...content, attachments };
}

/** The file of an order, as its mail carries it and its links serve it. */
export async function orderFile(doc: OrderDocument, part: MadeAttachment['made']['part']): Promise<Uint8Array> {
  if (part === 'calendar') {
    const ics = renderCalendar(doc);
    if (ics === null) throw new Error(`order ${doc.bookingId} has no dated visit`);
    return new TextEncoder().encode(ics);
  }
  return renderTicketsPdf(doc, { gift: part === 'gift' });
}

/** The mail sender's maker of order files (outbox.ts `makeAttachment`), reading the booking's kept document. */
export function orderAttachmentMaker(q: Queryable): (made: MadeAttachment['made']) => Promise<Uint8Array> {
  return async (made) => {
    const booking = await loadBooking(q, made.booking);
    if (!booking?.document) throw new Error(`order ${made.booking} has no document`);
    return orderFile(booking.document, made.part);
  };
}

async function customerOf(q: Queryable, id: number | null) {
  if (id === null) return null;
  const [row] = await q.query<{ email: string; fname: string; lname: string; street: string; zip: string; city: string; country: string; is_guest: boolean }>(
    'SELECT email, fname, lname, street, zip, city, country, is_guest FROM customers WHERE id = $1',
    [id],
  );
  return row ?? null;
}

/**
 * Delivers a booking in its transaction: document, tickets, vouchers, key, and the confirmation
 * in the outbox (to the customer, or to the address an anonymous buyer gave the provider). The
 * caller kicks the mail sender after the commit.
 */
export async function deliverBooking(tx: Queryable, services: ServerServices, cart: CartRow, bookingId: string, bookedAt: Date, claims: readonly Claim[]): Promise<void> {
  const customer = await customerOf(tx, cart.customer_id);
  const buyer = customer ? greetingName(customer) : null;
  const doc = await issueOrderDocument(tx, cart, {
    bookingId,
    bookedAt,
    key: ticketKeyOf(services),
    buyer,
    claims,
    ...(services.voucherValidityMonths === undefined ? {} : { voucherValidityMonths: services.voucherValidityMonths }),
  });
  // articles without a delivery address of their own go to the customer's address (§4 checkout)
  if (!doc.shippingAddress && customer && cart.items.some((i) => i.type === 'merchandise') && customer.street) {
    doc.shippingAddress = { name: buyer ?? '', street: customer.street, zip: customer.zip, city: customer.city, country: customer.country };
  }
  const key = newOrderKey();
  const mailTo = customer?.email || cart.contact_email || null;
  await tx.query('UPDATE bookings SET lang = $2, order_key = $3, mail_to = $4, document = $5 WHERE id = $1', [bookingId, cart.lang, key, mailTo, JSON.stringify(doc)]);
  if (!mailTo) return;
  const origin = services.publicUrl ?? cart.origin ?? '';
  const withdrawalLink = (await offersWithdrawal(tx, cart.lines)) ? withdrawalPageUrl(origin, cart.lang, bookingId, key) : undefined;
  const mail = confirmationOf(doc, { to: mailTo, name: buyer, link: orderPageUrl(origin, cart.lang, bookingId, key), withdrawalLink });
  await enqueueMail(tx, mail, bookedAt);
  await tx.query('UPDATE bookings SET confirmation_sent_at = $2 WHERE id = $1', [bookingId, bookedAt.toISOString()]);
}
