/**
 * The checkout journey (spec §2 checkout routes and order review, §4 payment and checkout flow,
 * §6 who may pay how, §7 checkout calls, §8 payment errors, §9 payment constants).
 *
 * Entered at the route the visitor is on (input `entry`):
 * - checkout: upselling suggestions, then choosing a payment type (161 express by default, open
 *   without login; every other type needs a login or guest registration), wallets, direct debit
 *   with account holder and a checked IBAN, terms and privacy accepted; initPayment 422 shows its
 *   error in the cart, 200 sends the browser to the provider (after keeping the cart id).
 * - accepted (back from the provider): confirm the order (confirm-payment is on), then
 *   execPayment: booked (booking id, has_tickets; cart cleared), refused (422 body error), invalid
 *   (400 body message), gone (410: paid already or timed out), or no answer (retry).
 * - canceled: calls cancel (which ends the cart id) and asks whether to clear the cart or keep it.
 * - failed: the checkout with 'payment not completed, try again'.
 * - success: the finished booking; orderReview: an order by id (406: not available).
 *
 * Nothing lost, nothing twice: the cart lines live in the cart actor (session storage), the cart
 * id and the finished booking for that cart id in session storage through named actions. A
 * finished confirmation is never sent again (reload of /checkout/accepted, back and forward):
 * `bookingAlreadyFinished` goes straight to the booked state; execPayment itself is idempotent.
 *
 * Services are `fromPromise` actors that throw "not provided" until the app
 * (src/app/screens/checkout/provide.ts) or a test provides them; storage, navigation and the
 * provider redirect are named actions the app provides.
 */
import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { CartItem } from '../src/domain/cart-payload.js';
import { toCartPayload, type CartLine, type MerchandiseLine } from '../src/domain/cart-lines.js';
import {
  DIRECT_DEBIT_PAYARTS,
  PAYART_EXPRESS,
  directDebitFieldErrors,
  type ExecPaymentResult,
  type OrderReview,
  type PaymentAux,
  type Suggestion,
} from '../src/api/schemas/checkout.js';
import type { PaymentType } from '../src/api/schemas/config.js';
import type { cartMachine } from './cart.machine.js';
import { asErrorLike, notProvided, statusOf, type ErrorLike } from './support.js';

export type CartRef = ActorRefFrom<typeof cartMachine>;
export type CheckoutEntry = 'checkout' | 'accepted' | 'canceled' | 'failed' | 'success' | 'orderReview';
export type Wallet = 'APPLEPAY' | 'GOOGLEPAY';

/** What is kept in session storage once execPayment has answered for a cart id. */
export interface FinishedBooking extends ExecPaymentResult {
  cartId: string;
}

/** The query the provider appends to the return URL (src/server/provider.ts). */
export interface ProviderReturn {
  us: string | null;
  sessionUs: string | null;
  cartId: string | null;
}

export interface CheckoutInput {
  entry: CheckoutEntry;
  cart?: CartRef | null;
  /** the session token; null for an anonymous visitor */
  jwt?: string | null;
  paymentTypes?: readonly PaymentType[];
  defaultPaymentType?: number;
  /** §9 confirm payment on checkout: on */
  confirmPayment?: boolean;
  partner?: string | null;
  /** accepted/canceled/failed: the query the provider sent the browser back with */
  providerReturn?: ProviderReturn;
  /** the cart id kept in session storage before leaving for the provider */
  storedCartId?: string | null;
  /** the booking kept in session storage after the last successful execPayment */
  finishedBooking?: FinishedBooking | null;
  /** orderReview: the booking id of the route */
  orderId?: string | null;
}

