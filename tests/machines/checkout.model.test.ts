import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { PAYART_EXPRESS } from '../../src/api/schemas/checkout.js';
import { toCartPayload } from '../../src/domain/cart-lines.js';
import { progressStep, suggestionLine, type CheckoutContext } from '../../machines/checkout.machine.js';
import { describeModel } from './describe-model.js';
import {
  CART_ID,
  DIRECT_DEBIT,
  HOLDER,
  JWT,
  NEW_CART_ID,
  PARTNER,
  PROVIDER_URL,
  VALID_IBAN,
  booked,
  cartLines,
  checkoutModel,
  finishedHere,
  fullCart,
  order,
  providerReturn,
  suggestions,
} from './checkout.model.js';
import type { Invocation, RunContext } from './model.js';

type Event = { type: string; payart?: number; wallet?: string; value?: string; accepted?: boolean; id?: number; error?: { status?: number } };

const ctx = (s: AnyMachineSnapshot) => s.context as CheckoutContext;
const ev = (run: RunContext) => run.event as Event;
const invoked = (run: RunContext, src: string): Invocation[] => run.invocations.filter((i) => i.src === src);
const pending = (run: RunContext, src: string) => {
  const last = invoked(run, src).at(-1);
  expect(last, `${src} was invoked`).toBeDefined();
  expect(last).toMatchObject({ settled: false, aborted: false });
  return last!;
};
const calls = (run: RunContext, action: string) => run.actionCalls.filter((c) => c.action === action);
const lastCall = (run: RunContext, action: string) => calls(run, action).at(-1);
const items = toCartPayload(cartLines).items;

/**
 * What the cart actor was sent during this path after its first resting state (the fake cart is
 * shared by all paths; a path's run context is its own).
 */
const cartMarks = new WeakMap<Invocation[], number>();
function sentToCart(run: RunContext): EventObject[] {
  if (!cartMarks.has(run.invocations)) cartMarks.set(run.invocations, fullCart.sent.length);
  return fullCart.sent.slice(cartMarks.get(run.invocations));
}
/** every state looks at the cart's messages, so the mark is set at a path's first state */
const markCart = (run: RunContext) => void sentToCart(run);

/** The loadSuggestions invoke has no id: its events name the generated one (…Loading suggestions). */
function suggestionsAnswer(e: Event): 'done' | 'error' | null {
  const m = /^xstate\.(done|error)\.actor\..*Loading suggestions$/.exec(e.type);
  return m ? (m[1] as 'done' | 'error') : null;
}
const suggestionsOutput = (run: RunContext) => (run.event as EventObject & { output: unknown }).output;

function expectError(s: AnyMachineSnapshot, status: number, code: string) {
  expect(ctx(s).paymentError).toMatchObject({ status, code });
  expect(ctx(s).paymentError?.message).not.toBe('');
}

