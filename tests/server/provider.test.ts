/**
 * The simulated payment provider: its page and its three buttons (pay, cancel, fail).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createShopApi, type ShopApi } from '../../src/api/index.js';
import { catalogueBook, payAtProvider, pressProviderButton, providerParams, returnUrls, tenPlacesTickets } from './checkout-helpers.js';

let server: TestServer;

function client(lang: string): ShopApi {
  return createShopApi({ baseURL: server.apiBase, lang: () => lang });
}

async function newCart(lang = 'de'): Promise<string> {
  return client(lang).initPayment({ payart: 161, items: [tenPlacesTickets(server, 2), catalogueBook(1)], url: returnUrls(server, lang) });
}

async function cartRow(cartId: string) {
  const [row] = await server.db.query<{ status: string; amount: number; provider_us: string | null }>('SELECT status, amount, provider_us FROM carts WHERE id = $1', [cartId]);
  return row;
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
    expect((await cartRow(cartId))?.provider_us).toBe(us);
    const second = await pressProviderButton(server, url, 'pay');
    expect(second.location?.searchParams.get('us')).toBe(us);
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
  });

  it('fail redirects to the failed route of the shop in the cart language and records no payment', async () => {
    const url = await newCart('it');
    const { cartId } = providerParams(url);
    const res = await pressProviderButton(server, url, 'fail');
    expect(res.status).toBe(303);
    expect(res.location?.toString()).toBe(`${server.url}/it/checkout/failed?cartId=${cartId}`);
    expect((await cartRow(cartId))?.provider_us).toBeNull();
  });

  it('pay on a cart older than 20 minutes answers 410 and records nothing', async () => {
    const url = await newCart();
    const start = server.clock.now;
    server.clock.now = new Date(start.getTime() + 21 * 60 * 1000);
    try {
      const res = await pressProviderButton(server, url, 'pay');
      expect(res.status).toBe(410);
      expect(res.location).toBeNull();
    } finally {
      server.clock.now = start;
    }
    expect((await cartRow(providerParams(url).cartId))?.provider_us).toBeNull();
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
    expect((await cartRow(cartId))?.provider_us).toBeNull();
    await expect(payAtProvider(server, url)).resolves.toMatchObject({ cartId });
  });
});
