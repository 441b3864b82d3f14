/**
 * The order review journey (machines/orderReview.machine.ts): order-review/{id}. The order of the
 * route is the journey's key: another order is a new actor.
 */
import { fromPromise } from 'xstate';
import { orderReviewMachine } from '../../../machines/orderReview.machine.js';
import type { Shell } from '../shell-context.js';
import { routeHref } from '../../domain/routes.js';
import type { Journey } from './host.js';

export const orderReviewJourney: Journey<typeof orderReviewMachine, Shell, 'orderReview'> = {
  name: 'orderReview',
  machine: ({ api }) => orderReviewMachine.provide({ actors: { loadOrder: fromPromise(({ input, signal }) => api.getOrderReview(input.id, signal)) } }),
  input: (_, entry) => ({ orderId: entry.params.id }),
  key: (entry) => entry.params.id,
  event: () => null,
  href: (_route, snapshot, lang) => routeHref(lang, 'orderReview', { id: snapshot.context.orderId }),
};

/** What the router's registry loads (src/app/routes.ts). */
export default orderReviewJourney;
