import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { PAYART_EXPRESS } from '../../src/api/schemas/checkout.js';
import { toCartPayload } from '../../src/domain/cart-lines.js';
import { orderKey, paymentAux, suggestionLine } from '../../src/domain/payment.js';
import type { CheckoutContext } from '../../machines/checkout.machine.js';
import { progressStates, progressStep, selectHoldLoading, selectShownHold } from '../../machines/checkout.selectors.js';
import { describeModel } from './describe-model.js';
import {
  CART_ID,
  DIRECT_DEBIT,
  EARLIER_CART_ID,
  HELD_UNTIL,
  HOLDER,
  JWT,
  PROVIDER_URL,
  VALID_IBAN,
  booked,
  checkoutModel,
  earlierBooking,
  refund,
  returned,
  suggestions,
} from './checkout.model.js';
import type { Invocation, RunContext } from './model.js';

type Event = { type: string; payart?: number; outcome?: string; us?: string | null; error?: { status?: number } };

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
/** The invocations of one invoke of the chart (by its id: cancelPayment runs as 'cancelPayment' and 'releaseEarlierOrder'). */
const invokedAs = (run: RunContext, id: string): Invocation[] => run.invocations.filter((i) => i.id === id);

/** Issue 41: the hold is asked of the shop for the open order (GET checkout/cart), with the page's Pay waiting where there is one. */
function expectAskingAboutTheHold(s: AnyMachineSnapshot, run: RunContext) {
  expect(s.hasTag('loading-hold')).toBe(true);
  expect(selectHoldLoading(s)).toBe(true);
  expect(pending(run, 'loadHold').input).toEqual({ cartId: CART_ID });
  expect(ctx(s).openOrder).not.toBeNull();
}

/**
 * Issue 41: what the shop said about the hold, as the page shows it: held until 14:20 UTC (the
 * order stays open, PAY pays it again), expired (the order is forgotten: PAY makes a new one), or
 * no answer (nothing new to show). A state reached without asking knows no hold of this order.
 */
function expectHoldAnswer(s: AnyMachineSnapshot, run: RunContext) {
  const c = ctx(s);
  expect(selectHoldLoading(s)).toBe(false);
  const output = (run.event as { output?: { status?: string } }).output;
  if (answered(run, 'done', 'loadHold') && output?.status === 'held') {
    expect(c.hold).toEqual({ status: 'held', heldUntil: HELD_UNTIL });
    expect(c.cartId).toBe(CART_ID);
    expect(selectShownHold(s)).toEqual({ status: 'held', heldUntil: HELD_UNTIL });
  } else if (answered(run, 'done', 'loadHold')) {
    expect(output?.status).toBe('expired');
    expect(c.hold).toEqual({ status: 'expired', heldUntil: HELD_UNTIL });
    expect(c).toMatchObject({ cartId: null, openOrder: null });
    expect(selectShownHold(s)).toEqual({ status: 'expired', heldUntil: HELD_UNTIL });
  } else if (answered(run, 'error', 'loadHold')) {
    // 404 (a back end without checkout/cart) or no answer: nothing new is shown
    expect(c.hold).toEqual((run.previous?.context as CheckoutContext | undefined)?.hold ?? null);
  }
}
const page = (s: AnyMachineSnapshot) => {
  let route: unknown;
  for (const meta of Object.values(s.getMeta()) as ({ route?: unknown } | undefined)[]) if (meta && 'route' in meta) route = meta.route;
  return route;
};
const answered = (run: RunContext, kind: 'done' | 'error', id: string) => run.event.type === `xstate.${kind}.actor.${id}`;

function expectError(s: AnyMachineSnapshot, status: number, code: string) {
  expect(ctx(s).paymentError).toMatchObject({ status, code });
  expect(ctx(s).paymentError?.message).not.toBe('');
}

