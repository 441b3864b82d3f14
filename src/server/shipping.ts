/**
 * Shipping costs (§3 "Shipping cost depends on country and weight from a threshold"): a country
 * has its own rate table or uses the '*' table; the rate is the one of the highest weight
 * threshold not above the cart's merchandise weight. A country marked not shippable, or unknown,
 * answers 422 SHIPPING_NOT_POSSIBLE_FOR_COUNTRY. Merchandise and annual passes have weight and
 * are shipped; a cart without them costs 0.
 */
import type { Language } from '../api/languages.js';
import type { Queryable } from './db/index.js';
import type { CartItem } from '../domain/cart-payload.js';
import type { ShippingLine } from '../domain/shipping-payload.js';
import { isShippedType, SHIPPING_NOT_POSSIBLE } from '../domain/shipping.js';
import { HttpError } from './api/http-error.js';
import { priceCart } from './inventory.js';

export const notShippable = (country: string) =>
  new HttpError(422, SHIPPING_NOT_POSSIBLE, `We cannot ship to ${country}. Please contact us.`, { country: ['No shipping to this country.'] });

async function assertShippable(q: Queryable, country: string): Promise<void> {
  const [known] = await q.query<{ shippable: boolean }>('SELECT shippable FROM countries WHERE key = $1', [country]);
  if (!known?.shippable) throw notShippable(country);
}

/** Cost in minor units of sending `weight` grams to `country`; 422 when that country cannot be shipped to. */
export async function shippingCostForWeight(q: Queryable, country: string, weight: number): Promise<number> {
  await assertShippable(q, country);
  const [rate] = await q.query<{ cost: number }>(
    `SELECT cost FROM shipping_rates
      WHERE country = (SELECT CASE WHEN EXISTS (SELECT 1 FROM shipping_rates WHERE country = $1) THEN $1 ELSE '*' END)
        AND min_weight <= $2
      ORDER BY min_weight DESC LIMIT 1`,
    [country, weight],
  );
  if (!rate) throw notShippable(country);
  return rate.cost;
}

/**
 * The goods of a cart, which is what gets shipped (src/domain/shipping.ts SHIPPED_TYPES: merchandise
 * and annual passes). Passes are priced here only for their weight, so their owners are not needed.
 */
export function shippedItems(items: readonly (CartItem | ShippingLine)[]): CartItem[] {
  const out: CartItem[] = [];
  for (const item of items) {
    if (!isShippedType(item.type) || !('id' in item) || item.count <= 0) continue;
    if (item.type === 'merchandise') out.push({ type: 'merchandise', id: item.id, count: item.count });
    else out.push({ type: 'annualPass', id: item.id, count: item.count, owners: Array.from({ length: item.count }, () => ({ title: '', first: '-', last: '-', address: '', send_to_custom_addr: false })) });
  }
  return out;
}

/**
 * Shipping cost of a cart (shipping lines or cart items) to a country, minor units. The country
 * is checked first, so an impossible destination is reported whatever the cart holds (§8).
 */
export async function shippingCost(q: Queryable, lang: Language, country: string, items: readonly (CartItem | ShippingLine)[], now: Date): Promise<number> {
  await assertShippable(q, country);
  const shipped = shippedItems(items);
  if (shipped.length === 0) return 0;
  const priced = await priceCart(q, lang, shipped, now);
  return shippingCostForWeight(q, country, priced.weight);
}
