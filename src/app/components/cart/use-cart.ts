/** The cart actor and the currency symbol for components that may also render outside the shell (tests, embeds). */
import { useCallback, useContext, useSyncExternalStore } from 'react';
import { ShellContext, type CartActor } from '../../shell-context.js';

/** The given cart actor, else the app's cart from the shell. */
export function useCartActor(given?: CartActor): CartActor {
  const shell = useContext(ShellContext);
  const cart = given ?? shell?.cart;
  if (!cart) throw new Error('CartView needs a cart actor: pass `cart` or render inside the shell');
  return cart;
}

/** The configured currency symbol (§1), CHF outside the shell or before the config arrived. */
export function useCurrencySymbol(): string {
  const shell = useContext(ShellContext);
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!shell) return () => {};
      const subscription = shell.actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    [shell],
  );
  const read = () => shell?.actor.getSnapshot().context.config?.currencySymbol ?? 'CHF';
  return useSyncExternalStore(subscribe, read, read);
}
