/**
 * Model of the checkout machine. Every `entry` is its own start:
 * - checkout, anonymous, express payment (161) by default, with a partner: suggestions, wallet,
 *   terms and privacy, direct debit needing a login, and every initPayment answer;
 * - checkout, logged in, direct debit (74) by default: account holder and IBAN (valid or not);
 * - checkout with an empty cart;
 * - accepted: booked already for this cart id (reload), return data missing, confirm payment on
 *   (an older booking of another cart id in storage) and off, with every execPayment answer;
 * - canceled with and without a cart id; failed; success with and without a booking; orderReview.
 *
 * The cart is a fake actor ref with the cart machine's snapshot shape (its lines do not change,
 * so the model's guards see what the real actor sees) that records what it is sent.
 *
 * Kept finite: the form is only explored when the checkout was entered at /checkout with a cart
 * and no suggestions left to add (suggestions: only the first one is added); fields are set once,
 * in the order a visitor fills them; PAY is tried until one submit was rejected, then only with
 * complete details and at most once more; a booking that got no answer is retried once.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { PAYART_EXPRESS, type ExecPaymentResult, type OrderReview, type Suggestion } from '../../src/api/schemas/checkout.js';
import type { PaymentType } from '../../src/api/schemas/config.js';
import type { CartLine } from '../../src/domain/cart-lines.js';
import { checkoutMachine, paymentDetailErrors, type CartRef, type CheckoutContext, type CheckoutInput, type FinishedBooking } from '../../machines/checkout.machine.js';
import { defineModel } from './model.js';

export const DIRECT_DEBIT = 74;
export const PARTNER = 'museumsnacht';
export const JWT = 'jwt-1';
export const CART_ID = 'c-1';
export const NEW_CART_ID = 'c-2';
export const VALID_IBAN = 'CH93 0076 2011 6238 5295 7';
export const INVALID_IBAN = 'CH93 0076 2011 6238 5295 8';
export const HOLDER = 'Anna Muster';
export const PROVIDER_URL = 'https://provider.test/pay/c-2';

export const paymentTypes: PaymentType[] = [
  { payartId: PAYART_EXPRESS, i18n: { en: 'Card or TWINT' } },
  { payartId: DIRECT_DEBIT, i18n: { en: 'Direct debit' } },
];

export const cartLines: CartLine[] = [
  {
    type: 'ticket', id: 11, eventId: 3, name: 'Adult', price: 2000, totalPrice: 4000, totalCount: 2,
    datetime: '2026-12-05 10:00', vat_value: 8.1, single_ticketing: 0, subtickets: [],
  },
  { type: 'merchandise', id: 21, name: 'Catalogue', price: 3900, totalPrice: 3900, count: 1, vat_value: 2.6 },
];

/** A stand-in for the app's cart actor: the cart machine's snapshot shape; records what it is sent. */
function fakeCart(id: string, lines: CartLine[]) {
  return {
    id,
    sessionId: `fake-${id}`,
    sent: [] as EventObject[],
    send(event: EventObject) {
      this.sent.push(event);
    },
    _send(event: EventObject) {
      this.sent.push(event);
    },
    getSnapshot: () => ({ context: { lines } }),
  };
}
export const fullCart = fakeCart('cart', cartLines);
export const emptyCart = fakeCart('empty-cart', []);
const cart = fullCart as unknown as CartRef;

// (a variable, not a literal, so that it fits the schema with and without the suggestion's vat_value)
const suggestionAnswer = [
  { type: 'merchandise' as const, id: 31, name: 'Poster', price: 1500, vat_value: 8.1 },
  { type: 'merchandise' as const, id: 32, name: 'Pencil', price: 300, vat_value: 8.1 },
];
export const suggestions: Suggestion[] = suggestionAnswer;

export const booked: ExecPaymentResult = { booking_id: 'B-100', has_tickets: true };
export const finishedHere: FinishedBooking = { booking_id: 'B-099', has_tickets: false, cartId: CART_ID };
export const finishedEarlier: FinishedBooking = { booking_id: 'B-042', has_tickets: true, cartId: 'c-0' };
export const providerReturn = { us: 'us-1', sessionUs: 'sus-1', cartId: CART_ID };

export const order: OrderReview = {
  id: 'B-099', created_at: '2026-06-01 12:00', payart: PAYART_EXPRESS, has_tickets: true, external_document_number: null,
  lines: [{ type: 'ticket', name: 'Adult', amount: 4000, vat: 300 }], subtotal: 4000, discount: 0, shipping: 0, amount: 4000, currency: 'CHF',
};

export const apiError = (status: number, code: string, message: string, fields: Record<string, string[]> = {}) =>
  Object.assign(new Error(message), { status, code, fields });
export const networkError = () => Object.assign(new TypeError('Failed to fetch'), { status: 0, code: 'NETWORK_ERROR' });

const checkout = { entry: 'checkout', cart, paymentTypes } as const;
const accepted = { entry: 'accepted', cart, paymentTypes, storedCartId: CART_ID, providerReturn } as const;

