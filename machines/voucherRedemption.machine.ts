/**
 * Voucher-code redemption in the cart (spec §2 voucher code entry, §4 a code is in the cart once,
 * §5 the validity rule, §7 GET voucher?voucher=CODE, §8 voucher errors):
 *
 *   Entering ── SUBMIT ──▶ Checking ──▶ Valid ──▶ Added
 *                              │          └──▶ Refused › Already in cart
 *                              └──▶ Refused › Not yet valid | Expired | Nothing left | Not found | Unknown error
 *
 * The code is trimmed and looked up (`lookUp`); the server applies the rule of §5 at UTC+1 and
 * answers 422 with its code for each reason (§8); any other failure is VOUCHER_UNKNOWN_ERROR. A
 * valid code becomes a cart line (its canonical barcode, name and the value still on it) and is
 * added through the cart's own ADD event (`addToCart`, provided by the app): the cart refuses a
 * code it already holds (compared trimmed and case-insensitive, as the server does) and the
 * service answers 'alreadyInCart'. The discount a code gives is not stored here: the cart derives
 * it (src/domain/vouchers.ts), so removing the code line gives it back.
 *
 * Owner: the checkout machine invokes this machine (id `voucherCode`) while the visitor is at the
 * cart step; the cart view's code entry renders this child's snapshot and sends it events. Its
 * context holds only plain data, so the checkout's persisted snapshot stays serialisable.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { VoucherCode } from '../src/api/schemas/catalog.js';
import { voucherCodeLine, type VoucherCodeLine } from '../src/domain/cart-lines.js';
import {
  normalizeVoucherCode,
  VOUCHER_NO_AMOUNT_LEFT,
  VOUCHER_NOT_FOUND,
  VOUCHER_NOW_IS_AFTER_VALID_TO,
  VOUCHER_NOW_IS_BEFORE_VALID_FROM,
} from '../src/domain/voucher-code.js';
import { errorOf, notProvided } from './support.js';

/** What adding a code line to the cart came to: the cart refuses a code it already holds. */
export type AddCodeOutcome = 'added' | 'alreadyInCart';

export interface VoucherRedemptionContext {
  /** the field as the visitor typed it */
  code: string;
  /** the trimmed code that was looked up last */
  checkedCode: string;
  /** the code the server found (valid, or with its values on a 422) */
  found: VoucherCode | null;
  /** the line added last (for the confirmation) */
  added: VoucherCodeLine | null;
}

export type VoucherRedemptionEvent = { type: 'TYPE_CODE'; code: string } | { type: 'SUBMIT' };

const codeOf = (event: object): string | null => {
  const error = errorOf(event);
  return error.status === 422 ? error.code : null;
};

