/**
 * Buying, as a visitor does it, for the replays that need a real order first ("My orders", the
 * withdrawal function).
 */
import type { Replay } from '../binding.js';

/**
 * Buys `items` through the shop's API and the simulated provider, as the app does (with the
 * customer's token, or as an anonymous payer who gives an address at the provider; `shipping` for
 * goods): the booking id and the order's key.
 */
export async function book(r: Replay, items: unknown[], who: { token?: string; payer?: string; shipping?: unknown }): Promise<{ id: string; key: string }> {
  const api = `${r.baseUrl}/api/${r.lang}`;
  const json = { 'content-type': 'application/json' };
  const init = await fetch(`${api}/checkout/initPayment${who.token ? `?_=${encodeURIComponent(who.token)}` : ''}`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ payart: 161, cart: { ver: 1, items }, ...(who.shipping ? { shipping: who.shipping } : {}), url: { continue: `${r.baseUrl}/${r.lang}/checkout/accepted`, cancel: `${r.baseUrl}/${r.lang}/checkout/canceled` } }),
  });
  if (!init.ok) throw new Error(`initPayment answered ${init.status}: ${await init.text()}`);
  const provider = new URL(((await init.json()) as { data: string }).data);
  const form = new URLSearchParams({ cartId: provider.searchParams.get('cartId') ?? '', session: provider.searchParams.get('session') ?? '', ...(who.payer ? { email: who.payer } : {}) });
  const paid = await fetch(`${r.baseUrl}/provider/${r.lang}/pay/pay`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  const back = new URL(paid.headers.get('location') ?? '');
  const exec = await fetch(`${api}/checkout/execPayment?us=${back.searchParams.get('us') ?? ''}&sessionUs=${back.searchParams.get('sessionUs') ?? ''}`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ cartId: back.searchParams.get('cartId') }),
  });
  if (!exec.ok) throw new Error(`execPayment answered ${exec.status}: ${await exec.text()}`);
  const booking = ((await exec.json()) as { data: { booking_id: string; documents?: { key: string } } }).data;
  return { id: booking.booking_id, key: booking.documents?.key ?? '' };
}
