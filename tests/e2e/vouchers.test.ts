/**
 * Vouchers in real Chromium against the reference server (issue 12): voucher codes redeemed in the
 * cart (part of a ticket cart paid at the provider for exactly the cart's total; a cart paid
 * entirely by a code booked without paying; every refusal in the visitor's language; the same code
 * twice; keyboard alone), buying vouchers (a variable one of CHF 75 and a fixed one, through
 * payment), and axe on the voucher pages and the cart with a code in two languages at 1280 and
 * 390 px. The demo codes live in src/server/seed (docs/api.md); this file is the only e2e file that
 * redeems them.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { axeViolations } from './axe.js';
import { acceptTermsAndPay, atProvider, demoTicketLine, openCheckoutWithCart, text } from './checkout-helpers.js';
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

const codeField = (page: Page) => page.getByRole('textbox', { name: text('voucherCode.label') });

async function redeem(page: Page, code: string): Promise<void> {
  await codeField(page).fill(code);
  await page.getByRole('button', { name: text('voucherCode.submit') }).click();
}

/** The reason shown at the field (data-reason: the §8 code) once the lookup answered. */
async function refusal(page: Page): Promise<{ reason: string | null; text: string }> {
  const error = page.getByTestId('voucher-code-error');
  await error.waitFor({ timeout: 10_000 });
  return { reason: await error.getAttribute('data-reason'), text: await error.innerText() };
}

/** Minor units of a price the page shows ("CHF 22.00", "-CHF 50.00"). */
const minor = (shown: string) => Math.round(Number(shown.replace(/[^\d.-]/g, '')) * 100);

async function confirmAndBook(page: Page): Promise<string> {
  await page.waitForURL(/\/de\/checkout\/accepted\?/, { timeout: 15_000 });
  await page.getByRole('button', { name: text('checkout.confirm') }).click();
  await page.waitForURL(/\/de\/checkout\/success$/, { timeout: 15_000 });
  const bookingId = (await page.getByTestId('booking-id').innerText()).trim();
  expect(bookingId).toMatch(/^[A-Z0-9]{12}$/);
  return bookingId;
}

