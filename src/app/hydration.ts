/**
 * Personal state after hydration (issue 25): the server renders every page for nobody (empty
 * cart, logged out, cookie notice not yet answered); the browser's first render must be the same
 * markup, so what lives in this browser's session storage shows from the second render on. A
 * component that shows such state reads `useHydrated()` and renders the anonymous form before.
 * Without server rendering (createRoot) it is true from the first render.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** false while React hydrates server markup (and on the server), true after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
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
