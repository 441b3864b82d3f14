/**
 * The voucher shop (spec §2 routes voucherList and voucherSingle, §3 voucher, §5 variable amount,
 * §7 GET voucher/select/event/, voucher/attr, voucher/selectOne/price/{id}):
 *
 *   Voucher list (grouped by category) ── OPEN_VOUCHER ──▶ Voucher page
 *     Voucher page: Loading voucher ─▶ Choosing (quantity, or an amount for a variable voucher)
 *                   ── ADD_TO_CART ──▶ Added    (or: Amount missing | Amount too low | Amount too high)
 *                   └▶ Voucher not found (404) | Voucher failed (no answer: RETRY)
 *
 * A fixed voucher is bought in a quantity (1 to 20); a variable one for the amount the visitor
 * types in currency units (negatives made positive, × 100: `variableVoucherAmount`), within the
 * voucher's min/max (src/domain/voucher-shop.ts). Adding sends the cart line with the named action
 * `addToCart` (the app sends the cart's ADD). States with a page name it in `meta.route`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Voucher } from '../src/api/schemas/catalog.js';
import type { VoucherLine } from '../src/domain/cart-lines.js';
import { variableVoucherAmount } from '../src/domain/vouchers.js';
import { isVariableVoucher, voucherAmountProblem, voucherCartLine, voucherQuantity } from '../src/domain/voucher-shop.js';
import { notProvided, statusOf } from './support.js';
import type { PageMeta } from '../src/domain/routes.js';

export interface VoucherCatalogue {
  vouchers: Voucher[];
  /** the voucher categories (voucher/attr), in their order */
  groups: { id: number; name: string }[];
}

export interface VoucherShopInput {
  /** open this voucher's page at once (route vouchers/{id}) */
  voucherId?: number | null;
}

export interface VoucherShopContext {
  vouchers: Voucher[];
  groups: { id: number; name: string }[];
  voucherId: number | null;
  voucher: Voucher | null;
  quantity: number;
  /** the amount field as typed (currency units) */
  amountText: string;
  /** the line added last (for the confirmation) */
  added: VoucherLine | null;
}

export type VoucherShopEvent =
  | { type: 'OPEN_VOUCHER'; voucherId: number }
  | { type: 'BACK_TO_LIST' }
  | { type: 'RETRY' }
  | { type: 'SET_QUANTITY'; quantity: unknown }
  | { type: 'SET_AMOUNT'; text: string }
  | { type: 'ADD_TO_CART' };

const amountOf = (context: VoucherShopContext) => variableVoucherAmount(context.amountText);
const problemOf = (context: VoucherShopContext) =>
  context.voucher && isVariableVoucher(context.voucher) ? voucherAmountProblem(context.voucher, amountOf(context)) : null;
const lineOf = (context: VoucherShopContext): VoucherLine[] =>
  context.voucher ? [voucherCartLine(context.voucher, { count: context.quantity, amount: amountOf(context) })] : [];

