/**
 * Catalogue of the shop (spec §3, §7): events and their tickets, guided tours, merchandise and
 * annual passes, vouchers and voucher codes. The response schemas (what the server sends, field
 * names of §3) live in one module per section, re-exported here; the request schemas (query
 * strings and path parameters, checked by the server) are here.
 */
import * as v from 'valibot';
import { TOUR_OVERVIEW_DAYS } from '../../domain/limits.js';

export * from './catalog-common.js';
export * from './events.js';
export * from './tours.js';
export * from './merchandise.js';
export * from './vouchers.js';

// ---------- requests (query strings and path parameters) ----------

const IdParam = v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/, 'Expected a numeric id'), v.transform(Number), v.minValue(1, 'Expected a numeric id'));
const DateParam = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{4}-?\d{2}-?\d{2}$/, 'Expected YYYYMMDD or YYYY-MM-DD'),
  v.transform((s) => s.replace(/-/g, '')),
  v.transform((s) => `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`),
  v.check((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s, 'Not a calendar date'),
);
/** YYYYMMDD only (ranges of §7) */
const CompactDateParam = v.pipe(v.string(), v.regex(/^\d{8}$/, 'Expected YYYYMMDD'), DateParam);

export const IdParamsSchema = v.object({ id: IdParam });
export const DateParamsSchema = v.object({ id: IdParam, date: DateParam });
export const RangeParamsSchema = v.pipe(
  v.object({ id: IdParam, start: CompactDateParam, end: CompactDateParam }),
  v.forward(v.check((r) => r.start <= r.end, 'The start must not be after the end'), ['end']),
);
export const TourQuerySchema = v.object({ tour: IdParam, date: v.optional(DateParam) });
export const TourOverviewQuerySchema = v.object({
  date: DateParam,
  lookahead: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, `Expected 0 to ${TOUR_OVERVIEW_DAYS}`), v.transform(Number), v.maxValue(TOUR_OVERVIEW_DAYS, `Expected 0 to ${TOUR_OVERVIEW_DAYS}`)), '0'),
});
export const CalendarQuerySchema = v.object({ deep: v.optional(v.picklist(['0', '1']), '0') });
export const EventQuerySchema = v.object({ event: IdParam });
export const ArticleQuerySchema = v.object({ article: IdParam });
export const ProductKindQuerySchema = v.object({ product_kind: v.optional(IdParam) });
export const VoucherCodeQuerySchema = v.object({ voucher: v.pipe(v.string(), v.trim(), v.minLength(1, 'Enter a voucher code'), v.maxLength(64)) });
