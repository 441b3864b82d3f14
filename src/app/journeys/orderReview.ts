/**
 * The order review journey (machines/orderReview.machine.ts): order-review/{id}, and with the
 * order's key (issue 42: ?key=…) its documents too. The order of the route and its key are the
 * journey's key: another order is a new actor.
 */
import { fromPromise } from 'xstate';
import { orderReviewMachine } from '../../../machines/orderReview.machine.js';
import type { Shell } from '../shell-context.js';
import { routeHref } from '../../domain/routes.js';
import type { Journey } from './host.js';

export const orderReviewJourney: Journey<typeof orderReviewMachine, Shell, 'orderReview'> = {
  name: 'orderReview',
  machine: ({ api }) =>
    orderReviewMachine.provide({ actors: { loadOrder: fromPromise(({ input, signal }) => api.getOrderReview(input.id, { key: input.key }, signal)) } }),
  input: (_, entry) => ({ orderId: entry.params.id, orderKey: entry.search.key ?? null }),
  key: (entry) => `${entry.params.id} ${entry.search.key ?? ''}`,
  event: () => null,
  href: (_route, snapshot, lang) => {
    const { orderId, orderKey } = snapshot.context;
    return routeHref(lang, 'orderReview', { id: orderId }, orderKey ? { key: orderKey } : {});
  },
};

/** What the router's registry loads (src/app/routes.ts). */
export default orderReviewJourney;
