/**
 * Issue 46's "must show", in real Chromium against the shared e2e server, as a visitor does it:
 * an anonymous visitor puts a timed ticket and a book in the cart, chooses the country, pays at the
 * simulated provider with an e-mail address, then opens the footer's "Withdraw from contract here",
 * identifies the order by its booking number and that address, sees the book offered and the
 * ticket refused with its reason, confirms; the acknowledgement is in the outbox with the content,
 * date and time; the order page of the confirmation mail shows the book withdrawn; a second
 * statement of the same line records nothing anew (one statement, one acknowledgement). The demo
 * customer does the same from "My orders". In German at 1280 px and in English at 390 px, axe-clean
 * at each step, screenshots in WITHDRAWAL_SHOTS (default /tmp/withdrawal-shots).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { axeViolations } from './axe.js';
import { demoTicketLine } from './checkout-helpers.js';
import { mailsIn, sharedOutboxDir } from './mailbox.js';
import { repoRoot } from './server-process.js';
import { DEMO_CUSTOMER } from '../../src/server/seed/accounts.js';

const SHOTS = process.env.WITHDRAWAL_SHOTS ?? '/tmp/withdrawal-shots';
/** The acknowledgement's subject (src/server/mail/withdrawal-mail.ts) for a booking, de and en. */
const acknowledgement = (booking: string) => new RegExp(`^(Ihr Widerruf zur Bestellung|Your withdrawal from order) ${booking} `);
const PROVIDER: Record<string, { email: string; pay: string }> = {
  de: { email: 'E-Mail-Adresse für Bestätigung und Tickets', pay: 'Bezahlen' },
  en: { email: 'E-mail address for the confirmation and tickets', pay: 'Pay' },
};
const messagesOf = (lang: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, `src/i18n/messages/${lang}.json`), 'utf8')) as Record<string, string>;

/** A message of `lang` as a pattern: tags removed, placeholders matching anything. */
function words(lang: string, id: string): RegExp {
  const message = messagesOf(lang)[id];
  if (message === undefined) throw new Error(`${lang}.json has no message ${id}`);
  const parts = message.replace(/<\/?[a-z]+>/g, '').split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(parts.join('.+'));
}

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

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function acceptCookies(page: Page): Promise<void> {
  const notice = page.getByTestId('cookie-notice');
  if (await notice.isVisible()) {
    await notice.getByRole('button').click();
    await notice.waitFor({ state: 'detached' });
  }
}