describe('voucher codes in the cart', () => {
  it('a demo code pays part of a ticket cart; the provider charges exactly the cart total; removing the code gives the discount back', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de');
    try {
      // 4 adult tickets, CHF 72.00; DEMO-VALID-50 pays CHF 50.00
      await openCheckoutWithCart(page, [demoTicketLine(4)]);
      expect(minor(await page.getByTestId('cart-total').innerText())).toBe(7200);
      await redeem(page, `  ${DEMO.voucherCodes.valid.toLowerCase()} `);
      await page.getByTestId('voucher-code-added').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('voucher-code-added').innerText()).toMatch(text('voucherCode.added'));
      expect(await codeField(page).inputValue()).toBe('');
      const line = page.getByTestId('cart-line').filter({ hasText: DEMO.voucherCodes.valid });
      expect(minor(await line.getByTestId('voucher-code-value').innerText())).toBe(5000);
      expect(minor(await line.getByTestId('voucher-code-pays').innerText())).toBe(5000);
      expect(minor(await line.getByTestId('voucher-code-remaining').innerText())).toBe(0);
      expect(minor(await line.getByTestId('cart-line-amount').innerText())).toBe(-5000);
      expect(minor(await page.getByTestId('cart-total').innerText())).toBe(2200);

      // removing the code line gives the discount back, adding it again takes it
      await line.getByRole('button', { name: text('cart.removeLine') }).click();
      await page.getByTestId('cart-line').filter({ hasText: DEMO.voucherCodes.valid }).waitFor({ state: 'detached' });
      expect(minor(await page.getByTestId('cart-total').innerText())).toBe(7200);
      expect(await page.getByTestId('cart-discount').count()).toBe(0);
      await redeem(page, DEMO.voucherCodes.valid);
      await page.getByTestId('voucher-code-added').waitFor({ timeout: 10_000 });
      const total = minor(await page.getByTestId('cart-total').innerText());
      expect(total).toBe(2200);

      await acceptTermsAndPay(page);
      await page.waitForURL(/\/provider\/de\/pay\?/, { timeout: 15_000 });
      expect(Number(await page.locator('[data-amount]').getAttribute('data-amount'))).toBe(total);
      await atProvider(page, 'Bezahlen');
      await page.waitForURL(/\/de\/checkout\/accepted\?/, { timeout: 15_000 });
      await page.getByText(text('checkout.confirmText')).waitFor({ timeout: 10_000 });
      const bookingId = await confirmAndBook(page);
      await page.goto(`/de/order-review/${bookingId}`);
      await page.getByText(bookingId).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a code that covers everything: the checkout books without the provider page', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de');
    try {
      await openCheckoutWithCart(page, [demoTicketLine(2)]);
      await redeem(page, DEMO.voucherCodes.valid200);
      await page.getByTestId('voucher-code-added').waitFor({ timeout: 10_000 });
      expect(minor(await page.getByTestId('cart-total').innerText())).toBe(0);
      const line = page.getByTestId('cart-line').filter({ hasText: DEMO.voucherCodes.valid200 });
      expect(minor(await line.getByTestId('voucher-code-pays').innerText())).toBe(3600);
      expect(minor(await line.getByTestId('voucher-code-remaining').innerText())).toBe(20000 - 3600);
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      // issue 22 (9a): nothing to pay, so the button orders (no "pay now") and says why
      await page.getByRole('checkbox', { name: text('checkout.terms') }).check();
      await page.getByRole('checkbox', { name: text('checkout.privacy') }).check();
      await expect(page.getByRole('button', { name: text('checkout.pay') }).count()).resolves.toBe(0);
      const order = page.getByRole('button', { name: text('checkout.orderNow') });
      expect(await order.getAttribute('aria-describedby')).toBe('checkout-nothing-to-pay');
      expect(await page.locator('#checkout-nothing-to-pay').innerText()).toMatch(text('checkout.nothingToPay'));
      await order.click();
      await page.waitForURL(/\/de\/checkout\/accepted\?/, { timeout: 15_000 });
      await page.getByText(text('checkout.confirmVouchersText')).waitFor({ timeout: 10_000 });
      await confirmAndBook(page);
      expect(visited.some((path) => path.startsWith('/provider/'))).toBe(false);
      expect(await page.getByTestId('basket-count').innerText()).toBe('0');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('says why a code cannot be used, for every reason, in the visitor\'s language; the same code twice is refused', async () => {
    const { page, close } = await openPage(browser, baseUrl, '/de');
    try {
      await openCheckoutWithCart(page, [demoTicketLine(1)]);
      const cases: [string, string][] = [
        [DEMO.voucherCodes.notYet, 'VOUCHER_NOW_IS_BEFORE_VALID_FROM'],
        [DEMO.voucherCodes.expired, 'VOUCHER_NOW_IS_AFTER_VALID_TO'],
        [DEMO.voucherCodes.usedUp, 'VOUCHER_NO_AMOUNT_LEFT'],
        ['NO-SUCH-CODE-42', 'VOUCHER_NOT_FOUND'],
      ];
      for (const [code, reason] of cases) {
        await redeem(page, code);
        const shown = await refusal(page);
        expect(shown.reason, code).toBe(reason);
        expect(shown.text).toMatch(text(`voucherCode.error.${reason}`));
        expect(shown.text).toContain(code);
        expect(await codeField(page).getAttribute('aria-invalid')).toBe('true');
      }
      // nothing typed
      await redeem(page, '   ');
      expect((await refusal(page)).reason).toBe('VOUCHER_CODE_MISSING');

      // any other failure (here the server answers 500): VOUCHER_UNKNOWN_ERROR
      await page.route('**/api/de/voucher?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"INTERNAL_ERROR","message":"boom"}' }));
      await redeem(page, DEMO.voucherCodes.partlyUsed);
      expect((await refusal(page)).reason).toBe('VOUCHER_UNKNOWN_ERROR');
      await page.unroute('**/api/de/voucher?**');

      // the same code twice, the second time in another case
      await redeem(page, DEMO.voucherCodes.partlyUsed);
      await page.getByTestId('voucher-code-added').waitFor({ timeout: 10_000 });
      await redeem(page, DEMO.voucherCodes.partlyUsed.toLowerCase());
      const twice = await refusal(page);
      expect(twice.reason).toBe('VOUCHER_ALREADY_IN_CART');
      expect(twice.text).toMatch(text('voucherCode.error.VOUCHER_ALREADY_IN_CART'));
      expect(await page.getByTestId('cart-line').filter({ hasText: DEMO.voucherCodes.partlyUsed }).count()).toBe(1);
    } finally {
      await close();
    }
  });

  it('a reload after adding a code keeps the code line and shows an empty entry (nothing added twice, no refusal)', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de');
    try {
      await openCheckoutWithCart(page, [demoTicketLine(1)]);
      await redeem(page, DEMO.voucherCodes.partlyUsed);
      await page.getByTestId('voucher-code-added').waitFor({ timeout: 10_000 });
      await page.reload();
      await page.getByTestId('voucher-code-entry').waitFor({ timeout: 15_000 });
      await page.waitForTimeout(300);
      expect(await page.getByTestId('cart-line').filter({ hasText: DEMO.voucherCodes.partlyUsed }).count()).toBe(1);
      expect(await page.getByTestId('voucher-code-status').innerText()).toBe('');
      expect(await codeField(page).inputValue()).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('in English too: a refusal reads in English', async () => {
    const { page, close } = await openPage(browser, baseUrl, '/en', { locale: 'en-GB' });
    try {
      await page.evaluate((cart) => sessionStorage.setItem('cart', JSON.stringify(cart)), [demoTicketLine(1)]);
      await page.goto('/en/checkout');
      await page.getByTestId('voucher-code-entry').waitFor({ timeout: 15_000 });
      await page.getByRole('textbox', { name: 'Voucher code' }).fill(DEMO.voucherCodes.expired);
      await page.getByRole('button', { name: 'Redeem' }).click();
      expect((await refusal(page)).text).toBe(`The voucher code ${DEMO.voucherCodes.expired} has expired.`);
    } finally {
      await close();
    }
  });

  it('works with the keyboard alone: Tab to the field, type, Enter; the outcome is announced at the field', async () => {
    const { page, close } = await openPage(browser, baseUrl, '/de');
    try {
      await openCheckoutWithCart(page, [demoTicketLine(1)]);
      await page.locator('body').focus();
      let focused = '';
      for (let i = 0; i < 80 && focused !== 'voucherCode'; i++) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');
      }
      expect(focused).toBe('voucherCode');
      await page.keyboard.type(DEMO.voucherCodes.expired);
      await page.keyboard.press('Enter');
      expect((await refusal(page)).reason).toBe('VOUCHER_NOW_IS_AFTER_VALID_TO');
      // the field keeps the focus and is described by the reason
      const describedBy = await page.evaluate(() => document.activeElement?.getAttribute('aria-describedby') ?? '');
      const status = await page.getByTestId('voucher-code-status').getAttribute('id');
      expect(describedBy.split(' ')).toContain(status);
      await page.keyboard.press('Control+A');
      await page.keyboard.type(DEMO.voucherCodes.valid200);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter'); // the Redeem button
      await page.getByTestId('voucher-code-added').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('cart-line').filter({ hasText: DEMO.voucherCodes.valid200 }).count()).toBe(1);
    } finally {
      await close();
    }
  });
});

