/**
 * Where the header reads the number of cart lines from (§1: the basket icon shows the number of
 * lines in the cart). The cart journey plugs its actor in with `provideBasketCount` in
 * src/app/services.ts; until then the count comes from the saved cart in session storage.
 */
import * as v from 'valibot';
import { SESSION_KEYS } from '../api/schemas/session.js';
import { readItem } from './session.js';

export interface BasketCountSource {
  /** Calls `listener` whenever the count may have changed; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  getSnapshot(): number;
}

const SavedCartSchema = v.union([v.array(v.unknown()), v.object({ items: v.array(v.unknown()) }), v.object({ lines: v.array(v.unknown()) })]);

export function countSavedCartLines(raw: string | null): number {
  if (raw === null) return 0;
  try {
    const parsed = v.safeParse(SavedCartSchema, JSON.parse(raw));
    if (!parsed.success) return 0;
    const value = parsed.output;
    return Array.isArray(value) ? value.length : 'items' in value ? value.items.length : value.lines.length;
  } catch {
    return 0;
  }
}

/** Default source: the saved cart in session storage, re-read on focus and storage events. */
export const sessionBasketCount: BasketCountSource = {
  subscribe(listener) {
    if (typeof window === 'undefined') return () => {};
    window.addEventListener('storage', listener);
    window.addEventListener('focus', listener);
    return () => {
      window.removeEventListener('storage', listener);
      window.removeEventListener('focus', listener);
    };
  },
  getSnapshot: () => countSavedCartLines(readItem(SESSION_KEYS.cart)),
};
