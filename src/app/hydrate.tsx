/**
 * The browser's side of server rendering (issue 25), loaded only by a page that carries a render
 * state (#shop-render, ./render-state.ts): the shell takes the answers the server's render used
 * instead of asking again, and once the app machine, the route and its journey rest where the
 * server's did (./rest.ts), React hydrates the server's markup. Until then the page is the
 * server's HTML: links work as plain links, buttons wait.
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { chunkMessages, createShell } from './services.js';
import { App } from './App.js';
import { beginHydration, FirstRenderContext } from './hydration.js';
import { pageMessageSource, parseRenderState, replayingFetch } from './render-state.js';
import { whenShellRests } from './rest.js';

export function hydrate(container: HTMLElement, stateText: string | null): void {
  const state = parseRenderState(stateText, `${location.pathname}${location.search}`);
  // without hydration: React's first commit replaces the server's markup (it stays until then)
  const renderAnew = (shell: ReturnType<typeof createShell>) => createRoot(container).render(<App shell={shell} />);
  if (!state) {
    // a state for another address, or one that does not fit: the app starts as without rendering
    renderAnew(createShell());
    return;
  }
  const shell = createShell({
    fetch: replayingFetch(state.answers, (...args) => globalThis.fetch(...args)),
    // the messages of the server's render come with the page, not as chunks
    messages: pageMessageSource(state.messages, chunkMessages),
  });
  // The page has been on the screen, and the visitor may have scrolled it (to the pass's owners,
  // say): the router's first render must not take them back to the top, where the button they
  // were about to press is no longer under their pointer (issue 43). Its flag for "the next render
  // resets the scroll" is what a navigation's `resetScroll` sets; later navigations set it anew.
  shell.router._scroll.n = false;
  whenShellRests(shell).then(
    async () => {
      // a personal page: the server rendered the shell and the page's waiting state, which stay
      // until the browser's own page (the cart, the login) is ready, then React renders it anew
      if (state.personal) return renderAnew(shell);
      // the server rendered for nobody: a visitor whose cart has lines sees a page that counts them
      // (places left, limits), which the server's markup cannot match, so it is rendered anew
      const cart = await shell.carts.settled();
      if (cart && cart.getSnapshot().context.lines.length > 0) return renderAnew(shell);
      // the router renders its matches as on the server (no Suspense of its own around them)
      shell.router.ssr = { manifest: undefined };
      beginHydration();
      hydrateRoot(
        container,
        <FirstRenderContext.Provider value={{ cookieNotice: state.cookieNotice }}>
          <App shell={shell} />
        </FirstRenderContext.Provider>,
      );
    },
    // the app could not reach the server's state (e.g. the config failed now): render it anew
    () => renderAnew(shell),
  );
}
