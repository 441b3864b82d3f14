import { describe, expect, it } from 'vitest';
import type { Voucher, VoucherCode } from '../../src/api/schemas/catalog.js';
import { groupVouchers, voucherAmountProblem, voucherCartLine, voucherQuantity, VOUCHER_MAX_QUANTITY } from '../../src/domain/voucher-shop.js';
import { voucherCodeLine } from '../../src/domain/cart-lines.js';
import { variableVoucherAmount } from '../../src/domain/vouchers.js';

const voucher = (over: Partial<Voucher>): Voucher => ({
  id: 401, name: 'Voucher CHF 50', description: '', price: 5000, vat_value: 0, variable_amount: 0, min_amount: null, max_amount: null, groupId: 41, sequence_no: 1, image: null, ...over,
});
const variable = voucher({ id: 403, name: 'Your amount', price: 0, variable_amount: 1, min_amount: 1000, max_amount: 50000, sequence_no: 3 });

describe('voucher list grouped by category', () => {
  it('keeps the order of the categories, sorts by sequence_no and drops empty categories', () => {
    const list = [voucher({ id: 405, groupId: 42, sequence_no: 5 }), variable, voucher({ id: 401 }), voucher({ id: 404, groupId: 42, sequence_no: 4 })];
    const groups = groupVouchers(list, [{ id: 41, name: 'Value' }, { id: 42, name: 'Experience' }, { id: 43, name: 'Empty' }]);
    expect(groups.map((g) => [g.name, g.vouchers.map((v) => v.id)])).toEqual([['Value', [401, 403]], ['Experience', [404, 405]]]);
  });
  it('keeps a voucher of a category the list does not name, in a group without a name', () => {
    const groups = groupVouchers([voucher({ groupId: 99 })], [{ id: 41, name: 'Value' }]);
    expect(groups).toEqual([{ id: 99, name: '', vouchers: [voucher({ groupId: 99 })] }]);
  });
});

describe('buying a voucher', () => {
  it('clamps a quantity to 1..20 and reads anything else as 1', () => {
    expect([voucherQuantity(3), voucherQuantity('4'), voucherQuantity(0), voucherQuantity(-2), voucherQuantity(99), voucherQuantity('x'), voucherQuantity(''), voucherQuantity(2.7)])
      .toEqual([3, 4, 1, 1, VOUCHER_MAX_QUANTITY, 1, 1, 2]);
    expect(VOUCHER_MAX_QUANTITY).toBe(20);
  });
  it('checks a variable amount against min and max (minor units), after the §5 conversion', () => {
    expect(voucherAmountProblem(variable, variableVoucherAmount('75'))).toBeNull();
    expect(voucherAmountProblem(variable, variableVoucherAmount('-75'))).toBeNull();
    expect(voucherAmountProblem(variable, variableVoucherAmount('10'))).toBeNull();
    expect(voucherAmountProblem(variable, variableVoucherAmount('9.99'))).toBe('belowMin');
    expect(voucherAmountProblem(variable, variableVoucherAmount('500'))).toBeNull();
    expect(voucherAmountProblem(variable, variableVoucherAmount('500.01'))).toBe('aboveMax');
    expect(voucherAmountProblem(variable, variableVoucherAmount('ten'))).toBe('missing');
    expect(voucherAmountProblem(variable, variableVoucherAmount(''))).toBe('missing');
    expect(voucherAmountProblem(voucher({}), 1)).toBeNull();
  });
  it('makes the cart line: fixed in a quantity, variable once for the amount', () => {
    expect(voucherCartLine(voucher({}), { count: 3, amount: null })).toEqual({ type: 'voucher', id: 401, name: 'Voucher CHF 50', price: 5000, totalPrice: 15000, count: 3, vat_value: 0 });
    expect(voucherCartLine(variable, { count: 5, amount: 7500 })).toEqual({ type: 'voucher', id: 403, name: 'Your amount', price: 7500, totalPrice: 7500, count: 1, vat_value: 0, amount: 7500 });
  });
  it('makes the line of a redeemed code with the value still on it', () => {
    const code: VoucherCode = { barcode: 'DEMO-PARTLY-USED', name: 'Gift voucher', amount: 10000, used_amount: 3500, available_amount: 6500, valid_from: null, valid_to: null };
    expect(voucherCodeLine(code)).toEqual({ type: 'voucherCode', barcode: 'DEMO-PARTLY-USED', name: 'Gift voucher', price: 6500 });
  });
});
