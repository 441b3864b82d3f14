/**
 * "My orders" and what an order delivers (issue 42) in real Chromium against the shared e2e server:
 * the demo customer buys in the app and finds the PDF tickets and the calendar entry on the success
 * page, the order in "My orders" (from the account menu) and on its page, with "send the
 * confirmation again" (too soon while the booking's own mail is fresh, then the masked address); an
 * anonymous buyer opens the link of the confirmation mail (the .eml the server wrote) and sees the
 * order without a login; a logged-out visit to /de/orders goes through the login and comes back; an
 * unknown order is not found. The list and the order page are walked in German at 1280 px and in
 * French at 390 px, axe-clean, with screenshots in ORDERS_SHOTS (default /tmp/orders-shots).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { axeViolations } from './axe.js';
import { acceptTermsAndPay, demoTicketDay, demoTicketLine, logIn, openCheckoutWithCart, text } from './checkout-helpers.js';
import { mailsIn, sharedOutboxDir } from './mailbox.js';
import { DEMO_CUSTOMER } from '../../src/server/seed/accounts.js';
import { DEMO } from '../../src/server/seed/demo.js';
import { createShopApi } from '../../src/api/index.js';
import FR_MESSAGES from '../../src/i18n/messages/fr.json' with { type: 'json' };

const FR: Record<string, string> = FR_MESSAGES;
const SHOTS = process.env.ORDERS_SHOTS ?? '/tmp/orders-shots';
let baseUrl = '';
let browser: Browser;

beforeAll(async () => {
  baseUrl = e2eBaseUrl();
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** A full-page screenshot to look at, the cookie notice accepted first (it would cover the page). */
async function shot(page: Page, name: string): Promise<void> {
  const notice = page.getByTestId('cookie-notice');
  if (await notice.isVisible()) {
    await notice.getByRole('button').click();
    await notice.waitFor({ state: 'detached' });
  }
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}
/** A French message as a pattern (placeholders match anything). */
const fr = (id: string) => new RegExp((FR[id] ?? '').split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+'));
/** Answers the test provokes (a 429 of "send again", a 406 of an unknown order, the 401 before the login) are logged by Chromium as failed resources. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4(29|06|01)/.test(e));

/** What a file link of the page answers: its status and content type. */
async function fileAnswer(page: Page, href: string): Promise<{ status: number; type: string }> {
  const response = await page.request.get(href);
  return { status: response.status(), type: response.headers()['content-type'] ?? '' };
}

/** Buys one adult ticket through the app and the simulated provider; answers the booking id. */
async function buy(page: Page, payerEmail?: string): Promise<string> {
  await openCheckoutWithCart(page, [demoTicketLine(1, demoTicketDay())]);
  await acceptTermsAndPay(page);
  await page.waitForURL(/\/provider\/de\/pay\?/, { timeout: 15_000 });
  if (payerEmail) await page.getByLabel('E-Mail-Adresse für Bestätigung und Tickets').fill(payerEmail);
  await page.getByRole('button', { name: 'Bezahlen', exact: true }).click();
  await page.getByRole('button', { name: text('checkout.confirm') }).click({ timeout: 20_000 });
  await page.waitForURL(/\/de\/checkout\/success$/, { timeout: 20_000 });
  return ((await page.getByTestId('booking-id').textContent({ timeout: 15_000 })) ?? '').trim();
}

/** The demo customer buys an adult ticket through the API, as the app does (initPayment with the token, Pay, execPayment); its booking id. */
async function bookAsDemoCustomer(lang: string): Promise<string> {
  const { jwt } = await createShopApi({ baseURL: `${baseUrl}/api`, lang: () => lang }).login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const json = { 'content-type': 'application/json' };
  const items = [{ type: 'ticket', id: DEMO.tickets.collectionAdult, count: 1, datetime: `${demoTicketDay()} 11:00`, subtickets: [] }];
  const init = await fetch(`${baseUrl}/api/${lang}/checkout/initPayment?_=${jwt}`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ payart: 161, cart: { ver: 1, items }, url: { continue: `${baseUrl}/${lang}/checkout/accepted`, cancel: `${baseUrl}/${lang}/checkout/canceled` } }),
  });
  const provider = new URL(((await init.json()) as { data: string }).data);
  const paid = await fetch(`${baseUrl}/provider/${lang}/pay/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cartId: provider.searchParams.get('cartId') ?? '', session: provider.searchParams.get('session') ?? '' }).toString(),
  });
  const back = new URL(paid.headers.get('location') ?? '');
  const exec = await fetch(`${baseUrl}/api/${lang}/checkout/execPayment?us=${back.searchParams.get('us') ?? ''}&sessionUs=${back.searchParams.get('sessionUs') ?? ''}`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ cartId: back.searchParams.get('cartId') }),
  });
  return ((await exec.json()) as { data: { booking_id: string } }).data.booking_id;
}

/** The link of the confirmation mailed to `to` about `bookingId` (its text part), once the server wrote it. */
async function mailedOrderLink(to: string, bookingId: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of await mailsIn(sharedOutboxDir())) {
      const recipients = (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((t) => t?.value.map((v) => v.address) ?? []);
      const match = new RegExp(`https?://[^\\s/]+(/de/orders/${bookingId}\\?key=[\\w-]+)`).exec(mail.text ?? '');
      if (recipients.includes(to) && match?.[1]) return match[1];
    }
    if (Date.now() > deadline) throw new Error(`no order link of ${bookingId} mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe('My orders in Chromium', () => {
  it('the demo customer buys: the success page offers the PDF and the calendar entry; My orders lists the order; its page sends the confirmation again (German, 1280 px)', async () => {
    const opened = await openPage(browser, baseUrl, '/de/login');
    const { page } = opened;
    try {
      await logIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      const bookingId = await buy(page);
      expect(bookingId).toMatch(/^[A-Z0-9]{6,}$/);

      // the success page: where the mail went, the PDF and the calendar entry, the review with the key
      const docs = page.getByRole('region', { name: text('documents.title') });
      await docs.waitFor({ timeout: 15_000 });
      expect(await docs.getByTestId('mailed-to').innerText()).toMatch(/^Die Bestätigung wurde an [a-z]{1,2}•+@museum\.example gesendet\.$/);
      const pdf = (await docs.getByRole('link', { name: text('documents.pdf') }).getAttribute('href')) ?? '';
      expect(await fileAnswer(page, pdf)).toEqual({ status: 200, type: 'application/pdf' });
      const ics = (await docs.getByRole('link', { name: text('documents.calendar') }).getAttribute('href')) ?? '';
      expect((await fileAnswer(page, ics)).type).toMatch(/^text\/calendar/);
      expect(await page.getByRole('link', { name: text('checkout.viewOrder') }).getAttribute('href')).toMatch(new RegExp(`/de/order-review/${bookingId}\\?key=[\\w-]{16,}$`));
      await shot(page, 'de-1280-success');
      expect(await axeViolations(page)).toEqual([]);

      // My orders from the account menu
      await page.getByRole('banner').getByRole('button', { name: /Anna Muster/ }).click();
      await page.getByRole('banner').getByRole('link', { name: text('header.orders') }).click();
      await page.waitForURL(/\/de\/orders$/);
      await page.getByRole('heading', { level: 1, name: text('title.orders') }).waitFor({ timeout: 15_000 });
      const card = page.getByTestId('order-card').filter({ has: page.getByRole('heading', { name: `Bestellung ${bookingId}` }) });
      await card.waitFor({ timeout: 15_000 });
      // newest first: this order is the first card
      expect(await page.getByTestId('order-card').first().getByRole('heading', { level: 2 }).innerText()).toBe(`Bestellung ${bookingId}`);
      expect(await card.innerText()).toContain('CHF 18.00');
      expect(await fileAnswer(page, (await card.getByRole('link', { name: text('documents.pdf') }).getAttribute('href')) ?? '')).toEqual({ status: 200, type: 'application/pdf' });
      await shot(page, 'de-1280-orders');
      expect(await axeViolations(page)).toEqual([]);

      // the order's page: lines, amount, the visit, the documents, "send again"
      await card.getByRole('link', { name: `Bestellung ${bookingId}` }).click();
      await page.waitForURL(new RegExp(`/de/orders/${bookingId}$`));
      await page.getByRole('heading', { level: 1, name: `Bestellung ${bookingId}` }).waitFor({ timeout: 15_000 });
      // the focus moves to the new page's heading (RouteEffects), as on every page
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, { timeout: 5_000 });
      expect(await page.getByTestId('order-amount').innerText()).toBe('CHF 18.00');
      expect(await page.getByRole('region', { name: text('documents.visitsTitle') }).innerText()).toMatch(/11:00/);
      expect(await page.getByRole('region', { name: text('documents.title') }).getByTestId('mailed-to').innerText()).toMatch(/^Die Bestätigung wurde an [a-z]{1,2}•+@museum\.example gesendet\.$/);
      await shot(page, 'de-1280-order');
      expect(await axeViolations(page)).toEqual([]);

      // the booking's own confirmation went out a moment ago: too soon, and when to ask again; then the masked address
      const resend = page.getByRole('button', { name: text('orders.resend') });
      await resend.click();
      const soon = page.getByTestId('resend-too-soon');
      const sent = page.getByTestId('resend-sent');
      await soon.or(sent).waitFor({ timeout: 15_000 });
      if (await soon.isVisible()) {
        expect(await soon.innerText()).toMatch(/in \d+ Sekunden? erneut anfordern/);
        await shot(page, 'de-1280-order-too-soon');
        // "send again" comes back once the wait the server named has passed
        await resend.click({ timeout: 75_000 });
      }
      await sent.waitFor({ timeout: 15_000 });
      expect(await sent.innerText()).toMatch(/^Die Bestätigung ist unterwegs an [a-z]{1,2}•+@museum\.example\.$/);
      await shot(page, 'de-1280-order-sent');

      // back to the list with "all my orders", without loading it again
      await page.getByRole('link', { name: text('orders.allOrders') }).click();
      await page.waitForURL(/\/de\/orders$/);
      await card.waitFor({ timeout: 15_000 });
      expect(unexpected(opened.errors)).toEqual([]);
    } finally {
      await opened.close();
    }
  }, 180_000);

  it('the list and an order in French at 390 px: readable, within the screen, axe-clean', async () => {
    // an order bought in French, whatever the tests before did
    const bookingId = await bookAsDemoCustomer('fr');
    const opened = await openPage(browser, baseUrl, '/fr/orders', { locale: 'fr-CH', viewport: { width: 390, height: 844 } });
    const { page } = opened;
    try {
      await page.waitForURL(/\/fr\/login\?/);
      await page.getByRole('heading', { level: 1, name: FR['title.login'] }).waitFor({ timeout: 15_000 });
      await page.getByLabel(fr('auth.email')).fill(DEMO_CUSTOMER.email);
      await page.getByLabel(fr('auth.password')).first().fill(DEMO_CUSTOMER.password);
      await page.getByRole('button', { name: FR['auth.loginSubmit'] }).click();
      await page.waitForURL(/\/fr\/orders$/, { timeout: 20_000 }).catch(async (error: unknown) => {
        throw new Error(`not back at /fr/orders but ${page.url()}, showing "${(await page.locator('main').innerText()).slice(0, 300)}": ${String(error)}`);
      });
      const first = page.getByTestId('order-card').first();
      await first.waitFor({ timeout: 15_000 });
      // newest first: the order just bought
      expect(await first.getByRole('heading', { level: 2 }).innerText()).toBe(`Commande ${bookingId}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot(page, 'fr-390-orders');
      expect(await axeViolations(page)).toEqual([]);
      await first.getByRole('heading', { level: 2 }).getByRole('link').click();
      await page.getByRole('region', { name: FR['documents.title'] }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: FR['orders.resend'] }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot(page, 'fr-390-order');
      expect(await axeViolations(page)).toEqual([]);
      expect(unexpected(opened.errors)).toEqual([]);
    } finally {
      await opened.close();
    }
  }, 120_000);

  it("an anonymous buyer opens the link of the confirmation mail: the order with its documents, no login, no 'all my orders'", async () => {
    const email = `kauf-${Date.now().toString(36)}@example.org`;
    const buying = await openPage(browser, baseUrl, '/de');
    let bookingId = '';
    try {
      bookingId = await buy(buying.page, email);
    } finally {
      await buying.close();
    }
    const link = await mailedOrderLink(email, bookingId);
    const opened = await openPage(browser, baseUrl, link, { viewport: { width: 390, height: 844 } });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1, name: `Bestellung ${bookingId}` }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(link);
      const docs = page.getByRole('region', { name: text('documents.title') });
      expect(await docs.getByTestId('mailed-to').innerText()).toMatch(/ [a-z]{1,2}•+@example\.org /);
      expect(await fileAnswer(page, (await docs.getByRole('link', { name: text('documents.pdf') }).getAttribute('href')) ?? '')).toEqual({ status: 200, type: 'application/pdf' });
      expect(await page.getByRole('link', { name: text('orders.allOrders') }).count()).toBe(0);
      await shot(page, 'de-390-order-from-mail');
      expect(await axeViolations(page)).toEqual([]);
      expect(unexpected(opened.errors)).toEqual([]);
    } finally {
      await opened.close();
    }
  }, 120_000);

  it('logged out, /de/orders goes to the login and comes back to the orders', async () => {
    const opened = await openPage(browser, baseUrl, '/de/orders');
    const { page } = opened;
    try {
      await page.waitForURL(/\/de\/login\?/);
      expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/de/orders');
      await logIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await page.waitForURL(/\/de\/orders$/);
      await page.getByRole('heading', { level: 1, name: text('title.orders') }).waitFor({ timeout: 15_000 });
      await page.getByTestId('order-card').first().waitFor({ timeout: 15_000 });
      expect(unexpected(opened.errors)).toEqual([]);
    } finally {
      await opened.close();
    }
  }, 60_000);

  it('an unknown order is not found, with a way to the shop', async () => {
    const opened = await openPage(browser, baseUrl, '/de/orders/NOSUCHORDER1?key=not-the-key');
    const { page } = opened;
    try {
      const notFound = page.getByTestId('order-not-found');
      await notFound.waitFor({ timeout: 15_000 });
      expect(await notFound.innerText()).toMatch(text('orders.notFound'));
      expect(await page.getByRole('link', { name: text('orders.toShop') }).isVisible()).toBe(true);
      await shot(page, 'de-1280-not-found');
      expect(await axeViolations(page)).toEqual([]);
      expect(unexpected(opened.errors)).toEqual([]);
    } finally {
      await opened.close();
    }
  }, 60_000);
});
