/**
 * What the voucher screens read of the voucher shop machine (machines/voucherShop.machine.ts): one
 * view per state, typed by the machine's state paths (a state added or renamed there does not
 * compile until it has a view here, and voucherShopViewOf throws on a state it does not know).
 */
import type { StateValue } from 'xstate';
import type { VoucherAmountProblem } from '../src/domain/voucher-shop.js';
import { viewReader, type StatePath } from './state-paths.js';
import type { voucherShopMachine } from './voucherShop.machine.js';

export type VoucherListStage = 'loading' | 'failed' | 'shown';
export type VoucherPageStage = 'loading' | 'notFound' | 'failed' | 'choosing' | 'added';

/** Where the list or the voucher page stands (null: the machine is at the other one). */
export interface VoucherShopView {
  readonly list: VoucherListStage | null;
  readonly voucher: VoucherPageStage | null;
  /** why ADD_TO_CART was refused for the amount typed (a variable voucher), null when it was not */
  readonly amountProblem: VoucherAmountProblem | null;
}

const list = (stage: VoucherListStage): VoucherShopView => ({ list: stage, voucher: null, amountProblem: null });
const voucher = (stage: VoucherPageStage, amountProblem: VoucherAmountProblem | null = null): VoucherShopView => ({ list: null, voucher: stage, amountProblem });

/** Every state's view (one object each, so a selector returns the same value while the view stays). */
export const VOUCHER_SHOP_VIEWS = {
  // Starting and Checking list pass on at once (eventless): never shown
  Starting: list('loading'),
  'Voucher list.Checking list': list('loading'),
  'Voucher list.Loading vouchers': list('loading'),
  'Voucher list.Showing vouchers': list('shown'),
  'Voucher list.Vouchers failed': list('failed'),
  'Voucher page.Loading voucher': voucher('loading'),
  'Voucher page.Voucher not found': voucher('notFound'),
  'Voucher page.Voucher failed': voucher('failed'),
  'Voucher page.Choosing.Editing': voucher('choosing'),
  'Voucher page.Choosing.Amount missing': voucher('choosing', 'missing'),
  'Voucher page.Choosing.Amount too low': voucher('choosing', 'belowMin'),
  'Voucher page.Choosing.Amount too high': voucher('choosing', 'aboveMax'),
  'Voucher page.Added': voucher('added'),
} as const satisfies Record<StatePath<typeof voucherShopMachine>, VoucherShopView>;

/** The view of a snapshot; throws on a state without one. */
export const voucherShopViewOf = viewReader<VoucherShopView>('voucherShop', VOUCHER_SHOP_VIEWS);
/** Where the voucher page stands; null while the machine is at the list. */
export const voucherPageStageOf = (snapshot: { value: StateValue }): VoucherPageStage | null => voucherShopViewOf(snapshot).voucher;
/** Why the amount was refused; null when it was not (or at the list). */
export const amountProblemOf = (snapshot: { value: StateValue }): VoucherAmountProblem | null => voucherShopViewOf(snapshot).amountProblem;
/** Where the list stands; null while the machine is at a voucher page. */
export const voucherListStageOf = (snapshot: { value: StateValue }): VoucherListStage | null => voucherShopViewOf(snapshot).list;
