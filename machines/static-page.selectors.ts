/**
 * What the static page screen reads of the static page machine (machines/static-page.machine.ts):
 * whether the page is there, missing (404) or could not be loaded, one view per state, typed by the
 * machine's state names (a state added or renamed there does not compile until it has a view here).
 */
import type { staticPageMachine } from './static-page.machine.js';
import { viewReader, type StatePath } from './state-paths.js';

export type StaticPageView = 'loading' | 'shown' | 'notFound' | 'failed';

export const STATIC_PAGE_VIEWS = {
  'Loading page': 'loading',
  'Showing page': 'shown',
  'Page not found': 'notFound',
  'Page failed': 'failed',
} as const satisfies Record<StatePath<typeof staticPageMachine>, StaticPageView>;

/** The view of a snapshot; throws on a state without one. */
export const staticPageViewOf = viewReader<StaticPageView>('static-page', STATIC_PAGE_VIEWS);
