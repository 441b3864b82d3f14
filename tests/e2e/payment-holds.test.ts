/**
 * Issue 41 in real Chromium against `npm start`'s server: a visitor whose places were taken while
 * they looked at the cart is told so at "Pay now" and never sees the provider; a visitor who pays
 * and closes the tab has a booking (the provider's notice made it; the order review shows it); a
 * visitor who cancels at the provider and returns to the cart sees until when the order is held
 * and pays the same order.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { acceptTermsAndPay, atProvider, demoTicketDay, demoTicketLine, openCheckoutWithCart, text } from './checkout-helpers.js';
import { DEMO } from '../../src/server/seed/demo.js';

let baseUrl = '';
let browser: Browser;

beforeAll(async () => {
  baseUrl = e2eBaseUrl();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };

async function api<T>(path: string, init?: RequestInit): Promise<{ status: number; body: { data?: T; error?: string } }> {
  const res = await fetch(`${baseUrl}/api/de/${path}`, init);
  return { status: res.status, body: (await res.json()) as { data?: T; error?: string } };
}

/** Places left at 11:00 of `day` in the permanent collection, as the calendar says. */
async function placesLeft(day: string): Promise<number> {
  const { body } = await api<{ timeslot: { datetime: string; max_tickets: number }[] }>(`ticket/collect/event/${DEMO.events.collection}/date/${day.replaceAll('-', '')}`);
  return body.data?.timeslot.find((t) => t.datetime === `${day} 11:00`)?.max_tickets ?? -1;
}

/** Another visitor's payment cart for `count` of those places (it holds them); answers its cart id. */
async function othersHold(day: string, count: number): Promise<string> {
  const { status, body } = await api<string>('checkout/initPayment', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      payart: 161,
      cart: { ver: 1, items: [{ type: 'ticket', id: DEMO.tickets.collectionAdult, count, datetime: `${day} 11:00`, subtickets: [] }] },
      url: { continue: `${baseUrl}/de/checkout/accepted`, cancel: `${baseUrl}/de/checkout/canceled` },
    }),
  });
  expect(status).toBe(200);
  return new URL(body.data ?? '').searchParams.get('cartId') ?? '';
}

async function paymentCart(cartId: string) {
  return (await api<{ status: string; held_until: string; booking_id: string | null }>(`checkout/cart?id=${cartId}`)).body.data;
}

/** Every URL the page asked for, to show it never went to the provider. */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

