/**
 * The voucher-code rule of spec §5, shared by the reference server and the app:
 * the code is trimmed; it is invalid before valid_from (VOUCHER_NOW_IS_BEFORE_VALID_FROM), after
 * valid_to (VOUCHER_NOW_IS_AFTER_VALID_TO) or when used_amount >= amount (VOUCHER_NO_AMOUNT_LEFT);
 * validity is computed at UTC+1. valid_from / valid_to are 'YYYY-MM-DD' (whole days, valid_to
 * inclusive) or 'YYYY-MM-DD HH:mm' (to the minute); null means unbounded.
 */
import { voucherLocal } from './dates.js';

export const VOUCHER_NOT_FOUND = 'VOUCHER_NOT_FOUND';
export const VOUCHER_NOW_IS_BEFORE_VALID_FROM = 'VOUCHER_NOW_IS_BEFORE_VALID_FROM';
export const VOUCHER_NOW_IS_AFTER_VALID_TO = 'VOUCHER_NOW_IS_AFTER_VALID_TO';
export const VOUCHER_NO_AMOUNT_LEFT = 'VOUCHER_NO_AMOUNT_LEFT';
/** Any failure of the lookup that is not one of the codes above (§8). */
export const VOUCHER_UNKNOWN_ERROR = 'VOUCHER_UNKNOWN_ERROR';

export type VoucherCodeError =
  | typeof VOUCHER_NOW_IS_BEFORE_VALID_FROM
  | typeof VOUCHER_NOW_IS_AFTER_VALID_TO
  | typeof VOUCHER_NO_AMOUNT_LEFT;

export interface VoucherCodeValues {
  /** value in minor units */
  amount: number;
  used_amount: number;
  valid_from: string | null;
  valid_to: string | null;
}

export type VoucherCodeValidity =
  | { valid: true; available_amount: number }
  | { valid: false; error: VoucherCodeError; available_amount: number };

/** The code as the visitor typed it, trimmed (§5). */
export function normalizeVoucherCode(input: string): string {
  return input.trim();
}

/**
 * The key two codes are compared by: trimmed and upper-cased, as the server looks codes up
 * (`upper(barcode) = upper($1)`). 'demo-valid-50 ' and 'DEMO-VALID-50' are the same code.
 */
export function voucherCodeKey(input: string): string {
  return normalizeVoucherCode(input).toUpperCase();
}

/** True when two entered codes name the same voucher code (§4: a code is in the cart once). */
export function isSameVoucherCode(a: string, b: string): boolean {
  return voucherCodeKey(a) === voucherCodeKey(b);
}

/** amount − used_amount, never below 0. */
export function availableAmount(code: Pick<VoucherCodeValues, 'amount' | 'used_amount'>): number {
  return Math.max(0, code.amount - code.used_amount);
}

function bound(value: string, end: boolean): string {
  return value.length === 10 ? `${value} ${end ? '23:59' : '00:00'}` : value.slice(0, 16).replace('T', ' ');
}

/** Applies the rule of §5 at the instant `now` (evaluated in UTC+1). */
export function voucherCodeValidity(code: VoucherCodeValues, now: Date): VoucherCodeValidity {
  const local = voucherLocal(now).datetime;
  const available_amount = availableAmount(code);
  if (code.valid_from && local < bound(code.valid_from, false)) {
    return { valid: false, error: VOUCHER_NOW_IS_BEFORE_VALID_FROM, available_amount };
  }
  if (code.valid_to && local > bound(code.valid_to, true)) {
    return { valid: false, error: VOUCHER_NOW_IS_AFTER_VALID_TO, available_amount };
  }
  if (code.used_amount >= code.amount) return { valid: false, error: VOUCHER_NO_AMOUNT_LEFT, available_amount: 0 };
  return { valid: true, available_amount };
}
