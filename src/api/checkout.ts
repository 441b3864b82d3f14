import type { Http } from './http.js';

export function checkoutApi(http: Http) {
  void http;
  return {};
}
