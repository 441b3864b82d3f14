/**
 * Merchandise and annual passes calls of spec §7, and the countries articles are shipped to.
 */
import type { Http } from './http.js';
import { MerchandiseListSchema, MerchandiseSchema, MerchandiseAttrSchema } from './schemas/merchandise.js';
import { CountryListSchema } from './schemas/config-requests.js';
import { PRODUCT_KIND_ANNUAL_PASS } from '../domain/limits.js';

export function merchandiseApi(http: Http) {
  return {
    getMerchandise: (signal?: AbortSignal) => http.request('GET', 'merchandise/select', { schema: MerchandiseListSchema, signal }),
    getAnnualPasses: (signal?: AbortSignal) =>
      http.request('GET', 'merchandise/select', { schema: MerchandiseListSchema, query: { product_kind: PRODUCT_KIND_ANNUAL_PASS }, signal }),
    getArticle: (id: number, signal?: AbortSignal) => http.request('GET', 'merchandise', { schema: MerchandiseSchema, query: { article: id }, signal }),
    getMerchandiseAttributes: (signal?: AbortSignal) => http.request('GET', 'merchandise/attr', { schema: MerchandiseAttrSchema, signal }),
    getAnnualPassAttributes: (signal?: AbortSignal) =>
      http.request('GET', 'merchandise/attr', { schema: MerchandiseAttrSchema, query: { product_kind: PRODUCT_KIND_ANNUAL_PASS }, signal }),

    // countries articles are shipped to
    getCountries: (signal?: AbortSignal) => http.request('GET', 'countries', { schema: CountryListSchema, signal }),
  };
}
