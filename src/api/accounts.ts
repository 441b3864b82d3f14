import type { Http } from './http.js';

export function accountApi(http: Http) {
  void http;
  return {};
}
