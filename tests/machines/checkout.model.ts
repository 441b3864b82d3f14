/**
 * Model of the checkout machine: one chart entered at the cart.
 * - anonymous, express payment (161) by default, with a partner: suggestions, wallet, terms and
 *   privacy, direct debit needing a login, every initPayment answer, the provider round trip with
 *   every outcome (accepted with and without return data, cancelled, failed, back to the cart
 *   without the provider), every execPayment answer, cancel (keep or clear);
 * - logged in, direct debit (74) by default: account holder and IBAN (valid or not);
 * - an empty cart; confirm payment off (booking right after the return);
 * - a return in a tab that kept no journey (PAYMENT_RETURNED while still at the cart), also of a
 *   cart this session booked already (issue 22: its booking, nothing booked or emptied again);
 * - the retry after a failed payment pays the same order (initPaymentOrder, every answer), unless
 *   the cart changed since (scenario: the earlier order is released first, issue 41);
 * - issue 41: the hold of the open order asked after a cancelled or failed payment and back at the
 *   cart (held until a time, expired, or no answer / 404); a payment refunded instead of booked.
 *
 * Kept finite: the form is walked in the order a visitor fills it, PAY is tried until one submit
 * was rejected and then only with complete details; after the provider, only the first round
 * trip is explored; a booking that got no answer is retried once; CART_CHANGED is sent once, on
 * the untouched form.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { PAYART_EXPRESS, type ExecPaymentResult, type PaymentCart, type PaymentRefundedData, type Suggestion } from '../../src/api/schemas/checkout.js';
import type { PaymentType } from '../../src/api/schemas/config.js';
import type { CartLine } from '../../src/domain/cart-lines.js';
import { paymentDetailErrors } from '../../src/domain/payment.js';
import { checkoutMachine, type CheckoutContext, type CheckoutInput } from '../../machines/checkout.machine.js';
import { defineModel } from './model.js';

export const DIRECT_DEBIT = 74;
export const OTHER_DIRECT_DEBIT = 164;
export const PARTNER = 'museumsnacht';
export const JWT = 'jwt-1';
export const CART_ID = 'c-2';
export const VALID_IBAN = 'CH93 0076 2011 6238 5295 7';
export const INVALID_IBAN = 'CH93 0076 2011 6238 5295 8';
export const HOLDER = 'Anna Muster';
export const PROVIDER_URL = 'https://provider.test/pay/c-2';

export const paymentTypes: PaymentType[] = [
  { payartId: PAYART_EXPRESS, i18n: { en: 'Card or TWINT' } },
  { payartId: DIRECT_DEBIT, i18n: { en: 'Direct debit' } },
  { payartId: OTHER_DIRECT_DEBIT, i18n: { en: 'SEPA direct debit' } },
];

export const cartLines: CartLine[] = [
  {
    type: 'ticket', id: 11, eventId: 3, name: 'Adult', price: 2000, totalPrice: 4000, totalCount: 2,
    datetime: '2026-12-05 10:00', vat_value: 8.1, single_ticketing: 0, subtickets: [],
  },
  { type: 'merchandise', id: 21, name: 'Catalogue', price: 3900, totalPrice: 3900, count: 1, vat_value: 2.6 },
];
/** The cart after the visitor removed the catalogue (CART_CHANGED). */
export const fewerLines: CartLine[] = cartLines.slice(0, 1);

// (a variable, not a literal, so that it fits the schema with and without the suggestion's vat_value)
const suggestionAnswer = [
  { type: 'merchandise' as const, id: 31, name: 'Poster', price: 1500, vat_value: 8.1 },
  { type: 'merchandise' as const, id: 32, name: 'Pencil', price: 300, vat_value: 8.1 },
];
export const suggestions: Suggestion[] = suggestionAnswer;

export const booked: ExecPaymentResult = { booking_id: 'B-100', has_tickets: true };
export const returned = { us: 'us-1', sessionUs: 'sus-1', cartId: CART_ID };
/** A cart this session booked before the checkout started (issue 22), and its return URL's query. */
export const EARLIER_CART_ID = 'c-1';
export const earlierBooking = { booking_id: 'B-099', has_tickets: true, cartId: EARLIER_CART_ID };
export const earlierReturn = { us: 'us-0', sessionUs: 'sus-0', cartId: EARLIER_CART_ID };

export const apiError = (status: number, code: string, message: string, fields: Record<string, string[]> = {}, details?: unknown) =>
  Object.assign(new Error(message), { status, code, fields }, details === undefined ? {} : { details });

