/**
 * What the cart's voucher-code entry reads of the voucher redemption machine
 * (machines/voucherRedemption.machine.ts): one view per state, typed by the machine's state paths
 * (a state added or renamed there does not compile until it has a view here).
 */
import type { StateValue } from 'xstate';
import {
  VOUCHER_NO_AMOUNT_LEFT,
  VOUCHER_NOT_FOUND,
  VOUCHER_NOW_IS_AFTER_VALID_TO,
  VOUCHER_NOW_IS_BEFORE_VALID_FROM,
  VOUCHER_UNKNOWN_ERROR,
} from '../src/domain/voucher-code.js';
import { viewReader, type StatePath } from './state-paths.js';
import type { voucherRedemptionMachine } from './voucherRedemption.machine.js';

/** Why a code was not taken: the §8 code (the suffix of its message key), or nothing submitted. */
export type VoucherRefusal =
  | 'VOUCHER_CODE_MISSING'
  | typeof VOUCHER_NOW_IS_BEFORE_VALID_FROM
  | typeof VOUCHER_NOW_IS_AFTER_VALID_TO
  | typeof VOUCHER_NO_AMOUNT_LEFT
  | typeof VOUCHER_NOT_FOUND
  | 'VOUCHER_ALREADY_IN_CART'
  | typeof VOUCHER_UNKNOWN_ERROR;

export interface VoucherCodeView {
  /** the reason shown at the field, null when there is none */
  readonly refusal: VoucherRefusal | null;
  /** the code just became a cart line (the confirmation is shown) */
  readonly added: boolean;
}

const open: VoucherCodeView = { refusal: null, added: false };
const refused = (refusal: VoucherRefusal): VoucherCodeView => ({ refusal, added: false });

/** Every state's view (one object each, so a selector returns the same value while the view stays). */
export const VOUCHER_CODE_VIEWS = {
  'Entering.Typing': open,
  'Entering.Code missing': refused('VOUCHER_CODE_MISSING'),
  Checking: open,
  Valid: open,
  Added: { refusal: null, added: true },
  'Refused.Not yet valid': refused(VOUCHER_NOW_IS_BEFORE_VALID_FROM),
  'Refused.Expired': refused(VOUCHER_NOW_IS_AFTER_VALID_TO),
  'Refused.Nothing left': refused(VOUCHER_NO_AMOUNT_LEFT),
  'Refused.Not found': refused(VOUCHER_NOT_FOUND),
  'Refused.Already in cart': refused('VOUCHER_ALREADY_IN_CART'),
  'Refused.Unknown error': refused(VOUCHER_UNKNOWN_ERROR),
} as const satisfies Record<StatePath<typeof voucherRedemptionMachine>, VoucherCodeView>;

/** The view of a snapshot; throws on a state without one. */
export const voucherCodeViewOf = viewReader<VoucherCodeView>('voucherRedemption', VOUCHER_CODE_VIEWS);

/** The reason of a refusal as a message key suffix (the §8 code), null when not refused. */
export const refusalOf = (snapshot: { value: StateValue }): VoucherRefusal | null => voucherCodeViewOf(snapshot).refusal;