export const inputs: CheckoutInput[] = [
  { ...checkout, jwt: null, partner: PARTNER },
  { ...checkout, jwt: JWT, defaultPaymentType: DIRECT_DEBIT },
  { ...checkout, cart: emptyCart as unknown as CartRef, jwt: null },
  { ...accepted, finishedBooking: finishedHere },
  { ...accepted, providerReturn: { us: null, sessionUs: null, cartId: CART_ID } },
  { ...accepted, finishedBooking: finishedEarlier },
  { ...accepted, confirmPayment: false },
  { entry: 'canceled', cart, paymentTypes, storedCartId: CART_ID, providerReturn: { us: null, sessionUs: null, cartId: CART_ID } },
  { entry: 'canceled', cart, paymentTypes },
  { entry: 'failed', cart, paymentTypes, storedCartId: CART_ID },
  { entry: 'success', cart, paymentTypes, finishedBooking: finishedHere },
  { entry: 'success', cart, paymentTypes },
  { entry: 'orderReview', cart, paymentTypes, orderId: 'B-099' },
];

const ctx = (s: AnyMachineSnapshot) => s.context as CheckoutContext;
const linesOf = (c: CheckoutContext) => (c.cart?.getSnapshot().context.lines ?? []) as CartLine[];

function allowed(s: AnyMachineSnapshot, e: EventObject): boolean {
  const c = ctx(s);
  // every failed execPayment counts as a rejected submit: retry once
  if (s.matches('Booking failed')) return c.rejectedSubmits <= 1;
  if (!s.matches('Choosing payment')) return true;
  // the form is walked on the checkout route only ('failed' and a missing return end there)
  if (c.entry !== 'checkout') return false;
  if (linesOf(c).length === 0) return e.type === 'PAY';
  if (c.suggestions.length > 0) return e.type === 'ADD_SUGGESTION' && c.suggestions.length === suggestions.length;
  const anonymous = c.jwt === null;
  switch (e.type) {
    case 'PAY':
      return c.rejectedSubmits === 0 || (Object.keys(paymentDetailErrors(c)).length === 0 && c.rejectedSubmits <= 1);
    case 'SELECT_PAYMENT':
      return anonymous && c.payart !== (e as EventObject & { payart: number }).payart;
    case 'SELECT_WALLET':
      return anonymous && c.payart === PAYART_EXPRESS && c.wallet === null && !c.termsAccepted && !c.privacyAccepted;
    case 'SET_ACCOUNT_HOLDER':
      return !anonymous && c.accountHolder === '';
    case 'SET_IBAN':
      return !anonymous && c.accountHolder !== '' && c.iban === '';
    case 'SET_TERMS':
      return !c.termsAccepted && !c.privacyAccepted && (anonymous || c.iban !== '');
    case 'SET_PRIVACY':
      return !c.privacyAccepted && (anonymous || c.termsAccepted);
    default:
      return false;
  }
}

export const checkoutModel = defineModel({
  name: 'checkout',
  machine: checkoutMachine,
  inputs,
  events: {
    'done:loadSuggestions': [{ output: suggestions }, { output: [] }],
    'error:loadSuggestions': { error: networkError() },
    SELECT_PAYMENT: [{ payart: DIRECT_DEBIT }, { payart: PAYART_EXPRESS }],
    SELECT_WALLET: { wallet: 'APPLEPAY' },
    SET_ACCOUNT_HOLDER: { value: HOLDER },
    SET_IBAN: [{ value: VALID_IBAN }, { value: INVALID_IBAN }],
    SET_TERMS: { accepted: true },
    SET_PRIVACY: { accepted: true },
    ADD_SUGGESTION: { id: suggestions[0]!.id },
    PAY: {},
    'done:initPayment': { output: { url: PROVIDER_URL, cartId: NEW_CART_ID } },
    'error:initPayment': [
      { error: apiError(422, 'CART_INVALID', 'A ticket is sold out', { 'cart.items.0': ['sold out'] }) },
      { error: apiError(401, 'UNAUTHORIZED', 'Login expired') },
      { error: networkError() },
    ],
    CONFIRM: {},
    'done:execPayment': { output: booked },
    'error:execPayment': [
      { error: apiError(410, 'GONE', 'Paid already or timed out') },
      { error: apiError(422, 'NOT_PAID', 'The payment was not completed') },
      { error: apiError(400, 'BAD_REQUEST', 'sessionUs does not match') },
      { error: networkError() },
    ],
    RETRY: {},
    'done:cancelPayment': { output: true },
    'error:cancelPayment': { error: apiError(410, 'GONE', 'Ended already') },
    KEEP_CART: {},
    CLEAR_CART: {},
    'done:loadOrder': { output: order },
    'error:loadOrder': [{ error: apiError(406, 'NOT_AVAILABLE', 'Not available') }, { error: apiError(500, 'SERVER_ERROR', 'Boom') }],
  },
  filterEvents: allowed,
  fakeActions: ['storeCartId', 'storeFinishedBooking', 'redirectToProvider', 'navigateTo'],
});
