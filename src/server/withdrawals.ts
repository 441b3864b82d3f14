/**
 * The reference server's side of the withdrawal function (issue 46) that more than one route
 * needs: the operator's configuration (read on every request, checked at start), and the standing
 * of an order's lines (src/domain/withdrawal.ts applied to what the database keeps: the booking
 * day, the goods' delivery, the vouchers' redemptions, the statements recorded). The routes are
 * in api/withdrawal.ts; order/review and "My orders" show `withdrawn_at` and `withdrawable` from
 * here. Docs: docs/api.md ("Withdrawal").
 */
import * as v from 'valibot';
import type { Queryable } from './db/index.js';
import { readSetting } from './settings.js';
import type { WithdrawalLine } from '../api/schemas/withdrawal.js';
import { WithdrawalRulesSchema, type WithdrawalKind, type WithdrawalKindRule } from '../api/schemas/withdrawal-rules.js';
import { lineStanding, rulesOf, withdrawalEnabled } from '../domain/withdrawal.js';
import { museumIsoString, museumToday } from '../domain/museum-clock.js';
import type { CartItem } from '../domain/cart-payload.js';
import type { OrderDocument } from './tickets/model.js';

/** The parts of the remote config the withdrawal function reads. */
const WithdrawalConfigSchema = v.object({
  currency: v.string(),
  withdrawal_enabled: v.optional(v.boolean()),
  withdrawal_rules: v.optional(WithdrawalRulesSchema, {}),
});

export interface WithdrawalConfig {
  enabled: boolean;
  rules: Record<WithdrawalKind, WithdrawalKindRule>;
}

/** What is wrong with the stored remote config's withdrawal settings, one sentence each; empty when nothing is. */
export function withdrawalConfigProblems(remoteConfig: unknown): string[] {
  const result = v.safeParse(WithdrawalConfigSchema, remoteConfig);
  if (result.success) return [];
  return result.issues.map((issue) => {
    const path = (issue.path ?? []).map((p) => String(p.key)).join('.');
    return `${path || 'remote_config'}: ${issue.message}`;
  });
}