export const voucherShopMachine = setup({
  types: {
    meta: {} as PageMeta,
    tags: {} as 'loading',
    context: {} as VoucherShopContext,
    events: {} as VoucherShopEvent,
    input: {} as VoucherShopInput,
  },
  actors: {
    /** GET voucher/select/event/ and voucher/attr */
    loadVouchers: fromPromise<VoucherCatalogue>(async () => notProvided('loadVouchers')),
    /** GET voucher/selectOne/price/{id} */
    loadVoucher: fromPromise<Voucher, { id: number }>(async () => notProvided('loadVoucher')),
  },
  actions: {
    assignCatalogue: assign((_, catalogue: VoucherCatalogue) => ({ vouchers: catalogue.vouchers, groups: catalogue.groups })),
    assignVoucherToOpen: assign(({ event }) => {
      assertEvent(event, 'OPEN_VOUCHER');
      return { voucherId: event.voucherId, voucher: null, quantity: 1, amountText: '', added: null };
    }),
    assignVoucher: assign((_, voucher: Voucher) => ({ voucher })),
    assignQuantity: assign(({ event }) => {
      assertEvent(event, 'SET_QUANTITY');
      return { quantity: voucherQuantity(event.quantity) };
    }),
    assignAmount: assign(({ event }) => {
      assertEvent(event, 'SET_AMOUNT');
      return { amountText: event.text.slice(0, 40) };
    }),
    assignAdded: assign(({ context }) => ({ added: lineOf(context)[0] ?? null })),
    forgetVoucher: assign({ voucherId: null, voucher: null, quantity: 1, amountText: '', added: null }),
    /** The app sends the cart `{ type: 'ADD', lines }`. */
    addToCart: (_, _lines: VoucherLine[]) => notProvided('addToCart'),
  },
  guards: {
    opensAVoucher: ({ context }) => context.voucherId !== null,
    hasVouchers: ({ context }) => context.vouchers.length > 0,
    isNotFound: ({ event }) => [404, 422].includes(statusOf(event)),
    amountMissing: ({ context }) => problemOf(context) === 'missing',
    amountTooLow: ({ context }) => problemOf(context) === 'belowMin',
    amountTooHigh: ({ context }) => problemOf(context) === 'aboveMax',
  },
}).createMachine({
  id: 'voucherShop',
  description: 'Vouchers by category, one voucher with its quantity or amount, into the cart (§2, §5).',
  context: ({ input }) => ({
    vouchers: [],
    groups: [],
    voucherId: input.voucherId ?? null,
    voucher: null,
    quantity: 1,
    amountText: '',
    added: null,
  }),
  initial: 'Starting',
  states: {
    Starting: {
      always: [{ guard: 'opensAVoucher', target: 'Voucher page' }, { target: 'Voucher list' }],
    },
    'Voucher list': {
      meta: { route: 'voucherList' },
      initial: 'Checking list',
      on: {
        OPEN_VOUCHER: { target: 'Voucher page', actions: 'assignVoucherToOpen' },
      },
      states: {
        'Checking list': {
          description: 'Back from a voucher page the list is shown as loaded.',
          always: [{ guard: 'hasVouchers', target: 'Showing vouchers' }, { target: 'Loading vouchers' }],
        },
        'Loading vouchers': {
          tags: 'loading',
          invoke: {
            id: 'loadVouchers',
            src: 'loadVouchers',
            onDone: { target: 'Showing vouchers', actions: { type: 'assignCatalogue', params: ({ event }) => event.output } },
            onError: 'Vouchers failed',
          },
        },
        'Showing vouchers': { description: 'Grouped by category, each with image, name and price or "amount of your choice".' },
        'Vouchers failed': { on: { RETRY: 'Loading vouchers' } },
      },
    },
    'Voucher page': {
      meta: { route: 'voucherSingle' },
      initial: 'Loading voucher',
      on: {
        BACK_TO_LIST: { target: 'Voucher list', actions: 'forgetVoucher' },
        OPEN_VOUCHER: { target: 'Voucher page', reenter: true, actions: 'assignVoucherToOpen' },
      },
      states: {
        'Loading voucher': {
          tags: 'loading',
          invoke: {
            id: 'loadVoucher',
            src: 'loadVoucher',
            input: ({ context }) => ({ id: context.voucherId ?? 0 }),
            onDone: { target: 'Choosing', actions: { type: 'assignVoucher', params: ({ event }) => event.output } },
            onError: [{ guard: 'isNotFound', target: 'Voucher not found' }, { target: 'Voucher failed' }],
          },
        },
        'Voucher not found': { description: 'No such voucher (404): nothing to retry.' },
        'Voucher failed': { description: 'No answer: try again.', on: { RETRY: 'Loading voucher' } },
        Choosing: {
          initial: 'Editing',
          on: {
            SET_QUANTITY: { target: '.Editing', actions: 'assignQuantity' },
            SET_AMOUNT: { target: '.Editing', actions: 'assignAmount', description: 'A new amount: an old complaint about it goes away.' },
            ADD_TO_CART: [
              { guard: 'amountMissing', target: '.Amount missing' },
              { guard: 'amountTooLow', target: '.Amount too low' },
              { guard: 'amountTooHigh', target: '.Amount too high' },
              { target: 'Added', actions: [{ type: 'addToCart', params: ({ context }) => lineOf(context) }, 'assignAdded'] },
            ],
          },
          states: {
            Editing: {},
            'Amount missing': { description: 'A variable voucher without a number in the amount field.' },
            'Amount too low': { description: 'Below the voucher\'s min_amount.' },
            'Amount too high': { description: 'Above the voucher\'s max_amount.' },
          },
        },
        Added: {
          description: 'The voucher is in the cart: go to the cart, choose another, or change and add again.',
          on: {
            SET_QUANTITY: { target: 'Choosing.Editing', actions: 'assignQuantity' },
            SET_AMOUNT: { target: 'Choosing.Editing', actions: 'assignAmount' },
          },
        },
      },
    },
  },
});

export type VoucherShopMachine = typeof voucherShopMachine;
