/**
 * Small rules of the catalogue that several modules share: the API's schemas (checked by the
 * server and the app), the tickets', tours' and shop's domain modules. Kept apart from those
 * modules so that a page that needs one rule does not load another journey's whole domain.
 */

/** Non-numeric counts become 0 (§5); negatives become 0; fractions are cut. */
export function parseCount(value: unknown): number {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*[-+]?\d+(\.\d*)?\s*$/.test(value)) n = Number(value);
  else return 0;
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.min(Math.floor(n), 10_000);
}

/** How far the tour list's overview looks ahead (the API's maximum): the date filter offers these days. */
export const TOUR_OVERVIEW_DAYS = 92;

/** Product kind of annual passes (§9). */
export const PRODUCT_KIND_ANNUAL_PASS = 13;