export const voucherRedemptionMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as VoucherRedemptionContext,
    events: {} as VoucherRedemptionEvent,
  },
  actors: {
    /** GET voucher?voucher=CODE: the code's values, or 422 with a VOUCHER_* code. */
    lookUp: fromPromise<VoucherCode, { code: string }>(async () => notProvided('lookUp')),
    /** Sends the cart ADD with the code line; answers whether the cart took it. */
    addToCart: fromPromise<AddCodeOutcome, { line: VoucherCodeLine }>(async () => notProvided('addToCart')),
  },
  actions: {
    assignCode: assign(({ event }) => {
      assertEvent(event, 'TYPE_CODE');
      return { code: event.code.slice(0, 200) };
    }),
    assignCheckedCode: assign(({ context }) => ({ checkedCode: normalizeVoucherCode(context.code), found: null })),
    assignFound: assign((_, found: VoucherCode) => ({ found })),
    assignAdded: assign(({ context }) => ({ added: context.found ? voucherCodeLine(context.found) : null, code: '' })),
  },
  guards: {
    codeIsEmpty: ({ context }) => normalizeVoucherCode(context.code) === '',
    isNotYetValid: ({ event }) => codeOf(event) === VOUCHER_NOW_IS_BEFORE_VALID_FROM,
    isExpired: ({ event }) => codeOf(event) === VOUCHER_NOW_IS_AFTER_VALID_TO,
    hasNothingLeft: ({ event }) => codeOf(event) === VOUCHER_NO_AMOUNT_LEFT,
    isNotFound: ({ event }) => codeOf(event) === VOUCHER_NOT_FOUND,
    wasAlreadyInCart: (_, outcome: AddCodeOutcome) => outcome === 'alreadyInCart',
  },
}).createMachine({
  id: 'voucherRedemption',
  description: 'A voucher code typed in the cart: looked up, then added as a cart line or refused with its reason (§5, §8).',
  context: { code: '', checkedCode: '', found: null, added: null },
  initial: 'Entering',
  on: {
    TYPE_CODE: { target: '.Entering.Typing', actions: 'assignCode', description: 'Typing again starts a new entry; an old refusal or confirmation goes away.' },
  },
  states: {
    Entering: {
      initial: 'Typing',
      on: {
        SUBMIT: [
          { guard: 'codeIsEmpty', target: '.Code missing' },
          { target: '#voucherRedemption.Checking', actions: 'assignCheckedCode' },
        ],
      },
      states: {
        Typing: {},
        'Code missing': { description: 'Nothing but spaces was submitted: nothing is asked of the server.' },
      },
    },
    Checking: {
      tags: 'busy',
      description: 'The trimmed code is looked up; the server applies the validity rule at UTC+1.',
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => ({ code: context.checkedCode }),
        onDone: { target: 'Valid', actions: { type: 'assignFound', params: ({ event }) => event.output } },
        onError: [
          { guard: 'isNotYetValid', target: 'Refused.Not yet valid' },
          { guard: 'isExpired', target: 'Refused.Expired' },
          { guard: 'hasNothingLeft', target: 'Refused.Nothing left' },
          { guard: 'isNotFound', target: 'Refused.Not found' },
          { target: 'Refused.Unknown error', description: 'Any other failure (no answer, 500, another 422): VOUCHER_UNKNOWN_ERROR (§8).' },
        ],
      },
    },
    Valid: {
      tags: 'busy',
      description: 'The code can be used: its line (value still on it) goes to the cart through the cart\'s ADD, which either takes it or refuses it as already there; it has no other outcome.',
      invoke: {
        id: 'addToCart',
        src: 'addToCart',
        input: ({ context }) => ({ line: voucherCodeLine(context.found!) }),
        onDone: [
          { guard: { type: 'wasAlreadyInCart', params: ({ event }) => event.output }, target: 'Refused.Already in cart' },
          { target: 'Added', actions: 'assignAdded' },
        ],
      },
    },
    Added: {
      description: 'The code is a line of the cart, showing its value, what it pays here and what remains; the field is empty for another code.',
      on: {
        SUBMIT: { target: 'Entering.Code missing', description: 'The field was emptied when the code was added; typing leaves this state first.' },
      },
    },
    Refused: {
      description: 'The code cannot be used: the reason is shown at the field in the visitor\'s language.',
      initial: 'Unknown error',
      on: {
        SUBMIT: { target: 'Checking', actions: 'assignCheckedCode', description: 'The same code again (e.g. after no answer); typing leaves this state first.' },
      },
      states: {
        'Not yet valid': { description: 'VOUCHER_NOW_IS_BEFORE_VALID_FROM' },
        Expired: { description: 'VOUCHER_NOW_IS_AFTER_VALID_TO' },
        'Nothing left': { description: 'VOUCHER_NO_AMOUNT_LEFT: used_amount >= amount.' },
        'Not found': { description: 'VOUCHER_NOT_FOUND' },
        'Already in cart': { description: 'The same code twice: the cart keeps one line per code.' },
        'Unknown error': { description: 'VOUCHER_UNKNOWN_ERROR' },
      },
    },
  },
});

export type VoucherRedemptionMachine = typeof voucherRedemptionMachine;
