/**
 * The checkout journey (spec §2 checkout routes, §4 payment and checkout flow, §6 who may pay
 * how, §7 checkout calls, §8 payment errors, §9 payment constants), drawn as one flow:
 *
 *   Cart (upselling suggestions, payment method, terms) ── PAY ──▶ Starting payment
 *     ──▶ At the payment provider (the browser leaves the shop)
 *     ── PAYMENT_RETURNED ──▶ Payment accepted ─▶ Confirming order ─▶ Booking ─▶ Booked
 *                         └─▶ Payment cancelled ─▶ Asking about the cart ─▶ keep (the order stays
 *                               open: PAY pays it again) | clear (checkout/cancel ends it)
 *                         └─▶ Cart › Payment not completed (failed: try again) ── PAY ──▶
 *                               Paying the open order (initPaymentOrder: the same cart, while
 *                               the cart is unchanged; else Releasing the earlier order
 *                               (checkout/cancel) and Starting payment makes a new one)
 *   Booking answers: booked, refunded (422 PAYMENT_REFUNDED: the money went back, issue 41),
 *   refused (422), invalid (400), gone (410: paid already or timed out), no answer (retry:
 *   execPayment books once, so asking again is safe).
 *
 * Issue 41, a payment cart holds its places, stock and voucher value for its lifetime: wherever
 * the checkout shows an open order again (after a cancelled or a failed payment, back in the
 * cart), it asks the shop until when (`loadHold`, GET checkout/cart) and says so; an expired hold
 * makes the next PAY a new order. An open order the changed cart no longer is gets released
 * (checkout/cancel) before the new one starts, so that one visitor never holds two.
 *
 * Each state that has a page names its route in `meta.route` (src/app/journeys turns state
 * changes into navigation, and a URL into the event below). Across the full-page round trip to
 * the provider the app keeps this actor's persisted snapshot in session storage and restores it
 * on return; the return route sends one PAYMENT_RETURNED with the outcome. A return in a tab
 * that kept no snapshot starts from the cart and is taken from there (the provider's query
 * carries the cart id). A reload of any return page restores the same state, so nothing is
 * booked twice (and execPayment itself is idempotent on the server). A return URL of a cart this
 * session booked already (Back or the URL opened again after the purchase, issue 22) shows that
 * booking (`bookedCarts`): it is not confirmed, booked or emptied again, and the cart the visitor
 * has now is left alone; the cart is emptied only by the booking itself.
 *
 * The cart lines live in the app's cart actor: the app sends CART_CHANGED with them whenever
 * they change, and SHIPPING_CHANGED with where the cart stands with shipping: payment waits until
 * nothing is shipped or the cost is known (§4, issue 11), and no article is suggested into a cart
 * that cannot be shipped (issue 16 item 5); an added suggestion makes the cart ask for shipping.
 * The delivery address defaults to the billing address; a different one needs all five fields
 * (§5, src/domain/delivery-address.ts), and only while the cart ships something (issue 22 item 4:
 * a cart of tickets pays whatever a hidden delivery form holds). One destination (issue 22 item 5):
 * the delivery address's country is the shipping country: changing it tells the cart (the
 * app-provided `shipTo`), and a country chosen in the cart moves the delivery country with it.
 * requestInvoice (default true, §9) is sent with initPayment.
 * Adding a suggestion and emptying the cart are actions the app provides. Rules
 * (default method, who needs a login, aux, missing details) are in src/domain/payment.ts.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CartItem } from '../src/domain/cart-payload.js';
import { toCartPayload, type CartLine } from '../src/domain/cart-lines.js';
import {
  EMPTY_PAYMENT_CHOICE,
  defaultPayart,
  needsLoginFor,
  orderKey,
  paymentAux,
  paymentDetailErrors,
  paymentRefundOf,
  holdOf,
  suggestionLine,
  type CartHold,
  type PaymentChoice,
  type PaymentFieldErrors,
  type Wallet,
} from '../src/domain/payment.js';
import type { ExecPaymentResult, PaymentAux, PaymentCart, PaymentRefundedData, PaymentShipping, Suggestion } from '../src/api/schemas/checkout.js';
import type { FieldErrors } from '../src/domain/account-forms.js';
import { draftOwner, ownsDraft } from '../src/domain/session-owner.js';
import {
  EMPTY_DELIVERY_ADDRESS,
  deliveryAddressErrors,
  deliveryAddressPayload,
  deliveryAddressReady,
  deliveryPaymentErrors,
  type DeliveryAddressField,
  type DeliveryAddressValues,
} from '../src/domain/delivery-address.js';
import { countryKey, shippingReady, shipsGoods, type ShippingStatus } from '../src/domain/shipping.js';
import type { PaymentType } from '../src/api/schemas/config.js';
import { errorOf, failureOf, notProvided, statusOf, type ErrorLike } from './support.js';
import { voucherRedemptionMachine } from './voucherRedemption.machine.js';
import type { PageMeta } from '../src/domain/routes.js';

export type { Wallet, CartHold } from '../src/domain/payment.js';

/** The booking of this checkout: execPayment's answer for the cart id. */
export interface FinishedBooking extends ExecPaymentResult {
  cartId: string;
}

/** How the provider sent the browser back, with the query it appended (src/server/provider.ts). */
export interface ProviderReturn {
  outcome: 'accepted' | 'canceled' | 'failed';
  us: string | null;
  sessionUs: string | null;
  cartId: string | null;
}

