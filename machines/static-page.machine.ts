/**
 * A static page of the shop (imprint, terms, data_protection, accessibility_statement, shipping):
 * GET static/page/{id}. A 404 is "not found", anything else offers a retry.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { StaticPage } from '../src/api/schemas/config.js';
import { notProvided, statusOf } from './support.js';

export interface StaticPageContext {
  id: string;
  page: StaticPage | null;
}

export type StaticPageEvent = { type: 'RETRY' };

export const staticPageMachine = setup({
  types: {
    tags: {} as 'loading',
    context: {} as StaticPageContext,
    events: {} as StaticPageEvent,
    input: {} as { id: string },
  },
  actors: {
    loadStaticPage: fromPromise<StaticPage, { id: string }>(async () => {
      throw new Error('loadStaticPage not provided');
    }),
  },
  actions: {
    assignPage: assign((_, page: StaticPage) => ({ page })),
  },
  guards: {
    isNotFound: ({ event }) => statusOf(event) === 404,
  },
}).createMachine({
  id: 'staticPage',
  context: ({ input }) => ({ id: input.id, page: null }),
  initial: 'Loading page',
  states: {
    'Loading page': {
      tags: 'loading',
      invoke: {
        src: 'loadStaticPage',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'Showing page', actions: { type: 'assignPage', params: ({ event }) => event.output } },
        onError: [{ guard: 'isNotFound', target: 'Page not found' }, { target: 'Page failed' }],
      },
    },
    'Showing page': {},
    'Page not found': { description: 'The server has no page with this id.' },
    'Page failed': { description: 'Network or server trouble; the visitor can try again.', on: { RETRY: 'Loading page' } },
  },
});
