/**
 * The typed shop API client: one function per call of spec §7, each answer checked by its
 * valibot schema. Callers get typed data or an ApiError {status, code, message, fields}.
 */
import { createHttp, type HttpOptions } from './http.js';
import { configApi } from './config.js';
import { catalogApi } from './catalog.js';
import { accountApi } from './accounts.js';
import { checkoutApi } from './checkout.js';

export function createShopApi(options: HttpOptions) {
  const http = createHttp(options);
  return {
    ...configApi(http),
    ...catalogApi(http),
    ...accountApi(http),
    ...checkoutApi(http),
  };
}
export type ShopApi = ReturnType<typeof createShopApi>;
export { ApiError, isApiError } from './http.js';