/** The mails to `to` whose subject matches, once at least `count` are there. */
async function mailsTo(to: string, subject: RegExp, count = 1): Promise<ParsedMail[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (await mailsIn(sharedOutboxDir())).filter((mail) => mail.to && JSON.stringify(mail.to).toLowerCase().includes(to.toLowerCase()) && subject.test(mail.subject ?? ''));
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A ticket in the cart (as a visitor leaves it), the book added on its page, paid at the provider: the booking id. */
async function buyBookAndTicket(page: Page, lang: string, payer: string | null): Promise<string> {
  await page.goto(`/${lang}`, { waitUntil: 'load' });
  await page.evaluate((cart) => sessionStorage.setItem('cart', JSON.stringify(cart)), [demoTicketLine(1)]);
  await page.goto(`/${lang}/product/301`, { waitUntil: 'load' });
  await acceptCookies(page);
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('basket-count').filter({ hasText: '2' }).waitFor({ timeout: 15_000 });
  await page.goto(`/${lang}/checkout`, { waitUntil: 'load' });
  await page.getByTestId('cart-line').nth(1).waitFor({ timeout: 15_000 });
  const country = page.getByTestId('shipping-country');
  if (await country.isVisible()) {
    await country.selectOption('CH');
    await page.getByTestId('shipping-destination').waitFor();
  }
  await page.getByRole('checkbox', { name: words(lang, 'checkout.terms') }).check();
  await page.getByRole('checkbox', { name: words(lang, 'checkout.privacy') }).check();
  await page.getByRole('button', { name: words(lang, 'checkout.pay') }).click();
  await page.waitForURL(new RegExp(`/provider/${lang}/pay\\?`), { timeout: 15_000 });
  if (payer) await page.getByLabel(PROVIDER[lang]!.email).fill(payer);
  await page.getByRole('button', { name: PROVIDER[lang]!.pay, exact: true }).click();
  await page.getByRole('button', { name: words(lang, 'checkout.confirm') }).click({ timeout: 20_000 });
  await page.waitForURL(new RegExp(`/${lang}/checkout/success$`), { timeout: 20_000 });
  return ((await page.getByTestId('booking-id').textContent({ timeout: 15_000 })) ?? '').trim();
}

/** On the lines step: the book offered, the ticket refused as a dated admission; chooses the book and goes on. */
async function chooseTheBook(page: Page, lang: string): Promise<void> {
  const lines = page.locator('main').getByRole('group', { name: words(lang, 'withdrawal.linesLegend') });
  await lines.waitFor({ timeout: 15_000 });
  const book = lines.getByRole('checkbox', { disabled: false });
  await expect.poll(() => book.count()).toBe(1);
  expect(await lines.getByRole('checkbox', { disabled: true }).count()).toBe(1);
  await expect.poll(() => lines.getByText(words(lang, 'withdrawal.status.dated')).count()).toBe(1);
  await book.check();
}

/** The steps after the lines: name (typed when empty), acknowledgement address, "Confirm withdrawal"; the received step's text. */
async function stateAndConfirm(page: Page, lang: string, name: string, shotName: string): Promise<string> {
  const main = page.locator('main');
  await main.getByRole('button', { name: words(lang, 'withdrawal.continue') }).click();
  const nameField = main.locator('[name="name"]');
  await nameField.waitFor();
  if ((await nameField.inputValue()) === '') await nameField.fill(name);
  await main.getByRole('button', { name: words(lang, 'withdrawal.continue') }).click();
  await main.getByTestId('withdrawal-statement').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, `${shotName}-3-confirm`);
  await main.getByRole('button', { name: words(lang, 'withdrawal.confirm') }).click();
  const received = main.getByTestId('withdrawal-received');
  await received.waitFor({ timeout: 15_000 });
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, `${shotName}-4-received`);
  return received.innerText();
}

