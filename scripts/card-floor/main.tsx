/**
 * The design card's floor (issue 25): the smallest app that uses every package the card names, as
 * any app of the card would — React 19 and react-dom rendering into the page, a TanStack Router with
 * a root and two routes and a link, an XState 5 machine that fetches with ofetch and checks the
 * answer with valibot, run by @xstate/react, and react-intl formatting a message and a price.
 * build.mjs bundles it with the shop's own esbuild options (minified, the precompiled messages and
 * their parser-less runtime) and records its brotli size beside the home page's: what the home page
 * loads beyond this is the shop's own code.
 */
import { createRootRoute, createRoute, createRouter, Link, Outlet, RouterProvider } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { ofetch } from 'ofetch';
import { createRoot } from 'react-dom/client';
import { FormattedMessage, FormattedNumber, IntlProvider } from 'react-intl';
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';

const Event = v.object({ id: v.number(), name: v.string(), price: v.number() });

const eventMachine = setup({
  types: { context: {} as { events: v.InferOutput<typeof Event>[] } },
  actors: { loadEvents: fromPromise(async () => v.parse(v.array(Event), await ofetch('/api/events'))) },
}).createMachine({
  context: { events: [] },
  initial: 'loading',
  states: {
    loading: { invoke: { src: 'loadEvents', onDone: { target: 'ready', actions: assign({ events: ({ event }) => event.output }) }, onError: 'failed' } },
    ready: {},
    failed: { on: { RETRY: 'loading' } },
  },
});

function Events() {
  const [snapshot, send] = useMachine(eventMachine);
  if (snapshot.matches('failed')) return <button type="button" onClick={() => send({ type: 'RETRY' })}><FormattedMessage id="retry" /></button>;
  return (
    <ul>
      {snapshot.context.events.map((e) => (
        <li key={e.id}>{e.name} <FormattedNumber value={e.price / 100} style="currency" currency="CHF" /></li>
      ))}
    </ul>
  );
}

const rootRoute = createRootRoute({
  component: () => (
    <IntlProvider locale="de" messages={{ retry: [{ type: 0, value: 'Nochmals' }], home: [{ type: 0, value: 'Start' }] }}>
      <nav><Link to="/"><FormattedMessage id="home" /></Link> <Link to="/events">Events</Link></nav>
      <Outlet />
    </IntlProvider>
  ),
});
const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>Museum</h1> }),
  createRoute({ getParentRoute: () => rootRoute, path: '/events', component: Events }),
]);
const router = createRouter({ routeTree });

const root = document.getElementById('root');
if (root) createRoot(root).render(<RouterProvider router={router} />);
