/** Requests and the country list of the configuration endpoints (docs/api.md). */
import * as v from 'valibot';
import { staticPageId } from '../../domain/routes.js';

/** ?shop=16 */
export const ShopQuerySchema = v.object({
  shop: v.pipe(v.string('shop is required'), v.trim(), v.regex(/^\d{1,6}$/, 'Expected a shop id'), v.transform(Number)),
});

/** GET static/page/{id}: the page id kind of the route (one rule for the address and the request). */
export const StaticPageParamsSchema = v.object({ id: staticPageId });

/** GET countries: {key, name} in the request language; `shippable` false where merchandise cannot be sent. */
export const CountrySchema = v.object({ key: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), name: v.string(), shippable: v.optional(v.boolean(), true) });
export type Country = v.InferOutput<typeof CountrySchema>;
export const CountryListSchema = v.array(CountrySchema);
