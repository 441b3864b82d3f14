/**
 * The browser side of the cart (machines/cart.machine.ts): where its named side effects go in the
 * browser (session storage `cart` and `cart.country` of §9, the console, `window.dataLayer`) and
 * how the saved cart is read back for the machine's input. The composition root (services.ts)
 * passes `cartBrowserActions` to `cartMachine.provide`; tests pass a fake environment.
 */
import { serializeCartLines, type CartLine } from '../domain/cart-lines.js';
import type { RemoveFromCartAnalytics, SavedCountries } from '../../machines/cart.machine.js';

export interface CartEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** where analytics events go; `window.dataLayer` in the browser */
  dataLayer: () => unknown[];
  warn: (message: string) => void;
}

/** Session-storage key of the cart (§9). */
export const CART_STORAGE_KEY = 'cart';

/** Session-storage key of the visitor's country choices (chosen in the cart, of the delivery address). */
export const CART_COUNTRIES_STORAGE_KEY = 'cart.country';

/** Reads the saved country choices for the machine input. */
export function readSavedCountries(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    return storage.getItem(CART_COUNTRIES_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Reads the saved cart for the machine input. */
export function readSavedCart(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    return storage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Implementations of the cart's named actions for `cartMachine.provide({ actions: … })`. */
export function cartBrowserActions(env: CartEnvironment) {
  return {
    saveCart: (_: unknown, lines: CartLine[]) => {
      try {
        env.storage.setItem(CART_STORAGE_KEY, serializeCartLines(lines));
      } catch (error) {
        env.warn(`The cart could not be saved: ${String(error)}`);
      }
    },
    saveCountries: (_: unknown, countries: SavedCountries) => {
      try {
        env.storage.setItem(CART_COUNTRIES_STORAGE_KEY, JSON.stringify(countries));
      } catch (error) {
        env.warn(`The country of delivery could not be saved: ${String(error)}`);
      }
    },
    removeSavedCart: () => {
      try {
        env.storage.removeItem(CART_STORAGE_KEY);
      } catch {
        // storage unavailable: nothing saved to remove
      }
    },
    warnCorruptCart: (_: unknown, reason: string) => env.warn(reason),
    trackRemoveFromCart: (_: unknown, analytics: RemoveFromCartAnalytics) => {
      env.dataLayer().push(analytics);
    },
  };
}

/** `window.dataLayer`, created when missing. */
export function windowDataLayer(target: { dataLayer?: unknown[] }): unknown[] {
  if (!Array.isArray(target.dataLayer)) target.dataLayer = [];
  return target.dataLayer;
}
