/**
 * Orders and tickets (issue 42): "My orders" of a logged-in customer, an order's files (PDF
 * tickets, gift PDF, calendar) and its confirmation sent again for whoever holds its key (or is
 * its logged-in owner), and the ticket codes' public key and check. Shapes: src/api/schemas/orders.ts,
 * docs/api.md ("Orders").
 */
import * as v from 'valibot';
import type { RequestContext, Router } from './router.js';
import { FileAnswer } from './router.js';
import { HttpError, parseInput } from './http-error.js';
import { requireCustomer } from '../auth.js';
import { mayOpen } from '../tickets/access.js';
import { CHECKOUT_ERRORS } from '../../api/schemas/checkout.js';
import { ORDER_ERRORS, ORDER_RESEND_INTERVAL_SECONDS, type OrderSummary, type ResendResult, type TicketAdmits } from '../../api/schemas/orders.js';
import { CURRENCY } from '../carts.js';
import { confirmationOf, documentsOf, loadBooking, orderFile, orderPageUrl, ticketKeyOf, withdrawalPageUrl, type BookingRow } from '../tickets/delivery.js';
import { enqueueMail } from '../mail/outbox.js';
import { withdrawalViews } from '../withdrawals.js';
import { greetingName, maskEmail } from '../mail/messages.js';
import { CODE_FORMAT, publicKeyOf, verifyCode } from '../tickets/codes.js';
import { hasPrintablePages, ticketsFileName } from '../tickets/pdf.js';
import { calendarFileName, renderCalendar } from '../tickets/ics.js';
import type { OrderDocument } from '../tickets/model.js';

const notAvailable = () => new HttpError(406, CHECKOUT_ERRORS.ORDER_NOT_AVAILABLE, 'This order is not available.');

/** The booking of `?id`, opened by `?key` or its owner's token; 406 otherwise (an unknown order and a wrong key look the same). */
async function openedBooking(ctx: RequestContext): Promise<BookingRow & { document: OrderDocument }> {
  const booking = await loadBooking(ctx.db, ctx.query.id ?? '');
  if (!booking || !booking.document || !(await mayOpen(ctx, booking))) throw notAvailable();
  return booking as BookingRow & { document: OrderDocument };
}

async function listOrders(ctx: RequestContext): Promise<OrderSummary[]> {
  const customerId = await requireCustomer(ctx);
  const rows = await ctx.db.query<BookingRow & { lines: { type: string; name: string; amount: number }[]; amount: number }>(
    `SELECT b.id, b.cart_id, b.customer_id, b.created_at, b.lang, b.order_key, b.mail_to, b.document, b.confirmation_sent_at, c.lines, c.amount
       FROM bookings b JOIN carts c ON c.id = b.cart_id
      WHERE b.customer_id = $1 AND b.document IS NOT NULL
      ORDER BY b.created_at DESC, b.id LIMIT 200`,
    [customerId],
  );
  // issue 46: each line's withdrawal and whether one may be withdrawn now ("Withdraw from contract here" on the order)
  const withdrawal = await withdrawalViews(ctx.db, rows.map((r) => r.id), ctx.services.now());
  return rows.flatMap((row) => {
    const documents = documentsOf(ctx.origin, ctx.lang, row);
    if (!documents || !row.document) return [];
    const view = withdrawal.get(row.id);
    return [
      {
        id: row.id,
        created_at: new Date(row.created_at).toISOString(),
        lines: row.lines.map((l, i) => ({ type: l.type, name: l.name, amount: l.amount, withdrawn_at: view?.withdrawnAt[i] ?? null })),
        withdrawable: view?.withdrawable ?? false,
        amount: row.amount,
        currency: CURRENCY,
        documents,
        visits: row.document.visits,
      },
    ];
  });
}

