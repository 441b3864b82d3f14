/**
 * Model of the voucher shop: entered at the list and at a voucher's page; the list loaded or
 * failed; a fixed voucher (quantity) and a variable one (amounts missing, too low, too high,
 * negative made positive and fine); 404 and no answer for a voucher; back to the list (shown as
 * loaded) and another voucher.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Voucher } from '../../src/api/schemas/catalog.js';
import { voucherShopMachine, type VoucherCatalogue, type VoucherShopContext } from '../../machines/voucherShop.machine.js';
import { defineModel } from './model.js';

export const fixed: Voucher = {
  id: 401, name: 'Voucher CHF 50', description: 'Valid for three years.', price: 5000, vat_value: 0, variable_amount: 0, min_amount: null, max_amount: null, groupId: 41, sequence_no: 1, image: null,
};
export const variable: Voucher = {
  id: 403, name: 'Voucher of your chosen amount', description: 'Valid for three years.', price: 0, vat_value: 0, variable_amount: 1, min_amount: 1000, max_amount: 50000, groupId: 41, sequence_no: 3, image: null,
};
export const catalogue: VoucherCatalogue = { vouchers: [fixed, variable], groups: [{ id: 41, name: 'Value vouchers' }] };

export const apiError = (status: number, code: string) => Object.assign(new Error(code), { status, code, fields: {} });
const networkError = () => Object.assign(new TypeError('Failed to fetch'), { status: 0, code: 'NETWORK_ERROR' });

/** Amounts typed into the field (currency units). */
export const AMOUNTS = { fine: '-75', missing: 'ten', low: '9.99', high: '500.50' } as const;
/** A text longer than the amount field keeps (40 characters): pasted, say. */
export const TOO_LONG_AMOUNT = `${'1'.repeat(30)}.${'0'.repeat(14)}`;

function allowed(s: AnyMachineSnapshot, e: EventObject): boolean {
  const c = s.context as VoucherShopContext;
  const page = s.matches('Voucher page');
  if (e.type === 'xstate.done.actor.loadVoucher') return (e as EventObject & { output: Voucher }).output.id === c.voucherId;
  if (e.type === 'OPEN_VOUCHER') {
    const id = (e as EventObject & { voucherId: number }).voucherId;
    // from the list any voucher; on a page only the other one, once the first is settled
    return page ? id !== c.voucherId && c.added !== null : true;
  }
  if (e.type === 'SET_QUANTITY') return c.voucher?.variable_amount === 0 && c.quantity === 1;
  if (e.type === 'SET_AMOUNT') {
    if (c.voucher?.variable_amount !== 1) return false;
    const text = (e as EventObject & { text: string }).text;
    // after adding, typing a new amount starts again (once, with the first amount)
    if (s.matches({ 'Voucher page': 'Added' })) return text === AMOUNTS.missing && c.amountText === AMOUNTS.fine;
    // each amount once, the fine one last
    const order: string[] = [AMOUNTS.missing, AMOUNTS.low, AMOUNTS.high, AMOUNTS.fine];
    return order.indexOf(text) === order.indexOf(c.amountText) + 1 || (c.amountText === '' && text === AMOUNTS.missing);
  }
  if (e.type === 'BACK_TO_LIST') return c.added !== null || !s.matches({ 'Voucher page': 'Choosing' });
  return true;
}

export const voucherShopModel = defineModel({
  name: 'voucherShop',
  machine: voucherShopMachine,
  inputs: [{ voucherId: null }, { voucherId: 403 }],
  events: {
    'done:loadVouchers': { output: catalogue },
    'error:loadVouchers': { error: networkError() },
    OPEN_VOUCHER: [{ voucherId: 401 }, { voucherId: 403 }],
    BACK_TO_LIST: {},
    RETRY: {},
    'done:loadVoucher': [{ output: fixed }, { output: variable }],
    'error:loadVoucher': [{ error: apiError(404, 'NOT_FOUND') }, { error: networkError() }],
    SET_QUANTITY: { quantity: '3' },
    SET_AMOUNT: [{ text: AMOUNTS.missing }, { text: AMOUNTS.low }, { text: AMOUNTS.high }, { text: AMOUNTS.fine }],
    ADD_TO_CART: {},
  },
  filterEvents: allowed,
  fakeActions: ['addToCart'],
  scenarios: [
    {
      name: 'a fixed voucher added at once, then a quantity changed and added again',
      input: { voucherId: 401 },
      events: [{ type: 'done:loadVoucher', output: fixed }, { type: 'ADD_TO_CART' }, { type: 'SET_QUANTITY', quantity: 99 }, { type: 'ADD_TO_CART' }],
    },
    {
      name: 'a variable voucher: an amount typed after adding starts again',
      input: { voucherId: 403 },
      events: [{ type: 'done:loadVoucher', output: variable }, { type: 'SET_AMOUNT', text: '75' }, { type: 'ADD_TO_CART' }, { type: 'SET_AMOUNT', text: '' }, { type: 'ADD_TO_CART' }],
    },
    {
      name: 'a variable voucher: an amount text longer than 40 characters is cut to 40',
      input: { voucherId: 403 },
      events: [{ type: 'done:loadVoucher', output: variable }, { type: 'SET_AMOUNT', text: TOO_LONG_AMOUNT }],
    },
  ],
});
