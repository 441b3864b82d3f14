/**
 * Money rules of spec §1 and §9. Every amount is an integer in minor units (Rappen); display
 * formatting (minor units -> "CHF 12.50") belongs to src/i18n. Prices include statutory VAT, so
 * the VAT inside a price is `price - price / (1 + rate)`, rounded per item to two decimals of the
 * currency (= whole minor units); the tax total is the sum of the per-item VAT times the count.
 */

/** An integer amount in minor units. */
export type Minor = number;

/** Rounds half away from zero to a whole number of minor units (0.5 Rappen -> 1, -0.5 -> -1). */
export function roundMinor(value: number): Minor {
  if (!Number.isFinite(value)) return 0;
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded;
}

export function isMinor(value: unknown): value is Minor {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Sum of minor-unit amounts. */
export function sumMinor(values: Iterable<Minor>): Minor {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** Minor units -> currency units (12345 -> 123.45); for display helpers and analytics. */
export function toMajor(minor: Minor): number {
  return minor / 100;
}

/** Currency units -> minor units (12.5 -> 1250), rounded to whole minor units. */
export function toMinor(major: number): Minor {
  return roundMinor(major * 100);
}

/**
 * VAT contained in one item's gross price, in minor units. `ratePercent` is the VAT percent of the
 * item (e.g. 8.1). Example: 2000 at 8.1 % -> 2000 - 2000 / 1.081 = 149.86 -> 150.
 */
export function vatPerItem(grossPrice: Minor, ratePercent: number): Minor {
  if (!Number.isFinite(ratePercent) || ratePercent <= 0) return 0;
  return roundMinor(grossPrice - grossPrice / (1 + ratePercent / 100));
}

export interface TaxedItem {
  /** gross unit price, minor units */
  price: Minor;
  count: number;
  /** VAT percent; missing or 0 means no VAT */
  vatPercent?: number | undefined;
}

/** Tax total of a list of items: VAT per item (rounded) times count, summed. */
export function taxTotal(items: Iterable<TaxedItem>): Minor {
  let total = 0;
  for (const item of items) total += vatPerItem(item.price, item.vatPercent ?? 0) * item.count;
  return total;
}

/** Tax per VAT rate (for a receipt-like breakdown), rates ascending. */
export function taxByRate(items: Iterable<TaxedItem>): { ratePercent: number; tax: Minor }[] {
  const byRate = new Map<number, number>();
  for (const item of items) {
    const rate = item.vatPercent ?? 0;
    if (rate <= 0) continue;
    byRate.set(rate, (byRate.get(rate) ?? 0) + vatPerItem(item.price, rate) * item.count);
  }
  return [...byRate.entries()].sort((a, b) => a[0] - b[0]).map(([ratePercent, tax]) => ({ ratePercent, tax }));
}

/**
 * The one VAT percent of a line that holds items at several rates, where a single number is asked
 * for (a cart line's `vat_value`, the server's `vat` of an order line): the rate of the largest
 * gross share, the first such rate on a tie; 0 without items. Tax is never computed from it
 * (taxTotal taxes every item at its own rate).
 */
export function mainVatRate(items: Iterable<TaxedItem>): number {
  const gross = new Map<number, Minor>();
  for (const item of items) gross.set(item.vatPercent ?? 0, (gross.get(item.vatPercent ?? 0) ?? 0) + item.price * item.count);
  let rate = 0;
  let most = -1;
  for (const [candidate, amount] of gross) {
    if (amount > most) {
      rate = candidate;
      most = amount;
    }
  }
  return rate;
}
