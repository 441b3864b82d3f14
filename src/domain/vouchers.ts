/**
 * Voucher rules of spec §4 and §5.
 *
 * Allocation (§4): the total of the non-voucher-code lines plus shipping, floored at 0, is consumed
 * by the voucher-code lines in cart order. Each code gets `remaining` (the part of its value left
 * unused) and `discount` (the negative amount it takes off). Purchased vouchers (type `voucher`)
 * are ordinary lines here: they are paid like anything else (the same reading as the server's
 * priceCart, whose subtotal is the sum of non-voucher-code lines).
 *
 * The validity rule of a voucher code (valid_from / valid_to / amount left) lives in
 * src/domain/voucher-code.ts.
 */
import type { CartLine } from './cart-lines.js';
import { linesSubtotal } from './cart-lines.js';
import type { Minor } from './money.js';
import { isSameVoucherCode } from './voucher-code.js';

export interface VoucherAllocation {
  /** index of the voucher-code line in the cart */
  index: number;
  barcode: string;
  /** value of the code before this cart (available amount), minor units */
  value: Minor;
  /** value left unused after this cart, minor units (>= 0) */
  remaining: Minor;
  /** amount applied, as a negative number (0 when nothing is applied) */
  discount: Minor;
}

export interface CartTotals {
  /** sum of the lines except voucher codes */
  subtotal: Minor;
  /** shipping cost, 0 when unknown */
  shipping: Minor;
  /** total discount of all voucher codes, as a positive number */
  discount: Minor;
  /** what is left to pay: max(0, subtotal + shipping - discount) */
  total: Minor;
  vouchers: VoucherAllocation[];
}

/** What voucher codes take off an amount: one implementation for the app and the server (§4). */
export interface VoucherApplication {
  /** the amount each code covers, in the order given (positive, minor units) */
  applied: Minor[];
  /** sum of `applied` */
  discount: Minor;
  /** what is left to pay: max(0, subtotal + shipping) - discount, never below 0 */
  total: Minor;
}

/**
 * §4: the total of the non-voucher-code lines plus shipping, floored at 0, is consumed by the
 * voucher codes in cart order; each code covers at most its available value. The reference
 * server's priceCart and the cart's selectors both call this, so the amount the cart shows is
 * the amount the provider is asked to charge.
 */
export function applyVoucherCodes(subtotal: Minor, shipping: Minor, values: readonly Minor[]): VoucherApplication {
  let open = Math.max(0, subtotal + shipping);
  const applied = values.map((value) => {
    const take = Math.min(Math.max(0, value), open);
    open -= take;
    return take;
  });
  const discount = applied.reduce((sum, amount) => sum + amount, 0);
  return { applied, discount, total: open };
}

/** Allocates voucher codes against subtotal + shipping, in cart order. */
export function allocateVouchers(lines: readonly CartLine[], shipping: Minor | null = null): CartTotals {
  const subtotal = linesSubtotal(lines);
  const shippingCost = shipping ?? 0;
  const codes = lines.flatMap((line, index) => (line.type === 'voucherCode' ? [{ index, barcode: line.barcode, value: Math.max(0, line.price) }] : []));
  const application = applyVoucherCodes(subtotal, shippingCost, codes.map((code) => code.value));
  const vouchers: VoucherAllocation[] = codes.map((code, i) => {
    const applied = application.applied[i] ?? 0;
    return { index: code.index, barcode: code.barcode, value: code.value, remaining: code.value - applied, discount: applied === 0 ? 0 : -applied };
  });
  return { subtotal, shipping: shippingCost, discount: application.discount, total: application.total, vouchers };
}

/** The lines with `remaining` and `discount` filled in on the voucher-code lines. */
export function withVoucherAllocation(lines: readonly CartLine[], shipping: Minor | null = null): CartLine[] {
  const { vouchers } = allocateVouchers(lines, shipping);
  const byIndex = new Map(vouchers.map((voucher) => [voucher.index, voucher]));
  return lines.map((line, index) => {
    const allocation = byIndex.get(index);
    if (line.type !== 'voucherCode' || !allocation) return line;
    return { ...line, remaining: allocation.remaining, discount: allocation.discount };
  });
}

/**
 * True when a voucher code with this barcode is already in the cart, compared the way the server
 * compares codes (trimmed, case-insensitive: `isSameVoucherCode`).
 */
export function hasVoucherCode(lines: readonly CartLine[], barcode: string): boolean {
  return lines.some((line) => line.type === 'voucherCode' && isSameVoucherCode(line.barcode, barcode));
}

/**
 * Variable-amount voucher (§5): the visitor enters an amount in currency units; negatives are made
 * positive; the result is in minor units (x 100). A comma is accepted as decimal separator.
 * Returns null when the input is not a number or comes out as 0 (the one implementation: the
 * voucher page and its tests use it; the server checks the result against min/max).
 */
export function variableVoucherAmount(entered: string | number): Minor | null {
  const text = typeof entered === 'number' ? String(entered) : entered.trim().replace(/\s+/g, '').replace(',', '.');
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const value = Math.abs(Number(text));
  if (!Number.isFinite(value)) return null;
  const minor = Math.round(value * 100);
  return minor > 0 ? minor : null;
}