export interface CheckoutInput {
  /** the cart's lines when the journey starts (CART_CHANGED keeps them current) */
  lines?: readonly CartLine[];
  /** the session token; null for an anonymous visitor */
  jwt?: string | null;
  paymentTypes?: readonly PaymentType[];
  defaultPaymentType?: number;
  /** §9 confirm payment on checkout: on */
  confirmPayment?: boolean;
  partner?: string | null;
  /** a different delivery address kept in the session (§4), null for the billing address */
  deliveryAddress?: DeliveryAddressValues | null;
  /**
   * The method and consent ticks chosen before the visitor left to log in (issue 16 item 3): the
   * checkout starts with them again (the method only while it is still offered).
   */
  keptChoice?: KeptPaymentChoice | null;
  /** the bookings this session's checkouts finished, by cart id (issue 22): their return URLs show them */
  bookedCarts?: readonly FinishedBooking[];
}

/** What of the payment form outlives a trip to the login page (never the IBAN or account holder). */
export type KeptPaymentChoice = Pick<PaymentChoice, 'payart' | 'termsAccepted' | 'privacyAccepted'>;

/** Where the cart stands with shipping (the cart actor's state, sent by the app). */
export interface CheckoutShipping {
  status: ShippingStatus;
  /** the destination the cost is for, null when none is known */
  country: string | null;
}

/** The delivery address form: the billing address, or a different one (§3 addrShipping). */
export interface DeliveryChoice {
  sameAsBilling: boolean;
  values: DeliveryAddressValues;
}

export interface CheckoutContext {
  lines: CartLine[];
  jwt: string | null;
  paymentTypes: readonly PaymentType[];
  choice: PaymentChoice;
  confirmPayment: boolean;
  partner: string | null;
  fieldErrors: PaymentFieldErrors;
  rejectedSubmits: number;
  /** the last error answer of initPayment or execPayment (code, message, fields) */
  paymentError: ErrorLike | null;
  suggestions: Suggestion[];
  /** the provider page initPayment answered */
  providerUrl: string | null;
  cartId: string | null;
  us: string | null;
  sessionUs: string | null;
  booking: FinishedBooking | null;
  /**
   * What the open back-end cart (cartId) holds, as orderKey; null when there is none. A failed
   * payment keeps it, so that the retry pays the same order while the cart is unchanged (10a).
   */
  openOrder: string | null;
  /**
   * Until when the open order's places are held, as the shop last said (issue 41, GET
   * checkout/cart): null when not asked, not answered, or nothing is held.
   */
  hold: CartHold | null;
  /** execPayment's 422 PAYMENT_REFUNDED: what went back to the visitor and why (issue 41) */
  refund: PaymentRefundedData | null;
  shipping: CheckoutShipping;
  delivery: DeliveryChoice;
  /** 'Please fill in all fields for Shipping Address' on each empty field after a refused PAY */
  deliveryErrors: FieldErrors;
  /** §9 requestInvoice, default true; sent with initPayment */
  requestInvoice: boolean;
  /** the bookings this session finished before this checkout started (issue 22) */
  bookedCarts: readonly FinishedBooking[];
}

export type CheckoutEvent =
  | { type: 'CART_CHANGED'; lines: readonly CartLine[] }
  /** the visitor logged in or out (or the token changed) while the checkout lived or was kept */
  | { type: 'SESSION_CHANGED'; jwt: string | null }
  | ({ type: 'SHIPPING_CHANGED' } & CheckoutShipping)
  | { type: 'SET_DELIVERY_SAME'; sameAsBilling: boolean }
  | { type: 'SET_DELIVERY_FIELD'; field: DeliveryAddressField; value: string }
  | { type: 'SET_REQUEST_INVOICE'; requestInvoice: boolean }
  | { type: 'SELECT_PAYMENT'; payart: number }
  | { type: 'SELECT_WALLET'; wallet: Wallet | null }
  | { type: 'SET_ACCOUNT_HOLDER'; value: string }
  | { type: 'SET_IBAN'; value: string }
  | { type: 'SET_TERMS'; accepted: boolean }
  | { type: 'SET_PRIVACY'; accepted: boolean }
  | { type: 'ADD_SUGGESTION'; id: number }
  | { type: 'PAY' }
  | ({ type: 'PAYMENT_RETURNED' } & ProviderReturn)
  | { type: 'OPEN_CART' }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' }
  | { type: 'KEEP_CART' }
  | { type: 'CLEAR_CART' };

export interface InitPaymentParams {
  payart: number;
  aux: PaymentAux;
  items: CartItem[];
  token: string | null;
  shipping: PaymentShipping;
  requestInvoice: boolean;
}
/** initPayment answers the provider URL; the app reads the cart id it carries. */
export interface StartedPayment {
  url: string;
  cartId: string | null;
}
/** initPaymentOrder (§7): a new payment attempt for the open cart `id`. */
export interface RestartPaymentParams {
  id: string;
  payart: number;
  aux: PaymentAux;
  token: string | null;
}
export interface ExecPaymentParams {
  cartId: string;
  us: string;
  sessionUs: string;
}

const items = (context: CheckoutContext) => toCartPayload(context.lines).items;
const withoutErrors = (errors: PaymentFieldErrors, ...fields: (keyof PaymentFieldErrors)[]) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !fields.includes(key as keyof PaymentFieldErrors))) as PaymentFieldErrors;
/** The payment form with a field changed: the choice takes it and the errors of the fields named go. */
const withChoice = (context: CheckoutContext, change: Partial<PaymentChoice>, ...fixed: (keyof PaymentFieldErrors)[]) => ({
  choice: { ...context.choice, ...change },
  fieldErrors: withoutErrors(context.fieldErrors, ...fixed),
});
/** The cart line of the suggestion an ADD_SUGGESTION names, if it is still offered. */
/**
 * The suggestions the cart step offers: none while the cart cannot be shipped (issue 16 item 5: no
 * article is suggested into a cart that cannot be shipped). The page shows these and the machine
 * adds only these, so the rule lives here once.
 */
