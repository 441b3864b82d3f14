/**
 * "My orders" (issue 42): a logged-in customer's orders, newest first, and one order's page with
 * its tickets (PDF), gift vouchers, calendar entries and "send the confirmation again". The
 * confirmation mail links to the order's page with the order's key, so an anonymous buyer reaches
 * it too (orders/{id}?key=…); the list needs a login.
 *
 *   Order list: Loading orders ─▶ Showing orders | No orders yet | Orders failed (RETRY)
 *        │ OPEN_ORDER ▲ BACK_TO_LIST
 *        ▼            │
 *   Order page: Loading order ─▶ Showing order | Order not found (406) | Order failed (RETRY)
 *     Showing order: Not sent again ── RESEND ──▶ Sending confirmation ─▶ Confirmation sent
 *                                                 ├▶ Too soon to send again (429; offered again after the wait)
 *                                                 ├▶ No address to send to (422 ORDER_NO_ADDRESS)
 *                                                 └▶ Sending failed (RESEND again)
 *   401/403 on a call ──▶ Login needed (the shell's 401 policy goes to login with returnTo: back here after it)
 *
 * Services throw "not provided" until src/app/journeys/orders.ts or a test provides them.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { OrderReview } from '../src/api/schemas/checkout.js';
import type { OrderSummary, ResendResult } from '../src/api/schemas/orders.js';
import { offersResend, orderKeyOf, resendWaitSeconds } from '../src/domain/orders.js';
import { errorOf, failureOf, notProvided } from './support.js';
import type { PageMeta } from '../src/domain/routes.js';

/** The order a route opens: its booking id, and the key of the mail's link (null without one). */
export interface OrderToOpen {
  id: string;
  key: string | null;
}

export interface OrdersInput {
  /** the session token; null for a visitor who is not logged in (the mail's link with its key) */
  jwt: string | null;
  /** open this order's page at once (orders/{id}); null or absent: the list */
  order?: OrderToOpen | null;
}

export interface OrdersContext {
  jwt: string | null;
  /** the customer's orders as last loaded (null: not loaded yet) */
  orders: OrderSummary[] | null;
  /** the order of the order page (null at the list) */
  open: OrderToOpen | null;
  order: OrderReview | null;
  /** where the confirmation was sent again (masked), once it was */
  resentTo: string | null;
  /** the seconds the server asked to wait after "too soon" */
  resendWait: number;
}

export type OrdersEvent = { type: 'OPEN_ORDER'; id: string; key: string | null } | { type: 'BACK_TO_LIST' } | { type: 'RETRY' } | { type: 'RESEND' };

/** Who asks for an order: its key, else the owner's token (src/api/orders.ts chooses). */
export interface OrderRequest {
  id: string;
  key: string | null;
  jwt: string | null;
}

const orders = setup({
  types: {
    meta: {} as PageMeta,
    tags: {} as 'loading' | 'busy',
    context: {} as OrdersContext,
    events: {} as OrdersEvent,
    input: {} as OrdersInput,
  },
  actors: {
    /** GET orders?_=token */
    listOrders: fromPromise<OrderSummary[], { jwt: string | null }>(async () => notProvided('listOrders')),
    /** GET order/review?id&key (or the owner's token) */
    loadOrder: fromPromise<OrderReview, OrderRequest>(async () => notProvided('loadOrder')),
    /** POST order/resend?id&key (or the owner's token) */
    resendConfirmation: fromPromise<ResendResult, OrderRequest>(async () => notProvided('resendConfirmation')),
  },
  actions: {
    assignOrders: assign((_, list: OrderSummary[]) => ({ orders: list })),
    assignOrderToOpen: assign(({ event }) => {
      assertEvent(event, 'OPEN_ORDER');
      return { open: { id: event.id, key: event.key }, order: null, resentTo: null };
    }),
    assignOrder: assign((_, order: OrderReview) => ({ order })),
    forgetOrder: assign({ open: null, order: null, resentTo: null }),
    assignResentTo: assign((_, result: ResendResult) => ({ resentTo: result.mail_to })),
    assignResendWait: assign((_, seconds: number) => ({ resendWait: seconds })),
  },
  guards: {
    opensAnOrder: ({ context }) => context.open !== null,
    hasOrders: ({ context }) => (context.orders?.length ?? 0) > 0,
    answeredNoOrders: (_, list: OrderSummary[]) => list.length === 0,
    canResend: ({ context }) => offersResend(context.order),
    isUnauthorized: ({ event }) => [401, 403].includes(failureOf(event).status),
    isNotAvailable: ({ event }) => failureOf(event).status === 406,
    isTooSoon: ({ event }) => failureOf(event).status === 429,
    hasNoAddress: ({ event }) => failureOf(event).status === 422,
  },
  delays: {
    /** after "too soon", the wait the server named */
    resendAllowed: ({ context }) => context.resendWait * 1000,
  },
});

const requestOf = (context: OrdersContext): OrderRequest => ({
  id: context.open?.id ?? '',
  key: orderKeyOf(context.order, context.open?.key ?? null),
  jwt: context.jwt,
});