/** Issue 41: the open order's payment cart as GET checkout/cart answers it: held until 15:20 museum time, or run out. */
export const HELD_UNTIL = '2026-12-05T14:20:00.000Z';
export const heldCart: PaymentCart = { id: CART_ID, status: 'held', held_until: HELD_UNTIL, amount: 7900, currency: 'CHF', booking_id: null, refund_reason: null };
export const expiredCart: PaymentCart = { ...heldCart, status: 'expired' };
/** execPayment's 422 PAYMENT_REFUNDED: the places were sold out after the hold ran out; the money went back. */
export const refund: PaymentRefundedData = { amount: 7900, currency: 'CHF', reason: 'sold_out' };
export const refundedError = () => apiError(422, 'PAYMENT_REFUNDED', 'The payment was refunded', {}, refund);
export const networkError = () => Object.assign(new TypeError('Failed to fetch'), { status: 0, code: 'NETWORK_ERROR' });

export const inputs: CheckoutInput[] = [
  { lines: cartLines, paymentTypes, jwt: null, partner: PARTNER },
  { lines: cartLines, paymentTypes, jwt: JWT, defaultPaymentType: DIRECT_DEBIT, bookedCarts: [earlierBooking] },
  { lines: [], paymentTypes, jwt: null },
  { lines: cartLines, paymentTypes, jwt: null, confirmPayment: false },
];

const ctx = (s: AnyMachineSnapshot) => s.context as CheckoutContext;
const untouched = (c: CheckoutContext) => !c.choice.termsAccepted && !c.choice.privacyAccepted && c.choice.wallet === null && c.rejectedSubmits === 0;
/** After a first round trip (the cart id was used) the walk does not start another. */
const afterRoundTrip = (c: CheckoutContext) => c.us !== null || c.cartId === null && c.rejectedSubmits > 1;

/** Shipping, the delivery address and the invoice switch are walked in the scenarios below. */
const SCENARIO_ONLY = new Set(['SESSION_CHANGED', 'SHIPPING_CHANGED', 'SET_DELIVERY_SAME', 'SET_DELIVERY_FIELD', 'SET_REQUEST_INVOICE']);