async function resend(ctx: RequestContext): Promise<ResendResult> {
  const booking = await openedBooking(ctx);
  const now = ctx.services.now();
  const to = booking.mail_to;
  if (!to) throw new HttpError(422, ORDER_ERRORS.ORDER_NO_ADDRESS, 'There is no e-mail address to send this order to.');
  // issue 46: the link to the withdrawal function while a line may be withdrawn
  const withdrawable = (await withdrawalViews(ctx.db, [booking.id], now)).get(booking.id)?.withdrawable ?? false;
  const sent = await ctx.db.transaction(async (tx) => {
    // one at a time per order: the row lock, then the interval
    const [row] = await tx.query<{ confirmation_sent_at: Date | null }>('SELECT confirmation_sent_at FROM bookings WHERE id = $1 FOR UPDATE', [booking.id]);
    const last = row?.confirmation_sent_at ? new Date(row.confirmation_sent_at).getTime() : null;
    const interval = ctx.services.resendIntervalSeconds ?? ORDER_RESEND_INTERVAL_SECONDS;
    const wait = last === null ? 0 : Math.ceil((last + interval * 1000 - now.getTime()) / 1000);
    if (wait > 0) return wait;
    const [customer] = booking.customer_id === null ? [] : await tx.query<{ fname: string; lname: string }>('SELECT fname, lname FROM customers WHERE id = $1', [booking.customer_id]);
    const [cart] = await tx.query<{ origin: string | null }>('SELECT origin FROM carts WHERE id = $1', [booking.cart_id]);
    const origin = ctx.services.publicUrl ?? cart?.origin ?? ctx.origin;
    const mail = confirmationOf(booking.document, {
      to,
      name: customer ? greetingName(customer) : null,
      link: orderPageUrl(origin, booking.document.lang, booking.id, booking.order_key ?? ''),
      resent: true,
      withdrawalLink: withdrawable ? withdrawalPageUrl(origin, booking.document.lang, booking.id, booking.order_key ?? '') : undefined,
    });
    await enqueueMail(tx, mail, now);
    await tx.query('UPDATE bookings SET confirmation_sent_at = $2 WHERE id = $1', [booking.id, now.toISOString()]);
    return 0;
  });
  if (sent > 0) {
    throw new HttpError(429, ORDER_ERRORS.ORDER_RESEND_TOO_SOON, `The confirmation was sent a moment ago. Please ask again in ${sent} s.`, {}, { retry_after: sent });
  }
  ctx.services.mail?.kick();
  ctx.services.log(`Orders: the confirmation of order ${booking.id} was stored to be sent again`);
  return { mail_to: maskEmail(to) };
}

const fileOf = (name: string, contentType: string, body: Uint8Array | string) => new FileAnswer(body, contentType, name);

async function ticketsPdf(ctx: RequestContext, gift: boolean): Promise<FileAnswer> {
  const booking = await openedBooking(ctx);
  if (!hasPrintablePages(booking.document, gift)) throw notAvailable();
  return fileOf(ticketsFileName(booking.document, gift), 'application/pdf', await orderFile(booking.document, gift ? 'gift' : 'tickets'));
}

async function calendar(ctx: RequestContext): Promise<FileAnswer> {
  const booking = await openedBooking(ctx);
  const ics = renderCalendar(booking.document);
  if (ics === null) throw notAvailable();
  return fileOf(calendarFileName(booking.document), 'text/calendar; charset=utf-8', ics);
}

function ticketKey(ctx: RequestContext) {
  return { alg: 'Ed25519' as const, ...publicKeyOf(ticketKeyOf(ctx.services)), format: CODE_FORMAT };
}

const VerifyRequestSchema = v.object({ code: v.pipe(v.string(), v.maxLength(2000)) });

const ticketInvalid = () => new HttpError(422, ORDER_ERRORS.TICKET_INVALID, 'This is not a ticket of this shop.', { code: [ORDER_ERRORS.TICKET_INVALID] });

/** POST ticket/verify {code}: what the code admits, when this shop signed it and sold it. */
async function verifyTicket(ctx: RequestContext): Promise<TicketAdmits> {
  const { code } = parseInput(VerifyRequestSchema, ctx.body);
  const payload = verifyCode(ticketKeyOf(ctx.services).publicKey, code);
  if (!payload) throw ticketInvalid();
  const [row] = await ctx.db.query<{ code: string; document: OrderDocument | null }>(
    'SELECT t.code, b.document FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE t.booking_id = $1 AND t.serial = $2',
    [payload.b, payload.n],
  );
  const admission = row && row.code === code.trim() ? row.document?.admissions.find((a) => a.serial === payload.n) : undefined;
  if (!admission) throw ticketInvalid();
  return {
    booking_id: payload.b,
    serial: admission.serial,
    kind: admission.kind,
    title: admission.title,
    ticket: admission.ticket,
    datetime: admission.datetime,
    date: admission.date,
    count: admission.count,
    participants: admission.participants,
    holder: admission.holder,
  };
}

export function registerOrderRoutes(router: Router): void {
  router.get('orders', listOrders);
  router.post('order/resend', resend);
  router.get('order/tickets.pdf', (ctx) => ticketsPdf(ctx, false));
  router.get('order/gift.pdf', (ctx) => ticketsPdf(ctx, true));
  router.get('order/calendar.ics', calendar);
  router.get('ticket/key', ticketKey);
  router.post('ticket/verify', verifyTicket);
}
