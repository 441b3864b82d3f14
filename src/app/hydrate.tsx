/**
 * The browser's side of server rendering (issue 25), loaded only by a page that carries a render
 * state (#shop-render, ./render-state.ts): the shell takes the answers the server's render used
 * instead of asking again, and once the app machine, the route and its journey rest where the
 * server's did (./rest.ts), React hydrates the server's markup. Until then the page is the
 * server's HTML: links work as plain links, buttons wait.
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createShell } from './services.js';
import { App } from './App.js';
import { FirstRenderContext } from './hydration.js';
import { parseRenderState, replayingFetch } from './render-state.js';
import { whenShellRests } from './rest.js';

export function hydrate(container: HTMLElement, stateText: string | null): void {
  const state = parseRenderState(stateText, `${location.pathname}${location.search}`);
  if (!state) {
    // a state for another address, or one that does not fit: the app starts as without rendering
    container.replaceChildren();
    createRoot(container).render(<App shell={createShell()} />);
    return;
  }
  const shell = createShell({ fetch: replayingFetch(state.answers, (...args) => globalThis.fetch(...args)) });
  whenShellRests(shell).then(
    () => {
      // the router renders its matches as on the server (no Suspense of its own around them)
      shell.router.ssr = { manifest: undefined };
      hydrateRoot(
        container,
        <FirstRenderContext.Provider value={{ cookieNotice: state.cookieNotice }}>
          <App shell={shell} />
        </FirstRenderContext.Provider>,
      );
    },
    () => {
      // the app could not reach the server's state (e.g. the config failed now): render it anew
      container.replaceChildren();
      createRoot(container).render(<App shell={shell} />);
    },
  );
}
