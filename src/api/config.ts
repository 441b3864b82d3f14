
import type { Http } from './http.js';
import { SHOP_ID } from './languages.js';
import { AppConfigSchema, PaymentTypesSchema, ShopInfoSchema, StaticContentSchema, StaticPageSchema } from './schemas/config.js';

/** Remote config, shop metadata, static content and pages, payment types. */
export function configApi(http: Http) {
  return {
    getConfig: (signal?: AbortSignal) => http.request('GET', 'shopinfo/config', { schema: AppConfigSchema, query: { shop: SHOP_ID }, signal }),
    getShopInfo: (signal?: AbortSignal) => http.request('GET', 'shopinfo', { schema: ShopInfoSchema, query: { shop: SHOP_ID }, signal }),
    getStaticContent: (signal?: AbortSignal) => http.request('GET', 'static/content', { schema: StaticContentSchema, signal }),
    getStaticPage: (id: string, signal?: AbortSignal) =>
      http.request('GET', `static/page/${encodeURIComponent(id)}`, { schema: StaticPageSchema, signal }),
    getPaymentTypes: (signal?: AbortSignal) =>
      http.request('GET', 'checkout/payments', { schema: PaymentTypesSchema, query: { shop: SHOP_ID }, signal }),
  };
}