/** The stored remote config's withdrawal settings is not valid: the start stops (main.ts), naming what is wrong. */
export class WithdrawalConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The remote config (settings 'remote_config') has a withdrawal setting that is not valid: ${problems.join('; ')}. ` +
        `withdrawal_rules may name merchandise, annualPass and voucher, each {"right": true|false, "days": 14 to 365}; dated tickets and tours never carry the right (docs/api.md "Withdrawal").`,
    );
    this.name = 'WithdrawalConfigError';
  }
}

/** At start: throws WithdrawalConfigError when the stored withdrawal settings are malformed (e.g. 7 days, or a rule for tickets). */
export async function checkWithdrawalConfig(q: Queryable): Promise<void> {
  const problems = withdrawalConfigProblems(await readSetting(q, 'remote_config'));
  if (problems.length > 0) throw new WithdrawalConfigError(problems);
}

/** The function's switch and rules, as stored now (an operator changes them with SQL). */
export async function readWithdrawalConfig(q: Queryable): Promise<WithdrawalConfig> {
  const stored = await readSetting(q, 'remote_config');
  const result = v.safeParse(WithdrawalConfigSchema, stored);
  // checked at start: a setting broken since is a server fault, never guessed around
  if (!result.success) throw new WithdrawalConfigError(withdrawalConfigProblems(stored));
  return { enabled: withdrawalEnabled(result.output), rules: rulesOf(result.output) };
}

/** A line named by a statement: when it was received, and which statement. */
export interface WithdrawnMark {
  at: Date;
  statement: string;
}

/** What an order's standing is computed from. */
export interface OrderFacts {
  items: CartItem[];
  lines: { type: string; name: string; amount: number }[];
  bookedAt: Date;
  deliveredAt: Date | null;
  document: OrderDocument | null;
  withdrawn: ReadonlyMap<number, WithdrawnMark>;
  /** the codes of the vouchers bought in this order that were redeemed (or are held by a payment under way) */
  usedCodes: ReadonlySet<string>;
}

/** How many things a line holds (a tour: its participants; day tickets: all of the day's). */
function countOf(item: CartItem | undefined): number {
  if (!item) return 1;
  switch (item.type) {
    case 'dayTicket':
      return item.dayTickets.reduce((s, d) => s + d.count, 0);
    case 'guidedTour':
      return item.prices.reduce((s, p) => s + p.count, 0) + item.tickets.reduce((s, t) => s + t.count, 0);
    case 'voucherCode':
      return 1;
    default:
      return item.count;
  }
}

/**
 * The codes of each voucher line: the order's voucher pages in the order of its lines (admissions.ts
 * makes them so, `count` per voucher line).
 */
function voucherCodesByLine(facts: Pick<OrderFacts, 'items' | 'document'>): Map<number, string[]> {
  const codes = (facts.document?.admissions ?? []).flatMap((a) => (a.kind === 'voucher' && a.voucher ? [a.voucher.code] : []));
  const byLine = new Map<number, string[]>();
  let next = 0;
  facts.items.forEach((item, index) => {
    if (item.type !== 'voucher') return;
    byLine.set(index, codes.slice(next, next + item.count));
    next += item.count;
  });
  return byLine;
}

/** Every line of an order with its standing on the museum's `today`. */
export function orderLines(facts: OrderFacts, rules: Record<WithdrawalKind, WithdrawalKindRule>, now: Date): WithdrawalLine[] {
  const today = museumToday(now);
  const vouchers = voucherCodesByLine(facts);
  return facts.lines.map((line, index) => {
    const mark = facts.withdrawn.get(index) ?? null;
    const standing = lineStanding(
      {
        type: line.type,
        bookedAt: facts.bookedAt,
        deliveredAt: facts.deliveredAt,
        // a pass's first use is not recorded by the reference server: never used (docs/api.md)
        used: (vouchers.get(index) ?? []).some((code) => facts.usedCodes.has(code)),
        withdrawnAt: mark?.at ?? null,
      },
      rules,
      today,
    );
    return {
      line: index,
      type: line.type,
      name: line.name,
      amount: line.amount,
      count: countOf(facts.items[index]),
      ...standing,
      withdrawn_at: mark ? museumIsoString(mark.at) : null,
    };
  });
}

/** The lines named by statements, per booking. */
export async function withdrawnMarks(q: Queryable, bookingIds: readonly string[]): Promise<Map<string, Map<number, WithdrawnMark>>> {
  const out = new Map<string, Map<number, WithdrawnMark>>();
  if (bookingIds.length === 0) return out;
  const rows = await q.query<{ booking_id: string; line: number; statement_id: number; received_at: Date | string }>(
    `SELECT w.booking_id, w.line, w.statement_id, s.received_at
       FROM withdrawn_lines w JOIN withdrawal_statements s ON s.id = w.statement_id
      WHERE w.booking_id = ANY($1::text[])`,
    [bookingIds],
  );
  for (const row of rows) {
    const marks = out.get(row.booking_id) ?? new Map<number, WithdrawnMark>();
    marks.set(row.line, { at: new Date(row.received_at), statement: String(row.statement_id) });
    out.set(row.booking_id, marks);
  }
  return out;
}

/**
 * The codes of vouchers bought in these bookings that were redeemed, or that a payment under way
 * holds: their right of withdrawal ended with the first use. `lock` (in the withdrawal's
 * transaction) takes their rows, as a booking that redeems one does (inventory.ts), so a
 * redemption and a withdrawal of the same voucher are one after the other.
 */
export async function usedVoucherCodes(q: Queryable, bookingIds: readonly string[], now: Date, lock = false): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await q.query<{ barcode: string; used_amount: number }>(
    `SELECT barcode, used_amount FROM voucher_codes WHERE booking_id = ANY($1::text[]) ORDER BY barcode${lock ? ' FOR UPDATE' : ''}`,
    [bookingIds],
  );
  const used = new Set(rows.filter((r) => r.used_amount > 0).map((r) => r.barcode));
  const unused = rows.filter((r) => r.used_amount <= 0).map((r) => r.barcode);
  if (unused.length > 0) {
    const held = await q.query<{ barcode: string }>("SELECT DISTINCT barcode FROM holds WHERE kind = 'voucherCode' AND barcode = ANY($1::text[]) AND expires_at > $2", [unused, now.toISOString()]);
    for (const h of held) used.add(h.barcode);
  }
  return used;
}

/** A booking with what its standing needs. */
export interface StandingRow {
  id: string;
  created_at: Date | string;
  delivered_at: Date | string | null;
  document: OrderDocument | null;
  items: CartItem[];
  lines: { type: string; name: string; amount: number }[];
}

/** The facts of one booking, given the marks and used codes loaded for it. */
export function factsOf(row: StandingRow, marks: Map<string, Map<number, WithdrawnMark>>, usedCodes: ReadonlySet<string>): OrderFacts {
  return {
    items: row.items,
    lines: row.lines,
    bookedAt: new Date(row.created_at),
    deliveredAt: row.delivered_at === null ? null : new Date(row.delivered_at),
    document: row.document,
    withdrawn: marks.get(row.id) ?? new Map(),
    usedCodes,
  };
}

/** Loads the bookings with their carts' items and lines (for the standings). */
export async function standingRows(q: Queryable, bookingIds: readonly string[], lock = false): Promise<StandingRow[]> {
  if (bookingIds.length === 0) return [];
  if (lock) await q.query('SELECT id FROM bookings WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE', [bookingIds]);
  return q.query<StandingRow>(
    `SELECT b.id, b.created_at, b.delivered_at, b.document, c.items, c.lines
       FROM bookings b JOIN carts c ON c.id = b.cart_id
      WHERE b.id = ANY($1::text[])`,
    [bookingIds],
  );
}

/**
 * What order/review and "My orders" add for the key holder or owner: each line's `withdrawn_at`
 * and whether a line may be withdrawn now (`withdrawable`, false while the function is off), per booking.
 */
export async function withdrawalViews(q: Queryable, bookingIds: readonly string[], now: Date): Promise<Map<string, { withdrawnAt: (string | null)[]; withdrawable: boolean }>> {
  const out = new Map<string, { withdrawnAt: (string | null)[]; withdrawable: boolean }>();
  if (bookingIds.length === 0) return out;
  // a setting broken since the start (checked there) switches the offer off here, never the order page
  const config = await readWithdrawalConfig(q).catch((error: unknown) => {
    if (error instanceof WithdrawalConfigError) return { enabled: false, rules: rulesOf({}) };
    throw error;
  });
  const rows = await standingRows(q, bookingIds);
  const marks = await withdrawnMarks(q, bookingIds);
  const used = config.enabled ? await usedVoucherCodes(q, bookingIds, now) : new Set<string>();
  for (const row of rows) {
    const lines = orderLines(factsOf(row, marks, used), config.rules, now);
    out.set(row.id, { withdrawnAt: lines.map((l) => l.withdrawn_at), withdrawable: config.enabled && lines.some((l) => l.status === 'open') });
  }
  return out;
}