describeModel(checkoutModel, {
  // ----- the cart page

  Cart: (s, run) => {
    expect(page(s)).toBe(s.matches({ Cart: { 'Choosing payment': 'Payment not completed' } }) ? 'checkoutFailed' : 'checkout');
    // issue 22 item 5, one destination: the delivery address's country goes to the cart (shipTo) ...
    const c = ctx(s);
    const e = run.event as { type: string; field?: string };
    const key = (value: string) => (/^[a-z]{2}$/i.test(value.trim()) ? value.trim().toUpperCase() : null);
    const shipTo = run.stepCalls.filter((call) => call.action === 'shipTo').map((call) => call.params);
    if (e.type === 'SET_DELIVERY_SAME' || (e.type === 'SET_DELIVERY_FIELD' && e.field === 'country') || e.type === 'SESSION_CHANGED') {
      expect(shipTo).toEqual([c.delivery.sameAsBilling ? null : key(c.delivery.values.country)]);
    } else {
      expect(shipTo).toEqual([]);
    }
    const before = run.previous?.context as CheckoutContext | undefined;
    if (e.type === 'SET_DELIVERY_SAME' && before) expect(c.delivery.values).toEqual(before.delivery.values);
    // issue 45 item 3: a customer's delivery address and bank details do not pass to the next session
    if (e.type === 'SESSION_CHANGED' && before && before.jwt !== null && before.jwt !== c.jwt) {
      expect(c.delivery).toEqual({ sameAsBilling: true, values: { name: '', street: '', zip: '', city: '', country: '' } });
      expect([c.choice.accountHolder, c.choice.iban]).toEqual(['', '']);
    }
    // ... and follows a country chosen in the cart (a half-typed one is left to the visitor)
    if (e.type === 'SHIPPING_CHANGED' && before && !c.delivery.sameAsBilling && c.shipping.country !== null) {
      const typed = before.delivery.values.country;
      expect(c.delivery.values.country).toBe(typed.trim() === '' || key(typed) !== null ? c.shipping.country : typed);
    }
    // the browser only leaves for the provider after a started payment
    const started = [...invoked(run, 'initPayment'), ...invoked(run, 'restartPayment')].filter((i) => i.settled);
    expect(calls(run, 'redirectToProvider').length).toBeLessThanOrEqual(started.length);
  },
  'Cart.Loading suggestions': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(progressStep(s)).toBe('cart');
    expect(pending(run, 'loadSuggestions').input).toEqual({ items: toCartPayload(ctx(s).lines).items });
  },
  'Cart.Choosing payment': (s, run) => {
    const c = ctx(s);
    // §9: express payment (161) unless the shop's default is offered
    if (answered(run, 'done', 'loadSuggestions') || answered(run, 'error', 'loadSuggestions')) {
      expect(c.choice.payart).toBe(c.jwt === null ? PAYART_EXPRESS : DIRECT_DEBIT);
    }
    if (answered(run, 'done', 'loadSuggestions')) expect(c.suggestions).toEqual((run.event as { output?: unknown }).output);
    if (answered(run, 'error', 'loadSuggestions')) expect(c.suggestions).toEqual([]);
    if (ev(run).type === 'ADD_SUGGESTION') {
      const added = calls(run, 'addToCart');
      if (c.shipping.status === 'failed') {
        // issue 16 item 5: nothing is suggested into a cart that cannot be shipped; the offer stays as it was
        expect(added).toHaveLength(0);
        expect(c.suggestions).toEqual(run.previous?.context ? (run.previous.context as typeof c).suggestions : c.suggestions);
      } else if ((run.event as { id?: number }).id === suggestions[0]!.id) {
        expect(added.at(-1)?.params).toEqual([suggestionLine(suggestions[0]!)]);
        expect(c.suggestions.map((x) => x.id)).not.toContain(suggestions[0]!.id);
      } else {
        // a suggestion that is not offered adds nothing
        expect(added).toHaveLength(0);
      }
    }
    if (ev(run).type === 'CART_CHANGED') expect(c.lines).toHaveLength(1);
    expect(s.hasTag('busy')).toBe(false);
  },
  'Cart.Choosing payment.Editing': (s) => {
    expect(progressStep(s)).toBe('cart');
    expect(ctx(s).paymentError).toBeNull();
    expect(ctx(s).refund).toBeNull();
  },
  'Cart.Loading the hold': (s, run) => {
    // issue 41: back at the cart with the open order; the form waits for the answer
    expect(s.hasTag('loading')).toBe(true);
    expect(progressStep(s)).toBe('cart');
    expectAskingAboutTheHold(s, run);
    expect(invoked(run, 'loadSuggestions').filter((i) => !i.settled && !i.aborted)).toEqual([]);
    // Back from the provider without paying: only that visit is over, the order stays open and held
    if (run.previous?.matches('At the payment provider')) expect(ctx(s)).toMatchObject({ providerUrl: null, cartId: CART_ID });
  },
  'Cart.Choosing payment.Cart is empty': (s, run) => {
    expect(ctx(s).lines).toEqual([]);
    expect(invoked(run, 'loadSuggestions')).toEqual([]);
    expect(invoked(run, 'initPayment')).toEqual([]);
  },
  'Cart.Choosing payment.Login required': (s, run) => {
    expect(progressStep(s)).toBe('signIn');
    expect(progressStates(s)).toEqual({ cart: 'done', signIn: 'current', payment: 'open', complete: 'open' });
    expect(ctx(s).choice.payart).not.toBe(PAYART_EXPRESS);
    // only PAY without a login asks for one here (an expired login ends the checkout: 'Session ended')
    if (ev(run).type === 'PAY') expect(ctx(s).jwt).toBeNull();
  },
  'Session ended': (s, run) => {
    // a 401 of the payment: the login had expired; the shell shows the login page (the checkout's own page is left)
    expect(ev(run).type).toMatch(/^xstate\.error\.actor\.(initPayment|restartPayment)$/);
    expect(ctx(s).jwt).not.toBeNull();
    expect(page(s)).toBeNull();
    expect(progressStep(s)).toBe('signIn');
    expect(ctx(s).lines.length).toBeGreaterThan(0);
  },
  'Cart.Choosing payment.Shipping pending': (s, run) => {
    // payment waits for shipping: nothing was started, the cart step stays
    expect(progressStep(s)).toBe('cart');
    expect(['needsCountry', 'loading', 'failed']).toContain(ctx(s).shipping.status);
    expect(invoked(run, 'initPayment')).toEqual([]);
    expect(ev(run).type).toBe('PAY');
  },
  'Cart.Choosing payment.Details missing': (s, run) => {
    const c = ctx(s);
    // a different delivery address: 'Please fill in all fields for Shipping Address' on each empty field
    // (only while the cart ships something: issue 22 item 4)
    if (c.shipping.status === 'none') expect(c.deliveryErrors).toEqual({});
    if (!c.delivery.sameAsBilling && c.shipping.status !== 'none' && ev(run).type === 'PAY') {
      const empty = Object.entries(c.delivery.values).filter(([, value]) => value.trim() === '').map(([field]) => field);
      // issue 45 item 1: a country that is not a code of the list ('F', 'Deutschland') is refused on its field
      const country = c.delivery.values.country.trim();
      const unlisted = country !== '' && !/^[A-Za-z]{2}$/.test(country);
      expect(Object.keys(c.deliveryErrors).sort()).toEqual([...empty, ...(unlisted ? ['country'] : [])].sort());
      for (const field of empty) expect(c.deliveryErrors[field]).toEqual([{ id: 'deliveryAddress.fillAllFields' }]);
      if (unlisted) expect(c.deliveryErrors.country).toEqual([{ id: 'form.chooseCountry' }]);
    }
    if (c.delivery.sameAsBilling) expect(c.deliveryErrors).toEqual({});
    expect(c.rejectedSubmits).toBeGreaterThan(0);
    // the refused submit says what is missing; fixing a field takes its error away
    if (ev(run).type === 'PAY') expect(Object.keys(c.fieldErrors).length + Object.keys(c.deliveryErrors).length).toBeGreaterThan(0);
    if (!c.choice.termsAccepted) expect(c.fieldErrors.terms).toEqual(['checkout.acceptTerms']);
    if (ev(run).type === 'SET_PRIVACY') expect(c.fieldErrors.privacy).toBeUndefined();
    if (c.choice.payart === DIRECT_DEBIT && c.choice.iban !== VALID_IBAN) expect(c.fieldErrors.iban).toEqual(['checkout.ibanInvalid']);
  },
  'Cart.Choosing payment.Payment refused': (s) => expectError(s, 422, 'CART_INVALID'),
  'Cart.Choosing payment.Payment could not start': (s) => expectError(s, 0, 'NETWORK_ERROR'),
  'Cart.Choosing payment.Payment not completed.Loading the hold': (s, run) => {
    // issue 41: Pay waits for the answer, which decides whether it pays the same order
    expect(s.hasTag('loading')).toBe(true);
    expectAskingAboutTheHold(s, run);
  },
  'Cart.Choosing payment.Payment not completed.Waiting for the visitor': (s, run) => {
    expect(s.hasTag('loading')).toBe(false);
    expectHoldAnswer(s, run);
    // a tab that kept no journey knows no order: nothing was asked, nothing is shown
    if (ev(run).type === 'PAYMENT_RETURNED') {
      expect(invokedAs(run, 'loadHold').filter((i) => !i.settled && !i.aborted)).toEqual([]);
      expect(selectShownHold(s)).toBeNull();
    }
  },
  'Cart.Choosing payment.Payment not completed': (s, run) => {
    expect(progressStep(s)).toBe('payment');
    expect(page(s)).toBe('checkoutFailed');
    // this visit of the provider is over; the cart is untouched
    expect(ctx(s)).toMatchObject({ us: null, sessionUs: null, providerUrl: null });
    expect(calls(run, 'clearCart')).toEqual([]);
    // issue 22 (10a): back from the provider of this journey, the order stays open for the retry (until its hold expired, issue 41)
    if (ev(run).type === 'PAYMENT_RETURNED' && run.previous?.matches('At the payment provider')) {
      expect(ctx(s).cartId).toBe(CART_ID);
      expect(ctx(s).openOrder).not.toBeNull();
    } else if (ev(run).type === 'PAYMENT_RETURNED') {
      // a tab that kept no journey does not know what the order holds: a new one
      expect(ctx(s)).toMatchObject({ cartId: null, openOrder: null });
    }
  },
  'Cart.Releasing the earlier order': (s, run) => {
    // issue 41: the cart changed since an earlier payment attempt: that order lets go of its places first
    expect(s.hasTag('busy')).toBe(true);
    expect(progressStep(s)).toBe('payment');
    expect(ev(run).type).toBe('PAY');
    const release = invokedAs(run, 'releaseEarlierOrder').at(-1);
    expect(release).toMatchObject({ src: 'cancelPayment', input: { cartId: CART_ID }, settled: false, aborted: false });
    const c = ctx(s);
    expect(c.cartId).toBe(CART_ID);
    expect(c.openOrder).not.toBe(orderKey({ items: toCartPayload(c.lines).items, shipping: { address: null }, requestInvoice: c.requestInvoice }));
    // the held line belongs to the earlier order, not this cart: not shown
    expect(selectShownHold(s)).toBeNull();
    expect(invoked(run, 'initPayment').filter((i) => !i.settled)).toEqual([]);
  },
  'Cart.Starting payment': (s, run) => {
    expect(s.hasTag('busy')).toBe(true);
    const c = ctx(s);
    // issue 41: an earlier order of this cart was released (whatever checkout/cancel answered) before the new one
    if (run.previous?.matches({ Cart: 'Releasing the earlier order' })) {
      expect(invokedAs(run, 'releaseEarlierOrder').at(-1)?.settled).toBe(true);
      expect(c).toMatchObject({ cartId: null, openOrder: null, hold: null });
    }
    if (ev(run).type === 'PAY') expect(c.cartId).toBeNull();
    // the session of now pays: the last SESSION_CHANGED, else the one the checkout started with
    const session = run.history.filter((h) => h.event.type === 'SESSION_CHANGED').at(-1)?.event as { jwt: string | null } | undefined;
    if (session) expect(c.jwt).toBe(session.jwt);
    const input = pending(run, 'initPayment').input as { payart: number; aux: Record<string, unknown>; items: unknown; token: string | null };
    expect(input.payart).toBe(c.choice.payart);
    expect(input.token).toBe(c.jwt);
    expect(input.items).toEqual(toCartPayload(c.lines).items);
    expect(input.aux.partner).toBe(c.partner ?? undefined);
    if (c.choice.payart === DIRECT_DEBIT) expect(input.aux).toMatchObject({ Accountholder: HOLDER, IBAN: VALID_IBAN });
    if (c.jwt === JWT) expect(c.partner).toBeNull();
    // shipping and invoice (issue 11): the destination the cart priced, the different address, the switch
    const sent = input as unknown as { shipping: { country?: string; address: unknown }; requestInvoice: boolean };
    expect(sent.requestInvoice).toBe(c.requestInvoice);
    expect(sent.shipping.country).toBe(c.shipping.country ?? undefined);
    if (c.shipping.country !== null) expect(c.shipping.status).toBe('known');
    // issue 22 item 4: a cart that ships nothing sends no delivery address, whatever the hidden form holds
    expect(sent.shipping.address).toEqual(
      c.delivery.sameAsBilling || c.shipping.status === 'none' ? null : { name: 'Ada Muster', street: 'Seeweg 1', zip: '8001', city: 'Zürich', country: 'CH' },
    );
    // issue 22 item 5: one destination, the delivery address's country is the one shipping was priced for
    if (sent.shipping.address) expect(sent.shipping.country).toBe((sent.shipping.address as { country: string }).country);
    if (!c.delivery.sameAsBilling && c.shipping.status !== 'none') expect(sent.requestInvoice).toBe(false);
    // issue 22 (10a): a new order only when none is open or the cart is not what the open one holds
    if (c.cartId !== null) expect(orderKey({ items: input.items as never, shipping: sent.shipping as never, requestInvoice: sent.requestInvoice })).not.toBe(c.openOrder);
  },
  'Cart.Paying the open order': (s, run) => {
    // issue 22 (10a): the retry pays the same order with the method chosen now; no new cart
    expect(s.hasTag('busy')).toBe(true);
    expect(progressStep(s)).toBe('payment');
    const c = ctx(s);
    expect(pending(run, 'restartPayment').input).toEqual({ id: CART_ID, payart: c.choice.payart, aux: paymentAux(c.choice, c.partner), token: c.jwt });
    // issue 41: never an order whose hold the shop said had run out
    expect(c.hold?.status).not.toBe('expired');
    expect(invoked(run, 'initPayment').filter((i) => !i.settled)).toEqual([]);
    expect(c.openOrder).not.toBeNull();
  },

  // ----- the provider round trip

  'At the payment provider': (s, run) => {
    expect(page(s)).toBeNull();
    expect(ctx(s)).toMatchObject({ providerUrl: PROVIDER_URL, cartId: CART_ID });
    expect(ctx(s).openOrder).not.toBeNull();
    expect(calls(run, 'redirectToProvider').at(-1)?.params).toBe(PROVIDER_URL);
    // one order per cart: a retry after a failed payment did not start a second one
    if (run.event.type === 'xstate.done.actor.restartPayment') expect(invoked(run, 'initPayment').filter((i) => i.settled)).toHaveLength(1);
  },
  'Payment accepted': (s, run) => {
    expect(page(s)).toBe('checkoutAccepted');
    expect(progressStep(s)).toBe('payment');
    // a booking answered 410 ends the payment attempt, as does a refunded payment (issue 41)
    const gone = s.matches({ 'Payment accepted': 'Cart gone' }) || s.matches({ 'Payment accepted': 'Payment refunded' });
    expect(ctx(s)).toMatchObject(gone ? { us: null, sessionUs: null, cartId: null } : { us: returned.us, sessionUs: returned.sessionUs, cartId: CART_ID });
    expect(calls(run, 'clearCart')).toEqual([]);
  },
  'Payment accepted.Confirming order': (s, run) => {
    expect(ctx(s).confirmPayment).toBe(true);
    expect(invoked(run, 'execPayment')).toEqual([]);
  },
  'Payment accepted.Booking': (s, run) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(pending(run, 'execPayment').input).toEqual({ cartId: CART_ID, us: returned.us, sessionUs: returned.sessionUs });
  },
  'Payment accepted.Payment refunded': (s, run) => {
    // issue 41: the money came back in full; the page says how much and why, the cart is kept
    expect(ev(run).type).toBe('xstate.error.actor.execPayment');
    expect(ctx(s).refund).toEqual(refund);
    expect(ctx(s)).toMatchObject({ cartId: null, openOrder: null, hold: null });
    expect(calls(run, 'clearCart')).toEqual([]);
    expect(ctx(s).lines.length).toBeGreaterThan(0);
    expect(s.can({ type: 'OPEN_CART' })).toBe(true);
    expect(s.can({ type: 'RETRY' })).toBe(false);
  },
  'Payment accepted.Booking refused': (s) => {
    expectError(s, 422, 'NOT_PAID');
    expect(ctx(s).refund).toBeNull();
  },
  'Payment accepted.Booking request invalid': (s) => expectError(s, 400, 'BAD_REQUEST'),
  'Payment accepted.Booking failed': (s) => {
    expectError(s, 0, 'NETWORK_ERROR');
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
  'Payment accepted.Cart gone': (s, run) => {
    expect(progressStates(s)).toEqual({ cart: 'done', signIn: ctx(s).jwt === null ? 'skipped' : 'done', payment: 'current', complete: 'open' });
    expect(ctx(s).cartId).toBeNull();
    expect(calls(run, 'clearCart')).toEqual([]);
  },
  Booked: (s, run) => {
    expect(s.status).toBe('done');
    expect(page(s)).toBe('checkoutSuccess');
    expect(progressStep(s)).toBe('complete');
    // issue 16 item 15: 'Log in' is done only for a visitor who logged in
    expect(progressStates(s)).toEqual({ cart: 'done', signIn: ctx(s).jwt === null ? 'skipped' : 'done', payment: 'done', complete: 'current' });
    if (ev(run).type === 'PAYMENT_RETURNED') {
      // issue 22: the return URL of a cart booked earlier in this session: its booking; nothing booked or emptied
      expect((run.event as { cartId?: string }).cartId).toBe(EARLIER_CART_ID);
      expect(ctx(s).booking).toEqual(earlierBooking);
      expect(calls(run, 'clearCart')).toEqual([]);
      expect(invoked(run, 'execPayment')).toEqual([]);
      expect(invoked(run, 'initPayment')).toEqual([]);
      return;
    }
    expect(ctx(s).booking).toEqual({ ...booked, cartId: CART_ID });
    // emptied once, by the booking itself
    expect(calls(run, 'clearCart')).toHaveLength(1);
    expect(run.stepCalls.filter((c) => c.action === 'clearCart')).toHaveLength(1);
    expect(invoked(run, 'execPayment').at(-1)).toMatchObject({ settled: true, input: { cartId: CART_ID, us: returned.us, sessionUs: returned.sessionUs } });
  },
  'Payment cancelled': (s) => {
    expect(page(s)).toBe('checkoutCanceled');
  },
  'Payment cancelled.Cancelling': (s, run) => {
    // only the visitor's "clear the cart" ends the order
    expect(s.hasTag('busy')).toBe(true);
    expect(ev(run).type).toBe('CLEAR_CART');
    expect(pending(run, 'cancelPayment').input).toEqual({ cartId: CART_ID });
    expect(calls(run, 'clearCart')).toEqual([]);
  },
  'Payment cancelled.Asking about the cart': (s, run) => {
    // issue 22: the order stays open while the visitor decides (keeping the cart pays it again)
    if (ev(run).type === 'PAYMENT_RETURNED') expect(ctx(s).cartId).toBe((run.event as { cartId?: string | null }).cartId ?? null);
    expect(ctx(s)).toMatchObject({ us: null, sessionUs: null });
    expect(invokedAs(run, 'cancelPayment')).toEqual([]);
    expect(calls(run, 'clearCart')).toEqual([]);
  },
  'Payment cancelled.Asking about the cart.Loading the hold': (s, run) => expectAskingAboutTheHold(s, run),
  'Payment cancelled.Asking about the cart.Waiting for the visitor': (s, run) => {
    expectHoldAnswer(s, run);
    // a return to a tab that kept no journey: its order is not this cart's to ask about
    if (ev(run).type === 'PAYMENT_RETURNED') {
      expect(ctx(s).openOrder).toBeNull();
      expect(invokedAs(run, 'loadHold')).toEqual([]);
      expect(selectShownHold(s)).toBeNull();
    }
  },
  'Payment cancelled.Cart cleared': (s, run) => {
    expect(progressStep(s)).toBe('cart');
    expect(calls(run, 'clearCart')).toHaveLength(1);
    // the order is ended (checkout/cancel answered) and forgotten
    expect(ctx(s)).toMatchObject({ cartId: null, openOrder: null });
    expect(invokedAs(run, 'cancelPayment').every((i) => i.settled)).toBe(true);
    // no checkout/cancel only when no order was known: the cancel return carried no cart id, or the
    // shop said its hold had run out (issue 41: nothing left to release)
    if (invokedAs(run, 'cancelPayment').length === 0) {
      const noCartId = run.history.some((h) => h.event.type === 'PAYMENT_RETURNED' && (h.event as { cartId?: unknown }).cartId === null);
      const expired = run.history.some((h) => h.event.type === 'xstate.done.actor.loadHold' && (h.event as { output?: { status?: string } }).output?.status === 'expired');
      expect(noCartId || expired).toBe(true);
    }
  },
});