function allowed(s: AnyMachineSnapshot, e: EventObject): boolean {
  const c = ctx(s);
  if (SCENARIO_ONLY.has(e.type)) return false;
  // issue 41: the hold's answers, wherever it is asked
  if (/^xstate\.(done|error)\.actor\.loadHold$/.test(e.type)) return true;
  // while the cart asks about the hold the payment form is disabled (tag 'loading'): only its answer
  if (s.matches('Cart') && s.hasTag('loading-hold')) return false;
  // a 401 (expired session) needs a session: only the logged-in start has one
  if (e.type.startsWith('xstate.error.actor.') && (e as EventObject & { error?: { status?: number } }).error?.status === 401 && c.jwt === null) return false;
  const full = c.lines.length === cartLines.length;
  const explore = c.partner !== null && c.confirmPayment; // the anonymous start explores the round trip
  if (e.type === 'CART_CHANGED') return s.matches({ Cart: { 'Choosing payment': 'Editing' } }) && full && untouched(c) && c.suggestions.length === 0 && c.jwt === null && explore;
  if (e.type === 'PAYMENT_RETURNED') {
    const outcome = (e as EventObject & { outcome: string; us: string | null }).outcome;
    const missing = (e as EventObject & { us: string | null }).us === null;
    const noCartId = (e as EventObject & { cartId: string | null }).cartId === null;
    const earlier = (e as EventObject & { cartId: string | null }).cartId === EARLIER_CART_ID;
    // the return URL of a cart booked earlier in the session: opened again in a tab that kept no journey
    if (earlier) return s.matches({ Cart: { 'Choosing payment': 'Editing' } }) && c.jwt !== null && untouched(c);
    // a return without a cart id comes only to a tab that kept no journey
    if (noCartId) return s.matches({ Cart: { 'Choosing payment': 'Editing' } }) && c.jwt !== null && untouched(c);
    if (s.matches('Cart')) {
      // a return in a tab without the saved journey: once, from the untouched form of the second start
      return s.matches({ Cart: { 'Choosing payment': 'Editing' } }) && c.jwt !== null && untouched(c) && !(outcome === 'accepted' && missing);
    }
    // at the provider: every outcome on the anonymous start; the others come back accepted
    return explore || (outcome === 'accepted' && !missing);
  }
  if (s.matches('At the payment provider')) return e.type !== 'OPEN_CART' || explore;
  if (!explore && s.matches('Payment accepted')) return e.type === 'CONFIRM' || e.type.startsWith('xstate.done.');
  if (s.matches({ 'Payment accepted': 'Booking failed' })) return c.rejectedSubmits <= 1;
  if (!s.matches({ Cart: 'Choosing payment' })) return true;
  if (!explore && c.jwt === null && c.lines.length > 0) {
    // the confirm-off start only pays express at once
    if (e.type === 'SET_TERMS' || e.type === 'SET_PRIVACY') return true;
    return e.type === 'PAY' && c.choice.termsAccepted && c.choice.privacyAccepted;
  }
  if (c.lines.length === 0) return e.type === 'PAY' && c.rejectedSubmits === 0;
  // after a failed payment the order is open: the walk retries it (initPaymentOrder)
  if (c.cartId !== null && c.us === null) return e.type === 'PAY' && c.rejectedSubmits <= 3;
  if (afterRoundTrip(c)) return false;
  if (c.suggestions.length > 0) return e.type === 'ADD_SUGGESTION' && c.suggestions.length === suggestions.length;
  const anonymous = c.jwt === null;
  const payart = (e as EventObject & { payart?: number }).payart;
  switch (e.type) {
    case 'PAY':
      return c.rejectedSubmits === 0 || (Object.keys(paymentDetailErrors(c.choice)).length === 0 && c.rejectedSubmits <= 1) || (anonymous && c.choice.payart !== PAYART_EXPRESS);
    case 'SELECT_PAYMENT':
      if (s.matches({ Cart: { 'Choosing payment': 'Login required' } })) return true;
      return anonymous && c.choice.payart !== payart && payart !== OTHER_DIRECT_DEBIT && c.rejectedSubmits <= 1;
    case 'SELECT_WALLET':
      return anonymous && c.choice.payart === PAYART_EXPRESS && c.choice.wallet === null && !c.choice.termsAccepted && !c.choice.privacyAccepted;
    case 'SET_ACCOUNT_HOLDER':
      return !anonymous && c.choice.accountHolder === '';
    case 'SET_IBAN':
      return !anonymous && c.choice.accountHolder !== '' && c.choice.iban === '';
    case 'SET_TERMS':
      return !c.choice.termsAccepted && !c.choice.privacyAccepted && (anonymous || c.choice.iban !== '');
    case 'SET_PRIVACY':
      return !c.choice.privacyAccepted && (anonymous || c.choice.termsAccepted);
    default:
      return false;
  }
}

/**
 * What a tester does for each event, in the page's words (`npm run paths -- checkout --steps`);
 * keys are the chart's labels, a guard's key before the event's.
 */
type Sent = EventObject & Record<string, unknown>;
const lineWords = (lines: readonly CartLine[]) =>
  lines.length ? lines.map((l) => `${'totalCount' in l ? l.totalCount : 'count' in l ? l.count : 1} × ${l.name}`).join(' and ') : 'nothing';
