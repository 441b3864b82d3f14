/** What every screen of the shell can reach: the app actor, the API client and the cart actor. */
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { appMachine } from '../../machines/app.machine.js';
import type { cartMachine } from '../../machines/cart.machine.js';
import type { ShopApi } from '../api/index.js';

export type AppActor = ActorRefFrom<typeof appMachine>;
export type CartActor = ActorRefFrom<typeof cartMachine>;

export interface Shell {
  actor: AppActor;
  api: ShopApi;
  /**
   * The app-lifetime cart (./cart-shell.ts), once `carts` loaded it: the router waits for it
   * before any page with a journey, so journeys and the screens of those pages read it here.
   * Read before it loaded, it throws (a page without a journey that needs the cart must wait
   * for `carts.load()` first).
   */
  readonly cart: CartActor;
  /** Loads the cart apart from the shell (the home page of a first visit never needs it). */
  carts: CartLoader;
  /** The router's navigation by href (path and query of this site); `replace` keeps history short. */
  navigate: (href: string, replace?: boolean) => void;
  /** Loads the named journey parts of the catalogue, each once (src/i18n/load.ts); a page waits for its own (src/app/routes.ts, MESSAGE_PARTS). */
  journeyMessages: (parts: readonly string[]) => Promise<void>;
  /**
   * The server's render of a personal page (cart, checkout, login, settings…: not a catalogue page,
   * src/domain/routes.ts): it shows the shell and the page's waiting state, and the route loads its
   * parts of the catalogue only, neither its journey nor its screen, and asks for no login. The
   * server has no session storage: what is personal comes in the browser (src/app/hydrate.tsx).
   */
  personalPagesWait?: boolean;
}

/** The shell's one cart, loaded on demand: the same actor for every caller. */
export interface CartLoader {
  /** Loads and starts the cart (once; a failed load is tried again on the next call). */
  load: () => Promise<CartActor>;
  /** The cart if it is loaded, else null. */
  current: () => CartActor | null;
  /** Calls `listener` when the cart has loaded, or a restore has failed; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  /** Loads the cart this session saved (at boot): until it is there, its lines are not known. */
  restore: () => void;
  /** Whether the cart this session saved is loading: the number of its lines is not known yet. */
  restoring: () => boolean;
  /** The cart once a load under way ends; null at once when no load was asked for, or when it failed. */
  settled: () => Promise<CartActor | null>;
}

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside <ShellContext.Provider>');
  return shell;
}

export function useAppActor(): AppActor {
  return useShell().actor;
}
