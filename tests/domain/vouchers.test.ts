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

  it('compares barcodes as the server does: trimmed and case-insensitive', () => {
    const lines = [ticket(1000), code('DEMO-VALID-50', 5000)];
    expect(hasVoucherCode(lines, 'demo-valid-50')).toBe(true);
    expect(hasVoucherCode(lines, ' Demo-Valid-50 ')).toBe(true);
    expect(hasVoucherCode(lines, 'DEMO-VALID-200')).toBe(false);
  });

  it('lets shipping decide how much of the last code is used (several codes, cart order)', () => {
    // 45.00 tickets + 7.00 shipping = 52.00: the first code pays 50.00, the second 2.00 and keeps 198.00
    const lines = [ticket(4500), code('DEMO-VALID-50', 5000), code('DEMO-VALID-200', 20000)];
    const withShipping = allocateVouchers(lines, 700);
    expect(withShipping.vouchers.map((v) => [v.barcode, v.discount, v.remaining])).toEqual([['DEMO-VALID-50', -5000, 0], ['DEMO-VALID-200', -200, 19800]]);
    expect(withShipping.total).toBe(0);
    const withoutShipping = allocateVouchers(lines, null);
    expect(withoutShipping.vouchers.map((v) => [v.barcode, v.discount, v.remaining])).toEqual([['DEMO-VALID-50', -4500, 500], ['DEMO-VALID-200', 0, 20000]]);
    // removing the first code gives its discount back to the cart: the second now pays it
    const removed = allocateVouchers([lines[0]!, lines[2]!], 700);
    expect(removed.vouchers).toEqual([{ index: 1, barcode: 'DEMO-VALID-200', value: 20000, remaining: 14800, discount: -5200 }]);
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

  it('rejects bad input of every kind instead of guessing (one implementation: the voucher page uses it)', () => {
    for (const bad of ['   ', '12.5.3', 'NaN', 'Infinity', '5-', 'CHF 20', '20 CHF', '1,000.00', '0x10', '0.00', '-0', '.', '-']) {
      expect(variableVoucherAmount(bad), bad).toBeNull();
    }
    expect(variableVoucherAmount(Number.NaN)).toBeNull();
    expect(variableVoucherAmount(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('accepts what a visitor plausibly types', () => {
    expect(variableVoucherAmount(' 75 ')).toBe(7500);
    expect(variableVoucherAmount('75.')).toBe(7500);
    expect(variableVoucherAmount(',5')).toBe(50);
    expect(variableVoucherAmount('+20')).toBe(2000);
    expect(variableVoucherAmount('1 000')).toBe(100000);
    expect(variableVoucherAmount('- 5')).toBe(500);
    expect(variableVoucherAmount('10.005')).toBe(1001);
  });
});
