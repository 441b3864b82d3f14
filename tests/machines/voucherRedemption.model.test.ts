import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { describeModel } from './describe-model.js';
import { found, voucherRedemptionModel } from './voucherRedemption.model.js';
import { refusalOf } from '../../machines/voucherRedemption.selectors.js';

const lookUps = (run: { invocations: { src: string; settled: boolean }[] }) => run.invocations.filter((i) => i.src === 'lookUp');
const errorCode = (event: unknown) => (event as { error?: { code?: string } }).error?.code;
const errorStatus = (event: unknown) => (event as { error?: { status?: number } }).error?.status;

describeModel(voucherRedemptionModel, {
  '*': (s, run) => {
    // nothing here is an app-provided action: every effect is a service with its input
    expect(run.stepCalls).toEqual([]);
    expect(s.hasTag('busy')).toBe(s.matches('Checking') || s.matches('Valid'));
    // the field keeps at most 200 characters of what was typed (a longer paste is cut)
    if (run.event.type === 'TYPE_CODE') expect(s.context.code).toBe((run.event as EventObject & { code: string }).code.slice(0, 200));
    expect(s.context.code.length).toBeLessThanOrEqual(200);
  },
  'Entering.Typing': (s) => {
    expect(refusalOf(s)).toBeNull();
    expect(s.can({ type: 'SUBMIT' })).toBe(true);
  },
  'Entering.Code missing': (s, run) => {
    expect(s.context.code.trim()).toBe('');
    expect(refusalOf(s)).toBe('VOUCHER_CODE_MISSING');
    // nothing was asked of the server for this submit
    // nothing was asked of the server for this submit: every lookup so far has been answered
    expect(lookUps(run).every((i) => i.settled)).toBe(true);
    expect(run.event.type).toBe('SUBMIT');
  },
  Checking: (s, run) => {
    // the code is looked up trimmed, case as typed (the server compares case-insensitively)
    expect(run.invocations.at(-1)).toMatchObject({ src: 'lookUp', input: { code: s.context.code.trim() } });
    expect(s.context.checkedCode).toBe(s.context.code.trim());
    expect(s.context.found).toBeNull();
    expect(s.context.checkedCode.length).toBeLessThanOrEqual(200);
  },
  Valid: (s, run) => {
    expect(s.context.found).toEqual(found);
    // the line that goes to the cart: canonical barcode, the value still on the code
    expect(run.invocations.at(-1)).toMatchObject({
      src: 'addToCart',
      input: { line: { type: 'voucherCode', barcode: 'DEMO-PARTLY-USED', name: 'Gift voucher', price: 6500 } },
    });
  },
  Added: (s) => {
    expect(s.context.added).toEqual({ type: 'voucherCode', barcode: 'DEMO-PARTLY-USED', name: 'Gift voucher', price: 6500 });
    expect(s.context.code).toBe('');
    expect(refusalOf(s)).toBeNull();
  },
  'Refused.Not yet valid': (s, run) => {
    expect(errorStatus(run.event)).toBe(422);
    expect(errorCode(run.event)).toBe('VOUCHER_NOW_IS_BEFORE_VALID_FROM');
    expect(refusalOf(s)).toBe('VOUCHER_NOW_IS_BEFORE_VALID_FROM');
  },
  'Refused.Expired': (s, run) => {
    expect(errorStatus(run.event)).toBe(422);
    expect(errorCode(run.event)).toBe('VOUCHER_NOW_IS_AFTER_VALID_TO');
    expect(refusalOf(s)).toBe('VOUCHER_NOW_IS_AFTER_VALID_TO');
  },
  'Refused.Nothing left': (s, run) => {
    expect(errorStatus(run.event)).toBe(422);
    expect(errorCode(run.event)).toBe('VOUCHER_NO_AMOUNT_LEFT');
    expect(refusalOf(s)).toBe('VOUCHER_NO_AMOUNT_LEFT');
  },
  'Refused.Not found': (s, run) => {
    expect(errorStatus(run.event)).toBe(422);
    expect(errorCode(run.event)).toBe('VOUCHER_NOT_FOUND');
    expect(refusalOf(s)).toBe('VOUCHER_NOT_FOUND');
  },
  'Refused.Already in cart': (s, run) => {
    expect((run.event as { output?: unknown }).output).toBe('alreadyInCart');
    expect(refusalOf(s)).toBe('VOUCHER_ALREADY_IN_CART');
    expect(s.context.added === null || s.context.added.barcode === 'DEMO-PARTLY-USED').toBe(true);
  },
  'Refused.Unknown error': (s, run) => {
    expect(refusalOf(s)).toBe('VOUCHER_UNKNOWN_ERROR');
    // another 422, a 500, no answer, or the cart failing
    const code = errorCode(run.event);
    expect(['VALIDATION_FAILED', 'INTERNAL_ERROR', 'NETWORK_ERROR', 'VOUCHER_NOT_FOUND', undefined]).toContain(code);
    if (code === 'VOUCHER_NOT_FOUND') expect(errorStatus(run.event)).toBe(404);
    expect(run.event.type.startsWith('xstate.error.actor.')).toBe(true);
  },
});
