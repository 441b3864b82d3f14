/**
 * The simulated payment provider: its page and its three buttons (pay, cancel, fail).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createShopApi, type ShopApi } from '../../src/api/index.js';
import { catalogueBook, payAtProvider, pressProviderButton, providerParams, returnUrls } from './checkout-helpers.js';

let server: TestServer;

function client(lang: string): ShopApi {
  return createShopApi({ baseURL: server.apiBase, lang: () => lang });
}

/** A cart of one catalogue (50 in stock): every cart holds what it takes (issue 41), so none takes from a small slot. */
async function newCart(lang = 'de'): Promise<string> {
  return client(lang).initPayment({ payart: 161, items: [catalogueBook(1)], url: returnUrls(server, lang) });
}

async function cartRow(cartId: string) {
  const [row] = await server.db.query<{ status: string; amount: number; provider_us: string | null }>('SELECT status, amount, provider_us FROM carts WHERE id = $1', [cartId]);
  return row;
}

/** The provider's own record of the cart's payment (issue 41: the provider keeps its books, the shop its carts). */
async function providerPayment(cartId: string) {
  const rows = await server.db.query<{ us: string; amount: number; status: string }>('SELECT us, amount, status FROM provider_payments WHERE cart_id = $1', [cartId]);
  return rows;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('provider page', () => {
  it('shows the amount in the shop language with three POST buttons', async () => {
    const url = await newCart('fr');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const cart = await cartRow(providerParams(url).cartId);
    const amount = new Intl.NumberFormat('fr-CH', { style: 'currency', currency: 'CHF' }).format((cart?.amount ?? 0) / 100);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(amount);
    expect(html).toContain(`data-amount="${cart?.amount}"`);
    expect(html.match(/<form method="post" action="\/provider\/fr\/pay\/(pay|cancel|fail)">/g)).toHaveLength(3);
    expect(html).toContain('>Payer</button>');
    expect(html).toContain('>Annuler</button>');
  });

  it('answers 404 for an unknown cart or a wrong session, 410 for a cart that is gone', async () => {
    const url = await newCart();
    const { cartId } = providerParams(url);
    expect((await fetch(`${server.url}/provider/de/pay?cartId=nosuchcart00&session=x`)).status).toBe(404);
    expect((await fetch(`${server.url}/provider/de/pay?cartId=${cartId}&session=wrong`)).status).toBe(404);
    expect((await fetch(`${server.url}/provider/de/pay`)).status).toBe(404);
    expect((await fetch(`${server.url}/provider/xx/pay?cartId=${cartId}`)).status).toBe(404);
    await client('de').cancelPayment(cartId);
    const gone = await fetch(url);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('role="alert"');
  });
});

describe('provider buttons', () => {
  it('pay records the payment and redirects to url.continue with us, sessionUs and cartId; a second click keeps the same us', async () => {
    const url = await newCart();
    const { cartId, session } = providerParams(url);
    const first = await pressProviderButton(server, url, 'pay');
    expect(first.status).toBe(303);
    expect(first.location?.origin + (first.location?.pathname ?? '')).toBe(returnUrls(server).continue);
    expect(first.location?.searchParams.get('cartId')).toBe(cartId);
    expect(first.location?.searchParams.get('sessionUs')).toBe(session);
    const us = first.location?.searchParams.get('us');
    expect(us).toBeTruthy();
    // recorded in the provider's books, once, for the cart's amount; the shop's cart learns it when it settles
    expect(await providerPayment(cartId)).toEqual([{ us, amount: (await cartRow(cartId))?.amount, status: 'paid' }]);
    const second = await pressProviderButton(server, url, 'pay');
    expect(second.location?.searchParams.get('us')).toBe(us);
    expect(await providerPayment(cartId)).toHaveLength(1);
    const booked = await client('de').execPayment({ cartId, us: us ?? '', sessionUs: session });
    expect(booked.booking_id).toBeTruthy();
  });

  it('cancel redirects to url.cancel and changes nothing', async () => {
    const url = await newCart('en');
    const { cartId } = providerParams(url);
    const res = await pressProviderButton(server, url, 'cancel');
    expect(res.status).toBe(303);
    expect(res.location?.toString()).toBe(`${returnUrls(server, 'en').cancel}?cartId=${cartId}`);
    expect(await cartRow(cartId)).toMatchObject({ status: 'open', provider_us: null });
    expect(await providerPayment(cartId)).toEqual([]);
  });

  it('fail redirects to the failed route of the shop in the cart language and records no payment', async () => {
    const url = await newCart('it');
    const { cartId } = providerParams(url);
    const res = await pressProviderButton(server, url, 'fail');
    expect(res.status).toBe(303);
    expect(res.location?.toString()).toBe(`${server.url}/it/checkout/failed?cartId=${cartId}`);
    expect((await cartRow(cartId))?.provider_us).toBeNull();
    expect(await providerPayment(cartId)).toEqual([]);
  });

  it("takes a payment after the shop's hold ran out (the provider does not know it) but not after its own day, nor for a cancelled cart", async () => {
    const url = await newCart();
    const { cartId } = providerParams(url);
    const start = server.clock.now;
    server.clock.now = new Date(start.getTime() + 21 * 60 * 1000);
    try {
      const res = await pressProviderButton(server, url, 'pay');
      expect(res.status).toBe(303);
      expect(await providerPayment(cartId)).toHaveLength(1);
    } finally {
      server.clock.now = start;
    }
    const late = await newCart();
    server.clock.now = new Date(start.getTime() + 25 * 60 * 60 * 1000);
    try {
      const res = await pressProviderButton(server, late, 'pay');
      expect(res.status).toBe(410);
      expect(res.location).toBeNull();
    } finally {
      server.clock.now = start;
    }
    expect(await providerPayment(providerParams(late).cartId)).toEqual([]);
    const cancelled = await newCart();
    await client('de').cancelPayment(providerParams(cancelled).cartId);
    expect((await pressProviderButton(server, cancelled, 'pay')).status).toBe(410);
    expect(await providerPayment(providerParams(cancelled).cartId)).toEqual([]);
  });

  it('shows the receipt of a payment, its refund included, in the page language', async () => {
    const url = await newCart('en');
    const { cartId } = providerParams(url);
    await pressProviderButton(server, url, 'pay');
    const receipt = await (await fetch(url)).text();
    expect(receipt).toContain('data-payment-status="paid"');
    await server.db.query("UPDATE provider_payments SET status = 'refunded', refunded_at = now(), refund_reason = 'sold_out' WHERE cart_id = $1", [cartId]);
    const refunded = await fetch(url.replace('/provider/en/', '/provider/de/'));
    expect(refunded.status).toBe(200);
    const html = await refunded.text();
    expect(html).toContain('data-payment-status="refunded"');
    expect(html).toContain('vollständig zurückerstattet');
  });

  it('an unknown button, a GET on a button or a forged form answers 404', async () => {
    const url = await newCart();
    const { cartId, session } = providerParams(url);
    const post = (path: string, body: string) =>
      fetch(`${server.url}${path}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect((await post('/provider/de/pay/refund', `cartId=${cartId}&session=${session}`)).status).toBe(404);
    expect((await fetch(`${server.url}/provider/de/pay/pay`)).status).toBe(404);
    expect((await post('/provider/de/pay/pay', `cartId=${cartId}&session=forged`)).status).toBe(404);
    expect((await post('/provider/de/pay/pay', '')).status).toBe(404);
    expect(await providerPayment(cartId)).toEqual([]);
    await expect(payAtProvider(server, url)).resolves.toMatchObject({ cartId });
  });
});
