/**
 * Helpers for the checkout and provider tests: a cart of the demo data, the provider round trip.
 */
import type { TestServer } from './harness.js';
import type { CartItem } from '../../src/domain/cart-payload.js';
import { DEMO, demoTenPlacesSlot } from '../../src/server/seed/demo.js';
import { parseProviderReturn } from '../../src/api/checkout.js';
import { isApiError, type ApiError } from '../../src/api/index.js';

/** The API error a call fails with; fails the test when the call succeeds or fails otherwise. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

export function returnUrls(server: TestServer, lang = 'de') {
  return { continue: `${server.url}/${lang}/checkout/accepted`, cancel: `${server.url}/${lang}/checkout/canceled` };
}

/** `count` adult tickets of the demo slot that has exactly 10 places. */
export function tenPlacesTickets(server: TestServer, count: number): CartItem {
  const slot = demoTenPlacesSlot(server.clock.now);
  return { type: 'ticket', id: slot.ticketId, count, datetime: slot.datetime, subtickets: [] };
}

export const catalogueBook = (count = 1): CartItem => ({ type: 'merchandise', id: DEMO.merchandise.catalogue, count });

export function providerParams(providerUrl: string): { cartId: string; session: string; lang: string } {
  const url = new URL(providerUrl);
  // a cart that codes pay entirely comes back to the shop at once: ?us&sessionUs&cartId
  if (!url.pathname.startsWith('/provider/')) return { cartId: url.searchParams.get('cartId') ?? '', session: url.searchParams.get('sessionUs') ?? '', lang: url.pathname.split('/')[1] ?? '' };
  const lang = url.pathname.split('/')[2] ?? '';
  return { cartId: url.searchParams.get('cartId') ?? '', session: url.searchParams.get('session') ?? '', lang };
}

/** Presses a provider button (a POST form) and answers the status and redirect target. */
export async function pressProviderButton(server: TestServer, providerUrl: string, action: 'pay' | 'cancel' | 'fail') {
  const { cartId, session, lang } = providerParams(providerUrl);
  const res = await fetch(`${server.url}/provider/${lang}/pay/${action}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cartId, session }).toString(),
  });
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location) : null, html: location ? '' : await res.text() };
}

/**
 * Pays at the provider and answers what execPayment needs (the query on url.continue). A cart of
 * amount 0 (voucher codes pay all of it) has no provider page: initPayment already answered the
 * shop's own url.continue with that query (docs/api.md).
 */
export async function payAtProvider(server: TestServer, providerUrl: string): Promise<{ cartId: string; us: string; sessionUs: string }> {
  const direct = parseProviderReturn(new URL(providerUrl));
  if (direct && !new URL(providerUrl).pathname.startsWith('/provider/')) return direct;
  const { status, location } = await pressProviderButton(server, providerUrl, 'pay');
  if (status !== 303 || !location) throw new Error(`provider pay answered ${status}`);
  const back = parseProviderReturn(location);
  if (!back) throw new Error(`provider pay came back without us/sessionUs/cartId: ${location.toString()}`);
  return back;
}
