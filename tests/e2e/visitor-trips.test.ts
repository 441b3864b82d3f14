/**
 * What a visitor trips over (issue 16), in real Chromium against the reference server: the
 * confirmation after the provider on a phone (item 2), the login notice of direct debit (item 3),
 * the cart-gone heading and the progress bar of an anonymous payment (item 15).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { acceptTermsAndPay, atProvider, logIn, openCheckoutWithCart, text } from './checkout-helpers.js';

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

/** The progress bar's steps as `label:state` (state from the rendered class). */
async function progress(page: Page): Promise<string[]> {
  return page.locator('.progress__step').evaluateAll((items) => items.map((li) => `${li.textContent?.replace(/^\d/, '').trim()}:${(li as HTMLElement).dataset.stepState}`));
}

describe('issue 16 in a real browser', () => {
  it('item 2: back from the provider on a phone, the page says one step remains, Confirm order is in view and has the focus', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de', { viewport: PHONE });
    try {
      await openCheckoutWithCart(page);
      await acceptTermsAndPay(page);
      await atProvider(page, 'Bezahlen');
      await page.waitForURL(/\/de\/checkout\/accepted\?/);
      const confirm = page.getByRole('button', { name: text('checkout.confirm') });
      await confirm.waitFor();
      await expect(page.getByRole('heading', { level: 2, name: text('checkout.oneStepLeft') }).isVisible()).resolves.toBe(true);
      await expect(page.getByText(text('checkout.notBookedYet')).isVisible()).resolves.toBe(true);
      // in view without scrolling, and focused
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(text('checkout.confirm'));
      const box = await confirm.boundingBox();
      const scrollY = await page.evaluate(() => window.scrollY);
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(scrollY).toBe(0);
      // anonymous express payment: 'Anmelden' was never done, it is skipped
      const steps = await progress(page);
      expect(steps[1]).toMatch(/:skipped$/);
      expect(steps[0]).toMatch(/:done$/);
      expect(steps[2]).toMatch(/:current$/);
      // Enter on the focused button books
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/de\/checkout\/success$/);
      expect(await progress(page)).toEqual([expect.stringMatching(/:done$/), expect.stringMatching(/:skipped$/), expect.stringMatching(/:done$/), expect.stringMatching(/:current$/)]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('item 15: a cart gone (410) is not headed "Payment accepted"', async () => {
    const { page, close } = await openPage(browser, baseUrl, '/de');
    try {
      await openCheckoutWithCart(page);
      await acceptTermsAndPay(page);
      await atProvider(page, 'Bezahlen');
      await page.waitForURL(/\/de\/checkout\/accepted\?/);
      const cartId = new URL(page.url()).searchParams.get('cartId') ?? '';
      expect((await fetch(`${baseUrl}/api/de/checkout/cancel?noRedirect=1&cartId=${cartId}`, { method: 'POST' })).status).toBe(200);
      await page.getByRole('button', { name: text('checkout.confirm') }).click();
      await page.getByTestId('cart-gone').waitFor();
      await expect(page.getByRole('heading', { level: 1, name: text('title.checkoutGone') }).isVisible()).resolves.toBe(true);
      expect(await page.getByRole('heading', { level: 1, name: text('title.checkoutAccepted') }).count()).toBe(0);
      expect(await page.title()).toMatch(text('title.checkoutGone'));
    } finally {
      await close();
    }
  });

  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    it(`item 3 (${viewport.width} px): direct debit logged out shows the login notice at the button with the focus; after login the method and both ticks are kept`, async () => {
      const { page, errors, close } = await openPage(browser, baseUrl, '/de', { viewport });
      try {
        await openCheckoutWithCart(page);
        await page.locator('input[name="payart"][value="74"]').check();
        await acceptTermsAndPay(page);
        const notice = page.getByTestId('login-required');
        await notice.waitFor();
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('login-required');
        // in view, right above the Pay button
        const noticeBox = (await notice.boundingBox())!;
        const payBox = (await page.getByRole('button', { name: text('checkout.pay') }).boundingBox())!;
        expect(noticeBox.y).toBeGreaterThanOrEqual(0);
        expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(viewport.height);
        expect(payBox.y - (noticeBox.y + noticeBox.height)).toBeLessThan(60);
        expect(payBox.y).toBeGreaterThan(noticeBox.y);
        // Tab goes on to its login link
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(text('header.login'));
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/de\/login/);
        await logIn(page, 'demo@museum.example', 'Museum2026!');
        await page.waitForURL(/\/de\/checkout$/);
        await page.getByTestId('cart-line').first().waitFor();
        await expect.poll(() => page.locator('input[name="payart"][value="74"]').isChecked()).toBe(true);
        expect(await page.getByRole('checkbox', { name: text('checkout.terms') }).isChecked()).toBe(true);
        expect(await page.getByRole('checkbox', { name: text('checkout.privacy') }).isChecked()).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