export const ordersMachine = orders.createMachine({
  id: 'orders',
  description: 'My orders: the list of a logged-in customer, and one order with its tickets, calendar entries and confirmation (issue 42).',
  context: ({ input }) => ({
    jwt: input.jwt,
    orders: null,
    open: input.order ?? null,
    order: null,
    resentTo: null,
    resendWait: 0,
  }),
  initial: 'Starting',
  states: {
    Starting: {
      description: 'The route says which page: an order (orders/{id}) or the list.',
      always: [{ guard: 'opensAnOrder', target: 'Order page' }, { target: 'Order list' }],
    },
    'Order list': {
      meta: { route: 'orders' },
      initial: 'Checking list',
      on: {
        OPEN_ORDER: { target: 'Order page', actions: 'assignOrderToOpen' },
      },
      states: {
        'Checking list': {
          description: 'Back from an order the list is shown as loaded.',
          always: [{ guard: 'hasOrders', target: 'Showing orders' }, { target: 'Loading orders' }],
        },
        'Loading orders': {
          tags: 'loading',
          description: 'GET orders with the token as `_`.',
          invoke: {
            id: 'listOrders',
            src: 'listOrders',
            input: ({ context }) => ({ jwt: context.jwt }),
            onDone: [
              {
                guard: { type: 'answeredNoOrders', params: ({ event }) => event.output },
                target: 'No orders yet',
                actions: { type: 'assignOrders', params: ({ event }) => event.output },
              },
              { target: 'Showing orders', actions: { type: 'assignOrders', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: 'isUnauthorized', target: '#orders.Login needed', description: 'The token is no longer valid: the shell goes to login.' },
              { target: 'Orders failed' },
            ],
          },
        },
        'Showing orders': { description: 'Each order with its date, booking id, lines and amount; its page, PDF tickets and calendar entry.' },
        'No orders yet': { description: 'The customer has not ordered anything yet: a way to the shop.' },
        'Orders failed': { description: 'No answer or another error: try again.', on: { RETRY: 'Loading orders' } },
      },
    },
    'Order page': {
      meta: { route: 'order' },
      initial: 'Loading order',
      on: {
        BACK_TO_LIST: { target: 'Order list', actions: 'forgetOrder' },
        OPEN_ORDER: { target: 'Order page', reenter: true, actions: 'assignOrderToOpen' },
      },
      states: {
        'Loading order': {
          tags: 'loading',
          description: "GET order/review with the link's key, else the owner's token.",
          invoke: {
            id: 'loadOrder',
            src: 'loadOrder',
            input: ({ context }) => requestOf(context),
            onDone: { target: 'Showing order', actions: { type: 'assignOrder', params: ({ event }) => event.output } },
            onError: [
              { guard: 'isNotAvailable', target: 'Order not found', description: '406 ORDER_NOT_AVAILABLE: no such order (or not for this key).' },
              { guard: 'isUnauthorized', target: '#orders.Login needed' },
              { target: 'Order failed' },
            ],
          },
        },
        'Order not found': { description: '406: this order cannot be shown; a way back to the shop.' },
        'Order failed': { description: 'No answer or another error: try again.', on: { RETRY: 'Loading order' } },
        'Showing order': {
          description: 'Lines, amount, visits, bought vouchers and, where the back end delivers them, the PDF, the calendar entry and where the mail went.',
          initial: 'Not sent again',
          states: {
            'Not sent again': {
              on: { RESEND: { guard: 'canResend', target: 'Sending confirmation' } },
            },
            'Sending confirmation': {
              tags: 'busy',
              description: 'POST order/resend with the key (or the owner\'s token).',
              invoke: {
                id: 'resendConfirmation',
                src: 'resendConfirmation',
                input: ({ context }) => requestOf(context),
                onDone: { target: 'Confirmation sent', actions: { type: 'assignResentTo', params: ({ event }) => event.output } },
                onError: [
                  {
                    guard: 'isTooSoon',
                    target: 'Too soon to send again',
                    description: '429 ORDER_RESEND_TOO_SOON: the page says how long to wait.',
                    actions: { type: 'assignResendWait', params: ({ event }) => resendWaitSeconds(errorOf(event).details) },
                  },
                  { guard: 'hasNoAddress', target: 'No address to send to', description: '422 ORDER_NO_ADDRESS: the order has no address to write to.' },
                  { guard: 'isUnauthorized', target: '#orders.Login needed' },
                  { target: 'Sending failed' },
                ],
              },
            },
            'Confirmation sent': {
              description: 'On its way again, to the masked address the server answered.',
              on: { RESEND: 'Sending confirmation' },
            },
            'Too soon to send again': {
              description: 'Sent less than a minute ago: "send again" comes back after the wait the server named.',
              after: { resendAllowed: 'Not sent again' },
            },
            'No address to send to': { description: 'Nothing to send again: the page says so.' },
            'Sending failed': {
              description: 'No answer or another error: the button tries again.',
              on: { RESEND: 'Sending confirmation' },
            },
          },
        },
      },
    },
    'Login needed': {
      type: 'final',
      description: 'The token expired or was revoked: the shell sends the visitor to login with returnTo; this page comes back after login.',
    },
  },
});

export type OrdersMachine = typeof ordersMachine;