describe('issue 41 in a real browser', () => {
  it('places taken by others while the visitor looked at the cart: told at "Pay now", the provider never seen', async () => {
    const day = demoTicketDay();
    const { page, errors, close } = await openPage(browser, baseUrl, '/de');
    let others = '';
    try {
      await openCheckoutWithCart(page, [demoTicketLine(2, day)]);
      const requests = requestsOf(page);
      // meanwhile, other visitors hold every place left but one
      others = await othersHold(day, (await placesLeft(day)) - 1);
      expect(await placesLeft(day)).toBe(1);
      await acceptTermsAndPay(page);
      // checkout.error.OVERBOOKED_LINE: "Für „…“ ist nur noch 1 Platz frei. Bitte ändern Sie Ihren Warenkorb."
      const refusal = page.getByRole('alert').filter({ hasText: 'Bitte ändern Sie Ihren Warenkorb' });
      await refusal.waitFor();
      expect(await refusal.innerText()).toContain('ist nur noch 1 Platz frei');
      expect(new URL(page.url()).pathname).toBe('/de/checkout');
      expect(requests.filter((url) => url.includes('/provider/'))).toEqual([]);
      // the cart is kept to change
      expect(await page.getByTestId('cart-line').count()).toBe(1);
      // Chromium logs the refused initPayment (422) itself; nothing else went wrong
      expect(errors.filter((e) => !/status of 422 .*\/api\/de\/checkout\/initPayment\)$/.test(e))).toEqual([]);
    } finally {
      if (others) await api(`checkout/cancel?noRedirect=1&cartId=${others}`, { method: 'POST' });
      await close();
    }
  });

  it('a visitor who pays and closes the tab has a booking: the notice made it, the order review shows it', async () => {
    const { page, close } = await openPage(browser, baseUrl, '/de');
    let cartId = '';
    try {
      await openCheckoutWithCart(page, [demoTicketLine(1)]);
      await acceptTermsAndPay(page);
      await page.waitForURL(/\/provider\/de\/pay\?/);
      cartId = new URL(page.url()).searchParams.get('cartId') ?? '';
      // the tab is closed the moment the provider has taken the money: its Pay goes through, and the
      // redirect back to the shop is never followed (the browser shows a blank page instead)
      let paid = 0;
      await page.route('**/provider/de/pay/pay', async (route) => {
        paid = (await route.fetch({ maxRedirects: 0 })).status();
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>closed</title>' });
      });
      await page.getByRole('button', { name: 'Bezahlen', exact: true }).click();
      await page.waitForURL(/\/provider\/de\/pay\/pay$/);
      expect(paid).toBe(303);
      expect(new URL(page.url()).pathname).not.toContain('/checkout/accepted');
    } finally {
      await close();
    }
    expect(cartId).not.toBe('');
    await expect.poll(async () => (await paymentCart(cartId))?.status, { timeout: 15_000 }).toBe('booked');
    const bookingId = (await paymentCart(cartId))?.booking_id ?? '';
    expect(bookingId).toMatch(/^[A-Z0-9]{12}$/);
    const review = await openPage(browser, baseUrl, `/de/order-review/${bookingId}`);
    try {
      await review.page.getByRole('heading', { level: 1, name: text('title.orderReview') }).waitFor();
      await review.page.getByText(bookingId).first().waitFor();
      expect(review.errors).toEqual([]);
    } finally {
      await review.close();
    }
  });

  it('cancelled at the provider and back to the cart (390 px): the order is held until the time the shop says, and Pay pays the same order', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de', { viewport: PHONE });
    try {
      await openCheckoutWithCart(page, [demoTicketLine(1)]);
      await acceptTermsAndPay(page);
      await page.waitForURL(/\/provider\/de\/pay\?/);
      const cartId = new URL(page.url()).searchParams.get('cartId') ?? '';
      await atProvider(page, 'Abbrechen');
      await page.waitForURL(/\/de\/checkout\/canceled/);
      const held = await paymentCart(cartId);
      expect(held?.status).toBe('held');
      // on the visitor's own clock: the browser's time zone, whatever the machine's
      const time = await page.evaluate((at) => new Intl.DateTimeFormat('de-CH', { hour: '2-digit', minute: '2-digit' }).format(new Date(at)), held?.held_until ?? '');
      const hold = page.getByTestId('cart-hold');
      await expect.poll(() => hold.innerText(), { timeout: 10_000 }).toContain(time);
      expect(await hold.innerText()).toMatch(text('checkout.heldUntil'));
      // back to the cart: the same hold is told there, and Pay pays the same order
      await page.getByRole('button', { name: text('checkout.keepCart') }).click();
      await page.waitForURL(/\/de\/checkout$/);
      await expect.poll(() => page.getByTestId('cart-hold').innerText(), { timeout: 10_000 }).toContain(time);
      await acceptTermsAndPay(page);
      await page.waitForURL(/\/provider\/de\/pay\?/);
      expect(new URL(page.url()).searchParams.get('cartId')).toBe(cartId);
      await atProvider(page, 'Bezahlen');
      await page.getByRole('button', { name: text('checkout.confirm') }).click();
      await page.waitForURL(/\/de\/checkout\/success$/);
      const bookingId = (await page.getByTestId('booking-id').innerText()).trim();
      expect((await paymentCart(cartId))?.booking_id).toBe(bookingId);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
