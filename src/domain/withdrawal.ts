/**
 * The rules of the EU withdrawal function (issue 46): which lines carry the right of withdrawal,
 * for how long, and a line's standing today. The one source of these rules for the app and the
 * reference server (shapes: src/api/schemas/withdrawal.ts; docs/api.md "Withdrawal").
 *
 * - Dated admissions and tours (`ticket`, `dayTicket`, `guidedTour`) never carry the right: leisure
 *   services on a specific date (Art. 16(l) of Directive 2011/83/EU). Not configurable.
 * - A voucher code redeemed in the order (`voucherCode`) is a payment, not a thing bought.
 * - Articles (`merchandise`), annual passes and vouchers carry it by default for 14 days; the
 *   operator may switch a kind off or grant more days (`withdrawal_rules` of the remote config).
 * - Goods: the period starts with the delivery (until the goods are delivered the line is open and
 *   its period has not started). Passes and vouchers: with the booking day; a used one is excluded.
 *
 * Periods are counted in the museum's calendar (museum-clock.ts): the day of the booking or
 * delivery is not counted, the period ends at the end of its last day, and a last day on a
 * Saturday or Sunday moves to the Monday (Regulation 1182/71, Art. 3(4); public holidays are not
 * known to the shop: an operator who must honour them grants more days).
 */
import type { WithdrawalLineStatus, WithdrawalReason } from '../api/schemas/withdrawal.js';
import { WITHDRAWAL_KINDS, type WithdrawalKind, type WithdrawalKindRule, type WithdrawalRules } from '../api/schemas/withdrawal-rules.js';
import { addDays, isoWeekday } from './dates.js';
import { museumLocal } from './museum-clock.js';

/** The period every configurable kind has unless the operator says otherwise. */
export const DEFAULT_WITHDRAWAL_DAYS = 14;

/** The defaults of `withdrawal_rules`: every configurable kind carries the right for 14 days. */
export const DEFAULT_WITHDRAWAL_RULES: Readonly<Record<WithdrawalKind, WithdrawalKindRule>> = {
  merchandise: { right: true, days: DEFAULT_WITHDRAWAL_DAYS },
  annualPass: { right: true, days: DEFAULT_WITHDRAWAL_DAYS },
  voucher: { right: true, days: DEFAULT_WITHDRAWAL_DAYS },
};

/** Line types on a specific date: never a right of withdrawal (not configurable). */
export const DATED_LINE_TYPES = ['ticket', 'dayTicket', 'guidedTour'] as const;

/** A voucher code used in the order: a payment, not a purchase. */
export const PAYMENT_LINE_TYPE = 'voucherCode';

export const isWithdrawalKind = (type: string): type is WithdrawalKind => (WITHDRAWAL_KINDS as readonly string[]).includes(type);

/** Whether the function is on: `withdrawal_enabled`, or when it is absent, whether the shop prices in euros. */
export function withdrawalEnabled(config: { withdrawal_enabled?: boolean | undefined; currency: string }): boolean {
  return config.withdrawal_enabled ?? config.currency.trim().toUpperCase() === 'EUR';
}

/** The configured rules with the defaults for the kinds the configuration leaves out. */
export function rulesOf(config: { withdrawal_rules?: WithdrawalRules | undefined }): Record<WithdrawalKind, WithdrawalKindRule> {
  const given = config.withdrawal_rules ?? {};
  return {
    merchandise: given.merchandise ?? DEFAULT_WITHDRAWAL_RULES.merchandise,
    annualPass: given.annualPass ?? DEFAULT_WITHDRAWAL_RULES.annualPass,
    voucher: given.voucher ?? DEFAULT_WITHDRAWAL_RULES.voucher,
  };
}

/** Whether a line of this type carries the right under these rules (before any period or use). */
export function carriesRight(type: string, rules: Record<WithdrawalKind, WithdrawalKindRule>): boolean {
  return isWithdrawalKind(type) && rules[type].right;
}

/** What a line's standing is computed from. */
export interface LineFacts {
  /** the cart line's type (cart-payload.ts) */
  type: string;
  /** when the order was booked */
  bookedAt: Date;
  /** goods: when they were delivered; null: not delivered yet */
  deliveredAt: Date | null;
  /** a pass or voucher that has been used */
  used: boolean;
  /** when a statement of withdrawal named this line; null: not withdrawn */
  withdrawnAt: Date | null;
}

export interface LineStanding {
  status: WithdrawalLineStatus;
  /** with `excluded`: why */
  reason: WithdrawalReason | null;
  /** the period's last day 'YYYY-MM-DD' in the museum's calendar; null: no period, or not started (goods not delivered) */
  period_ends: string | null;
}

/**
 * The last day of a period of `days` days that starts with the event of `at` (a booking, a
 * delivery): the event's day in the museum's calendar plus `days`; a Saturday or Sunday moves
 * to the following Monday.
 */
export function periodLastDay(at: Date, days: number): string {
  const last = addDays(museumLocal(at).date, days);
  const weekday = isoWeekday(last);
  return weekday >= 6 ? addDays(last, 8 - weekday) : last;
}

/**
 * A line's standing on `today` (the museum's date 'YYYY-MM-DD'): `withdrawn` once a statement
 * named it; `excluded` with its reason when it carries no right (dated, payment, no_right), was
 * used, or its period ended; `open` otherwise.
 */
export function lineStanding(line: LineFacts, rules: Record<WithdrawalKind, WithdrawalKindRule>, today: string): LineStanding {
  const excluded = (reason: WithdrawalReason, periodEnds: string | null = null): LineStanding => ({ status: 'excluded', reason, period_ends: periodEnds });
  if ((DATED_LINE_TYPES as readonly string[]).includes(line.type)) return line.withdrawnAt ? { status: 'withdrawn', reason: null, period_ends: null } : excluded('dated');
  if (line.type === PAYMENT_LINE_TYPE) return excluded('payment');
  if (!isWithdrawalKind(line.type)) return line.withdrawnAt ? { status: 'withdrawn', reason: null, period_ends: null } : excluded('no_right');
  const rule = rules[line.type];
  const start = line.type === 'merchandise' ? line.deliveredAt : line.bookedAt;
  const periodEnds = start ? periodLastDay(start, rule.days) : null;
  if (line.withdrawnAt) return { status: 'withdrawn', reason: null, period_ends: periodEnds };
  if (!rule.right) return excluded('no_right');
  if (line.type !== 'merchandise' && line.used) return excluded('used', periodEnds);
  if (periodEnds !== null && today > periodEnds) return excluded('period_ended', periodEnds);
  return { status: 'open', reason: null, period_ends: periodEnds };
}
