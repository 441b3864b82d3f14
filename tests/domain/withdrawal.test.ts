/**
 * Issue 46: the rules of the withdrawal function (src/domain/withdrawal.ts): which kinds carry the
 * right, the periods counted in the museum's calendar (Europe/Zurich in the tests), their
 * boundaries (the last day open, the day after closed), and the switch.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { DEFAULT_WITHDRAWAL_RULES, lineStanding, periodLastDay, rulesOf, withdrawalEnabled, type LineFacts } from '../../src/domain/withdrawal.js';
import { WithdrawalRulesSchema } from '../../src/api/schemas/withdrawal-rules.js';

const rules = rulesOf({});
// Monday 1 June 2026, 12:00 in Zurich
const booked = new Date('2026-06-01T10:00:00Z');
const facts = (over: Partial<LineFacts>): LineFacts => ({ type: 'merchandise', bookedAt: booked, deliveredAt: null, used: false, withdrawnAt: null, ...over });

describe('which lines carry the right', () => {
  it('dated admissions and tours never, whatever the rules; a voucher code is a payment', () => {
    for (const type of ['ticket', 'dayTicket', 'guidedTour']) {
      expect(lineStanding(facts({ type }), rules, '2026-06-02')).toEqual({ status: 'excluded', reason: 'dated', period_ends: null });
    }
    expect(lineStanding(facts({ type: 'voucherCode' }), rules, '2026-06-02')).toEqual({ status: 'excluded', reason: 'payment', period_ends: null });
    // the configuration cannot name a dated kind
    expect(v.safeParse(WithdrawalRulesSchema, { ticket: { right: true, days: 14 } }).success).toBe(false);
  });

  it('articles, passes and vouchers by default for 14 days; the operator may switch a kind off or grant more days, never less', () => {
    expect(DEFAULT_WITHDRAWAL_RULES).toEqual({ merchandise: { right: true, days: 14 }, annualPass: { right: true, days: 14 }, voucher: { right: true, days: 14 } });
    const off = rulesOf({ withdrawal_rules: { voucher: { right: false, days: 14 } } });
    expect(off.merchandise).toEqual({ right: true, days: 14 });
    expect(lineStanding(facts({ type: 'voucher' }), off, '2026-06-02')).toEqual({ status: 'excluded', reason: 'no_right', period_ends: null });
    const longer = rulesOf({ withdrawal_rules: { annualPass: { right: true, days: 30 } } });
    expect(lineStanding(facts({ type: 'annualPass' }), longer, '2026-07-01')).toEqual({ status: 'open', reason: null, period_ends: '2026-07-01' });
    expect(v.safeParse(WithdrawalRulesSchema, { merchandise: { right: true, days: 7 } }).success).toBe(false);
  });

  it('an unknown line type carries no right', () => {
    expect(lineStanding(facts({ type: 'somethingNew' }), rules, '2026-06-02').reason).toBe('no_right');
  });
});

describe('the periods', () => {
  it('a pass or voucher from the booking day: the 14th day after it is the last day open, the day after is closed', () => {
    for (const type of ['annualPass', 'voucher']) {
      expect(lineStanding(facts({ type }), rules, '2026-06-01')).toEqual({ status: 'open', reason: null, period_ends: '2026-06-15' });
      expect(lineStanding(facts({ type }), rules, '2026-06-15')).toEqual({ status: 'open', reason: null, period_ends: '2026-06-15' });
      expect(lineStanding(facts({ type }), rules, '2026-06-16')).toEqual({ status: 'excluded', reason: 'period_ended', period_ends: '2026-06-15' });
    }
  });

  it('a used pass or voucher is excluded at once', () => {
    expect(lineStanding(facts({ type: 'voucher', used: true }), rules, '2026-06-02')).toEqual({ status: 'excluded', reason: 'used', period_ends: '2026-06-15' });
  });

  it('goods from their delivery: not delivered yet, the period has not started', () => {
    expect(lineStanding(facts({}), rules, '2027-01-01')).toEqual({ status: 'open', reason: null, period_ends: null });
    // delivered Wednesday 10 June: open to Wednesday 24 June, closed on the 25th
    const delivered = facts({ deliveredAt: new Date('2026-06-10T08:00:00Z') });
    expect(lineStanding(delivered, rules, '2026-06-24')).toEqual({ status: 'open', reason: null, period_ends: '2026-06-24' });
    expect(lineStanding(delivered, rules, '2026-06-25')).toEqual({ status: 'excluded', reason: 'period_ended', period_ends: '2026-06-24' });
  });

  it('days are the museum’s: a booking at 00:30 in Zurich (22:30 UTC the day before) counts from the Zurich day', () => {
    expect(periodLastDay(new Date('2026-06-01T22:30:00Z'), 14)).toBe('2026-06-16');
    expect(periodLastDay(new Date('2026-06-01T21:30:00Z'), 14)).toBe('2026-06-15');
  });

  it('a last day on a Saturday or Sunday moves to the Monday', () => {
    // Saturday 6 June + 14 = Saturday 20 June → Monday 22 June
    expect(periodLastDay(new Date('2026-06-06T10:00:00Z'), 14)).toBe('2026-06-22');
    // Sunday 7 June + 14 = Sunday 21 June → Monday 22 June
    expect(periodLastDay(new Date('2026-06-07T10:00:00Z'), 14)).toBe('2026-06-22');
    expect(lineStanding(facts({ type: 'voucher', bookedAt: new Date('2026-06-06T10:00:00Z') }), rules, '2026-06-22').status).toBe('open');
    expect(lineStanding(facts({ type: 'voucher', bookedAt: new Date('2026-06-06T10:00:00Z') }), rules, '2026-06-23').reason).toBe('period_ended');
  });

  it('a line named by a statement is withdrawn, whatever the day', () => {
    const at = new Date('2026-06-03T09:00:00Z');
    expect(lineStanding(facts({ type: 'voucher', withdrawnAt: at }), rules, '2027-01-01')).toEqual({ status: 'withdrawn', reason: null, period_ends: '2026-06-15' });
  });
});

describe('the switch', () => {
  it('withdrawal_enabled decides; absent, euros switch it on and other currencies off', () => {
    expect(withdrawalEnabled({ currency: 'EUR' })).toBe(true);
    expect(withdrawalEnabled({ currency: 'eur' })).toBe(true);
    expect(withdrawalEnabled({ currency: 'CHF' })).toBe(false);
    expect(withdrawalEnabled({ currency: 'CHF', withdrawal_enabled: true })).toBe(true);
    expect(withdrawalEnabled({ currency: 'EUR', withdrawal_enabled: false })).toBe(false);
  });
});
