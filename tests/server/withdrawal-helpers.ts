/**
 * Helpers of the withdrawal tests (issue 46): an order bought as an anonymous buyer (the address
 * typed on the provider's page) or as a logged-in customer, and the two withdrawal calls as the
 * app sends them (JSON bodies, the token as `?_=`).
 */
import { expect } from 'vitest';
import type { TestServer } from './harness.js';
import { createShopApi } from '../../src/api/index.js';
import type { CartItem } from '../../src/domain/cart-payload.js';
import { payAtProvider, providerParams, returnUrls } from './checkout-helpers.js';

export type Lang = 'de' | 'en' | 'fr';

/** Buys `items` and answers the booking with its key (the documents' key). */
export async function buy(server: TestServer, items: CartItem[], options: { token?: string; email?: string; lang?: Lang } = {}): Promise<{ id: string; key: string }> {
  const lang = options.lang ?? 'en';
  const shop = createShopApi({ baseURL: server.apiBase, lang: () => lang });
  const url = await shop.initPayment({ payart: 161, items, url: returnUrls(server, lang), token: options.token });
  let back: { cartId: string; us: string; sessionUs: string };
  if (options.email !== undefined && new URL(url).pathname.startsWith('/provider/')) {
    const { cartId, session, lang: providerLang } = providerParams(url);
    const res = await fetch(`${server.url}/provider/${providerLang}/pay/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cartId, session, email: options.email }).toString(),
    });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '');
    back = { cartId: location.searchParams.get('cartId') ?? '', us: location.searchParams.get('us') ?? '', sessionUs: location.searchParams.get('sessionUs') ?? '' };
  } else {
    back = await payAtProvider(server, url);
  }
  const done = await shop.execPayment({ ...back });
  return { id: done.booking_id, key: done.documents?.key ?? '' };
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  data: T;
  error?: string;
  fields?: Record<string, string[]>;
  body: Record<string, unknown>;
}

/** POSTs JSON to `/api/{lang}/{path}` and answers the status and the parsed envelope. */
export async function postJson<T = Record<string, unknown>>(server: TestServer, path: string, body: unknown, options: { lang?: Lang; token?: string; raw?: string } = {}): Promise<Answer<T>> {
  const query = options.token ? `?_=${encodeURIComponent(options.token)}` : '';
  const res = await fetch(`${server.apiBase}/${options.lang ?? 'en'}/${path}${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: options.raw ?? JSON.stringify(body),
  });
  const parsed = (await res.json()) as Record<string, unknown>;
  return { status: res.status, data: parsed.data as T, error: parsed.error as string | undefined, fields: parsed.fields as Record<string, string[]> | undefined, body: parsed };
}

let requests = 0;
/** A request id as the app makes one per confirmation. */
export const newRequestId = (): string => `test-${Date.now().toString(36)}-${(requests += 1)}-${Math.random().toString(36).slice(2, 10)}`;
