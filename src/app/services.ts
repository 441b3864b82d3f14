/**
 * Composition root: the real services and side effects the machines run with. The app machine
 * gets its `fromPromise` actors (API calls), its navigation actions (the router) and its storage
 * actions here, with `appMachine.provide`. Tests build the same shell with a fake `fetch` and a
 * memory history.
 */
import { createActor, fromPromise } from 'xstate';
import { registerLiveActor } from './flows/registry.js';
import { createBrowserHistory, type RouterHistory } from '@tanstack/react-router';
import { appMachine, type Messages } from '../../machines/app.machine.js';
import { createShopApi, type ShopApi } from '../api/index.js';
import type { Language } from '../api/languages.js';
import { SESSION_KEYS, toStoredCustomer } from '../api/schemas/session.js';
import { loadMessageParts, loadMessages } from '../i18n/load.js';
import { clearSession, forgetPersonalData, readItem, readServiceUnavailableReloadAt, restoreSession, storeCookiesAccepted, storeSession, writeItem } from './session.js';
import { languageFromPath, logoutDestination, swapLanguage } from './navigation.js';
import { createShopRouter, type Journeys, type ShopRouter } from './router.js';
import type { HostOptions, JourneyHost } from './journeys/host.js';
import type { CartActor, CartLoader, Shell } from './shell-context.js';
import { routeHref } from '../domain/routes.js';

export interface ShellOptions {
  /** API base without language; `/api` in the browser. */
  baseURL?: string;
  history?: RouterHistory;
  fetch?: typeof globalThis.fetch;
  /** Full page loads (language switch, 503 reload); tests record them instead. */
  reload?: () => void;
  assign?: (href: string) => void;
  now?: () => number;
  /**
   * Where the catalogue's messages come from: the build's chunks (src/i18n/load.ts) unless given.
   * A server-rendered page gives the parts its render used (./render-state.ts), the server's render
   * records what it loads.
   */
  messages?: MessageSource;
  /** The server renders: a personal page is the shell and its waiting state (./shell-context.tsx). */
  personalPagesWait?: boolean;
}

/** The shell's part of a language's catalogue, and its journey parts by name (src/i18n/load.ts). */
export interface MessageSource {
  shell: (lang: Language) => Promise<Messages>;
  parts: (lang: Language, names: readonly string[]) => Promise<Messages>;
}

export const chunkMessages: MessageSource = { shell: loadMessages, parts: loadMessageParts };

export interface ShellInstance extends Shell {
  router: ShopRouter;
}

/**
 * The journeys' host of a shell (Journeys, ./router.tsx): ./journeys/host.ts, made once, with the
 * first page that has a journey. It comes with the cart's module (./cart-shell.ts), which every
 * such page loads: one chunk, the journey kit (build.mjs), not one more.
 */
