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
import { cartMachine, type CartDestination } from '../../machines/cart.machine.js';
import { CART_COUNTRIES_STORAGE_KEY, CART_STORAGE_KEY, cartBrowserActions, windowDataLayer } from './cart-storage.js';
import { customerShippingCountry } from '../domain/shipping.js';
import { closedSectionsOf } from '../domain/sections.js';
import type { AppConfig } from '../api/schemas/config.js';
import type { StoredCustomer } from '../api/schemas/session.js';
import { createShopApi, type ShopApi } from '../api/index.js';
import type { Language } from '../api/languages.js';
import { SESSION_KEYS } from '../api/schemas/session.js';
import { loadMessageParts, loadMessages } from '../i18n/load.js';
import { clearSession, readItem, readServiceUnavailableReloadAt, restoreSession, storeCookiesAccepted, storeSession, writeItem } from './session.js';
import { languageFromPath, safeReturnTo, swapLanguage } from './navigation.js';
import { createShopRouter, type ShopRouter } from './router.js';
import { JourneyHost } from './journeys/host.js';
import type { Shell } from './shell-context.js';
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

/** The app-lifetime cart (machines/cart.machine.ts): saved in session storage, shipping from the API. */
function createCart(api: ShopApi, app: Shell['actor']): Shell['cart'] {
  const storage = typeof sessionStorage === 'undefined' ? null : sessionStorage;
  const memory = new Map<string, string>();
  const store: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = storage ?? {
    getItem: (k) => memory.get(k) ?? null,
    setItem: (k, v) => void memory.set(k, v),
    removeItem: (k) => void memory.delete(k),
  };
  const machine = cartMachine.provide({
    actions: cartBrowserActions({
      storage: store,
      dataLayer: () => windowDataLayer(typeof window === 'undefined' ? {} : (window as unknown as { dataLayer?: unknown[] })),
      warn: (message) => console.warn(message),
    }),
    actors: {
      calculateShipping: fromPromise(({ input, signal }) =>
        api.getShippingCosts(input.request, input.loggedIn ? (app.getSnapshot().context.jwt ?? undefined) : undefined, signal),
      ),
      loadCountries: fromPromise(({ signal }) => api.getCountries(signal)),
    },
  });
  return createActor(machine, { input: { savedCart: readItem(CART_STORAGE_KEY, store), savedCountries: readItem(CART_COUNTRIES_STORAGE_KEY, store), destination: cartDestinationOf(app.getSnapshot().context) } });
}

/**
 * §4 destination sources from the session: a logged-in customer's country (the server reads the
 * same one behind the token), else the saved customer's; the chosen country stays the cart's own.
 */
export function cartDestinationOf(session: { jwt: string | null; customer: StoredCustomer | null }): Omit<CartDestination, 'chosenCountry'> {
  const country = customerShippingCountry(session.customer as Parameters<typeof customerShippingCountry>[0]);
  return { loggedIn: session.jwt !== null, tokenCountry: session.jwt !== null ? country : null, customerCountry: country };
}

/**
 * Issue 16 item 7: a cart restored at boot holds the names of the language its lines were added
 * in; the catalogue's names in this page's language replace them (lazy: only for a cart with lines).
 */
function renameCartLines(api: ShopApi, cart: Shell['cart']): void {
  if (cart.getSnapshot().context.lines.length === 0) return;
  void import('./cart-names.js')
    .then(({ loadLineNames }) => loadLineNames(api, cart.getSnapshot().context.lines))
    .then((names) => cart.send({ type: 'RENAME_LINES', names }))
    .catch(() => {
      // the names stay as they were added: still the right lines
    });
}

/** Issue 22 item 7: the cart learns which sections the config switches off (at boot, and on any change). */
function followSections(app: Shell['actor'], cart: Shell['cart']): void {
  let last = '';
  const update = (config: AppConfig | null) => {
    if (!config) return;
    const sections = closedSectionsOf(config);
    const key = sections.join(',');
    if (key === last) return;
    last = key;
    cart.send({ type: 'SECTIONS_CLOSED', sections });
  };
  update(app.getSnapshot().context.config);
  app.subscribe((snapshot) => update(snapshot.context.config));
}

/** Keeps the cart's destination in step with login, logout and the saved customer. */
function followSession(app: Shell['actor'], cart: Shell['cart']): void {
  let last = JSON.stringify(cartDestinationOf(app.getSnapshot().context));
  app.subscribe((snapshot) => {
    const destination = cartDestinationOf(snapshot.context);
    const key = JSON.stringify(destination);
    if (key === last) return;
    last = key;
    cart.send({ type: 'SET_DESTINATION', destination });
  });
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
  const api: ShopApi = createShopApi({
    baseURL: options.baseURL ?? '/api',
    lang: () => actor.getSnapshot().context.lang,
    fetch: trackedFetch,
    onError: (error) =>
      send({ type: 'HTTP_ERROR', status: error.status, code: error.code, at: now(), onLoginPage: /^\/[a-z]{2}\/login\/?$/.test(currentPath()) }),
  });

  let router: ShopRouter;
  const reload = options.reload ?? (() => window.location.reload());
  const assign = options.assign ?? ((href: string) => window.location.assign(href));

  const machine = appMachine.provide({
    actors: {
      loadConfig: fromPromise(({ signal }) => api.getConfig(signal)),
      loadMessages: fromPromise(({ input }) => messages.shell(input.lang)),
      restoreSession: fromPromise(async () => restoreSession(history.location.search)),
      loadPaymentTypes: fromPromise(({ signal }) => api.getPaymentTypes(signal)),
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
      navigateAfterLogout: ({ context }, returnTo) => {
        // Logout is the /logout route's action: navigate once that navigation has settled.
        setTimeout(() => void router.navigate({ to: safeReturnTo(returnTo) ?? routeHref(context.lang, 'home'), replace: true }), 0);
      },
    },
  });

  const actor = createActor(machine, {
    input: { lang: languageFromPath(history.location.pathname), lastServiceUnavailableReloadAt: readServiceUnavailableReloadAt() },
  });
  send = (event) => actor.send(event);
  const cart = createCart(api, actor);
  followSession(actor, cart);
  followSections(actor, cart);
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
  const shellBase = { actor, api, cart, navigate, journeyMessages, personalPagesWait: options.personalPagesWait === true };
  const journeys = new JourneyHost({
    deps: shellBase,
    lang: () => actor.getSnapshot().context.lang,
    currentHref: () => history.location.pathname + history.location.search,
    navigate,
    storage: typeof sessionStorage === 'undefined' ? null : sessionStorage,
  });
  router = createShopRouter({ history, shell: shellBase, journeys, assign });
  const shell: ShellInstance = { ...shellBase, router };
  actor.start();
  cart.start();
  renameCartLines(api, cart);
  // The flow viewer (?flows) shows these app-lifetime actors live.
  registerLiveActor('app', actor);
  registerLiveActor('cart', cart);
  return shell;
}
