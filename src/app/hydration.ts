/**
 * Personal state after hydration (issue 25): the server renders every page for nobody (empty
 * cart, logged out, cookie notice not yet answered); the browser's first render must be the same
 * markup, so what lives in this browser's session storage shows from the second render on. A
 * component that shows such state reads `useHydrated()` and renders the anonymous form before.
 * Without server rendering (createRoot) it is true from the first render.
 */
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';

/**
 * Whether React is taking over a page the server rendered, and whether the page's own part is
 * done. React hydrates in two steps here: the shell (header, footer) with the root, then the
 * page's own part, which the router's root outlet wraps in a Suspense boundary that React
 * hydrates a moment later. Until that part is the app's, the page counts as not hydrated: the
 * server's page (links as links, controls waiting, src/app/first-click.ts), and this browser's
 * cart and login not shown yet. A visitor session clicked a header link in that moment, and the
 * router moved to the next page while React still hydrated the last one (its markup no longer
 * matched).
 */
let hydrating = false;
let pageHydrated = false;
const listeners = new Set<() => void>();

/** src/app/hydrate.tsx, right before hydrateRoot: from now on the page is the app's only once its own part is hydrated. */
export function beginHydration(): void {
  hydrating = true;
  pageHydrated = false;
}

function markPageHydrated(): void {
  if (!hydrating || pageHydrated) return;
  pageHydrated = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** false while React hydrates server markup (and on the server), true after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    // without server rendering (createRoot) true from the first render
    () => !hydrating || pageHydrated,
    () => false,
  );
}

/**
 * Rendered in the page's own part (every screen, the not-found page, the error screen): its
 * effect runs once React has hydrated that part (or rendered it anew), and the page is the app's
 * from then on. The early recorder (src/app/first-click.ts) then replays what the visitor did
 * before: it listens for `shop-hydrated` on the document.
 */
export function PageHydrated(): null {
  useEffect(() => {
    markPageHydrated();
    document.dispatchEvent(new Event('shop-hydrated'));
  }, []);
  return null;
}

/** What the server knew of the visitor when it rendered (from the request), for the first render in the browser. */
export interface FirstRender {
  /** the cookie notice was rendered: the visitor had not accepted it (./render-state.ts NOTICE_ACCEPTED_COOKIE) */
  cookieNotice: boolean;
}

export const FirstRenderContext = createContext<FirstRender>({ cookieNotice: false });

/** What the server rendered while hydrating (and on the server); after, null: the browser's own state counts. */
export function useFirstRender(): FirstRender | null {
  const first = useContext(FirstRenderContext);
  return useHydrated() ? null : first;
}