function journeyHost(options: HostOptions<Shell>): Journeys {
  let host: JourneyHost<Shell> | null = null;
  let loading: Promise<JourneyHost<Shell>> | null = null;
  return {
    load: () =>
      (loading ??= import('./cart-shell.js').then(
        ({ JourneyHost }) => (host = new JourneyHost(options)),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
    loaded: () => host,
  };
}

/**
 * The cart loader of a shell (Shell['carts']): ./cart-shell.ts, imported and started once. The
 * module is its own chunk, so a page that never needs the cart never loads it (issue 25).
 */
function cartLoader(api: ShopApi, app: Shell['actor']): CartLoader {
  let cart: CartActor | null = null;
  let loading: Promise<CartActor> | null = null;
  let restoring = false;
  const listeners = new Set<() => void>();
  const load = (): Promise<CartActor> =>
    (loading ??= import('./cart-shell.js').then(
      ({ startCart }) => {
        cart = startCart(api, app);
        for (const listener of listeners) listener();
        return cart;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return {
    load,
    current: () => cart,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled: () => (loading ? loading.catch(() => null) : Promise.resolve(cart)),
    restore: () => {
      if (cart) return;
      restoring = true;
      load().catch(() => {
        // the cart's module did not come: nothing to count (a journey page asks again)
        restoring = false;
        for (const listener of listeners) listener();
      });
    },
    restoring: () => restoring && cart === null,
  };
}

export function createShell(options: ShellOptions = {}): ShellInstance {
  const history = options.history ?? createBrowserHistory();
  const now = options.now ?? (() => Date.now());
  const baseFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const messages = options.messages ?? chunkMessages;
  let send: Shell['actor']['send'] = () => {};

  /** §4: a waiting flag during each request. */
  const trackedFetch: typeof globalThis.fetch = async (...args) => {
    send({ type: 'REQUEST_STARTED' });
    try {
      return await baseFetch(...args);
    } finally {
      send({ type: 'REQUEST_FINISHED' });
    }
  };

  const currentPath = () => history.location.pathname;
  const where = { baseURL: options.baseURL ?? '/api', lang: () => actor.getSnapshot().context.lang };
  const api: ShopApi = createShopApi({
    ...where,
    fetch: trackedFetch,
    onError: (error) =>
      send({ type: 'HTTP_ERROR', status: error.status, code: error.code, at: now(), onLoginPage: /^\/[a-z]{2}\/login\/?$/.test(currentPath()) }),
  });

  // logout's call to end the token (issue 44) goes past the HTTP error policy and the spinner: a back end
  // without it (404/405), an ended token (401) or no answer must not send the visitor anywhere or show a message
  const quietApi: ShopApi = createShopApi({ ...where, fetch: baseFetch });

  let router: ShopRouter;
  const reload = options.reload ?? (() => window.location.reload());
  const assign = options.assign ?? ((href: string) => window.location.assign(href));

  const machine = appMachine.provide({
    actors: {
      loadConfig: fromPromise(({ signal }) => api.getConfig(signal)),
      loadMessages: fromPromise(({ input }) => messages.shell(input.lang)),
      restoreSession: fromPromise(async () => restoreSession(history.location.search)),
      loadPaymentTypes: fromPromise(({ signal }) => api.getPaymentTypes(signal)),
      // not cancelled by a second logout: each ended session's token is ended on the back end
      endSession: fromPromise(({ input }) => quietApi.logout(input.jwt)),
      // issue 45 item 2: a session without its customer record reads it again, in the background:
      // past the HTTP error policy and the spinner (a failure leaves the cart's country choice)
      loadCustomer: fromPromise(async ({ input, signal }) => ({ jwt: input.jwt, customer: toStoredCustomer(await quietApi.getCustomer(input.jwt, signal)) })),
      loadShopData: fromPromise(async ({ signal }) => {
        const [shopInfo, staticContent] = await Promise.allSettled([api.getShopInfo(signal), api.getStaticContent(signal)]);
        return {
          shopInfo: shopInfo.status === 'fulfilled' ? shopInfo.value : null,
          staticContent: staticContent.status === 'fulfilled' ? staticContent.value : null,
        };
      }),
    },
    actions: {
      navigateToLogin: ({ context }) => {
        const here = history.location.href;
        void router.navigate({ to: routeHref(context.lang, 'login'), search: { fromUnauthorized: 'true', returnTo: here } });
      },
      reloadPage: () => reload(),
      storeServiceUnavailableReload: (_, at) => writeItem(SESSION_KEYS.serviceUnavailableReloadAt, String(at)),
      storeCookiesAccepted: () => storeCookiesAccepted(),
      storeSession: ({ context }) => storeSession(context.jwt, context.customer),
      clearStoredSession: () => clearSession(),
      switchLanguage: (_, lang) => assign(`${swapLanguage(history.location.pathname, lang)}${history.location.search}`),
      forgetPersonalData: () => {
        forgetPersonalData();
        // The cart's countries go with the stored ones (its lines stay): the next visitor chooses
        // anew. One step to the logged-out destination, so that nothing is priced on the way (the
        // session's own SET_DESTINATION then finds the cart there already: cart-shell.ts).
        carts.current()?.send({
          type: 'SET_DESTINATION',
          destination: { loggedIn: false, tokenCountry: null, customerCountry: null, chosenCountry: null, deliveryCountry: null },
        });
      },
      navigateAfterLogout: ({ context }, returnTo) => {
        // Logout is the /logout route's action: navigate once that navigation has settled; a page
        // that needs a login would only send the visitor on to login (issue 45): home instead.
        setTimeout(() => void router.navigate({ to: logoutDestination(returnTo, context.lang), replace: true }), 0);
      },
    },
  });

  const actor = createActor(machine, {
    input: { lang: languageFromPath(history.location.pathname), lastServiceUnavailableReloadAt: readServiceUnavailableReloadAt() },
  });
  send = (event) => actor.send(event);
  const carts = cartLoader(api, actor);
  const navigate = (href: string, replace = false) => void router.navigate({ href, replace });
  const partsLoaded = new Map<string, Promise<void>>();
  /**
   * Each part once per page load (a language switch loads the page anew): the parts not asked for
   * yet come in one MESSAGES_ADDED; a part that failed to load is asked for again next time.
   */
  const journeyMessages = (names: readonly string[]): Promise<void> => {
    const missing = names.filter((name) => !partsLoaded.has(name));
    if (missing.length > 0) {
      const loaded = messages.parts(actor.getSnapshot().context.lang, missing).then(
        (messages) => void actor.send({ type: 'MESSAGES_ADDED', messages }),
        (error: unknown) => {
          for (const name of missing) partsLoaded.delete(name);
          throw error;
        },
      );
      for (const name of missing) partsLoaded.set(name, loaded);
    }
    return Promise.all(names.map((name) => partsLoaded.get(name))).then(() => undefined);
  };
  const shellBase: Shell = {
    actor,
    api,
    get cart(): CartActor {
      const cart = carts.current();
      if (!cart) throw new Error('The cart is not loaded yet: a page that reads it waits for shell.carts.load() (the router does for every journey)');
      return cart;
    },
    carts,
    navigate,
    journeyMessages,
    personalPagesWait: options.personalPagesWait === true,
  };
  const journeys = journeyHost({
    deps: shellBase,
    lang: () => actor.getSnapshot().context.lang,
    currentHref: () => history.location.pathname + history.location.search,
    navigate,
    storage: typeof sessionStorage === 'undefined' ? null : sessionStorage,
  });
  router = createShopRouter({ history, shell: shellBase, journeys, assign });
  // the shell with its router: the same object (a spread would read the cart's getter now)
  const shell: ShellInstance = Object.assign(shellBase, { router });
  actor.start();
  // a cart this session saved: the header counts its lines, and its names follow the language
  if (readItem(SESSION_KEYS.cart) !== null) carts.restore();
  // The flow viewer (?flows) shows the app-lifetime actors live (the cart registers when it loads).
  registerLiveActor('app', actor);
  return shell;
}
