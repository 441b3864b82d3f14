/**
 * The withdrawal function's routes (issue 46; contract: src/api/schemas/withdrawal.ts, docs/api.md
 * "Withdrawal"):
 * - `POST order/withdrawal` {id, key?, email?}: the order as the journey shows it, each line with
 *   its standing, and the statements recorded so far;
 * - `POST order/withdraw` {…, lines, name, ack_email, request_id}: records one statement and
 *   stores its acknowledgement in the mail outbox, in one transaction with the booking row locked.
 *
 * An order opens by its key, by its logged-in owner (`?_=` token, as the other order routes), or
 * by the e-mail address of the purchase (trimmed, any case). Anything else, an unknown number
 * included, answers the same 404 WITHDRAWAL_ORDER_NOT_FOUND after the same work.
 */
import { timingSafeEqual } from 'node:crypto';
import type { RequestContext, Router } from './router.js';
import { HttpError, parseInput } from './http-error.js';
import { digest, keyMatches, mayOpen } from '../tickets/access.js';
import { loadBooking, type BookingRow } from '../tickets/delivery.js';
import { enqueueMail } from '../mail/outbox.js';
import { greetingName } from '../mail/messages.js';
import { withdrawalAcknowledgementMail } from '../mail/withdrawal-mail.js';
import { CURRENCY } from '../carts.js';
import type { Queryable } from '../db/index.js';
import { factsOf, orderLines, readWithdrawalConfig, standingRows, usedVoucherCodes, withdrawnMarks, type WithdrawalConfig } from '../withdrawals.js';
import { museumIsoString } from '../../domain/museum-clock.js';
import {
  WITHDRAWAL_ERRORS,
  WithdrawalLookupSchema,
  WithdrawRequestSchema,
  type WithdrawalLine,
  type WithdrawalLookup,
  type WithdrawalOrder,
  type WithdrawalStatement,
  type WithdrawResult,
} from '../../api/schemas/withdrawal.js';
import type { OrderDocument } from '../tickets/model.js';

const orderNotFound = () =>
  new HttpError(404, WITHDRAWAL_ERRORS.WITHDRAWAL_ORDER_NOT_FOUND, 'There is no order with this booking number and e-mail address.', {
    id: ['There is no order with this booking number and e-mail address.'],
  });

/** The switch first: while it is off, the function does not exist. */
async function switchedOn(ctx: RequestContext): Promise<WithdrawalConfig> {
  const config = await readWithdrawalConfig(ctx.db);
  if (!config.enabled) throw new HttpError(404, WITHDRAWAL_ERRORS.WITHDRAWAL_OFF, 'The withdrawal function is not offered by this shop.');
  return config;
}

const normalEmail = (email: string | null | undefined): string => (email ?? '').trim().toLowerCase();

type OpenedBooking = BookingRow & { document: OrderDocument };

/**
 * The booking of `input.id` if this request may withdraw from it: its key, its e-mail address
 * (compared in constant time, as the key), or its logged-in owner. An unknown number does the
 * same comparisons against nothing, so it answers as a wrong address does.
 */
async function openedBooking(ctx: RequestContext, input: WithdrawalLookup): Promise<OpenedBooking> {
  // booking numbers are upper case (payments.ts); a visitor may type them in lower case
  const booking = (await loadBooking(ctx.db, input.id)) ?? (input.id === input.id.toUpperCase() ? null : await loadBooking(ctx.db, input.id.toUpperCase()));
  const given = normalEmail(input.email);
  const stored = normalEmail(booking?.mail_to);
  const emailMatches = given !== '' && timingSafeEqual(digest(given), digest(stored === '' ? '\u0000no address' : stored));
  const keyMatch = keyMatches(input.key, booking ?? { order_key: null });
  if (!booking?.document) throw orderNotFound();
  if (keyMatch || emailMatches || (await mayOpen(ctx, booking))) return booking as OpenedBooking;
  throw orderNotFound();
}

interface StatementRow {
  id: number;
  booking_id: string;
  received_at: Date | string;
  lines: number[] | string;
  name: string;
  email: string;
}

const STATEMENT_COLUMNS = 'id, booking_id, received_at, lines, name, email';

function statementOf(row: StatementRow): WithdrawalStatement {
  const lines = typeof row.lines === 'string' ? (JSON.parse(row.lines) as number[]) : row.lines;
  return { id: String(row.id), received_at: museumIsoString(new Date(row.received_at)), lines, name: row.name, email: row.email };
}

async function statementsOf(q: Queryable, bookingId: string): Promise<WithdrawalStatement[]> {
  const rows = await q.query<StatementRow>(`SELECT ${STATEMENT_COLUMNS} FROM withdrawal_statements WHERE booking_id = $1 ORDER BY id`, [bookingId]);
  return rows.map(statementOf);
}

/** Every line of the booking with its standing now; `lock` (the withdrawal's transaction) locks the booking row and its vouchers. */
async function linesOf(q: Queryable, bookingId: string, config: WithdrawalConfig, now: Date, lock: boolean): Promise<WithdrawalLine[]> {
  const [row] = await standingRows(q, [bookingId], lock);
  if (!row) throw orderNotFound();
  const marks = await withdrawnMarks(q, [bookingId]);
  const used = await usedVoucherCodes(q, [bookingId], now, lock);
  return orderLines(factsOf(row, marks, used), config.rules, now);
}

