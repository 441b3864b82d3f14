/**
 * Server rendering of a page (issue 25): the same shell the browser builds
 * (./services.ts: app machine, cart, router, journey host) with a memory history at the page's
 * address and a fetch that asks the shop API (in this process's server, or the upstream of
 * SHOP_API_URL through it). The app machine boots (§1: config, messages, session, payment types,
 * shop information), the router loads the route, whose `beforeLoad` enters the journey; when
 * the app and the journey rest (no `loading`/`busy` tag) within the time bound, React renders the
 * page to HTML. The answers the render used go into the page (./render-state.ts), so the browser
 * reaches the same states without asking again and hydrates the same markup.
 *
 * No visitor's state is here: the server has no session storage, so the cart is empty and
 * nobody is logged in; what the browser keeps arrives after hydration (./hydration.ts). A
 * personal page (cart, checkout, login…) is only the shell and the page's waiting state
 * (ShellOptions.personalPagesWait): the browser renders it anew with its own state.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from './App.js';
import { FirstRenderContext, type FirstRender } from './hydration.js';
import { chunkMessages, createShell, type ShellInstance } from './services.js';
import { answerKey, recordingMessageSource, type RecordedAnswer, type RenderState } from './render-state.js';
import { ShellDidNotRest, whenShellRests } from './rest.js';
import { provideBodyParser } from './components/ServerHtml.js';
import { parse5BodyParser } from './server-html-parser.js';
import { isCatalogueRoute, type RouteName } from '../domain/routes.js';

// server HTML blocks (static pages) are parsed as the browser parses them (no DOMParser here)
provideBodyParser(parse5BodyParser);

export interface RenderRequest {
  /** path and search of the page, e.g. /de/tickets/101?date=2026-12-01 */
  href: string;
  /** where the shop API answers, e.g. http://127.0.0.1:8080/api */
  apiBase: string;
  /** the fetch that reaches apiBase */
  fetch: typeof globalThis.fetch;
  /** the render gives up after this long (the page then goes out with the shell) */
  timeBoundMs: number;
  /** the visitor accepted the cookie notice (the request's cookie): the page goes out without it */
  noticeAccepted?: boolean;
}

export type RenderAnswer =
  | { rendered: true; html: string; state: RenderState }
  | { rendered: false; why: string };

class RenderTimeout extends Error {}

/** React's mark of a boundary the server left to the browser (a lazy part not loaded yet). */
const LEFT_TO_THE_BROWSER = '<!--$!-->';

/**
 * The page with every lazy part (the footer's chunk) in it. A lazy component renders at once only
 * after its module has loaded once in this process; the first render of the process starts those
 * loads and leaves their boundaries to the browser, so it renders again (a few times at most).
 */
async function renderWhole(render: () => string): Promise<string> {
  let html = render();
  for (let attempt = 0; attempt < 3 && html.includes(LEFT_TO_THE_BROWSER); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    html = render();
  }
  return html;
}

export async function renderPage(request: RenderRequest): Promise<RenderAnswer> {
  const answers: RecordedAnswer[] = [];
  const base = request.apiBase.replace(/\/+$/, '');
  const recording: typeof globalThis.fetch = async (input, init) => {
    const response = await request.fetch(input, init);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET') return response;
    const body = await response.text();
    // the key the browser's relative request will have: /api/… below its origin
    const key = answerKey(input).replace(new URL(base).pathname.replace(/\/+$/, ''), '/api');
    answers.push({ url: key, status: response.status, body });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RenderTimeout(`not at rest within ${request.timeBoundMs} ms`)), request.timeBoundMs);
  });
  deadline.catch(() => undefined);

  // the messages the render used go into the page too: the browser does not load their chunks
  const messages = recordingMessageSource(chunkMessages);
  const shell = createShell({
    history: createMemoryHistory({ initialEntries: [request.href] }),
    baseURL: base,
    fetch: recording,
    messages: messages.source,
    reload: () => {},
    assign: () => {},
    // nobody's cart, login or order is here: a personal page is the shell and its waiting state
    personalPagesWait: true,
  });
  try {
    await whenShellRests(shell, deadline);
    const location = shell.router.state.location;
    if (`${location.pathname}${location.searchStr}` !== request.href) return { rendered: false, why: `the route moved to ${location.href}` };
    const first: FirstRender = { cookieNotice: request.noticeAccepted !== true };
    const html = await renderWhole(() =>
      renderToString(
        <FirstRenderContext.Provider value={first}>
          <App shell={shell} />
        </FirstRenderContext.Provider>,
      ),
    );
    // a route that sends the visitor elsewhere (a redirect of its beforeLoad) renders no layout
    if (!html.includes('id="main"')) return { rendered: false, why: 'the route rendered no page (it redirects)' };
    const last = shell.router.state.matches[shell.router.state.matches.length - 1];
    const route = (last?.staticData as { routeName?: RouteName } | undefined)?.routeName;
    const personal = route !== undefined && route !== 'pageNotFound' && route !== 'logout' && !isCatalogueRoute(route);
    return {
      rendered: true,
      html,
      state: { version: 1, href: request.href, cookieNotice: first.cookieNotice, answers, messages: messages.recorded(), ...(personal ? { personal: true as const } : {}) },
    };
  } catch (error) {
    if (error instanceof RenderTimeout || error instanceof ShellDidNotRest) return { rendered: false, why: error.message };
    throw error;
  } finally {
    clearTimeout(timer);
    shell.router.options.context.journeys.loaded()?.leaveAll();
    // a cart still loading when the render ends stops once it has loaded
    void shell.carts.settled().then((cart) => cart?.stop());
    shell.actor.stop();
  }
}