describe('the withdrawal function (issue 46) as a visitor uses it', () => {
  for (const [lang, width] of [
    ['de', 1280],
    ['en', 390],
  ] as const) {
    it(`anonymous, from the footer: the book withdrawn, the ticket refused, one statement (${lang}, ${width} px)`, async () => {
      const { page, errors, close } = await openPage(browser, baseUrl, `/${lang}`, { viewport: { width, height: 900 } });
      try {
        const payer = `withdraw-${lang}-${Date.now()}@example.org`;
        const booking = await buyBookAndTicket(page, lang, payer);
        expect(booking).toMatch(/^[A-Z0-9]{12}$/);

        // the footer's link, from any page
        await page.goto(`/${lang}/tickets`, { waitUntil: 'load' });
        await page.locator('footer').getByRole('link', { name: words(lang, 'footer.withdraw') }).click();
        await page.waitForURL(new RegExp(`/${lang}/withdrawal$`));
        const main = page.locator('main');
        // identified by the booking number (typed in small letters) and the purchase's address
        await main.locator('[name="orderId"]').fill(booking.toLowerCase());
        await main.locator('[name="email"]').fill(payer.toUpperCase());
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, `anonymous-${lang}-${width}-1-identify`);
        await main.getByRole('button', { name: words(lang, 'withdrawal.continue') }).click();
        await chooseTheBook(page, lang);
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, `anonymous-${lang}-${width}-2-lines`);
        const received = await stateAndConfirm(page, lang, 'Erika Muster', `anonymous-${lang}-${width}`);
        expect(received).toMatch(/\d{1,2}:\d{2}/);

        // the acknowledgement: the statement's content, date and time
        const [ack] = await mailsTo(payer, acknowledgement(booking));
        expect(ack, 'the acknowledgement mail').toBeDefined();
        const body = ack!.text ?? '';
        expect(body).toContain(booking);
        expect(body).toContain('Erika Muster');
        expect(body).toMatch(/\d{1,2}:\d{2}/);
        expect(body).toMatch(/\d{4}|\d{1,2}\.\d{1,2}\./);

        // the order page of the confirmation mail shows the book withdrawn
        const confirmation = (await mailsIn(sharedOutboxDir())).find((mail) => JSON.stringify(mail.to).includes(payer) && (mail.text ?? '').includes('/withdrawal?id='));
        expect(confirmation, "the confirmation mail's withdrawal link").toBeDefined();
        const orderLink = /https?:\/\/\S+\/orders\/[A-Z0-9]+\?key=[\w-]+/.exec(confirmation!.text ?? '')?.[0];
        expect(orderLink).toBeDefined();
        await page.goto(new URL(orderLink!).pathname + new URL(orderLink!).search, { waitUntil: 'load' });
        await expect.poll(() => page.locator('main').getByText(words(lang, 'withdrawal.status.withdrawn')).count(), { timeout: 15_000 }).toBe(1);
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, `anonymous-${lang}-${width}-5-order-page`);

        // a second statement of the same line records nothing anew
        const again = await fetch(`${baseUrl}/api/${lang}/order/withdraw`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id: booking, email: payer, lines: [1], name: 'Erika Muster', ack_email: payer, request_id: `second-${Date.now()}` }),
        });
        const repeated = (await again.json()) as { data: { repeated: boolean } };
        expect(again.status).toBe(200);
        expect(repeated.data.repeated).toBe(true);
        const lookup = await fetch(`${baseUrl}/api/${lang}/order/withdrawal`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: booking, email: payer }) });
        const order = (await lookup.json()) as { data: { statements: unknown[] } };
        expect(order.data.statements).toHaveLength(1);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(await mailsTo(payer, acknowledgement(booking), 2)).toHaveLength(1);
        expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it('the demo customer, from "My orders" (en, 1280 px)', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/en', { viewport: { width: 1280, height: 900 } });
    try {
      await page.goto('/en/login', { waitUntil: 'load' });
      await acceptCookies(page);
      await page.locator('main').getByLabel(words('en', 'auth.email')).fill(DEMO_CUSTOMER.email);
      await page.locator('main').getByLabel(words('en', 'auth.password')).fill(DEMO_CUSTOMER.password);
      await page.locator('main').getByRole('button', { name: words('en', 'auth.loginSubmit') }).click();
      await page.locator('header .user-menu__button').waitFor({ timeout: 15_000 });
      const booking = await buyBookAndTicket(page, 'en', null);
      await page.goto('/en/orders', { waitUntil: 'load' });
      const entry = page.locator('main li, main article').filter({ hasText: booking }).first();
      await entry.waitFor({ timeout: 15_000 });
      await entry.getByRole('link', { name: words('en', 'footer.withdraw') }).click();
      await page.waitForURL(/\/en\/withdrawal\?id=/);
      await chooseTheBook(page, 'en');
      await shot(page, 'customer-en-1280-2-lines');
      const received = await stateAndConfirm(page, 'en', '', 'customer-en-1280');
      expect(received).toMatch(/\d{1,2}:\d{2}/);
      const [ack] = await mailsTo(DEMO_CUSTOMER.email, acknowledgement(booking));
      expect(ack, 'the acknowledgement mail').toBeDefined();
      expect(ack!.text ?? '').toContain(booking);
      expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    } finally {
      await close();
    }
  });
});