describeModel(checkoutModel, {
  // ----- checkout route

  'Loading suggestions': (s, run) => {
    markCart(run);
    expect(s.hasTag('loading')).toBe(true);
    expect(progressStep(s)).toBe('cart');
    expect(pending(run, 'loadSuggestions').input).toEqual({ items });
  },
  'Choosing payment': (s, run) => {
    markCart(run);
    const c = ctx(s);
    const e = ev(run);
    // §9: express payment (161) unless the shop's default is offered
    if (suggestionsAnswer(e)) expect(c.payart).toBe(c.jwt === null ? PAYART_EXPRESS : DIRECT_DEBIT);
    if (e.type === 'SELECT_PAYMENT') {
      expect(c.payart).toBe(e.payart);
      expect(c.fieldErrors.accountHolder).toBeUndefined();
      expect(c.fieldErrors.iban).toBeUndefined();
    }
    if (e.type === 'SELECT_WALLET') expect(c.wallet).toBe(e.wallet);
    if (e.type === 'SET_ACCOUNT_HOLDER') {
      expect(c.accountHolder).toBe(e.value);
      expect(c.fieldErrors.accountHolder).toBeUndefined();
    }
    if (e.type === 'SET_IBAN') {
      expect(c.iban).toBe(e.value);
      expect(c.fieldErrors.iban).toBeUndefined();
    }
    if (e.type === 'SET_TERMS') {
      expect(c.termsAccepted).toBe(true);
      expect(c.fieldErrors.terms).toBeUndefined();
    }
    if (e.type === 'SET_PRIVACY') {
      expect(c.privacyAccepted).toBe(true);
      expect(c.fieldErrors.privacy).toBeUndefined();
    }
    if (e.type === 'ADD_SUGGESTION') {
      // the suggestion goes to the cart as one piece and leaves the list
      expect(sentToCart(run).at(-1)).toEqual({ type: 'ADD', lines: [suggestionLine(suggestions[0]!)] });
      expect(c.suggestions).toEqual(suggestions.slice(1));
    }
    // nothing was paid or booked while choosing
    expect(invoked(run, 'execPayment')).toEqual([]);
    expect(calls(run, 'redirectToProvider')).toEqual([]);
  },
  'Choosing payment.Editing': (s, run) => {
    expect(progressStep(s)).toBe('cart');
    const e = ev(run);
    const answer = suggestionsAnswer(e);
    if (answer) expect(ctx(s).suggestions).toEqual(answer === 'done' ? suggestionsOutput(run) : []);
    expect(ctx(s).fieldErrors).toEqual({});
    // choosing another method drops the refusal or missing details of the previous one
    if (e.type === 'SELECT_PAYMENT') expect(ctx(s).paymentError).toBeNull();
  },
  'Choosing payment.Payment not completed': (s, run) => {
    markCart(run);
    expect(progressStep(s)).toBe('payment');
    expect(invoked(run, 'execPayment')).toEqual([]);
    if (ctx(s).entry === 'failed') {
      // the failed attempt's cart id is forgotten; a new attempt gets a new one
      expect(ctx(s).cartId).toBeNull();
      expect(lastCall(run, 'storeCartId')?.params).toBeNull();
    } else {
      // back from the provider without us/sessionUs: nothing can be confirmed
      expect(ctx(s).entry).toBe('accepted');
      expect(ctx(s).us).toBeNull();
    }
    expect(sentToCart(run)).toEqual([]);
  },
  'Choosing payment.Cart is empty': (s, run) => {
    expect(progressStep(s)).toBe('cart');
    expect(invoked(run, 'initPayment')).toEqual([]);
    expect(invoked(run, 'loadSuggestions')).toEqual([]);
  },
  'Choosing payment.Login required': (s, run) => {
    expect(progressStep(s)).toBe('signIn');
    const e = ev(run);
    if (e.type === 'PAY') {
      // every method but express payment needs a login (§6)
      expect(ctx(s).payart).not.toBe(PAYART_EXPRESS);
      expect(ctx(s).jwt).toBeNull();
      expect(invoked(run, 'initPayment')).toEqual([]);
    } else if (e.type === 'SELECT_PAYMENT') {
      // another method that needs a login as well: the notice stays
      expect(ctx(s).payart).toBe(e.payart);
      expect(e.payart).not.toBe(PAYART_EXPRESS);
    } else {
      expect(e.error?.status).toBe(401);
    }
  },
  'Choosing payment.Details missing': (s, run) => {
    expect(progressStep(s)).toBe('cart');
    expect(ctx(s).rejectedSubmits).toBeGreaterThan(0);
    expect(invoked(run, 'initPayment')).toEqual([]);
    const c = ctx(s);
    const expected: Record<string, string[]> = {};
    if (c.payart === DIRECT_DEBIT && c.accountHolder === '') expected.accountHolder = ['checkout.accountHolderMissing'];
    if (c.payart === DIRECT_DEBIT && c.iban !== VALID_IBAN) expected.iban = ['checkout.ibanInvalid'];
    if (!c.termsAccepted) expected.terms = ['checkout.acceptTerms'];
    if (!c.privacyAccepted) expected.privacy = ['checkout.acceptPrivacy'];
    // the errors shown are those of the fields not fixed since the rejected submit
    for (const [field, messages] of Object.entries(c.fieldErrors)) expect(expected[field]).toEqual(messages);
    if (ev(run).type === 'PAY') expect(c.fieldErrors).toEqual(expected);
  },
  'Choosing payment.Payment refused': (s) => {
    expect(progressStep(s)).toBe('cart');
    expectError(s, 422, 'CART_INVALID');
    expect(ctx(s).paymentError?.fields).toEqual({ 'cart.items.0': ['sold out'] });
  },
  'Choosing payment.Payment could not start': (s) => {
    expect(progressStep(s)).toBe('cart');
    expectError(s, 0, 'NETWORK_ERROR');
  },
  'Starting payment': (s, run) => {
    markCart(run);
    expect(s.hasTag('busy')).toBe(true);
    expect(progressStep(s)).toBe('payment');
    const c = ctx(s);
    expect(c.fieldErrors).toEqual({});
    expect(c.paymentError).toBeNull();
    const aux = c.jwt === null ? { ...(c.wallet ? { wallet: c.wallet } : {}), partner: PARTNER } : { Accountholder: HOLDER, IBAN: VALID_IBAN };
    expect(pending(run, 'initPayment').input).toEqual({ payart: c.payart, aux, items, token: c.jwt === null ? null : JWT });
  },
  'Leaving for the payment provider': (s, run) => {
    expect(s.hasTag('busy')).toBe(true);
    // the cart id is kept before the browser leaves
    expect(ctx(s).cartId).toBe(NEW_CART_ID);
    expect(lastCall(run, 'storeCartId')?.params).toBe(NEW_CART_ID);
    expect(calls(run, 'redirectToProvider').map((c) => c.params)).toEqual([PROVIDER_URL]);
    const store = run.actionCalls.findIndex((c) => c.action === 'storeCartId');
    const redirect = run.actionCalls.findIndex((c) => c.action === 'redirectToProvider');
    expect(store).toBeLessThan(redirect);
  },

  // ----- back from the provider

  'Confirming order': (s, run) => {
    markCart(run);
    expect(progressStep(s)).toBe('payment');
    expect(ctx(s).confirmPayment).toBe(true);
    expect(invoked(run, 'execPayment')).toEqual([]);
    expect(s.can({ type: 'CONFIRM' })).toBe(true);
  },
  Booking: (s, run) => {
    markCart(run);
    expect(s.hasTag('busy')).toBe(true);
    expect(pending(run, 'execPayment').input).toEqual({ cartId: CART_ID, us: providerReturn.us, sessionUs: providerReturn.sessionUs });
  },
  Booked: (s, run) => {
    expect(s.status).toBe('done');
    expect(progressStep(s)).toBe('complete');
    expect(fullCart.sent.at(-1)).toEqual({ type: 'CLEAR' });
    expect(lastCall(run, 'storeCartId')?.params).toBeNull();
    expect(lastCall(run, 'navigateTo')?.params).toBe('checkoutSuccess');
    if (run.event.type === 'xstate.init') {
      // a reload after the booking: nothing is sent again
      expect(invoked(run, 'execPayment')).toEqual([]);
      expect(calls(run, 'storeFinishedBooking')).toEqual([]);
      expect(ctx(s).booking).toEqual(finishedHere);
    } else {
      expect(ctx(s).booking).toEqual({ ...booked, cartId: CART_ID });
      expect(calls(run, 'storeFinishedBooking').map((c) => c.params)).toEqual([{ ...booked, cartId: CART_ID }]);
    }
  },
  'Booking refused': (s, run) => {
    expect(progressStep(s)).toBe('payment');
    expectError(s, 422, 'NOT_PAID');
    // the cart is kept
    expect(sentToCart(run)).toEqual([]);
    expect(calls(run, 'storeFinishedBooking')).toEqual([]);
  },
  'Booking request invalid': (s, run) => {
    expectError(s, 400, 'BAD_REQUEST');
    expect(sentToCart(run)).toEqual([]);
  },
  'Booking failed': (s, run) => {
    expectError(s, 0, 'NETWORK_ERROR');
    expect(sentToCart(run)).toEqual([]);
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
  'Cart gone': (s, run) => {
    expect(progressStep(s)).toBe('payment');
    expect(ctx(s).cartId).toBeNull();
    expect(lastCall(run, 'storeCartId')?.params).toBeNull();
    expect(sentToCart(run)).toEqual([]);
    expect(s.can({ type: 'RETRY' })).toBe(false);
  },

  // ----- cancelled at the provider

  'Payment cancelled.Cancelling': (s, run) => {
    markCart(run);
    expect(s.hasTag('busy')).toBe(true);
    expect(progressStep(s)).toBe('payment');
    expect(pending(run, 'cancelPayment').input).toEqual({ cartId: CART_ID });
  },
  'Asking about the cart': (s, run) => {
    markCart(run);
    expect(progressStep(s)).toBe('payment');
    // the attempt is over either way: its cart id is forgotten
    expect(ctx(s).cartId).toBeNull();
    if (invoked(run, 'cancelPayment').length) expect(lastCall(run, 'storeCartId')?.params).toBeNull();
    expect(sentToCart(run)).toEqual([]);
    expect(s.can({ type: 'KEEP_CART' })).toBe(true);
    expect(s.can({ type: 'CLEAR_CART' })).toBe(true);
  },
  'Cart kept': (s, run) => {
    expect(s.status).toBe('done');
    expect(progressStep(s)).toBe('cart');
    expect(lastCall(run, 'navigateTo')?.params).toBe('checkout');
    expect(sentToCart(run)).toEqual([]);
  },
  'Cart cleared': (s, run) => {
    expect(s.status).toBe('done');
    expect(sentToCart(run)).toEqual([{ type: 'CLEAR' }]);
    expect(calls(run, 'navigateTo')).toEqual([]);
  },

  // ----- success page and order review

  'Showing booking': (s, run) => {
    expect(progressStep(s)).toBe('complete');
    expect(ctx(s).booking).toEqual(finishedHere);
    expect(run.invocations).toEqual([]);
  },
  'No booking': (s, run) => {
    expect(progressStep(s)).toBeNull();
    expect(ctx(s).booking).toBeNull();
    expect(run.invocations).toEqual([]);
  },
  'Order review.Loading order': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(pending(run, 'loadOrder').input).toEqual({ id: 'B-099' });
  },
  'Order review.Order available': (s) => {
    expect(s.hasTag('loading')).toBe(false);
    expect(ctx(s).order).toEqual(order);
  },
  'Order review.Order not available': (s, run) => {
    expect(ev(run).error?.status).toBe(406);
    expect(ctx(s).order).toBeNull();
    expect(s.can({ type: 'RETRY' })).toBe(false);
  },
  'Order review.Order failed': (s) => {
    expect(ctx(s).order).toBeNull();
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
});
