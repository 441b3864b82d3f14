/**
 * The browser side of the cart (machines/cart.machine.ts): where its named side effects go in the
 * browser (session storage `cart` and `cart.country` of §9, the console, `window.dataLayer`) and
 * under which keys they are read back for the machine's input (readItem of session.ts). The composition root (services.ts)
 * passes `cartBrowserActions` to `cartMachine.provide`; tests pass a fake environment.
 */
import { serializeCartLines, type CartLine } from '../domain/cart-lines.js';
import { SESSION_KEYS } from '../api/schemas/session.js';
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
export const CART_COUNTRIES_STORAGE_KEY = SESSION_KEYS.cartCountries;

/** Implementations of the cart's named actions for `cartMachine.provide({ actions: … })`. */
export function cartBrowserActions(env: CartEnvironment) {
  const save = (key: string, value: string, what: string) => {
    try {
      env.storage.setItem(key, value);
    } catch (error) {
      env.warn(`${what} could not be saved: ${String(error)}`);
    }
  };
  return {
    saveCart: (_: unknown, lines: CartLine[]) => save(CART_STORAGE_KEY, serializeCartLines(lines), 'The cart'),
    saveCountries: (_: unknown, countries: SavedCountries) => save(CART_COUNTRIES_STORAGE_KEY, JSON.stringify(countries), 'The country of delivery'),
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
