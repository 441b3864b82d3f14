import { describe, expect, it } from 'vitest';
import {
  availableAmount, isSameVoucherCode, normalizeVoucherCode, voucherCodeKey, voucherCodeValidity,
  VOUCHER_NO_AMOUNT_LEFT, VOUCHER_NOW_IS_AFTER_VALID_TO, VOUCHER_NOW_IS_BEFORE_VALID_FROM,
} from '../../src/domain/voucher-code.js';
import { parseDateParam } from '../../src/domain/dates.js';
import { museumLocal } from '../../src/domain/museum-clock.js';

const code = (over: Partial<Parameters<typeof voucherCodeValidity>[0]> = {}) => ({ amount: 5000, used_amount: 0, valid_from: '2026-01-01', valid_to: '2026-12-31', ...over });

describe('voucher code rule (§5)', () => {
  it('trims the code the visitor typed', () => {
    expect(normalizeVoucherCode('  DEMO-VALID-50 \t')).toBe('DEMO-VALID-50');
  });

  it('is valid inside its validity with value left, and reports the available amount', () => {
    expect(voucherCodeValidity(code({ used_amount: 1500 }), new Date('2026-06-15T12:00:00Z'))).toEqual({ valid: true, available_amount: 3500 });
  });

  it('is not valid before valid_from', () => {
    const result = voucherCodeValidity(code(), new Date('2025-12-31T12:00:00Z'));
    expect(result).toMatchObject({ valid: false, error: VOUCHER_NOW_IS_BEFORE_VALID_FROM });
  });

  it('is not valid after valid_to (the whole last day counts)', () => {
    expect(voucherCodeValidity(code(), new Date('2026-12-31T22:00:00Z')).valid).toBe(true);
    expect(voucherCodeValidity(code(), new Date('2027-01-01T08:00:00Z'))).toMatchObject({ valid: false, error: VOUCHER_NOW_IS_AFTER_VALID_TO });
  });

  it('computes validity at UTC+1: 23:30 UTC on the day before valid_from is already valid_from in the museum', () => {
    expect(voucherCodeValidity(code(), new Date('2025-12-31T22:59:00Z')).valid).toBe(false);
    expect(voucherCodeValidity(code(), new Date('2025-12-31T23:30:00Z')).valid).toBe(true);
    // and 23:30 UTC on valid_to is already the next day at UTC+1
    expect(voucherCodeValidity(code(), new Date('2026-12-31T23:30:00Z'))).toMatchObject({ error: VOUCHER_NOW_IS_AFTER_VALID_TO });
  });

  it('is used up when used_amount >= amount', () => {
    expect(voucherCodeValidity(code({ used_amount: 5000 }), new Date('2026-06-01T10:00:00Z'))).toEqual({ valid: false, error: VOUCHER_NO_AMOUNT_LEFT, available_amount: 0 });
    expect(voucherCodeValidity(code({ used_amount: 6000 }), new Date('2026-06-01T10:00:00Z'))).toMatchObject({ error: VOUCHER_NO_AMOUNT_LEFT });
  });

  it('treats missing bounds as unbounded and accepts minute-precise bounds', () => {
    expect(voucherCodeValidity(code({ valid_from: null, valid_to: null }), new Date('2040-01-01T00:00:00Z')).valid).toBe(true);
    expect(voucherCodeValidity(code({ valid_from: '2026-03-01 10:00' }), new Date('2026-03-01T08:59:00Z')).valid).toBe(false);
    expect(voucherCodeValidity(code({ valid_from: '2026-03-01 10:00' }), new Date('2026-03-01T09:00:00Z')).valid).toBe(true);
  });

  it('checks the dates before the amount', () => {
    expect(voucherCodeValidity(code({ used_amount: 5000 }), new Date('2027-02-01T10:00:00Z'))).toMatchObject({ error: VOUCHER_NOW_IS_AFTER_VALID_TO });
  });

  it('never reports a negative available amount', () => {
    expect(availableAmount({ amount: 1000, used_amount: 1200 })).toBe(0);
  });
});

describe('validity boundaries at UTC+1, a minute either side (§5)', () => {
  // valid from 2026-03-01 (00:00 at the museum = 2026-02-28 23:00 UTC) to 2026-10-31 (23:59 at the museum = 22:59 UTC)
  const days = code({ valid_from: '2026-03-01', valid_to: '2026-10-31' });
  it('is not yet valid a minute before valid_from and valid at it', () => {
    expect(voucherCodeValidity(days, new Date('2026-02-28T22:59:00Z'))).toMatchObject({ valid: false, error: VOUCHER_NOW_IS_BEFORE_VALID_FROM });
    expect(voucherCodeValidity(days, new Date('2026-02-28T23:00:00Z')).valid).toBe(true);
    expect(voucherCodeValidity(days, new Date('2026-02-28T23:01:00Z')).valid).toBe(true);
  });
  it('is valid in the last minute of valid_to and expired a minute later', () => {
    expect(voucherCodeValidity(days, new Date('2026-10-31T22:58:00Z')).valid).toBe(true);
    expect(voucherCodeValidity(days, new Date('2026-10-31T22:59:00Z')).valid).toBe(true);
    expect(voucherCodeValidity(days, new Date('2026-10-31T23:00:00Z'))).toMatchObject({ valid: false, error: VOUCHER_NOW_IS_AFTER_VALID_TO });
  });
  it('reads UTC+1, not UTC: at 23:30 UTC on the last day the museum is already on the next day', () => {
    expect(voucherCodeValidity(days, new Date('2026-10-31T23:30:00Z'))).toMatchObject({ error: VOUCHER_NOW_IS_AFTER_VALID_TO });
  });
  it('takes minutes of a date-time bound exactly', () => {
    const timed = code({ valid_from: '2026-03-01 10:00', valid_to: '2026-03-02 18:30' });
    expect(voucherCodeValidity(timed, new Date('2026-03-01T08:59:00Z'))).toMatchObject({ error: VOUCHER_NOW_IS_BEFORE_VALID_FROM });
    expect(voucherCodeValidity(timed, new Date('2026-03-01T09:01:00Z')).valid).toBe(true);
    expect(voucherCodeValidity(timed, new Date('2026-03-02T17:29:00Z')).valid).toBe(true);
    expect(voucherCodeValidity(timed, new Date('2026-03-02T17:31:00Z'))).toMatchObject({ error: VOUCHER_NOW_IS_AFTER_VALID_TO });
  });
});

describe('comparing codes (as the server does: trimmed, case-insensitive)', () => {
  it('gives the same key to the same code typed differently', () => {
    expect(voucherCodeKey('  demo-Valid-50\t')).toBe('DEMO-VALID-50');
    expect(isSameVoucherCode('demo-valid-50', 'DEMO-VALID-50 ')).toBe(true);
    expect(isSameVoucherCode('DEMO-VALID-50', 'DEMO-VALID-200')).toBe(false);
  });
});

describe('museum time', () => {
  it('is UTC+1', () => {
    expect(museumLocal(new Date('2026-11-22T23:15:00Z'))).toEqual({ date: '2026-11-23', time: '00:15', datetime: '2026-11-23 00:15' });
  });
  it('parses YYYYMMDD and YYYY-MM-DD and rejects impossible dates', () => {
    expect(parseDateParam('20260229')).toBeNull();
    expect(parseDateParam('20280229')).toBe('2028-02-29');
    expect(parseDateParam('2026-11-05')).toBe('2026-11-05');
    expect(parseDateParam('2026-13-01')).toBeNull();
  });
});
