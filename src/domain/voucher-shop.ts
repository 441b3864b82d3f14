/**
 * Rules of the voucher shop and of code redemption (spec §2 voucher list and code entry, §3
 * voucher and voucher code, §5 variable amount), shared by the machines and their tests:
 *
 * - the list grouped by voucher category (`voucher/attr`), in the order of the categories, each
 *   group's vouchers by sequence_no;
 * - a fixed voucher is bought in a quantity (1 to VOUCHER_MAX_QUANTITY); a variable one for the
 *   amount the visitor enters (`variableVoucherAmount` of vouchers.ts: currency units, negatives
 *   made positive, × 100), which must lie within the voucher's min/max (the server checks the
 *   same bounds in priceCart);
 * - the cart line a purchase becomes (a redeemed code's is `voucherCodeLine` of cart-lines.ts,
 *   which the cart's code entry uses without the rest of the voucher shop).
 */
import type { Voucher } from '../api/schemas/catalog.js';
import type { VoucherLine } from './cart-lines.js';
import type { Minor } from './money.js';

/** Most vouchers of one kind in one purchase. */
export const VOUCHER_MAX_QUANTITY = 20;

export interface VoucherGroup {
  id: number;
  /** the category's name; '' for vouchers of a category the list does not name */
  name: string;
  vouchers: Voucher[];
}

/** Vouchers grouped by category: categories in the given order, vouchers by sequence_no, empty categories left out. */
export function groupVouchers(vouchers: readonly Voucher[], groups: readonly { id: number; name: string }[]): VoucherGroup[] {
  const sorted = [...vouchers].sort((a, b) => a.sequence_no - b.sequence_no || a.id - b.id);
  const out: VoucherGroup[] = groups.map((group) => ({ id: group.id, name: group.name, vouchers: sorted.filter((v) => v.groupId === group.id) }));
  const named = new Set(groups.map((group) => group.id));
  for (const voucher of sorted) {
    if (named.has(voucher.groupId)) continue;
    let other = out.find((group) => group.id === voucher.groupId);
    if (!other) {
      other = { id: voucher.groupId, name: '', vouchers: [] };
      out.push(other);
    }
    other.vouchers.push(voucher);
  }
  return out.filter((group) => group.vouchers.length > 0);
}

export const isVariableVoucher = (voucher: Pick<Voucher, 'variable_amount'>): boolean => voucher.variable_amount === 1;

/** A quantity the visitor typed or stepped to: whole, from 1 to VOUCHER_MAX_QUANTITY; anything not a number is 1. */
export function voucherQuantity(input: unknown): number {
  const n = typeof input === 'number' ? input : typeof input === 'string' && input.trim() !== '' ? Number(input.trim()) : Number.NaN;
  if (!Number.isFinite(n)) return 1;
  return Math.min(VOUCHER_MAX_QUANTITY, Math.max(1, Math.trunc(n)));
}

export type VoucherAmountProblem = 'missing' | 'belowMin' | 'aboveMax';

/** Why an entered amount (minor units, null when not a number) cannot be bought; null when it can. */
export function voucherAmountProblem(voucher: Pick<Voucher, 'min_amount' | 'max_amount'>, amount: Minor | null): VoucherAmountProblem | null {
  if (amount === null) return 'missing';
  if (voucher.min_amount !== null && amount < voucher.min_amount) return 'belowMin';
  if (voucher.max_amount !== null && amount > voucher.max_amount) return 'aboveMax';
  return null;
}

/** The cart line of a purchase: a fixed voucher in a quantity, or one variable voucher of the amount. */
export function voucherCartLine(voucher: Voucher, choice: { count: number; amount: Minor | null }): VoucherLine {
  if (isVariableVoucher(voucher)) {
    const amount = choice.amount ?? 0;
    return { type: 'voucher', id: voucher.id, name: voucher.name, price: amount, totalPrice: amount, count: 1, vat_value: voucher.vat_value, amount };
  }
  const count = voucherQuantity(choice.count);
  return { type: 'voucher', id: voucher.id, name: voucher.name, price: voucher.price, totalPrice: voucher.price * count, count, vat_value: voucher.vat_value };
}
