import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../src/domain/cart-lines.js';
import { allocateVouchers, hasVoucherCode, variableVoucherAmount, withVoucherAllocation } from '../../src/domain/vouchers.js';

const ticket = (totalPrice: number): CartLine => ({
  type: 'ticket', id: 1, name: 'Adult', price: totalPrice, totalPrice, totalCount: 1, datetime: '2026-12-05 10:00', vat_value: 8.1, single_ticketing: 0, subtickets: [],
});
const book = (totalPrice: number): CartLine => ({ type: 'merchandise', id: 2, name: 'Book', price: totalPrice, totalPrice, count: 1, vat_value: 2.6 });
const code = (barcode: string, price: number): CartLine => ({ type: 'voucherCode', barcode, name: barcode, price });

describe('voucher allocation (§4)', () => {
  it('consumes the non-voucher total plus shipping in cart order', () => {
    // 60.00 of tickets + 30.00 book + 9.00 shipping = 99.00; codes of 50, 40, 20
    const lines = [code('A', 5000), ticket(6000), code('B', 4000), book(3000), code('C', 2000)];
    const result = allocateVouchers(lines, 900);
    expect(result.subtotal).toBe(9000);
    expect(result.vouchers).toEqual([
      { index: 0, barcode: 'A', value: 5000, remaining: 0, discount: -5000 },
      { index: 2, barcode: 'B', value: 4000, remaining: 0, discount: -4000 },
      { index: 4, barcode: 'C', value: 2000, remaining: 1100, discount: -900 },
    ]);
    expect(result.discount).toBe(9900);
    expect(result.total).toBe(0);
  });

  it('leaves the rest to pay when the codes do not cover it', () => {
    const result = allocateVouchers([ticket(6000), code('A', 2500)], null);
    expect(result.vouchers[0]).toMatchObject({ remaining: 0, discount: -2500 });
    expect(result.shipping).toBe(0);
    expect(result.total).toBe(3500);
  });

  it('gives later codes nothing once the total is used up', () => {
    const result = allocateVouchers([ticket(1000), code('A', 5000), code('B', 5000)]);
    expect(result.vouchers.map((v) => [v.remaining, v.discount])).toEqual([[4000, -1000], [5000, 0]]);
  });

  it('floors the amount to consume at 0 (codes alone, nothing to pay)', () => {
    const result = allocateVouchers([code('A', 3000)], 0);
    expect(result.vouchers[0]).toMatchObject({ remaining: 3000, discount: 0 });
    expect(result.total).toBe(0);
  });

  it('writes remaining and discount onto the voucher-code lines only', () => {
    const lines = withVoucherAllocation([ticket(1000), code('A', 3000)]);
    expect(lines[0]).not.toHaveProperty('remaining');
    expect(lines[1]).toMatchObject({ remaining: 2000, discount: -1000 });
  });

  it('finds a barcode already in the cart', () => {
    const lines = [ticket(1000), code('ABC', 100)];
    expect(hasVoucherCode(lines, ' ABC ')).toBe(true);
    expect(hasVoucherCode(lines, 'ABD')).toBe(false);
  });
});

describe('variable-amount voucher (§5)', () => {
  it('takes currency units times 100', () => {
    expect(variableVoucherAmount('25')).toBe(2500);
    expect(variableVoucherAmount('12.5')).toBe(1250);
    expect(variableVoucherAmount('12,50')).toBe(1250);
    expect(variableVoucherAmount(40)).toBe(4000);
    expect(variableVoucherAmount('0.29')).toBe(29);
  });

  it('makes negatives positive', () => {
    expect(variableVoucherAmount('-30')).toBe(3000);
    expect(variableVoucherAmount(-7.25)).toBe(725);
  });

  it('rejects what is not an amount', () => {
    expect(variableVoucherAmount('')).toBeNull();
    expect(variableVoucherAmount('ten')).toBeNull();
    expect(variableVoucherAmount('0')).toBeNull();
    expect(variableVoucherAmount('1e3')).toBeNull();
  });
});
