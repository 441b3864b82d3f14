/**
 * Order review (§2 order-review/{id}, §4 available or not available, §8 406): an order by its
 * booking id, e.g. from the link on the checkout's success page; with the order's key (issue 42)
 * the answer carries its documents (PDF tickets, calendar entry, where the mail went).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OrderReview } from '../src/api/schemas/checkout.js';
import { notProvided, statusOf } from './support.js';
import type { PageMeta } from '../src/domain/routes.js';

export interface OrderReviewInput {
  /** the booking id of the route */
  orderId: string;
  /** the order's key of the route (issue 42: then the answer carries its documents); null without one */
  orderKey?: string | null;
}

export interface OrderReviewContext {
  orderId: string;
  orderKey: string | null;
  order: OrderReview | null;
}

export type OrderReviewEvent = { type: 'RETRY' };

export const orderReviewMachine = setup({
  types: {
    meta: {} as PageMeta,
    tags: {} as 'loading',
    context: {} as OrderReviewContext,
    events: {} as OrderReviewEvent,
    input: {} as OrderReviewInput,
  },
  actors: {
    loadOrder: fromPromise<OrderReview, { id: string; key: string | null }>(async () => notProvided('loadOrder')),
  },
  actions: {
    assignOrder: assign((_, order: OrderReview) => ({ order })),
  },
  guards: {
    isNotAvailable: ({ event }) => statusOf(event) === 406,
  },
}).createMachine({
  id: 'orderReview',
  description: 'An order by its booking id: available, or not available (406).',
  context: ({ input }) => ({ orderId: input.orderId, orderKey: input.orderKey ?? null, order: null }),
  initial: 'Loading order',
  meta: { route: 'orderReview' },
  states: {
    'Loading order': {
      tags: 'loading',
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ id: context.orderId, key: context.orderKey }),
        onDone: { target: 'Order available', actions: { type: 'assignOrder', params: ({ event }) => event.output } },
        onError: [{ guard: 'isNotAvailable', target: 'Order not available' }, { target: 'Order failed' }],
      },
    },
    'Order available': { description: 'The order with its lines and total; with its key, its documents, visits and vouchers.' },
    'Order not available': { description: '406: this order is not available.' },
    'Order failed': { description: 'No answer or another error: try again.', on: { RETRY: 'Loading order' } },
  },
});
