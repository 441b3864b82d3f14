/** Requests and the country list of the configuration endpoints (docs/api.md). */
import * as v from 'valibot';

/** ?shop=16 */
export const ShopQuerySchema = v.object({
  shop: v.pipe(v.string('shop is required'), v.trim(), v.regex(/^\d{1,6}$/, 'Expected a shop id'), v.transform(Number)),
});

export const StaticPageIdSchema = v.pipe(v.string(), v.regex(/^[a-z][a-z_]{0,39}$/, 'Expected a page id such as imprint'));
export const StaticPageParamsSchema = v.object({ id: StaticPageIdSchema });

/** GET countries: {key, name} in the request language; `shippable` false where merchandise cannot be sent. */
export const CountrySchema = v.object({ key: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), name: v.string(), shippable: v.optional(v.boolean(), true) });
export type Country = v.InferOutput<typeof CountrySchema>;
export const CountryListSchema = v.array(CountrySchema);
