import type { Http } from './http.js';

export function catalogApi(http: Http) {
  void http;
  return {};
}