describe('buying vouchers', () => {
  it('a variable voucher of CHF 75 (typed as -75) and a fixed voucher, through payment', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de/vouchers');
    try {
      const groups = page.getByTestId('voucher-group');
      await groups.first().waitFor({ timeout: 15_000 });
      expect(await groups.count()).toBe(2);
      expect(await groups.nth(0).getByRole('heading', { level: 2 }).innerText()).toBe('Wertgutscheine');
      const variableCard = page.getByTestId('voucher-card').filter({ hasText: 'Gutschein mit freiem Betrag' });
      expect(await variableCard.innerText()).toMatch(text('vouchers.amountOfChoice'));
      expect(await variableCard.locator('img').getAttribute('src')).toBe('/static/vouchers/amount.svg');

      await variableCard.getByRole('link').click();
      await page.waitForURL(/\/de\/vouchers\/403$/);
      const amount = page.getByRole('textbox', { name: text('voucher.amount') });
      await amount.fill('600');
      await page.getByRole('button', { name: text('voucher.addToCart') }).click();
      expect(await page.getByTestId('voucher-amount-error').innerText()).toMatch(text('voucher.error.aboveMax'));
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
      await amount.fill('-75');
      expect(await page.getByTestId('voucher-total').innerText()).toContain('CHF 75.00');
      await page.getByRole('button', { name: text('voucher.addToCart') }).click();
      await page.getByTestId('voucher-added').waitFor();
      expect(await page.getByTestId('basket-count').innerText()).toBe('1');

      await page.getByRole('link', { name: text('voucher.buyMore') }).click();
      await page.waitForURL(/\/de\/vouchers$/);
      await page.getByTestId('voucher-card').filter({ hasText: 'Gutschein CHF 50' }).getByRole('link').click();
      await page.waitForURL(/\/de\/vouchers\/401$/);
      await page.getByRole('spinbutton', { name: text('voucher.quantity') }).fill('2');
      expect(await page.getByTestId('voucher-total').innerText()).toContain('CHF 100.00');
      await page.getByRole('button', { name: text('voucher.addToCart') }).click();
      await page.getByTestId('voucher-added').waitFor();
      await page.getByRole('link', { name: text('voucher.goToCart') }).click();

      await page.waitForURL(/\/de\/checkout$/);
      await page.getByTestId('cart-line').nth(1).waitFor({ timeout: 15_000 });
      const total = minor(await page.getByTestId('cart-total').innerText());
      expect(total).toBe(7500 + 2 * 5000);
      await acceptTermsAndPay(page);
      await page.waitForURL(/\/provider\/de\/pay\?/, { timeout: 15_000 });
      expect(Number(await page.locator('[data-amount]').getAttribute('data-amount'))).toBe(total);
      await atProvider(page, 'Bezahlen');
      const bookingId = await confirmAndBook(page);
      await page.goto(`/de/order-review/${bookingId}`);
      await page.getByText('Gutschein mit freiem Betrag').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a voucher id that does not exist says so', async () => {
    const { page, close } = await openPage(browser, baseUrl, '/de/vouchers/999');
    try {
      await page.getByTestId('voucher-not-found').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('voucher-not-found').innerText()).toMatch(text('voucher.notFound'));
    } finally {
      await close();
    }
  });
});

