/**
 * The "My orders" journey (machines/orders.machine.ts, issue 42) with the real services (src/api,
 * the token as `_`): the list (orders, which needs a login: the router sends a logged-out visitor
 * or a guest to login with returnTo) and an order's page (orders/{id}, with the key of the
 * confirmation mail's link: no login needed). One actor while the visitor moves between the two,
 * so the list is not loaded again on the way back from an order.
 */
import { fromPromise } from 'xstate';
import { ordersMachine } from '../../../machines/orders.machine.js';
import type { Shell } from '../shell-context.js';
import { routeHref } from '../../domain/routes.js';
import type { Journey, RouteEntry } from './host.js';

/** The order a route opens, with the key of its link (null: the list). */
const orderOf = (entry: RouteEntry<'orders'>) => (entry.route === 'order' ? { id: entry.params.id, key: entry.search.key ?? null } : null);

export const ordersJourney: Journey<typeof ordersMachine, Shell, 'orders'> = {
  name: 'orders',
  machine: ({ api }) =>
    ordersMachine.provide({
      actors: {
        listOrders: fromPromise(({ input, signal }) => api.listOrders(input.jwt ?? '', signal)),
        loadOrder: fromPromise(({ input, signal }) => api.getOrderReview(input.id, { key: input.key, token: input.jwt }, signal)),
        resendConfirmation: fromPromise(({ input, signal }) => api.resendConfirmation(input.id, { key: input.key, token: input.jwt }, signal)),
      },
    }),
  input: ({ actor: app }, entry) => {
    const { jwt, isGuest } = app.getSnapshot().context;
    // §6: a guest's token is no customer's: the mail's key opens the order
    return { jwt: isGuest ? null : jwt, order: orderOf(entry) };
  },
  event: (entry) => {
    const order = orderOf(entry);
    return order ? { type: 'OPEN_ORDER', ...order } : { type: 'BACK_TO_LIST' };
  },
  // the order's page keeps the key of the link it was opened with (the address stays as opened)
  href: (route, snapshot, lang) => {
    const open = snapshot.context.open;
    return route === 'order' && open ? routeHref(lang, 'order', { id: open.id }, open.key ? { key: open.key } : {}) : routeHref(lang, 'orders');
  },
};

/** What the router's registry loads (src/app/routes.ts). */
export default ordersJourney;
