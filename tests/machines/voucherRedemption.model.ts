/**
 * Model of voucher-code redemption: a code typed with spaces and in lower case, and one of only
 * spaces; every answer of the lookup (valid, the four §5/§8 codes, another 422, a 500, no answer);
 * the cart taking the code or refusing it as already there, and failing.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { VoucherCode } from '../../src/api/schemas/catalog.js';
import { voucherRedemptionMachine, type VoucherRedemptionContext } from '../../machines/voucherRedemption.machine.js';
import { defineModel } from './model.js';

export const TYPED = '  demo-partly-used ';
export const BLANK = '   ';
/** A code longer than the field keeps (200 characters): pasted text, say. */
export const TOO_LONG = `DEMO-${'X'.repeat(205)}`;

export const found: VoucherCode = {
  barcode: 'DEMO-PARTLY-USED', name: 'Gift voucher', amount: 10000, used_amount: 3500, available_amount: 6500, valid_from: '2026-01-01', valid_to: '2026-12-31',
};

export const apiError = (status: number, code: string) => Object.assign(new Error(code), { status, code, fields: { voucher: [code] } });

function allowed(s: AnyMachineSnapshot, e: EventObject): boolean {
  const c = s.context as VoucherRedemptionContext;
  // typing: the same value again changes nothing but the state; keep the walk to one retype after a result
  if (e.type === 'TYPE_CODE') return (e as EventObject & { code?: string }).code !== c.code;
  return true;
}

export const voucherRedemptionModel = defineModel({
  name: 'voucherRedemption',
  machine: voucherRedemptionMachine,
  events: {
    TYPE_CODE: [{ code: TYPED }, { code: BLANK }],
    SUBMIT: {},
    'done:lookUp': { output: found },
    'error:lookUp': [
      { error: apiError(422, 'VOUCHER_NOW_IS_BEFORE_VALID_FROM') },
      { error: apiError(422, 'VOUCHER_NOW_IS_AFTER_VALID_TO') },
      { error: apiError(422, 'VOUCHER_NO_AMOUNT_LEFT') },
      { error: apiError(422, 'VOUCHER_NOT_FOUND') },
      { error: apiError(422, 'VALIDATION_FAILED') },
      // §8: only a 422 names the reason; the same code with another status is an unknown error
      { error: apiError(404, 'VOUCHER_NOT_FOUND') },
      { error: apiError(500, 'INTERNAL_ERROR') },
      { error: Object.assign(new TypeError('Failed to fetch'), { status: 0, code: 'NETWORK_ERROR' }) },
    ],
    'done:addToCart': [{ output: 'added' }, { output: 'alreadyInCart' }],
  },
  filterEvents: allowed,
  scenarios: [
    {
      name: 'a second code after the first was added, then the same code again',
      events: [
        { type: 'TYPE_CODE', code: TYPED }, { type: 'SUBMIT' }, { type: 'done:lookUp', output: found }, { type: 'done:addToCart', output: 'added' },
        { type: 'TYPE_CODE', code: 'DEMO-PARTLY-USED' }, { type: 'SUBMIT' }, { type: 'done:lookUp', output: found }, { type: 'done:addToCart', output: 'alreadyInCart' },
      ],
    },
    {
      name: 'a code longer than 200 characters is kept and looked up cut to 200',
      events: [{ type: 'TYPE_CODE', code: TOO_LONG }, { type: 'SUBMIT' }, { type: 'error:lookUp', error: apiError(422, 'VOUCHER_NOT_FOUND') }],
    },
  ],
});