describe('axe-core (WCAG 2.2 AA) on the voucher pages and the cart with a code', () => {
  for (const [lang, width] of [['de', 1280], ['en', 390], ['fr', 1280], ['de', 390]] as const) {
    it(`/${lang}/vouchers, a voucher page with a refused amount and the cart with a code at ${width} px`, async () => {
      const { page, close } = await openPage(browser, baseUrl, `/${lang}/vouchers`, { viewport: { width, height: 900 } });
      try {
        await page.getByTestId('voucher-card').first().waitFor({ timeout: 15_000 });
        expect(await axeViolations(page), 'list').toEqual([]);
        await page.goto(`/${lang}/vouchers/${DEMO.vouchers.variable}`);
        await page.getByTestId('voucher-form').waitFor({ timeout: 15_000 });
        await page.locator('input[name=amount]').fill('5');
        await page.locator('input[name=amount]').press('Enter');
        await page.getByTestId('voucher-amount-error').waitFor();
        expect(await axeViolations(page), 'voucher page').toEqual([]);
        await page.evaluate((cart) => sessionStorage.setItem('cart', JSON.stringify(cart)), [demoTicketLine(1)]);
        await page.goto(`/${lang}/checkout`);
        await page.getByTestId('voucher-code-entry').waitFor({ timeout: 15_000 });
        await page.locator('input[name=voucherCode]').fill(DEMO.voucherCodes.valid200);
        await page.locator('input[name=voucherCode]').press('Enter');
        await page.getByTestId('voucher-code-added').waitFor({ timeout: 10_000 });
        await page.locator('input[name=voucherCode]').fill(DEMO.voucherCodes.expired);
        await page.locator('input[name=voucherCode]').press('Enter');
        await page.getByTestId('voucher-code-error').waitFor({ timeout: 10_000 });
        expect(await axeViolations(page), 'cart with a code').toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
