/**
 * Shipping costs (§3 "Shipping cost depends on country and weight from a threshold"): a country
 * has its own rate table or uses the '*' table; the rate is the one of the highest weight
 * threshold not above the cart's merchandise weight. A country marked not shippable, or unknown,
 * answers 422 SHIPPING_NOT_POSSIBLE_FOR_COUNTRY. Merchandise and annual passes have weight and
 * are shipped; a cart without them costs 0.
 */
import type { Queryable } from './db/index.js';
import type { CartItem } from '../domain/cart-payload.js';
import type { ShippingLine } from '../domain/shipping-payload.js';
import { isShippedType, SHIPPING_NOT_POSSIBLE } from '../domain/shipping.js';
import { HttpError } from './api/http-error.js';
import { getMerchandiseRow } from './catalog/merchandise.js';

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
export async function shippingCost(q: Queryable, country: string, items: readonly (CartItem | ShippingLine)[], now: Date): Promise<number> {
  await assertShippable(q, country);
  const shipped = shippedItems(items);
  if (shipped.length === 0) return 0;
  return shippingCostForWeight(q, country, await shippedWeight(q, shipped, now));
}

/**
 * The weight of the goods, in grams. Only the weight: whether the stock still has them is the
 * payment's question (initPayment answers OVERBOOKED), not the price of sending them. Priced with
 * the stock, a paid cart's own articles (held for it until the booking) were "only 0 left" when
 * its "payment accepted" page priced its shipping again, so that page showed the total without
 * the shipping the provider had charged.
 */
async function shippedWeight(q: Queryable, shipped: CartItem[], now: Date): Promise<number> {
  let weight = 0;
  for (const [index, item] of shipped.entries()) {
    if (item.type !== 'merchandise' && item.type !== 'annualPass') continue;
    const row = await getMerchandiseRow(q, item.id, now);
    if (!row) throw new HttpError(422, 'ITEM_UNAVAILABLE', `There is no article ${item.id}.`, { [`items.${index}.id`]: [`There is no article ${item.id}.`] });
    weight += item.count * row.weight;
  }
  return weight;
}