export interface CheckoutContext {
  entry: CheckoutEntry;
  cart: CartRef | null;
  jwt: string | null;
  paymentTypes: readonly PaymentType[];
  payart: number;
  wallet: Wallet | null;
  accountHolder: string;
  iban: string;
  termsAccepted: boolean;
  privacyAccepted: boolean;
  confirmPayment: boolean;
  partner: string | null;
  fieldErrors: Record<string, string[]>;
  rejectedSubmits: number;
  /** the last error answer of initPayment or execPayment (code, message, fields) */
  paymentError: ErrorLike | null;
  suggestions: Suggestion[];
  us: string | null;
  sessionUs: string | null;
  cartId: string | null;
  booking: FinishedBooking | null;
  orderId: string;
  order: OrderReview | null;
}

export type CheckoutEvent =
  | { type: 'SELECT_PAYMENT'; payart: number }
  | { type: 'SELECT_WALLET'; wallet: Wallet | null }
  | { type: 'SET_ACCOUNT_HOLDER'; value: string }
  | { type: 'SET_IBAN'; value: string }
  | { type: 'SET_TERMS'; accepted: boolean }
  | { type: 'SET_PRIVACY'; accepted: boolean }
  | { type: 'ADD_SUGGESTION'; id: number }
  | { type: 'PAY' }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' }
  | { type: 'KEEP_CART' }
  | { type: 'CLEAR_CART' };

export interface InitPaymentParams {
  payart: number;
  aux: PaymentAux;
  items: CartItem[];
  token: string | null;
}
/** initPayment answers the provider URL; the app reads the cart id it carries. */
export interface StartedPayment {
  url: string;
  cartId: string | null;
}
export interface ExecPaymentParams {
  cartId: string;
  us: string;
  sessionUs: string;
}

export type CheckoutRoute = 'checkout' | 'checkoutSuccess' | 'home';
export type ProgressStep = 'cart' | 'signIn' | 'payment' | 'complete';
export const PROGRESS_STEPS: readonly ProgressStep[] = ['cart', 'signIn', 'payment', 'complete'];


/** §9: the configured default if offered, else 161 if offered, else the first offered type. */
export function defaultPayart(types: readonly PaymentType[], preferred: number | undefined): number {
  const ids = types.map((t) => t.payartId);
  if (preferred !== undefined && ids.includes(preferred)) return preferred;
  if (ids.includes(PAYART_EXPRESS) || ids.length === 0) return PAYART_EXPRESS;
  return ids[0] ?? PAYART_EXPRESS;
}

export const isDirectDebit = (payart: number) => DIRECT_DEBIT_PAYARTS.includes(payart);
export const needsLoginFor = (payart: number) => payart !== PAYART_EXPRESS;

export function cartLinesOf(context: Pick<CheckoutContext, 'cart'>): readonly CartLine[] {
  return context.cart?.getSnapshot().context.lines ?? [];
}

export function auxOf(context: CheckoutContext): PaymentAux {
  const aux: PaymentAux = {};
  if (isDirectDebit(context.payart)) {
    aux.Accountholder = context.accountHolder.trim();
    aux.IBAN = context.iban;
  }
  if (context.payart === PAYART_EXPRESS && context.wallet) aux.wallet = context.wallet;
  if (context.partner) aux.partner = context.partner;
  return aux;
}

/** §5 and §8: terms and privacy accepted; direct debit with holder and a valid IBAN. */
export function paymentDetailErrors(context: CheckoutContext): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const dd = directDebitFieldErrors(context.payart, auxOf(context));
  if (dd['aux.Accountholder']) errors.accountHolder = ['checkout.accountHolderMissing'];
  if (dd['aux.IBAN']) errors.iban = ['checkout.ibanInvalid'];
  if (!context.termsAccepted) errors.terms = ['checkout.acceptTerms'];
  if (!context.privacyAccepted) errors.privacy = ['checkout.acceptPrivacy'];
  return errors;
}

/** The cart line a suggestion becomes when the visitor adds it (one piece). */
export function suggestionLine(s: Suggestion): MerchandiseLine {
  return { type: 'merchandise', id: s.id, name: s.name, price: s.price, totalPrice: s.price, count: 1, vat_value: s.vat_value };
}


