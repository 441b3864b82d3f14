/**
 * The app-lifetime cart (machines/cart.machine.ts) with its browser services, loaded apart from
 * the shell (issue 25: the home page's JavaScript): the shell's cart loader (./services.ts) imports
 * this module when a page with a journey opens (the router waits for it) or at boot when this
 * session saved a cart (the header counts its lines). A first visitor's home page never loads it.
 * The journeys' host comes with it (./services.ts, journeyHost): every page with a journey needs both.
 */
import { createActor, fromPromise } from 'xstate';
import { cartMachine, type CartDestination } from '../../machines/cart.machine.js';
import { CART_COUNTRIES_STORAGE_KEY, CART_STORAGE_KEY, cartBrowserActions, windowDataLayer } from './cart-storage.js';
import { customerShippingCountry } from '../domain/shipping.js';
import { closedSectionsOf } from '../domain/sections.js';
import type { AppConfig } from '../api/schemas/config.js';
import type { StoredCustomer } from '../api/schemas/session.js';
import type { ShopApi } from '../api/index.js';
import { readItem } from './session.js';
import { registerLiveActor } from './flows/registry.js';
import type { AppActor, CartActor } from './shell-context.js';

export { JourneyHost } from './journeys/host.js';

/** The cart machine with its services: saved in session storage, shipping from the API. */
function createCart(api: ShopApi, app: AppActor): CartActor {
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
function renameCartLines(api: ShopApi, cart: CartActor): void {
  if (cart.getSnapshot().context.lines.length === 0) return;
  void import('./cart-names.js')
    .then(({ loadLineNames }) => loadLineNames(api, cart.getSnapshot().context.lines))
    .then((names) => cart.send({ type: 'RENAME_LINES', names }))
    .catch(() => {
      // the names stay as they were added: still the right lines
    });
}

/** Issue 22 item 7: the cart learns which sections the config switches off (at start, and on any change). */
function followSections(app: AppActor, cart: CartActor): void {
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

/**
 * Keeps the cart's destination in step with login, logout and the saved customer. A destination
 * the cart has already (a logout's forgetPersonalData set it, src/app/services.ts) is not sent
 * again: it would only ask for the shipping or the country list a second time.
 */
function followSession(app: AppActor, cart: CartActor): void {
  let last = JSON.stringify(cartDestinationOf(app.getSnapshot().context));
  app.subscribe((snapshot) => {
    const destination = cartDestinationOf(snapshot.context);
    const key = JSON.stringify(destination);
    if (key === last) return;
    last = key;
    const current = cart.getSnapshot().context.destination;
    if (current.loggedIn === destination.loggedIn && current.tokenCountry === destination.tokenCountry && current.customerCountry === destination.customerCountry) return;
    cart.send({ type: 'SET_DESTINATION', destination });
  });
}

/** Creates and starts the app's one cart, following the app's session and config. */
export function startCart(api: ShopApi, app: AppActor): CartActor {
  const cart = createCart(api, app);
  followSession(app, cart);
  followSections(app, cart);
  cart.start();
  renameCartLines(api, cart);
  // The flow viewer (?flows) shows this app-lifetime actor live.
  registerLiveActor('cart', cart);
  return cart;
}
