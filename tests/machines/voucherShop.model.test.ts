import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { describeModel } from './describe-model.js';
import { AMOUNTS, catalogue, fixed, variable, voucherShopModel } from './voucherShop.model.js';

const status = (event: unknown) => (event as { error?: { status?: number } }).error?.status;

describeModel(voucherShopModel, {
  '*': (s, run) => {
    // the only app-provided effect is adding to the cart, and only on the step that lands in Added
    if (!s.matches({ 'Voucher page': 'Added' }) || run.event.type !== 'ADD_TO_CART') expect(run.stepCalls).toEqual([]);
    expect(s.hasTag('loading')).toBe(s.matches({ 'Voucher list': 'Loading vouchers' }) || s.matches({ 'Voucher page': 'Loading voucher' }));
    // the amount field keeps at most 40 characters of what was typed (a longer paste is cut)
    if (run.event.type === 'SET_AMOUNT') expect(s.context.amountText).toBe((run.event as EventObject & { text: string }).text.slice(0, 40));
    expect(s.context.amountText.length).toBeLessThanOrEqual(40);
  },
  'Voucher list.Loading vouchers': (s, run) => {
    expect(s.getMeta()).toEqual({ 'voucherShop.Voucher list': { route: 'voucherList' } });
    expect(run.invocations.at(-1)).toMatchObject({ src: 'loadVouchers', settled: false });
    expect(s.context.vouchers).toEqual([]);
  },
  'Voucher list.Showing vouchers': (s) => {
    expect(s.getMeta()).toEqual({ 'voucherShop.Voucher list': { route: 'voucherList' } });
    expect(s.context.vouchers).toEqual(catalogue.vouchers);
    expect(s.context.groups).toEqual(catalogue.groups);
    expect(s.context.voucherId).toBeNull();
  },
  'Voucher list.Vouchers failed': (s, run) => {
    expect(status(run.event)).toBe(0);
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
  'Voucher page.Loading voucher': (s, run) => {
    expect(s.getMeta()).toEqual({ 'voucherShop.Voucher page': { route: 'voucherSingle' } });
    expect(run.invocations.at(-1)).toMatchObject({ src: 'loadVoucher', input: { id: s.context.voucherId }, settled: false });
    expect(s.context.voucher).toBeNull();
    expect(s.context.quantity).toBe(1);
    expect(s.context.amountText).toBe('');
  },
  'Voucher page.Voucher not found': (s, run) => {
    expect(status(run.event)).toBe(404);
    expect(s.can({ type: 'RETRY' })).toBe(false);
  },
  'Voucher page.Voucher failed': (s, run) => {
    expect(status(run.event)).toBe(0);
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
  'Voucher page.Choosing.Editing': (s) => {
    expect(s.context.voucher?.id).toBe(s.context.voucherId);
    expect([fixed, variable]).toContainEqual(s.context.voucher);
  },
  'Voucher page.Choosing.Amount missing': (s) => {
    expect(s.context.voucher).toEqual(variable);
    expect(['', AMOUNTS.missing]).toContain(s.context.amountText);
  },
  'Voucher page.Choosing.Amount too low': (s) => {
    expect(s.context.amountText).toBe(AMOUNTS.low);
  },
  'Voucher page.Choosing.Amount too high': (s) => {
    expect(s.context.amountText).toBe(AMOUNTS.high);
  },
  'Voucher page.Added': (s, run) => {
    const line = s.context.voucher?.variable_amount === 1
      ? { type: 'voucher', id: 403, name: variable.name, price: 7500, totalPrice: 7500, count: 1, vat_value: 0, amount: 7500 }
      : { type: 'voucher', id: 401, name: fixed.name, price: 5000, totalPrice: 5000 * s.context.quantity, count: s.context.quantity, vat_value: 0 };
    expect(s.context.added).toEqual(line);
    if (run.event.type === 'ADD_TO_CART') expect(run.stepCalls).toEqual([{ action: 'addToCart', params: [line], event: { type: 'ADD_TO_CART' } }]);
    // −75 typed: made positive, × 100
    if (s.context.voucher?.variable_amount === 1) expect(['-75', '75']).toContain(s.context.amountText);
  },
});
