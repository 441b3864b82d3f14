/**
 * Personal state after hydration (issue 25): the server renders every page for nobody (empty
 * cart, logged out, cookie notice not yet answered); the browser's first render must be the same
 * markup, so what lives in this browser's session storage shows from the second render on. A
 * component that shows such state reads `useHydrated()` and renders the anonymous form before.
 * Without server rendering (createRoot) it is true from the first render.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** false while React hydrates server markup (and on the server), true after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