export function offeredSuggestions(context: Pick<CheckoutContext, 'suggestions' | 'shipping'>): CheckoutContext['suggestions'] {
  return context.shipping.status === 'failed' ? NO_SUGGESTIONS : context.suggestions;
}
const NO_SUGGESTIONS: CheckoutContext['suggestions'] = [];
function suggestedLines(context: CheckoutContext, id: number): CartLine[] {
  const suggestion = offeredSuggestions(context).find((s) => s.id === id);
  return suggestion ? [suggestionLine(suggestion)] : [];
}
/** A different delivery address counts only while the cart ships something (issue 22 item 4). */
const differentDeliveryAddress = (context: CheckoutContext): boolean => !context.delivery.sameAsBilling && shipsGoods(context.shipping.status);
/** The delivery address errors of the form as it stands ({} for the billing address or a cart that ships nothing). */
const deliveryErrorsOf = (context: CheckoutContext): FieldErrors => (differentDeliveryAddress(context) ? deliveryAddressErrors(context.delivery.values) : {});
/** What initPayment sends about shipping: the cart's destination and the delivery address (none when nothing ships). */
function paymentShipping(context: CheckoutContext): PaymentShipping {
  const address = deliveryAddressPayload(!differentDeliveryAddress(context), context.delivery.values);
  return context.shipping.country ? { country: context.shipping.country, address } : { address };
}
/** The delivery country for the cart (issue 22 item 5): a different address's country key, else null (the billing address). */
const deliveryCountryOf = (delivery: DeliveryChoice): string | null => (delivery.sameAsBilling ? null : countryKey(delivery.values.country));
/** The order the cart would be now (orderKey of what initPayment would send). */
const orderNow = (context: CheckoutContext) => orderKey({ items: items(context), shipping: paymentShipping(context), requestInvoice: context.requestInvoice });
/** The cart is what the open order holds (issue 22, 10a): PAY pays that order again, and its hold is this cart's. */
export function isOpenOrderUnchanged(context: CheckoutContext): boolean {
  return context.cartId !== null && context.openOrder === orderNow(context);
}

/** The booking this session made already for the cart a provider return names, if any. */
const earlierBookingOf = (context: CheckoutContext, cartId: string | null): FinishedBooking | null =>
  cartId ? (context.bookedCarts.find((booking) => booking.cartId === cartId) ?? null) : null;

/** The tags a screen may ask the machine's state about. */
export type CheckoutTag = 'busy' | 'loading' | 'loading-hold' | 'step-cart' | 'step-complete' | 'step-payment' | 'step-signIn';

/**
 * Issue 41: GET checkout/cart for the open order, then on to `next` whatever it answers: held (the
 * page says until when), run out (the order is forgotten: the next PAY makes a new one), or no
 * answer / 404 (a back end without the call: nothing more is shown). One invoke for every place
 * that asks.
 */
const askAboutTheHold = <Next extends string>(next: Next) => ({
  id: 'loadHold',
  src: 'loadHold' as const,
  input: ({ context }: { context: CheckoutContext }) => ({ cartId: context.cartId ?? '' }),
  onDone: [
    {
      guard: { type: 'isHoldExpired' as const, params: ({ event }: { event: { output: PaymentCart } }) => event.output },
      target: next,
      actions: ['forgetPaymentAttempt' as const, { type: 'assignHold' as const, params: ({ event }: { event: { output: PaymentCart } }) => event.output }],
      description: 'The hold ran out: the page says so, and the next PAY makes a new order (initPayment).',
    },
    { target: next, actions: { type: 'assignHold' as const, params: ({ event }: { event: { output: PaymentCart } }) => event.output } },
  ],
  onError: { target: next, description: 'No answer, or a back end without checkout/cart (404): nothing more is shown.' },
});

/**
 * Issue 41: a page that shows the open order again asks about its hold while the visitor reads it
 * (`tags` of the asking: the cart's form also waits, tag 'loading'); a tab that kept no journey
 * knows no order of its own and asks nothing.
 */
const withTheHold = (tags: CheckoutTag[]) => ({
  initial: 'Checking the order' as const,
  states: {
    'Checking the order': {
      always: [
        { guard: 'hasOpenOrder' as const, target: 'Loading the hold' },
        { target: 'Waiting for the visitor', description: 'No order of this journey is known (a tab that kept no journey): nothing to ask.' },
      ],
    },
    'Loading the hold': {
      tags,
      description: 'GET checkout/cart: until when the open order holds its places; a payment form on the page waits for the answer, which decides whether PAY pays the same order.',
      invoke: askAboutTheHold('Waiting for the visitor'),
    },
    'Waiting for the visitor': {
      description: 'The page says until when the order is held, that the hold ran out, or nothing (no answer); the visitor decides.',
    },
  },
});

