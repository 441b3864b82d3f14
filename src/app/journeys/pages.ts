/**
 * Journeys of one page each: a static page (machines/static-page.machine.ts, page/{id} and
 * page/shipping) and an order review (machines/orderReview.machine.ts, order-review/{id}). The
 * item of the route is the journey's key: another page or order is a new actor.
 */
import { fromPromise } from 'xstate';
import { staticPageMachine } from '../../../machines/static-page.machine.js';
import { orderReviewMachine } from '../../../machines/orderReview.machine.js';
import type { Shell } from '../shell-context.js';
import { routeHref } from '../../domain/routes.js';
import type { Journey, RouteEntry } from './host.js';

const pageIdOf = (entry: RouteEntry) => (entry.route === 'shippingInfo' ? 'shipping' : (entry.params.id ?? ''));

export const staticPageJourney: Journey<typeof staticPageMachine, Shell> = {
  name: 'static-page',
  machine: ({ api }) => staticPageMachine.provide({ actors: { loadStaticPage: fromPromise(({ input, signal }) => api.getStaticPage(input.id, signal)) } }),
  input: (_, entry) => ({ id: pageIdOf(entry) }),
  key: pageIdOf,
  event: () => null,
  href: (_route, snapshot, lang) => (snapshot.context.id === 'shipping' ? routeHref(lang, 'shippingInfo') : routeHref(lang, 'page', { id: snapshot.context.id })),
};

export const orderReviewJourney: Journey<typeof orderReviewMachine, Shell> = {
  name: 'orderReview',
  machine: ({ api }) => orderReviewMachine.provide({ actors: { loadOrder: fromPromise(({ input, signal }) => api.getOrderReview(input.id, signal)) } }),
  input: (_, entry) => ({ orderId: entry.params.id ?? '' }),
  key: (entry) => entry.params.id ?? '',
  event: () => null,
  href: (_route, snapshot, lang) => routeHref(lang, 'orderReview', { id: snapshot.context.orderId }),
};