const paymentName = (payart: unknown) => paymentTypes.find((p) => p.payartId === payart)?.i18n.en ?? `payment type ${String(payart)}`;
const suggestionName = (id: unknown) => suggestions.find((x) => x.id === id)?.name ?? `#${String(id)} (not offered)`;
const DELIVERY_FIELD: Record<string, string> = { name: 'Name', street: 'Street and number', zip: 'Postcode', city: 'City', country: 'Country' };
const tick = (on: unknown, label: string) => `${on ? 'Tick' : 'Untick'} "${label}"`;
const shippingWords = (e: Sent) => {
  const country = e.country ? String(e.country) : '';
  switch (e.status) {
    case 'needsCountry': return 'The cart asks for the country of delivery';
    case 'loading': return `Choose ${country} as the country of delivery in the cart (its shipping costs load)`;
    case 'known': return `The cart shows the shipping costs to ${country}`;
    case 'failed': return `Choose ${country} in the cart: there are no shipping costs for it`;
    case 'none': return 'The cart holds nothing to ship';
    default: return `The cart's shipping becomes ${String(e.status)}`;
  }
};
const returnWords = (e: Sent) => {
  const missing = e.us === null ? ', without its return data' : '';
  if (e.outcome === 'accepted') return `The provider accepts the payment and sends the visitor back${missing}`;
  if (e.outcome === 'canceled') return `Press "Cancel" at the provider${e.cartId === null ? ' (the return names no cart)' : ''}`;
  return 'The payment fails at the provider';
};
export const checkoutWords: Record<string, string | ((e: Sent) => string)> = {
  CART_CHANGED: (e) => `Change the cart: it now holds ${lineWords(e.lines as CartLine[])}`,
  SESSION_CHANGED: (e) => (e.jwt ? 'Log in (in another tab)' : 'Log out (in another tab)'),
  SHIPPING_CHANGED: shippingWords,
  'PAYMENT_RETURNED [wasBookedEarlier]': 'Open the return address of a cart booked earlier in this session again (Back, or the link)',
  PAYMENT_RETURNED: returnWords,
  'done:loadSuggestions': (e) => ((e.output as Suggestion[]).length ? `"You might also like" shows ${(e.output as Suggestion[]).map((x) => x.name).join(' and ')}` : 'No suggestions are shown'),
  'error:loadSuggestions': 'The suggestions cannot be loaded (no network)',
  'SELECT_PAYMENT [isExpressPayment]': (e) => `Choose "${paymentName(e.payart)}" (no login needed)`,
  SELECT_PAYMENT: (e) => `Choose the payment method "${paymentName(e.payart)}"`,
  SELECT_WALLET: (e) => `Choose to pay with ${e.wallet === 'APPLEPAY' ? 'Apple Pay' : e.wallet === 'GOOGLEPAY' ? 'Google Pay' : String(e.wallet)}`,
  SET_ACCOUNT_HOLDER: (e) => `Type "${String(e.value)}" as the account holder`,
  SET_IBAN: (e) => `Type the IBAN "${String(e.value)}"${e.value === INVALID_IBAN ? ' (not a valid one)' : ''}`,
  SET_TERMS: (e) => tick(e.accepted, 'I accept the terms and conditions'),
  SET_PRIVACY: (e) => tick(e.accepted, 'I have read the privacy policy'),
  SET_DELIVERY_SAME: (e) => tick(e.sameAsBilling, 'Deliver to my billing address'),
  SET_DELIVERY_FIELD: (e) => `Type "${String(e.value)}" as the delivery address's ${DELIVERY_FIELD[String(e.field)] ?? String(e.field)}`,
  SET_REQUEST_INVOICE: (e) => tick(e.requestInvoice, 'Send me an invoice'),
  ADD_SUGGESTION: (e) => `Add the suggestion ${suggestionName(e.id)}`,
  'PAY [cartIsEmpty]': 'Press "Pay now" with an empty cart',
  'PAY [shippingPending]': 'Press "Pay now" before the cart knows the shipping costs',
  'PAY [needsLogin]': 'Press "Pay now" while not logged in (the method needs a login)',
  'PAY [paymentDetailsIncomplete]': 'Press "Pay now" with details missing',
  'PAY [openOrderUnchanged]': 'Press "Pay now" again, the cart unchanged (the open order is paid again)',
  PAY: 'Press "Pay now"',
  'done:initPayment': 'The shop starts the payment: the provider\'s page opens',
  'error:initPayment [isUnprocessable]': 'The shop refuses to start the payment: a ticket is sold out (422)',
  'error:initPayment [isUnauthorized]': 'The shop refuses to start the payment: the login has expired (401)',
  'error:initPayment': 'The payment cannot be started (no network)',
  'done:restartPayment': 'The shop pays the open order again: the provider\'s page opens',
  'error:restartPayment [isGone]': 'The shop refuses the open order: the cart is gone (410)',
  'error:restartPayment [isUnprocessable]': 'The shop refuses the open order: a ticket is sold out (422)',
  'error:restartPayment [isUnauthorized]': 'The shop refuses the open order: the login has expired (401)',
  'error:restartPayment': 'The open order cannot be paid again (no network)',
  OPEN_CART: 'Go back to the cart',
  CONFIRM: 'Press "Confirm order"',
  'done:execPayment': (e) => `The order is booked: booking number ${String((e.output as ExecPaymentResult).booking_id)}`,
  'error:execPayment [isGone]': 'The shop refuses the booking: paid already or timed out (410)',
  'error:execPayment [isRefunded]': 'The shop could not book what was paid (sold out after the hold ran out) and refunded the payment (422 PAYMENT_REFUNDED)',
  'error:execPayment [isUnprocessable]': 'The shop refuses the booking: the payment was not completed (422)',
  'error:execPayment [isBadRequest]': 'The shop refuses the booking: the payment does not belong to the cart (400)',
  'error:execPayment': 'The booking gets no answer (no network)',
  RETRY: 'Press "Try again"',
  KEEP_CART: 'Press "Return to the cart"',
  CLEAR_CART: 'Press "Clear the cart"',
  'done:cancelPayment': 'The shop cancels the payment',
  'done:loadHold [isHoldExpired]': 'The shop says the order is no longer held (its time ran out)',
  'done:loadHold': (e) => `The shop says the order is held until ${String((e.output as PaymentCart).held_until)}`,
  'error:loadHold': 'The shop does not say how long the order is held (a back end without checkout/cart: 404)',
  'PAY [hasEarlierOrder]': 'Press "Pay now" with a cart changed since the earlier payment attempt',
  'done:releaseEarlierOrder': 'The shop releases the earlier order',
  'error:releaseEarlierOrder': 'The shop refuses to release the earlier order: it ended already (410)',
  'error:cancelPayment': 'The shop refuses to cancel: the payment ended already (410)',
};
const situation = (input: unknown) => {
  const i = input as CheckoutInput;
  return [
    i.lines?.length ? `a cart of ${lineWords(i.lines)}` : 'an empty cart',
    i.jwt ? 'logged in' : 'not logged in',
    ...(i.partner ? [`partner ${i.partner}`] : []),
    ...(i.defaultPaymentType !== undefined ? [`"${paymentName(i.defaultPaymentType)}" chosen`] : []),
    ...(i.confirmPayment === false ? ['no confirmation step'] : []),
    ...(i.bookedCarts?.length ? [`a cart booked earlier in this session (${i.bookedCarts.map((b) => b.booking_id).join(', ')})`] : []),
  ].join(', ');
};