export const checkoutMachine = setup({
  types: {
    meta: {} as PageMeta,
    tags: {} as CheckoutTag,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    loadSuggestions: fromPromise<Suggestion[], { items: CartItem[] }>(async () => notProvided('loadSuggestions')),
    initPayment: fromPromise<StartedPayment, InitPaymentParams>(async () => notProvided('initPayment')),
    restartPayment: fromPromise<StartedPayment, RestartPaymentParams>(async () => notProvided('restartPayment')),
    execPayment: fromPromise<ExecPaymentResult, ExecPaymentParams>(async () => notProvided('execPayment')),
    cancelPayment: fromPromise<true, { cartId: string }>(async () => notProvided('cancelPayment')),
    /** GET checkout/cart (issue 41): where the open order stands and until when its places are held. */
    loadHold: fromPromise<PaymentCart, { cartId: string }>(async () => notProvided('loadHold')),
    /** Voucher-code entry at the cart step (machines/voucherRedemption.machine.ts); the app provides its services. */
    voucherRedemption: voucherRedemptionMachine,
  },
  actions: {
    assignLines: assign(({ event }) => {
      assertEvent(event, 'CART_CHANGED');
      return { lines: [...event.lines] };
    }),
    /**
     * The session of now pays; what the former customer typed does not pass to another (issue 45
     * item 3, src/domain/session-owner.ts): after a logout, an ended session or another customer's
     * login, their different delivery address and bank details are forgotten.
     */
    assignSession: assign(({ context, event }) => {
      assertEvent(event, 'SESSION_CHANGED');
      if (ownsDraft(draftOwner(context.jwt), event.jwt)) return { jwt: event.jwt };
      return {
        jwt: event.jwt,
        delivery: { sameAsBilling: true, values: { ...EMPTY_DELIVERY_ADDRESS } },
        deliveryErrors: {},
        choice: { ...context.choice, accountHolder: '', iban: '' },
        fieldErrors: withoutErrors(context.fieldErrors, 'accountHolder', 'iban'),
      };
    }),
    assignShipping: assign(({ context, event }) => {
      assertEvent(event, 'SHIPPING_CHANGED');
      // nothing ships any more: the delivery address's errors no longer apply (issue 22 item 4)
      return { shipping: { status: event.status, country: event.country }, deliveryErrors: shipsGoods(event.status) ? context.deliveryErrors : {} };
    }),
    /**
     * One destination (issue 22 item 5): the cart's country moved (chosen in the cart), so the
     * different delivery address's country follows; a half-typed country is left to the visitor.
     */
    followShippingCountry: assign(({ context }) => {
      const country = context.shipping.country;
      const typed = context.delivery.values.country;
      if (context.delivery.sameAsBilling || country === null || typed === country) return {};
      if (typed.trim() !== '' && countryKey(typed) === null) return {};
      const { country: _fixed, ...otherErrors } = context.deliveryErrors;
      return { delivery: { ...context.delivery, values: { ...context.delivery.values, country } }, deliveryErrors: otherErrors };
    }),
    assignDeliverySame: assign(({ context, event }) => {
      assertEvent(event, 'SET_DELIVERY_SAME');
      return { delivery: { ...context.delivery, sameAsBilling: event.sameAsBilling }, deliveryErrors: {} };
    }),
    assignDeliveryField: assign(({ context, event }) => {
      assertEvent(event, 'SET_DELIVERY_FIELD');
      const { [event.field]: _fixed, ...otherErrors } = context.deliveryErrors;
      return { delivery: { ...context.delivery, values: { ...context.delivery.values, [event.field]: event.value } }, deliveryErrors: otherErrors };
    }),
    assignRequestInvoice: assign(({ event }) => {
      assertEvent(event, 'SET_REQUEST_INVOICE');
      return { requestInvoice: event.requestInvoice };
    }),
    assignPayart: assign(({ context, event }) => {
      assertEvent(event, 'SELECT_PAYMENT');
      return withChoice(context, { payart: event.payart }, 'accountHolder', 'iban');
    }),
    assignWallet: assign(({ context, event }) => {
      assertEvent(event, 'SELECT_WALLET');
      return { choice: { ...context.choice, wallet: event.wallet } };
    }),
    assignAccountHolder: assign(({ context }, accountHolder: string) => withChoice(context, { accountHolder }, 'accountHolder')),
    assignIban: assign(({ context }, iban: string) => withChoice(context, { iban }, 'iban')),
    assignTerms: assign(({ context }, termsAccepted: boolean) => withChoice(context, { termsAccepted }, 'terms')),
    assignPrivacy: assign(({ context }, privacyAccepted: boolean) => withChoice(context, { privacyAccepted }, 'privacy')),
    assignSuggestions: assign((_, suggestions: Suggestion[]) => ({ suggestions })),
    dropSuggestion: assign(({ context, event }) => {
      assertEvent(event, 'ADD_SUGGESTION');
      return { suggestions: context.suggestions.filter((s) => s.id !== event.id) };
    }),
    rejectPaymentDetails: assign(({ context }) => ({
      fieldErrors: paymentDetailErrors(context.choice),
      deliveryErrors: deliveryErrorsOf(context),
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    clearPaymentErrors: assign({ fieldErrors: {}, deliveryErrors: {}, paymentError: null, refund: null }),
    /** A refusal: its notice, and a refused delivery address on its fields (issue 45 item 1). */
    assignPaymentError: assign(({ context }, error: ErrorLike) => ({
      paymentError: error,
      deliveryErrors: differentDeliveryAddress(context) ? deliveryPaymentErrors(error.fields) : {},
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    assignStartedPayment: assign(({ context }, started: StartedPayment) => ({
      providerUrl: started.url,
      cartId: started.cartId,
      openOrder: started.cartId === null ? null : orderNow(context),
      hold: null,
    })),
    assignRestartedPayment: assign(({ context }, started: StartedPayment) => ({ providerUrl: started.url, cartId: started.cartId ?? context.cartId, hold: null })),
    assignHold: assign((_, cart: PaymentCart) => ({ hold: holdOf(cart) })),
    assignRefund: assign((_, refund: PaymentRefundedData | null) => ({ refund })),
    assignProviderReturn: assign(({ context, event }) => {
      assertEvent(event, 'PAYMENT_RETURNED');
      // The cart id kept before leaving wins; the provider's query is the fallback.
      return { us: event.us, sessionUs: event.sessionUs, cartId: context.cartId ?? event.cartId };
    }),
    assignBooking: assign(({ context }, result: ExecPaymentResult) => ({ booking: { ...result, cartId: context.cartId ?? '' } })),
    assignEarlierBooking: assign((_, booking: FinishedBooking | null) => ({ booking, cartId: booking?.cartId ?? null })),
    forgetPaymentAttempt: assign({ cartId: null, openOrder: null, providerUrl: null, us: null, sessionUs: null, hold: null }),
    forgetProviderVisit: assign({ providerUrl: null, us: null, sessionUs: null }),
    // Side effects the app provides (the cart actor, window.location):
    addToCart: (_, _lines: CartLine[]) => notProvided('addToCart'),
    clearCart: () => notProvided('clearCart'),
    redirectToProvider: (_, _url: string) => notProvided('redirectToProvider'),
    /** The delivery country for the cart's shipping (null: the billing address); the app sends the cart SHIP_TO. */
    shipTo: (_, _country: string | null) => notProvided('shipTo'),
  },
  guards: {
    cartIsEmpty: ({ context }) => context.lines.length === 0,
    isOfferedSuggestion: ({ context, event }) => {
      assertEvent(event, 'ADD_SUGGESTION');
      return suggestedLines(context, event.id).length > 0;
    },
    shippingPending: ({ context }) => !shippingReady(context.shipping.status),
    needsLogin: ({ context }) => needsLoginFor(context.choice.payart) && context.jwt === null,
    paymentDetailsIncomplete: ({ context }) =>
      Object.keys(paymentDetailErrors(context.choice)).length > 0 || (differentDeliveryAddress(context) && !deliveryAddressReady(context.delivery.values)),
    isDeliveryCountry: ({ event }) => {
      assertEvent(event, 'SET_DELIVERY_FIELD');
      return event.field === 'country';
    },
    isExpressPayment: ({ event }) => {
      assertEvent(event, 'SELECT_PAYMENT');
      return !needsLoginFor(event.payart);
    },
    wasAccepted: ({ event }) => {
      assertEvent(event, 'PAYMENT_RETURNED');
      return event.outcome === 'accepted';
    },
    wasBookedEarlier: ({ context, event }) => {
      assertEvent(event, 'PAYMENT_RETURNED');
      return earlierBookingOf(context, event.cartId) !== null;
    },
    wasCancelled: ({ event }) => {
      assertEvent(event, 'PAYMENT_RETURNED');
      return event.outcome === 'canceled';
    },
    returnDataMissing: ({ context }) => !context.us || !context.sessionUs || !context.cartId,
    confirmationRequired: ({ context }) => context.confirmPayment,
    hasCartId: ({ context }) => context.cartId !== null,
    hasOpenOrder: ({ context }) => context.cartId !== null && context.openOrder !== null,
    openOrderUnchanged: ({ context }) => isOpenOrderUnchanged(context),
    hasEarlierOrder: ({ context }) => context.cartId !== null,
    isHoldExpired: (_, cart: PaymentCart) => cart.status === 'expired',
    isRefunded: ({ event }) => paymentRefundOf(failureOf(event)) !== null,
    isUnprocessable: ({ event }) => statusOf(event) === 422,
    isBadRequest: ({ event }) => statusOf(event) === 400,
    isUnauthorized: ({ event }) => [401, 403].includes(statusOf(event)),
    isGone: ({ event }) => statusOf(event) === 410,
  },
}).createMachine({
  id: 'checkout',
  description: 'From the cart through the payment provider and back to the booking, whatever the provider answers (§4).',
  context: ({ input }) => {
    const paymentTypes = input.paymentTypes ?? [];
    return {
      lines: [...(input.lines ?? [])],
      jwt: input.jwt ?? null,
      paymentTypes,
      choice: {
        ...EMPTY_PAYMENT_CHOICE,
        payart: defaultPayart(
          paymentTypes,
          paymentTypes.some((t) => t.payartId === input.keptChoice?.payart) ? input.keptChoice?.payart : input.defaultPaymentType,
        ),
        termsAccepted: input.keptChoice?.termsAccepted ?? false,
        privacyAccepted: input.keptChoice?.privacyAccepted ?? false,
      },
      confirmPayment: input.confirmPayment ?? true,
      partner: input.partner ?? null,
      fieldErrors: {},
      rejectedSubmits: 0,
      paymentError: null,
      suggestions: [],
      providerUrl: null,
      cartId: null,
      us: null,
      sessionUs: null,
      booking: null,
      openOrder: null,
      hold: null,
      refund: null,
      shipping: { status: 'none', country: null },
      delivery: input.deliveryAddress ? { sameAsBilling: false, values: { ...input.deliveryAddress } } : { sameAsBilling: true, values: { ...EMPTY_DELIVERY_ADDRESS } },
      deliveryErrors: {},
      requestInvoice: true,
      bookedCarts: [...(input.bookedCarts ?? [])],
    };
  },
  on: {
    CART_CHANGED: { actions: 'assignLines', description: 'The cart changed (a line removed, a suggestion added).' },
    SESSION_CHANGED: {
      actions: ['assignSession', { type: 'shipTo', params: ({ context }) => deliveryCountryOf(context.delivery) }],
      description: "A login or logout elsewhere in the tab: the next payment goes with the session of now, not the one the checkout started with (issue 22: a logged-out visitor paid with the old token and the old customer's shipping); the former customer's delivery address and bank details are forgotten (issue 45), and shipping follows.",
    },
    SHIPPING_CHANGED: {
      actions: ['assignShipping', 'followShippingCountry'],
      description: "The cart's shipping changed (country chosen, cost loaded or failed); a different delivery address follows its country.",
    },
  },
  initial: 'Cart',
  states: {
    Cart: {
      meta: { route: 'checkout' },
      description: 'The checkout page: the cart, upselling suggestions and the payment form. Coming back to it starts without an old refusal.',
      entry: 'clearPaymentErrors',
      invoke: {
        id: 'voucherCode',
        src: 'voucherRedemption',
        description: 'The voucher-code entry of the cart view lives as long as the cart step; a code it accepts becomes a cart line (CART_CHANGED). It answers every outcome of its own calls itself, so it has no failure of its own to report.',
      },
      initial: 'Checking the cart',
      on: {
        PAYMENT_RETURNED: [
          {
            guard: 'wasBookedEarlier',
            target: '#checkout.Booked',
            actions: { type: 'assignEarlierBooking', params: ({ context, event }) => earlierBookingOf(context, event.cartId) },
            description: 'The return URL of a cart this session booked already (Back, opened again): its booking, nothing booked or emptied again.',
          },
          {
            guard: 'wasAccepted',
            target: 'Payment accepted',
            actions: 'assignProviderReturn',
            description: 'Back from the provider in a tab that kept no journey: the query carries the cart id.',
          },
          { guard: 'wasCancelled', target: 'Payment cancelled', actions: 'assignProviderReturn' },
          { target: '.Choosing payment.Payment not completed', actions: 'forgetPaymentAttempt' },
        ],
      },
      states: {
        'Checking the cart': {
          always: [
            { guard: 'cartIsEmpty', target: 'Choosing payment' },
            { guard: 'hasOpenOrder', target: 'Loading the hold', description: 'Back at the cart with an open order (issue 41): until when are its places held?' },
            { target: 'Loading suggestions' },
          ],
        },
        'Loading the hold': {
          tags: ['step-cart', 'loading', 'loading-hold'],
          description: 'GET checkout/cart (issue 41): until when the open order holds its places, or that the hold ran out.',
          invoke: askAboutTheHold('Loading suggestions'),
        },
        'Loading suggestions': {
          tags: ['step-cart', 'loading'],
          description: 'Upselling suggestions for the cart (checkout/suggest); the checkout works without them.',
          invoke: {
            id: 'loadSuggestions',
            src: 'loadSuggestions',
            input: ({ context }) => ({ items: items(context) }),
            onDone: { target: 'Choosing payment', actions: { type: 'assignSuggestions', params: ({ event }) => event.output } },
            onError: 'Choosing payment',
          },
        },
        'Choosing payment': {
          initial: 'Editing',
          on: {
            SELECT_PAYMENT: {
              target: '.Editing',
              actions: ['assignPayart', 'clearPaymentErrors'],
              description: 'Another method: a refusal or missing details of the previous one no longer apply.',
            },
            SELECT_WALLET: { actions: 'assignWallet' },
            SET_ACCOUNT_HOLDER: { actions: { type: 'assignAccountHolder', params: ({ event }) => event.value } },
            SET_IBAN: { actions: { type: 'assignIban', params: ({ event }) => event.value } },
            SET_TERMS: { actions: { type: 'assignTerms', params: ({ event }) => event.accepted } },
            SET_PRIVACY: { actions: { type: 'assignPrivacy', params: ({ event }) => event.accepted } },
            SET_DELIVERY_SAME: {
              actions: ['assignDeliverySame', { type: 'shipTo', params: ({ context }) => deliveryCountryOf(context.delivery) }],
              description: 'Billing or a different address: shipping follows the delivery country (issue 22 item 5).',
            },
            SET_DELIVERY_FIELD: [
              {
                guard: 'isDeliveryCountry',
                actions: ['assignDeliveryField', { type: 'shipTo', params: ({ context }) => deliveryCountryOf(context.delivery) }],
                description: 'The delivery country is the shipping country: the cart asks for its cost (issue 22 item 5).',
              },
              { actions: 'assignDeliveryField' },
            ],
            SET_REQUEST_INVOICE: { actions: 'assignRequestInvoice' },
            ADD_SUGGESTION: {
              guard: 'isOfferedSuggestion',
              actions: [{ type: 'addToCart', params: ({ context, event }) => suggestedLines(context, event.id) }, 'dropSuggestion'],
              description: 'Only a suggestion the page offers: none while the cart cannot be shipped (issue 16 item 5).',
            },
            PAY: [
              { guard: 'cartIsEmpty', target: '.Cart is empty' },
              {
                guard: 'shippingPending',
                target: '.Shipping pending',
                description: 'Payment waits for shipping: choose the country, wait for the cost, or (no cost for that country) contact us.',
              },
              { guard: 'needsLogin', target: '.Login required', description: "'You have to login before proceeding to payment' (§6)." },
              { guard: 'paymentDetailsIncomplete', target: '.Details missing', actions: 'rejectPaymentDetails' },
              {
                guard: 'openOrderUnchanged',
                target: 'Paying the open order',
                actions: 'clearPaymentErrors',
                description: 'After a failed payment, the unchanged cart pays the same order again (initPaymentOrder, issue 22).',
              },
              {
                guard: 'hasEarlierOrder',
                target: 'Releasing the earlier order',
                actions: 'clearPaymentErrors',
                description: 'The cart changed since an earlier payment attempt: that order lets go of its places first (issue 41).',
              },
              { target: 'Starting payment', actions: 'clearPaymentErrors', description: 'A new order (initPayment): the first payment, or the cart changed since.' },
            ],
          },
          states: {
            Editing: { tags: 'step-cart' },
            'Payment not completed': {
              tags: 'step-payment',
              meta: { route: 'checkoutFailed' },
              description: "Back from a failed payment: 'payment not completed, try again'; the cart is untouched.",
              ...withTheHold(['loading', 'loading-hold']),
            },
            'Cart is empty': { tags: 'step-cart' },
            'Shipping pending': {
              tags: 'step-cart',
              description: 'PAY was refused because the shipping cost is not known yet (no country, still loading, or none for that country).',
              on: {
                SHIPPING_CHANGED: {
                  target: 'Editing',
                  actions: ['assignShipping', 'followShippingCountry'],
                  description: 'The cart moved on (country chosen, cost known): the notice is no longer current.',
                },
              },
            },
            'Login required': {
              tags: 'step-signIn',
              description: 'Every method but express payment needs a login or a guest registration.',
              on: {
                SELECT_PAYMENT: [
                  { guard: 'isExpressPayment', target: 'Editing', actions: ['assignPayart', 'clearPaymentErrors'] },
                  { actions: 'assignPayart', description: 'Another method that needs a login too: the notice stays.' },
                ],
              },
            },
            'Details missing': {
              tags: 'step-cart',
              description: 'Terms or privacy not accepted, or the direct debit details are incomplete.',
            },
            'Payment refused': {
              tags: 'step-cart',
              description: 'initPayment answered 422: its error is shown in the cart.',
            },
            'Payment could not start': {
              tags: 'step-cart',
              description: 'initPayment failed otherwise (no answer): nothing was charged, try again.',
            },
          },
        },
        'Releasing the earlier order': {
          tags: ['step-payment', 'busy'],
          description: 'checkout/cancel of the earlier payment cart (issue 41), so that its places, stock and voucher value are free for the new order.',
          invoke: {
            id: 'releaseEarlierOrder',
            src: 'cancelPayment',
            input: ({ context }) => ({ cartId: context.cartId ?? '' }),
            onDone: { target: 'Starting payment', actions: 'forgetPaymentAttempt' },
            onError: {
              target: 'Starting payment',
              actions: 'forgetPaymentAttempt',
              description: '410 (it had ended already) or no answer: the new order starts anyway; an unreleased hold runs out by itself.',
            },
          },
        },
        'Starting payment': {
          tags: ['step-payment', 'busy'],
          invoke: {
            id: 'initPayment',
            src: 'initPayment',
            input: ({ context }) => ({
              payart: context.choice.payart,
              aux: paymentAux(context.choice, context.partner),
              items: items(context),
              token: context.jwt,
              shipping: paymentShipping(context),
              requestInvoice: context.requestInvoice,
            }),
            onDone: {
              target: '#checkout.At the payment provider',
              actions: { type: 'assignStartedPayment', params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: 'isUnprocessable',
                target: 'Choosing payment.Payment refused',
                actions: { type: 'assignPaymentError', params: ({ event }) => errorOf(event) },
              },
              { guard: 'isUnauthorized', target: '#checkout.Session ended', description: 'The login expired before the payment started (401).' },
              { target: 'Choosing payment.Payment could not start', actions: { type: 'assignPaymentError', params: ({ event }) => errorOf(event) } },
            ],
          },
        },
        'Paying the open order': {
          tags: ['step-payment', 'busy'],
          description: 'A retry after a failed payment: checkout/initPaymentOrder starts a new attempt for the same cart (§7).',
          invoke: {
            id: 'restartPayment',
            src: 'restartPayment',
            input: ({ context }) => ({ id: context.cartId ?? '', payart: context.choice.payart, aux: paymentAux(context.choice, context.partner), token: context.jwt }),
            onDone: {
              target: '#checkout.At the payment provider',
              actions: { type: 'assignRestartedPayment', params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: 'isGone',
                target: 'Starting payment',
                actions: 'forgetPaymentAttempt',
                description: 'That order ended meanwhile (timed out): the cart becomes a new order.',
              },
              {
                guard: 'isUnprocessable',
                target: 'Choosing payment.Payment refused',
                actions: { type: 'assignPaymentError', params: ({ event }) => errorOf(event) },
              },
              { guard: 'isUnauthorized', target: '#checkout.Session ended', description: 'The login expired before the open order was paid again (401).' },
              { target: 'Choosing payment.Payment could not start', actions: { type: 'assignPaymentError', params: ({ event }) => errorOf(event) } },
            ],
          },
        },
      },
    },

    'Session ended': {
      tags: 'step-signIn',
      meta: { route: null },
      description:
        "The shop answered 401 or 403 to the payment: the login expired. The shell logs the visitor out and shows the login page, saying the session ended (§8); the cart stays. This checkout ends here: after logging in, the cart's checkout starts anew.",
    },

    'At the payment provider': {
      tags: ['step-payment', 'busy'],
      meta: { route: null },
      description: 'The browser is at the provider page; the app keeps this journey in session storage until it comes back.',
      entry: { type: 'redirectToProvider', params: ({ context }) => context.providerUrl ?? '' },
      on: {
        PAYMENT_RETURNED: [
          { guard: 'wasAccepted', target: 'Payment accepted', actions: 'assignProviderReturn' },
          { guard: 'wasCancelled', target: 'Payment cancelled', actions: 'assignProviderReturn' },
          {
            target: 'Cart.Choosing payment.Payment not completed',
            actions: 'forgetProviderVisit',
            description: 'Failed: the order stays open for the retry (initPaymentOrder); only this visit of the provider is over.',
          },
        ],
        OPEN_CART: {
          target: 'Cart',
          actions: 'forgetProviderVisit',
          description:
            'Came back to the cart without paying (Back from the provider): the order stays open and holds its places (issue 41), so PAY pays it again or, for a changed cart, releases it first; a payment still made at the provider books it, not a second order.',
        },
      },
    },

    'Payment accepted': {
      tags: 'step-payment',
      meta: { route: 'checkoutAccepted' },
      description: 'Back from the provider with us and sessionUs: one step remains, the booking.',
      initial: 'Checking the return',
      states: {
        'Checking the return': {
          always: [
            { guard: 'returnDataMissing', target: '#checkout.Cart.Choosing payment.Payment not completed', actions: 'forgetProviderVisit' },
            { guard: 'confirmationRequired', target: 'Confirming order' },
            { target: 'Booking' },
          ],
        },
        'Confirming order': {
          description: 'Confirm payment is on (§9): the visitor confirms the order before it is booked.',
          on: { CONFIRM: 'Booking' },
        },
        Booking: {
          tags: 'busy',
          invoke: {
            id: 'execPayment',
            src: 'execPayment',
            input: ({ context }) => ({ cartId: context.cartId ?? '', us: context.us ?? '', sessionUs: context.sessionUs ?? '' }),
            onDone: {
              target: '#checkout.Booked',
              actions: [{ type: 'assignBooking', params: ({ event }) => event.output }, 'clearCart'],
              description: 'Booked: the cart is emptied (only here, not when a booked return URL is opened again).',
            },
            onError: [
              { guard: 'isGone', target: 'Cart gone', actions: 'forgetPaymentAttempt' },
              {
                guard: 'isRefunded',
                target: 'Payment refunded',
                actions: ['forgetPaymentAttempt', { type: 'assignRefund', params: ({ event }) => paymentRefundOf(errorOf(event)) }],
                description: '422 PAYMENT_REFUNDED (issue 41): the money came, but what it paid for was gone; it went back in full.',
              },
              { guard: 'isUnprocessable', target: 'Booking refused', actions: { type: 'assignPaymentError', params: ({ event }) => errorOf(event) } },
              { guard: 'isBadRequest', target: 'Booking request invalid', actions: { type: 'assignPaymentError', params: ({ event }) => errorOf(event) } },
              { target: 'Booking failed', actions: { type: 'assignPaymentError', params: ({ event }) => errorOf(event) } },
            ],
          },
        },
        'Booking refused': {
          description: 'execPayment answered 422 (not paid, sold out meanwhile …): its error is shown; the cart is kept.',
          on: { OPEN_CART: '#checkout.Cart' },
        },
        'Payment refunded': {
          description:
            'The payment arrived after the hold ran out and its places, stock or voucher value were taken, or the order had been cancelled: the full amount went back through the provider. The page says how much and why; the cart is kept for a new order.',
          on: { OPEN_CART: '#checkout.Cart' },
        },
        'Booking request invalid': {
          description: 'execPayment answered 400: its message is shown.',
          on: { OPEN_CART: '#checkout.Cart' },
        },
        'Booking failed': {
          description: 'No answer: the payment may have gone through, so asking again is safe (execPayment books once).',
          on: { RETRY: 'Booking' },
        },
        'Cart gone': {
          description: '410: this cart was paid already or has timed out; check your e-mail.',
          on: { OPEN_CART: '#checkout.Cart' },
        },
      },
    },

    Booked: {
      type: 'final',
      tags: 'step-complete',
      meta: { route: 'checkoutSuccess' },
      description: 'Booked: the success page shows the booking id. The journey ends here; the app does not bring it back into a new checkout.',
    },

    'Payment cancelled': {
      tags: 'step-payment',
      meta: { route: 'checkoutCanceled' },
      description:
        'Back from a cancelled payment (issue 22): the order stays open while the visitor decides. Keeping the cart pays the same order again (initPaymentOrder); clearing it ends the order (checkout/cancel, §4 "cancel clears cart id").',
      initial: 'Asking about the cart',
      on: { OPEN_CART: { target: 'Cart', description: 'Back to the cart, as with keeping it: the order stays open for the next PAY.' } },
      states: {
        'Asking about the cart': {
          description: 'Clear the cart, or return to it and keep every line.',
          on: {
            KEEP_CART: '#checkout.Cart',
            CLEAR_CART: 'Checking cart id',
          },
          ...withTheHold(['loading-hold']),
        },
        'Checking cart id': {
          always: [
            { guard: 'hasCartId', target: 'Cancelling' },
            { target: 'Cart cleared', actions: 'clearCart', description: 'No order is known (a tab that kept no journey and a return without cart id): only the cart is emptied.' },
          ],
        },
        Cancelling: {
          tags: 'busy',
          description: 'checkout/cancel ends the order; 410 means it had ended already. Then the cart is emptied.',
          invoke: {
            id: 'cancelPayment',
            src: 'cancelPayment',
            input: ({ context }) => ({ cartId: context.cartId ?? '' }),
            onDone: { target: 'Cart cleared', actions: ['forgetPaymentAttempt', 'clearCart'] },
            onError: { target: 'Cart cleared', actions: ['forgetPaymentAttempt', 'clearCart'] },
          },
        },
        'Cart cleared': { tags: 'step-cart' },
      },
    },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
