/**
 * The static page journey (machines/static-page.machine.ts): page/{id} and page/shipping. The
 * page of the route is the journey's key: another page is a new actor.
 */
import { fromPromise } from 'xstate';
import { staticPageMachine } from '../../../machines/static-page.machine.js';
import type { Shell } from '../shell-context.js';
import { routeHref } from '../../domain/routes.js';
import type { Journey, RouteEntry } from './host.js';

const pageIdOf = (entry: RouteEntry<'static-page'>) => (entry.route === 'shippingInfo' ? 'shipping' : entry.params.id);

export const staticPageJourney: Journey<typeof staticPageMachine, Shell, 'static-page'> = {
  name: 'static-page',
  machine: ({ api }) => staticPageMachine.provide({ actors: { loadStaticPage: fromPromise(({ input, signal }) => api.getStaticPage(input.id, signal)) } }),
  input: (_, entry) => ({ id: pageIdOf(entry) }),
  key: pageIdOf,
  event: () => null,
  href: (_route, snapshot, lang) => (snapshot.context.id === 'shipping' ? routeHref(lang, 'shippingInfo') : routeHref(lang, 'page', { id: snapshot.context.id })),
};

/** What the router's registry loads (src/app/routes.ts). */
export default staticPageJourney;
