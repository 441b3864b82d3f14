/** What every screen of the shell can reach: the app actor, the API client and the basket count. */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { appMachine } from '../../machines/app.machine.js';
import type { cartMachine } from '../../machines/cart.machine.js';
import type { ShopApi } from '../api/index.js';
import type { BasketCountSource } from './basket.js';

export type AppActor = ActorRefFrom<typeof appMachine>;
export type CartActor = ActorRefFrom<typeof cartMachine>;

export interface Shell {
  actor: AppActor;
  api: ShopApi;
  /** the app-lifetime cart (created in src/app/services.ts) */
  cart: CartActor;
  basket: BasketCountSource;
  /** The router's navigation by href (path and query of this site); `replace` keeps history short. */
  navigate: (href: string, replace?: boolean) => void;
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

export function useBasketCount(): number {
  const { basket } = useShell();
  return useSyncExternalStore(basket.subscribe, basket.getSnapshot, basket.getSnapshot);
}