/** The name to prefill: the customer's, else the name of the delivery address, else the buyer's on the document. */
async function nameOf(q: Queryable, booking: OpenedBooking): Promise<string> {
  if (booking.customer_id !== null) {
    const [customer] = await q.query<{ fname: string | null; lname: string | null }>('SELECT fname, lname FROM customers WHERE id = $1', [booking.customer_id]);
    const name = customer ? greetingName(customer) : null;
    if (name) return name;
  }
  return booking.document.shippingAddress?.name.trim() || booking.document.buyer?.trim() || '';
}

async function lookUp(ctx: RequestContext): Promise<WithdrawalOrder> {
  const config = await switchedOn(ctx);
  const input = parseInput(WithdrawalLookupSchema, ctx.body);
  const booking = await openedBooking(ctx, input);
  const now = ctx.services.now();
  return {
    id: booking.id,
    created_at: new Date(booking.created_at).toISOString(),
    currency: booking.document.currency || CURRENCY,
    name: await nameOf(ctx.db, booking),
    // an anonymous buyer who typed the address gets it back as typed; else the purchase's
    email: input.email?.trim() || booking.mail_to || '',
    lines: await linesOf(ctx.db, booking.id, config, now, false),
    statements: await statementsOf(ctx.db, booking.id),
  };
}

/** The request id of another order: refused (a repeat answers only the order it was made for). */
const requestIdTaken = () =>
  new HttpError(422, 'VALIDATION_FAILED', 'The request is not valid.', { request_id: ['This request id belongs to another withdrawal.'] });

const isUniqueViolation = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

async function withdraw(ctx: RequestContext): Promise<WithdrawResult> {
  const config = await switchedOn(ctx);
  const input = parseInput(WithdrawRequestSchema, ctx.body);
  const booking = await openedBooking(ctx, input);
  const now = ctx.services.now();
  const chosen = [...new Set(input.lines)].sort((a, b) => a - b);
  let recorded: { statement: WithdrawalStatement; repeated: boolean; lines: number[] };
  try {
    recorded = await ctx.db.transaction(async (tx) => {
      // the booking row first: every withdrawal of this order waits here for the one before
      const lines = await linesOf(tx, booking.id, config, now, true);
      const [again] = await tx.query<StatementRow>(`SELECT ${STATEMENT_COLUMNS} FROM withdrawal_statements WHERE request_id = $1`, [input.request_id]);
      if (again) {
        if (again.booking_id !== booking.id) throw requestIdTaken();
        return { statement: statementOf(again), repeated: true, lines: [] };
      }
      const open = chosen.filter((i) => lines[i]?.status === 'open');
      if (open.length === 0) {
        // all chosen lines withdrawn already: the statement that holds them (the latest, if several)
        const holders = await tx.query<StatementRow>(
          `SELECT ${STATEMENT_COLUMNS} FROM withdrawal_statements WHERE id = (SELECT max(statement_id) FROM withdrawn_lines WHERE booking_id = $1 AND line = ANY($2::int[]))`,
          [booking.id, chosen],
        );
        const holder = holders[0];
        if (holder && chosen.every((i) => lines[i]?.status === 'withdrawn')) return { statement: statementOf(holder), repeated: true, lines: [] };
        throw new HttpError(
          422,
          WITHDRAWAL_ERRORS.WITHDRAWAL_NOTHING_OPEN,
          'None of the chosen lines can be withdrawn now.',
          { lines: ['None of the chosen lines can be withdrawn now.'] },
          { lines: chosen.map((i) => lines[i] ?? { line: i, status: 'excluded', reason: null }) },
        );
      }
      const name = input.name;
      const email = input.ack_email;
      const [row] = await tx.query<StatementRow>(
        `INSERT INTO withdrawal_statements (booking_id, request_id, received_at, name, email, lang, lines)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${STATEMENT_COLUMNS}`,
        [booking.id, input.request_id, now.toISOString(), name, email, ctx.lang, JSON.stringify(open)],
      );
      if (!row) throw new Error('the statement insert returned no row');
      for (const line of open) {
        await tx.query('INSERT INTO withdrawn_lines (booking_id, line, statement_id) VALUES ($1, $2, $3)', [booking.id, line, row.id]);
      }
      const statement = statementOf(row);
      const mail = withdrawalAcknowledgementMail(ctx.lang, {
        bookingId: booking.id,
        statementId: statement.id,
        receivedAt: now,
        lines: open.flatMap((i) => {
          const line = lines[i];
          return line ? [{ name: line.name, count: line.count, amount: line.amount, type: line.type }] : [];
        }),
        name,
        email,
        currency: booking.document.currency || CURRENCY,
      });
      await enqueueMail(tx, { kind: 'withdrawal-acknowledgement', lang: ctx.lang, to: email, ...mail }, now);
      return { statement, repeated: false, lines: open };
    });
  } catch (error) {
    // the same request id sent for two orders at the same moment: the second is refused
    if (isUniqueViolation(error)) throw requestIdTaken();
    throw error;
  }
  if (!recorded.repeated) {
    ctx.services.mail?.kick();
    ctx.services.log(`Withdrawal: statement ${recorded.statement.id} of order ${booking.id} recorded (lines ${recorded.lines.join(', ')})`);
  }
  return { statement: recorded.statement, repeated: recorded.repeated };
}

export function registerWithdrawalRoutes(router: Router): void {
  router.post('order/withdrawal', lookUp);
  router.post('order/withdraw', withdraw);
}
