/**
 * Order review (§2 order-review/{id}, §4 available or not available, §8 406): an order by its
 * booking id, e.g. from the link on the checkout's success page.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OrderReview } from '../src/api/schemas/checkout.js';
import { notProvided, statusOf } from './support.js';
import type { PageMeta } from '../src/domain/routes.js';

export interface OrderReviewInput {
  /** the booking id of the route */
  orderId: string;
}

export interface OrderReviewContext {
  orderId: string;
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
    loadOrder: fromPromise<OrderReview, { id: string }>(async () => notProvided('loadOrder')),
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
  context: ({ input }) => ({ orderId: input.orderId, order: null }),
  initial: 'Loading order',
  meta: { route: 'orderReview' },
  states: {
    'Loading order': {
      tags: 'loading',
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ id: context.orderId }),
        onDone: { target: 'Order available', actions: { type: 'assignOrder', params: ({ event }) => event.output } },
        onError: [{ guard: 'isNotAvailable', target: 'Order not available' }, { target: 'Order failed' }],
      },
    },
    'Order available': { description: 'The order with its lines and total.' },
    'Order not available': { description: '406: this order is not available.' },
    'Order failed': { description: 'No answer or another error: try again.', on: { RETRY: 'Loading order' } },
  },
});