export const checkoutModel = defineModel({
  name: 'checkout',
  machine: checkoutMachine,
  inputs,
  events: {
    CART_CHANGED: { lines: fewerLines },
    'done:loadSuggestions': [{ output: suggestions }, { output: [] }],
    'error:loadSuggestions': { error: networkError() },
    SELECT_PAYMENT: [{ payart: DIRECT_DEBIT }, { payart: PAYART_EXPRESS }, { payart: OTHER_DIRECT_DEBIT }],
    SELECT_WALLET: { wallet: 'APPLEPAY' },
    SET_ACCOUNT_HOLDER: { value: HOLDER },
    SET_IBAN: [{ value: VALID_IBAN }, { value: INVALID_IBAN }],
    SET_TERMS: { accepted: true },
    SET_PRIVACY: { accepted: true },
    ADD_SUGGESTION: [{ id: suggestions[0]!.id }, { id: 999 }],
    PAY: {},
    'done:initPayment': { output: { url: PROVIDER_URL, cartId: CART_ID } },
    'done:restartPayment': { output: { url: PROVIDER_URL, cartId: CART_ID } },
    'error:restartPayment': [
      { error: apiError(410, 'CART_GONE', 'This cart was not found') },
      { error: apiError(422, 'CART_INVALID', 'A ticket is sold out', { 'cart.items.0': ['sold out'] }) },
      { error: apiError(401, 'UNAUTHORIZED', 'Login expired') },
      { error: networkError() },
    ],
    'error:initPayment': [
      { error: apiError(422, 'CART_INVALID', 'A ticket is sold out', { 'cart.items.0': ['sold out'] }) },
      { error: apiError(401, 'UNAUTHORIZED', 'Login expired') },
      { error: networkError() },
    ],
    PAYMENT_RETURNED: [
      { outcome: 'accepted', ...returned },
      { outcome: 'accepted', us: null, sessionUs: null, cartId: CART_ID },
      { outcome: 'canceled', us: null, sessionUs: null, cartId: CART_ID },
      { outcome: 'failed', us: null, sessionUs: null, cartId: CART_ID },
      { outcome: 'canceled', us: null, sessionUs: null, cartId: null },
      { outcome: 'accepted', ...earlierReturn },
    ],
    OPEN_CART: {},
    CONFIRM: {},
    'done:execPayment': { output: booked },
    'error:execPayment': [
      { error: apiError(410, 'GONE', 'Paid already or timed out') },
      { error: refundedError() },
      { error: apiError(422, 'NOT_PAID', 'The payment was not completed') },
      { error: apiError(400, 'BAD_REQUEST', 'sessionUs does not match') },
      { error: networkError() },
    ],
    RETRY: {},
    'done:cancelPayment': { output: true },
    'error:cancelPayment': { error: apiError(410, 'GONE', 'Ended already') },
    'done:loadHold': [{ output: heldCart }, { output: expiredCart }],
    'error:loadHold': { error: apiError(404, 'NOT_FOUND', 'Not found') },
    'done:releaseEarlierOrder': { output: true },
    'error:releaseEarlierOrder': { error: apiError(410, 'CART_GONE', 'Ended already') },
    KEEP_CART: {},
    CLEAR_CART: {},
  },
  filterEvents: allowed,
  eventDescriptions: checkoutWords,
  describeInput: situation,
  scenarios: [
    {
      name: 'a logout after the checkout started: the payment goes without the old token (issue 22, found by the session walk); a login gives it the new one',
      input: inputs[1],
      events: [
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SESSION_CHANGED', jwt: null },
        { type: 'SELECT_PAYMENT', payart: PAYART_EXPRESS },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'PAY' },
        { type: 'error:initPayment', error: networkError() },
        { type: 'SESSION_CHANGED', jwt: 'eyJ.new.token' },
        { type: 'PAY' },
      ],
    },
    {
      // the generated paths reach this choice only after a 401, which a browser shows as the login page (tests/replay)
      name: 'asked to log in for direct debit, the visitor pays express instead',
      input: inputs[0],
      events: [
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SELECT_PAYMENT', payart: DIRECT_DEBIT },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'PAY' },
        { type: 'SELECT_PAYMENT', payart: PAYART_EXPRESS },
        { type: 'PAY' },
      ],
    },
    {
      name: 'a suggestion that is not offered adds nothing',
      input: inputs[0],
      events: [{ type: 'done:loadSuggestions', output: suggestions }, { type: 'ADD_SUGGESTION', id: 999 }],
    },
    {
      // while the cart asks for the cost the page's Pay is disabled (the total is about to change): no PAY then
      name: 'payment waits for shipping: refused while the country is unknown, then paid with the destination the cart priced',
      input: inputs[0],
      events: [
        { type: 'SHIPPING_CHANGED', status: 'needsCountry', country: null },
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'PAY' },
        { type: 'SHIPPING_CHANGED', status: 'loading', country: 'DE' },
        { type: 'SHIPPING_CHANGED', status: 'known', country: 'DE' },
        { type: 'PAY' },
      ],
    },
    {
      name: 'no article is suggested into a cart that cannot be shipped (issue 16 item 5)',
      input: inputs[0],
      events: [
        { type: 'SHIPPING_CHANGED', status: 'failed', country: 'US' },
        { type: 'done:loadSuggestions', output: suggestions },
        { type: 'ADD_SUGGESTION', id: suggestions[0]!.id },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'PAY' },
      ],
    },
    {
      name: 'a different delivery address needs all five fields; the invoice switch is sent',
      input: inputs[0],
      events: [
        { type: 'SHIPPING_CHANGED', status: 'known', country: 'CH' },
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'SET_REQUEST_INVOICE', requestInvoice: false },
        { type: 'SET_DELIVERY_SAME', sameAsBilling: false },
        { type: 'SET_DELIVERY_FIELD', field: 'name', value: 'Ada Muster' },
        { type: 'SET_DELIVERY_FIELD', field: 'street', value: 'Seeweg 1' },
        { type: 'SET_DELIVERY_FIELD', field: 'zip', value: '8001' },
        { type: 'SET_DELIVERY_FIELD', field: 'city', value: 'Zürich' },
        { type: 'PAY' },
        { type: 'SET_DELIVERY_FIELD', field: 'country', value: 'ch' },
        { type: 'PAY' },
      ],
    },
    {
      name: 'one destination (issue 22 item 5): the delivery country moves the cart, and an empty or complete one follows a country chosen in the cart',
      input: inputs[0],
      events: [
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'SET_REQUEST_INVOICE', requestInvoice: false },
        { type: 'SET_DELIVERY_SAME', sameAsBilling: false },
        { type: 'SHIPPING_CHANGED', status: 'known', country: 'DE' },
        { type: 'SET_DELIVERY_FIELD', field: 'name', value: 'Ada Muster' },
        { type: 'SET_DELIVERY_FIELD', field: 'street', value: 'Seeweg 1' },
        { type: 'SET_DELIVERY_FIELD', field: 'zip', value: '8001' },
        { type: 'SET_DELIVERY_FIELD', field: 'country', value: 'F' },
        { type: 'SHIPPING_CHANGED', status: 'loading', country: 'DE' },
        { type: 'PAY' },
        { type: 'SHIPPING_CHANGED', status: 'known', country: 'AT' },
        { type: 'SET_DELIVERY_FIELD', field: 'city', value: 'Zürich' },
        { type: 'SET_DELIVERY_FIELD', field: 'country', value: 'ch' },
        { type: 'SHIPPING_CHANGED', status: 'loading', country: 'CH' },
        { type: 'PAY' },
        { type: 'SHIPPING_CHANGED', status: 'known', country: 'CH' },
        { type: 'PAY' },
      ],
    },
    {
      name: 'a cart that ships nothing pays with a half-typed hidden delivery address, and sends none (issue 22 item 4)',
      input: { ...inputs[0]!, lines: cartLines.slice(0, 1), deliveryAddress: { name: 'Ada', street: 'Seew', zip: '', city: '', country: '' } },
      events: [
        { type: 'SHIPPING_CHANGED', status: 'none', country: null },
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'PAY' },
      ],
    },
    {
      name: 'the article with the half-typed delivery address is removed: the tickets pay (issue 22 item 4)',
      input: inputs[0],
      events: [
        { type: 'SHIPPING_CHANGED', status: 'known', country: 'CH' },
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'SET_DELIVERY_SAME', sameAsBilling: false },
        { type: 'SET_DELIVERY_FIELD', field: 'name', value: 'Ada' },
        { type: 'PAY' },
        { type: 'CART_CHANGED', lines: fewerLines },
        { type: 'SHIPPING_CHANGED', status: 'none', country: null },
        { type: 'PAY' },
      ],
    },
    {
      name: 'back from the login the checkout starts with the method and both ticks chosen before (issue 16 item 3): direct debit pays without ticking again',
      input: { lines: cartLines, paymentTypes, jwt: JWT, keptChoice: { payart: DIRECT_DEBIT, termsAccepted: true, privacyAccepted: true } },
      events: [
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_ACCOUNT_HOLDER', value: HOLDER },
        { type: 'SET_IBAN', value: VALID_IBAN },
        { type: 'PAY' },
      ],
    },
    {
      name: 'issue 22 (10a): a failed payment, then a line removed: the changed cart is a new order (initPayment), not the old one, and the provider asks for its total; issue 41: the old order is released first',
      input: inputs[0],
      events: [
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'PAY' },
        { type: 'done:initPayment', output: { url: PROVIDER_URL, cartId: CART_ID } },
        { type: 'PAYMENT_RETURNED', outcome: 'failed', us: null, sessionUs: null, cartId: CART_ID },
        { type: 'done:loadHold', output: heldCart },
        { type: 'CART_CHANGED', lines: fewerLines },
        { type: 'PAY' },
        { type: 'done:releaseEarlierOrder', output: true },
        { type: 'done:initPayment', output: { url: PROVIDER_URL, cartId: CART_ID } },
      ],
    },
    {
      name: 'issue 22 (10a): a failed payment, then the same cart again: the same order is paid (initPaymentOrder) and booked',
      input: inputs[0],
      events: [
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'PAY' },
        { type: 'done:initPayment', output: { url: PROVIDER_URL, cartId: CART_ID } },
        { type: 'PAYMENT_RETURNED', outcome: 'failed', us: null, sessionUs: null, cartId: CART_ID },
        { type: 'done:loadHold', output: heldCart },
        { type: 'PAY' },
        { type: 'done:restartPayment', output: { url: PROVIDER_URL, cartId: CART_ID } },
        { type: 'PAYMENT_RETURNED', outcome: 'accepted', ...returned },
        { type: 'CONFIRM' },
        { type: 'done:execPayment', output: booked },
      ],
    },
    {
      name: 'issue 22 (10a): the retry of a failed direct debit after the session expired goes to login',
      input: inputs[1],
      events: [
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_ACCOUNT_HOLDER', value: HOLDER },
        { type: 'SET_IBAN', value: VALID_IBAN },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'PAY' },
        { type: 'done:initPayment', output: { url: PROVIDER_URL, cartId: CART_ID } },
        { type: 'PAYMENT_RETURNED', outcome: 'failed', us: null, sessionUs: null, cartId: CART_ID },
        { type: 'done:loadHold', output: heldCart },
        { type: 'PAY' },
        { type: 'error:restartPayment', error: apiError(401, 'UNAUTHORIZED', 'Login expired') },
      ],
    },
    {
      name: 'a cart that timed out before the booking (410): the gone message, then back to the cart',
      input: inputs[0],
      events: [
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'PAY' },
        { type: 'done:initPayment', output: { url: PROVIDER_URL, cartId: CART_ID } },
        { type: 'PAYMENT_RETURNED', outcome: 'accepted', ...returned },
        { type: 'CONFIRM' },
        { type: 'error:execPayment', error: apiError(410, 'GONE', 'Paid already or timed out') },
        { type: 'OPEN_CART' },
      ],
    },
    {
      name: 'issue 22: cancelled at the provider, the cart kept: PAY pays the same order again (initPaymentOrder)',
      input: inputs[0],
      events: [
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'PAY' },
        { type: 'done:initPayment', output: { url: PROVIDER_URL, cartId: CART_ID } },
        { type: 'PAYMENT_RETURNED', outcome: 'canceled', us: null, sessionUs: null, cartId: CART_ID },
        { type: 'done:loadHold', output: heldCart },
        { type: 'KEEP_CART' },
        { type: 'done:loadHold', output: heldCart },
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'PAY' },
      ],
    },
    {
      name: 'issue 41: a failed payment whose hold ran out: the page says so, and PAY makes a new order (initPayment) with nothing to release',
      input: inputs[0],
      events: [
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'PAY' },
        { type: 'done:initPayment', output: { url: PROVIDER_URL, cartId: CART_ID } },
        { type: 'PAYMENT_RETURNED', outcome: 'failed', us: null, sessionUs: null, cartId: CART_ID },
        { type: 'done:loadHold', output: expiredCart },
        { type: 'PAY' },
        { type: 'done:initPayment', output: { url: PROVIDER_URL, cartId: CART_ID } },
      ],
    },
    {
      name: 'issue 41: a changed cart after a failed payment: the earlier order has ended already (410), the new one starts anyway',
      input: inputs[0],
      events: [
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'PAY' },
        { type: 'done:initPayment', output: { url: PROVIDER_URL, cartId: CART_ID } },
        { type: 'PAYMENT_RETURNED', outcome: 'failed', us: null, sessionUs: null, cartId: CART_ID },
        { type: 'error:loadHold', error: apiError(404, 'NOT_FOUND', 'Not found') },
        { type: 'CART_CHANGED', lines: fewerLines },
        { type: 'PAY' },
        { type: 'error:releaseEarlierOrder', error: apiError(410, 'CART_GONE', 'Ended already') },
        { type: 'done:initPayment', output: { url: PROVIDER_URL, cartId: CART_ID } },
      ],
    },
    {
      name: 'issue 41: a payment refunded instead of booked: back at the cart, the next PAY is a new order',
      input: inputs[0],
      events: [
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'PAY' },
        { type: 'done:initPayment', output: { url: PROVIDER_URL, cartId: CART_ID } },
        { type: 'PAYMENT_RETURNED', outcome: 'accepted', ...returned },
        { type: 'CONFIRM' },
        { type: 'error:execPayment', error: refundedError() },
        { type: 'OPEN_CART' },
        { type: 'done:loadSuggestions', output: [] },
        { type: 'PAY' },
      ],
    },
    {
      name: 'a kept method no longer offered gives way to the default; the ticks stay',
      input: { lines: cartLines, paymentTypes, jwt: null, keptChoice: { payart: 999, termsAccepted: true, privacyAccepted: false } },
      events: [{ type: 'done:loadSuggestions', output: [] }, { type: 'PAY' }],
    },
    {
      name: 'back to the billing address: the half-typed different address no longer stops payment',
      input: { ...inputs[0]!, deliveryAddress: { name: 'Ada', street: '', zip: '', city: '', country: '' } },
      events: [
        { type: 'SHIPPING_CHANGED', status: 'known', country: 'CH' },
        { type: 'done:loadSuggestions', output: [] },
        { type: 'SET_TERMS', accepted: true },
        { type: 'SET_PRIVACY', accepted: true },
        { type: 'PAY' },
        { type: 'SET_DELIVERY_SAME', sameAsBilling: true },
        { type: 'PAY' },
      ],
    },
  ],
  // What tells states apart: on the cart page the whole form (a rejected submit counts as "some");
  // after leaving for the provider only the round trip (the form no longer changes anything).
  stateKey: (s) => {
    const c = ctx(s);
    const rejected = Math.min(c.rejectedSubmits, 2);
    if (s.matches('Cart')) return { value: s.value, ...c, rejectedSubmits: rejected };
    const { lines, jwt, partner, confirmPayment, cartId, us, sessionUs, providerUrl, booking, paymentError, openOrder } = c;
    return { value: s.value, lines, jwt, partner, confirmPayment, cartId, us, sessionUs, providerUrl, booking, openOrder, code: paymentError?.code ?? null, rejected };
  },
  fakeActions: ['addToCart', 'clearCart', 'redirectToProvider', 'shipTo'],
});