export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    loadSuggestions: fromPromise<Suggestion[], { items: CartItem[] }>(async () => notProvided('loadSuggestions')),
    initPayment: fromPromise<StartedPayment, InitPaymentParams>(async () => notProvided('initPayment')),
    execPayment: fromPromise<ExecPaymentResult, ExecPaymentParams>(async () => notProvided('execPayment')),
    cancelPayment: fromPromise<true, { cartId: string }>(async () => notProvided('cancelPayment')),
    loadOrder: fromPromise<OrderReview, { id: string }>(async () => notProvided('loadOrder')),
  },
  actions: {
    assignPayart: assign(({ context, event }) => {
      if (event.type !== 'SELECT_PAYMENT') return {};
      const { accountHolder: _a, iban: _i, ...fieldErrors } = context.fieldErrors;
      return { payart: event.payart, fieldErrors };
    }),
    assignWallet: assign(({ event }) => (event.type === 'SELECT_WALLET' ? { wallet: event.wallet } : {})),
    assignAccountHolder: assign(({ context, event }) => {
      if (event.type !== 'SET_ACCOUNT_HOLDER') return {};
      const { accountHolder: _cleared, ...fieldErrors } = context.fieldErrors;
      return { accountHolder: event.value, fieldErrors };
    }),
    assignIban: assign(({ context, event }) => {
      if (event.type !== 'SET_IBAN') return {};
      const { iban: _cleared, ...fieldErrors } = context.fieldErrors;
      return { iban: event.value, fieldErrors };
    }),
    assignTerms: assign(({ context, event }) => {
      if (event.type !== 'SET_TERMS') return {};
      const { terms: _cleared, ...fieldErrors } = context.fieldErrors;
      return { termsAccepted: event.accepted, fieldErrors };
    }),
    assignPrivacy: assign(({ context, event }) => {
      if (event.type !== 'SET_PRIVACY') return {};
      const { privacy: _cleared, ...fieldErrors } = context.fieldErrors;
      return { privacyAccepted: event.accepted, fieldErrors };
    }),
    assignSuggestions: assign((_, suggestions: Suggestion[]) => ({ suggestions })),
    addSuggestionToCart: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'ADD_SUGGESTION') return;
      const suggestion = context.suggestions.find((s) => s.id === event.id);
      if (!suggestion) return;
      if (context.cart) enqueue.sendTo(context.cart, { type: 'ADD', lines: [suggestionLine(suggestion)] });
      enqueue.assign({ suggestions: context.suggestions.filter((s) => s.id !== event.id) });
    }),
    rejectPaymentDetails: assign(({ context }) => ({ fieldErrors: paymentDetailErrors(context), rejectedSubmits: context.rejectedSubmits + 1 })),
    clearPaymentErrors: assign({ fieldErrors: {}, paymentError: null }),
    assignPaymentError: assign(({ context }, error: ErrorLike) => ({ paymentError: error, rejectedSubmits: context.rejectedSubmits + 1 })),
    assignStartedCartId: assign((_, started: StartedPayment) => ({ cartId: started.cartId })),
    assignBooking: assign(({ context }, result: ExecPaymentResult) => ({ booking: { ...result, cartId: context.cartId ?? '' } })),
    assignOrder: assign((_, order: OrderReview) => ({ order })),
    forgetCartId: assign({ cartId: null }),
    /** Empties the cart actor (which removes the saved cart). */
    clearCart: enqueueActions(({ context, enqueue }) => {
      if (context.cart) enqueue.sendTo(context.cart, { type: 'CLEAR' });
    }),
    // Side effects the app provides (session storage, router, window.location):
    storeCartId: (_, _cartId: string | null) => notProvided('storeCartId'),
    storeFinishedBooking: (_, _booking: FinishedBooking) => notProvided('storeFinishedBooking'),
    redirectToProvider: (_, _url: string) => notProvided('redirectToProvider'),
    navigateTo: (_, _route: CheckoutRoute) => notProvided('navigateTo'),
  },
  guards: {
    entersAccepted: ({ context }) => context.entry === 'accepted',
    entersCanceled: ({ context }) => context.entry === 'canceled',
    entersFailed: ({ context }) => context.entry === 'failed',
    entersSuccess: ({ context }) => context.entry === 'success',
    entersOrderReview: ({ context }) => context.entry === 'orderReview',
    cartIsEmpty: ({ context }) => cartLinesOf(context).length === 0,
    needsLogin: ({ context }) => needsLoginFor(context.payart) && context.jwt === null,
    paymentDetailsIncomplete: ({ context }) => Object.keys(paymentDetailErrors(context)).length > 0,
    isExpressPayment: ({ event }) => event.type === 'SELECT_PAYMENT' && !needsLoginFor(event.payart),
    bookingAlreadyFinished: ({ context }) => context.booking !== null && context.booking.cartId === context.cartId,
    returnDataMissing: ({ context }) => !context.us || !context.sessionUs || !context.cartId,
    confirmationRequired: ({ context }) => context.confirmPayment,
    hasCartId: ({ context }) => context.cartId !== null,
    hasBooking: ({ context }) => context.booking !== null,
    isUnprocessable: ({ event }) => statusOf(event) === 422,
    isBadRequest: ({ event }) => statusOf(event) === 400,
    isUnauthorized: ({ event }) => [401, 403].includes(statusOf(event)),
    isGone: ({ event }) => statusOf(event) === 410,
    isNotAvailable: ({ event }) => statusOf(event) === 406,
  },
}).createMachine({
  id: 'checkout',
  description: 'From the cart through login and payment to the booking, whatever the provider answers (§4).',
  context: ({ input }) => {
    const paymentTypes = input.paymentTypes ?? [];
    const fromUrl = input.providerReturn ?? { us: null, sessionUs: null, cartId: null };
    return {
      entry: input.entry,
      cart: input.cart ?? null,
      jwt: input.jwt ?? null,
      paymentTypes,
      payart: defaultPayart(paymentTypes, input.defaultPaymentType),
      wallet: null,
      accountHolder: '',
      iban: '',
      termsAccepted: false,
      privacyAccepted: false,
      confirmPayment: input.confirmPayment ?? true,
      partner: input.partner ?? null,
      fieldErrors: {},
      rejectedSubmits: 0,
      paymentError: null,
      suggestions: [],
      us: fromUrl.us,
      sessionUs: fromUrl.sessionUs,
      // the cart id kept before leaving wins; the provider's query is the fallback
      cartId: input.storedCartId ?? fromUrl.cartId,
      booking: input.finishedBooking ?? null,
      orderId: input.orderId ?? '',
      order: null,
    };
  },
  initial: 'Opening',
  states: {
    Opening: {
      description: 'Goes to the step of the route the visitor is on.',
      always: [
        { guard: 'entersAccepted', target: 'Payment accepted' },
        { guard: 'entersCanceled', target: 'Payment cancelled' },
        { guard: 'entersFailed', target: 'Choosing payment.Payment not completed', actions: [{ type: 'storeCartId', params: null }, 'forgetCartId'] },
        { guard: 'entersSuccess', target: 'Success' },
        { guard: 'entersOrderReview', target: 'Order review' },
        { guard: 'cartIsEmpty', target: 'Choosing payment' },
        { target: 'Loading suggestions' },
      ],
    },

    'Loading suggestions': {
      tags: ['step-cart', 'loading'],
      description: 'Upselling suggestions for the cart (checkout/suggest); the checkout works without them.',
      invoke: {
        src: 'loadSuggestions',
        input: ({ context }) => ({ items: toCartPayload(cartLinesOf(context)).items }),
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
        SET_ACCOUNT_HOLDER: { actions: 'assignAccountHolder' },
        SET_IBAN: { actions: 'assignIban' },
        SET_TERMS: { actions: 'assignTerms' },
        SET_PRIVACY: { actions: 'assignPrivacy' },
        ADD_SUGGESTION: { actions: 'addSuggestionToCart' },
        PAY: [
          { guard: 'cartIsEmpty', target: '.Cart is empty' },
          { guard: 'needsLogin', target: '.Login required', description: "'You have to login before proceeding to payment' (§6)." },
          { guard: 'paymentDetailsIncomplete', target: '.Details missing', actions: 'rejectPaymentDetails' },
          { target: 'Starting payment', actions: 'clearPaymentErrors' },
        ],
      },
      states: {
        Editing: { tags: 'step-cart' },
        'Payment not completed': {
          tags: 'step-payment',
          description: "Back from a failed payment: 'payment not completed, try again'; the cart is untouched.",
        },
        'Cart is empty': { tags: 'step-cart' },
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

    'Starting payment': {
      tags: ['step-payment', 'busy'],
      invoke: {
        src: 'initPayment',
        input: ({ context }) => ({
          payart: context.payart,
          aux: auxOf(context),
          items: toCartPayload(cartLinesOf(context)).items,
          token: context.jwt,
        }),
        onDone: {
          target: 'Leaving for the payment provider',
          actions: [
            { type: 'assignStartedCartId', params: ({ event }) => event.output },
            { type: 'storeCartId', params: ({ event }) => event.output.cartId },
            { type: 'redirectToProvider', params: ({ event }) => event.output.url },
          ],
        },
        onError: [
          {
            guard: 'isUnprocessable',
            target: 'Choosing payment.Payment refused',
            actions: { type: 'assignPaymentError', params: ({ event }) => asErrorLike(event.error) },
          },
          {
            guard: 'isUnauthorized',
            target: 'Choosing payment.Login required',
            description: 'The session expired: the shell sends the visitor to login, which brings them back here.',
          },
          { target: 'Choosing payment.Payment could not start', actions: { type: 'assignPaymentError', params: ({ event }) => asErrorLike(event.error) } },
        ],
      },
    },

    'Leaving for the payment provider': {
      tags: ['step-payment', 'busy'],
      description: 'The cart id is kept; the browser is on its way to the provider page.',
    },

    'Payment accepted': {
      tags: 'step-payment',
      description: 'Back from the provider with us and sessionUs.',
      always: [
        { guard: 'bookingAlreadyFinished', target: 'Booked', description: 'Reload or back/forward after the booking: never sent twice.' },
        { guard: 'returnDataMissing', target: 'Choosing payment.Payment not completed' },
        { guard: 'confirmationRequired', target: 'Confirming order' },
        { target: 'Booking' },
      ],
    },

    'Confirming order': {
      tags: 'step-payment',
      description: 'Confirm payment is on (§9): the visitor confirms the order before it is booked.',
      on: { CONFIRM: 'Booking' },
    },

    Booking: {
      tags: ['step-payment', 'busy'],
      invoke: {
        src: 'execPayment',
        input: ({ context }) => ({ cartId: context.cartId ?? '', us: context.us ?? '', sessionUs: context.sessionUs ?? '' }),
        onDone: {
          target: 'Booked',
          actions: [
            { type: 'assignBooking', params: ({ event }) => event.output },
            { type: 'storeFinishedBooking', params: ({ context, event }) => ({ ...event.output, cartId: context.cartId ?? '' }) },
          ],
        },
        onError: [
          { guard: 'isGone', target: 'Cart gone', actions: [{ type: 'storeCartId', params: null }, 'forgetCartId'] },
          { guard: 'isUnprocessable', target: 'Booking refused', actions: { type: 'assignPaymentError', params: ({ event }) => asErrorLike(event.error) } },
          { guard: 'isBadRequest', target: 'Booking request invalid', actions: { type: 'assignPaymentError', params: ({ event }) => asErrorLike(event.error) } },
          { target: 'Booking failed', actions: { type: 'assignPaymentError', params: ({ event }) => asErrorLike(event.error) } },
        ],
      },
    },

    Booked: {
      type: 'final',
      tags: 'step-complete',
      description: 'Booked: the cart is emptied, the cart id forgotten, and the success page shows the booking id.',
      entry: ['clearCart', { type: 'storeCartId', params: null }, { type: 'navigateTo', params: 'checkoutSuccess' }],
    },
    'Booking refused': {
      tags: 'step-payment',
      description: 'execPayment answered 422 (not paid, sold out meanwhile …): its error is shown; the cart is kept.',
    },
    'Booking request invalid': {
      tags: 'step-payment',
      description: 'execPayment answered 400: its message is shown.',
    },
    'Booking failed': {
      tags: 'step-payment',
      description: 'No answer: the payment may have gone through, so asking again is safe (execPayment books once).',
      on: { RETRY: 'Booking' },
    },
    'Cart gone': {
      tags: 'step-payment',
      description: '410: this cart was paid already or has timed out; check your e-mail.',
    },

    'Payment cancelled': {
      tags: 'step-payment',
      initial: 'Checking cart id',
      states: {
        'Checking cart id': {
          always: [{ guard: 'hasCartId', target: 'Cancelling' }, { target: '#checkout.Asking about the cart' }],
        },
        Cancelling: {
          tags: 'busy',
          description: 'checkout/cancel ends the payment attempt; 410 means it had ended already.',
          invoke: {
            src: 'cancelPayment',
            input: ({ context }) => ({ cartId: context.cartId ?? '' }),
            onDone: { target: '#checkout.Asking about the cart', actions: [{ type: 'storeCartId', params: null }, 'forgetCartId'] },
            onError: { target: '#checkout.Asking about the cart', actions: [{ type: 'storeCartId', params: null }, 'forgetCartId'] },
          },
        },
      },
    },
    'Asking about the cart': {
      tags: 'step-payment',
      description: 'Clear the cart, or return to it and keep every line.',
      on: {
        KEEP_CART: { target: 'Cart kept', actions: { type: 'navigateTo', params: 'checkout' } },
        CLEAR_CART: { target: 'Cart cleared', actions: 'clearCart' },
      },
    },
    'Cart kept': { type: 'final', tags: 'step-cart' },
    'Cart cleared': { type: 'final', tags: 'step-cart' },

    Success: {
      always: [{ guard: 'hasBooking', target: 'Showing booking' }, { target: 'No booking' }],
    },
    'Showing booking': { tags: 'step-complete', description: 'The booking id and whether tickets come by e-mail.' },
    'No booking': { description: 'Nothing was booked in this browser session.' },

    'Order review': {
      initial: 'Loading order',
      states: {
        'Loading order': {
          tags: 'loading',
          invoke: {
            src: 'loadOrder',
            input: ({ context }) => ({ id: context.orderId }),
            onDone: { target: 'Order available', actions: { type: 'assignOrder', params: ({ event }) => event.output } },
            onError: [{ guard: 'isNotAvailable', target: 'Order not available' }, { target: 'Order failed' }],
          },
        },
        'Order available': {},
        'Order not available': { description: '406: this order is not available.' },
        'Order failed': { on: { RETRY: 'Loading order' } },
      },
    },
  },
});

export type CheckoutMachine = typeof checkoutMachine;

/** The progress bar step of a snapshot (§2: cart, sign in, payment, complete). */
export function progressStep(snapshot: { hasTag: (tag: string) => boolean }): ProgressStep | null {
  for (const step of PROGRESS_STEPS) if (snapshot.hasTag(`step-${step}`)) return step;
  return null;
}
