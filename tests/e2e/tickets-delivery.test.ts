/**
 * Issue 42, "must show", in real Chromium against `npm start`'s server (no SMTP_URL: the mails are
 * .eml files in DATA_DIR/outbox): an anonymous visitor buys two adult tickets, gives an address
 * on the provider's page and pays; the demo customer buys two adult tickets and a tour. Each
 * confirmation is in the outbox in the language of the purchase with its PDF tickets and calendar
 * file; the PDF's QR codes decode (pdftoppm + zbarimg) and ticket/verify accepts every code and
 * refuses it with one character changed.
 */
import type { Browser } from 'playwright-core';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { acceptTermsAndPay, demoTicketDay, demoTicketLine, openCheckoutWithCart, text } from './checkout-helpers.js';
import FR_MESSAGES from '../../src/i18n/messages/fr.json' with { type: 'json' };
import { mailsIn, sharedOutboxDir } from './mailbox.js';
import { readPdf } from '../support/pdf-tools.js';
import { DEMO, nextWeekday } from '../../src/server/seed/demo.js';
import { DEMO_CUSTOMER } from '../../src/server/seed/accounts.js';
import { createShopApi } from '../../src/api/index.js';

const FR: Record<string, string> = FR_MESSAGES;
let baseUrl = '';
let browser: Browser;

beforeAll(async () => {
  baseUrl = e2eBaseUrl();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The confirmation mailed to `to` about `bookingId`, once the server has written it. */
async function confirmation(to: string, bookingId: string, timeoutMs = 20_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailsIn(sharedOutboxDir())).find(
      (m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.value.some((v) => v.address === to)) && (m.subject ?? '').includes(bookingId),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no confirmation of ${bookingId} mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

async function verify(code: string): Promise<{ status: number; body: { data?: { booking_id: string; count: number }; error?: string } }> {
  const res = await fetch(`${baseUrl}/api/de/ticket/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
  return { status: res.status, body: (await res.json()) as { data?: { booking_id: string; count: number }; error?: string } };
}

/** Every code of the mail's PDF decodes from its printed page and verifies; one character changed does not. */
async function codesHold(mail: ParsedMail, bookingId: string, pages: number): Promise<void> {
  const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf' && a.filename === `tickets-${bookingId}.pdf`);
  expect(pdf, 'the PDF tickets are attached').toBeDefined();
  const read = readPdf(pdf?.content ?? new Uint8Array());
  expect(read.pages).toBe(pages);
  expect(read.info).toMatch(/Tagged:\s+yes/);
  expect(read.codes).toHaveLength(pages);
  for (const code of read.codes) {
    const ok = await verify(code);
    expect(ok.status).toBe(200);
    expect(ok.body.data?.booking_id).toBe(bookingId);
    const at = Math.floor(code.length / 3);
    const bad = await verify(code.slice(0, at) + (code[at] === 'x' ? 'y' : 'x') + code.slice(at + 1));
    expect(bad).toMatchObject({ status: 422, body: { error: 'TICKET_INVALID' } });
  }
  expect(mail.attachments.some((a) => a.filename === `visit-${bookingId}.ics` && a.content.toString('utf8').startsWith('BEGIN:VCALENDAR'))).toBe(true);
}

describe('the confirmation, its PDF tickets and their codes', () => {
  it('an anonymous visitor: two adult tickets, the address given at the provider, the mail in German with two scannable tickets', async () => {
    const email = `gast-${Date.now().toString(36)}@example.org`;
    const opened = await openPage(browser, baseUrl, '/de');
    const { page } = opened;
    try {
      await openCheckoutWithCart(page, [demoTicketLine(2, demoTicketDay())]);
      await acceptTermsAndPay(page);
      await page.waitForURL(/\/provider\/de\/pay\?/, { timeout: 15_000 });
      await page.getByLabel('E-Mail-Adresse für Bestätigung und Tickets').fill(email);
      await page.getByRole('button', { name: 'Bezahlen', exact: true }).click();
      await page.getByRole('button', { name: text('checkout.confirm') }).click({ timeout: 20_000 });
      await page.waitForURL(/\/de\/checkout\/success$/, { timeout: 20_000 }).catch(async (error: unknown) => {
        await page.screenshot({ path: '/tmp/tickets-delivery-fail.png' });
        throw new Error(`not on the success page but ${page.url()}: ${String(error)}`);
      });
      const bookingId = (await page.getByTestId('booking-id').textContent({ timeout: 15_000 }))?.trim() ?? '';
      expect(bookingId).toMatch(/^[A-Z0-9]{12}$/);
      const mail = await confirmation(email, bookingId);
      expect(mail.subject).toMatch(/Bestellung/);
      expect(mail.text).toContain(`/de/orders/${bookingId}?key=`);
      await codesHold(mail, bookingId, 2);
      expect(opened.errors).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it('the demo customer: two adult tickets and a tour, bought in French; the mail goes to the account in French', async () => {
    const { jwt } = await createShopApi({ baseURL: `${baseUrl}/api`, lang: () => 'fr' }).login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const tuesday = nextWeekday(new Date(), 2, 8);
    const items = [
      { type: 'ticket', id: DEMO.tickets.collectionAdult, count: 2, datetime: `${tuesday} 11:00`, subtickets: [] },
      { type: 'guidedTour', tourId: DEMO.tours.highlightsDe, datetime: `${tuesday} 11:00`, prices: [], answers: [], tickets: [{ id: DEMO.tourTickets.highlightsAdult, count: 2, subtickets: [] }] },
    ];
    const init = await fetch(`${baseUrl}/api/fr/checkout/initPayment?_=${jwt}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payart: 161, cart: { ver: 1, items }, url: { continue: `${baseUrl}/fr/checkout/accepted`, cancel: `${baseUrl}/fr/checkout/canceled` } }),
    });
    expect(init.status).toBe(200);
    const provider = ((await init.json()) as { data: string }).data;
    const opened = await openPage(browser, baseUrl, provider.replace(baseUrl, ''), { locale: 'fr-CH' });
    try {
      // a logged-in customer is not asked for an address
      expect(await opened.page.getByLabel(/Adresse e-mail/).count()).toBe(0);
      await opened.page.getByRole('button', { name: 'Payer', exact: true }).click();
      await opened.page.getByRole('button', { name: FR['checkout.confirm'] }).click({ timeout: 20_000 });
      await opened.page.waitForURL(/\/fr\/checkout\/success$/, { timeout: 20_000 });
    } finally {
      await opened.close();
    }
    const cartId = new URL(provider).searchParams.get('cartId') ?? '';
    const status = await fetch(`${baseUrl}/api/fr/checkout/cart?id=${cartId}`);
    const bookingId = ((await status.json()) as { data: { booking_id: string } }).data.booking_id;
    const mail = await confirmation(DEMO_CUSTOMER.email, bookingId);
    expect(mail.subject).toMatch(/commande/i);
    // two adults with their own codes (unique_barcode), the tour one code for its participants
    await codesHold(mail, bookingId, 3);
  });
});
