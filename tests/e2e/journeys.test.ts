/**
 * Journeys drive their routes, in real Chromium: the checkout journey is saved before the
 * browser leaves for the provider and restored on return, a reload of every return page shows
 * the same state and books nothing twice, the auth links work with back and forward, and a page
 * that needs a login goes through login and back.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { acceptTermsAndPay, atProvider, demoTicketLine, logIn, openCheckoutWithCart, savedJourney, text } from './checkout-helpers.js';
import { DEMO_CUSTOMER } from '../../src/server/seed/accounts.js';

let baseUrl = '';
let browser: Browser;

beforeAll(async () => {
  baseUrl = e2eBaseUrl();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page, id: string) => page.getByRole('heading', { level: 1, name: text(id) });

async function reload(page: Page): Promise<void> {
  await page.reload({ waitUntil: 'load' });
}

describe('the checkout journey across the provider round trip', () => {
  it('is saved before leaving, comes back at the confirmation, and a reload at every step keeps it; the booking happens once', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de');
    try {
      await openCheckoutWithCart(page);
      await acceptTermsAndPay(page);
      await page.waitForURL(/\/provider\/de\/pay\?/, { timeout: 15_000 });
      // at the provider page (same origin here): the journey waits in "At the payment provider" with its cart id
      const saved = await savedJourney(page);
      expect(saved?.value).toBe('At the payment provider');
      const cartId = saved?.context.cartId;
      expect(cartId).toMatch(/^[\w-]+$/);
      expect(JSON.stringify(saved)).not.toContain('"iban":"CH');

      // a reload of the provider page does not lose the journey
      await reload(page);
      await atProvider(page, 'Bezahlen');
      await page.waitForURL(/\/de\/checkout\/accepted\?/);
      const confirm = page.getByRole('button', { name: text('checkout.confirm') });
      await confirm.waitFor();
      await expect(heading(page, 'title.checkoutAccepted').isVisible()).resolves.toBe(true);

      // reload at the confirmation: still asking, nothing booked yet (the cart is still there)
      await reload(page);
      await confirm.waitFor();
      expect(await page.getByTestId('basket-count').innerText()).toBe('1');
      expect((await savedJourney(page))?.value).toEqual({ 'Payment accepted': 'Confirming order' });

      await confirm.click();
      await page.waitForURL(/\/de\/checkout\/success$/);
      const bookingId = (await page.getByTestId('booking-id').innerText()).trim();

      // reload of the success page: the same booking; the provider's return URL again: no second booking
      await reload(page);
      await page.getByTestId('booking-id').waitFor();
      expect((await page.getByTestId('booking-id').innerText()).trim()).toBe(bookingId);
      await page.goBack();
      await page.waitForURL(/\/de\/checkout\/success$/);
      expect((await page.getByTestId('booking-id').innerText()).trim()).toBe(bookingId);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a reload of the cancel page keeps the question and the cart', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de');
    try {
      await openCheckoutWithCart(page);
      await acceptTermsAndPay(page);
      await atProvider(page, 'Abbrechen');
      await page.waitForURL(/\/de\/checkout\/canceled\?/);
      await page.getByText(text('checkout.canceledQuestion')).waitFor();
      await reload(page);
      await page.getByText(text('checkout.canceledQuestion')).waitFor();
      expect(await page.getByTestId('basket-count').innerText()).toBe('1');
      await page.getByRole('button', { name: text('checkout.keepCart') }).click();
      await page.waitForURL(/\/de\/checkout$/);
      await page.getByTestId('cart-line').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a reload of the failed page keeps "payment not completed" and the cart', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de');
    try {
      await openCheckoutWithCart(page);
      await acceptTermsAndPay(page);
      await atProvider(page, 'Fehlgeschlagene Zahlung simulieren');
      await page.waitForURL(/\/de\/checkout\/failed/);
      await page.getByTestId('payment-not-completed').waitFor();
      await reload(page);
      await page.getByTestId('payment-not-completed').waitFor();
      await expect(heading(page, 'title.checkoutFailed').isVisible()).resolves.toBe(true);
      await page.getByTestId('cart-line').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the auth journey', () => {
  it('follows its links with back and forward, keeping what was typed', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de/login');
    try {
      await heading(page, 'title.login').waitFor({ timeout: 15_000 });
      await page.getByLabel(text('auth.email')).fill('anna@museum.example');
      await page.getByRole('link', { name: text('auth.forgotPasswordLink') }).click();
      await page.waitForURL(/\/de\/forgot-password$/);
      await heading(page, 'title.forgotPassword').waitFor();
      // the same journey: the e-mail typed on the login page is there
      expect(await page.getByLabel(text('auth.email')).inputValue()).toBe('anna@museum.example');

      await page.goBack();
      await page.waitForURL(/\/de\/login$/);
      await heading(page, 'title.login').waitFor();
      await page.goForward();
      await page.waitForURL(/\/de\/forgot-password$/);
      await heading(page, 'title.forgotPassword').waitFor();
      await page.goBack();
      await heading(page, 'title.login').waitFor();

      await page.getByRole('link', { name: text('auth.registerLink') }).click();
      await page.waitForURL(/\/de\/register$/);
      await heading(page, 'title.register').waitFor();
      await page.goBack();
      await page.waitForURL(/\/de\/login$/);
      await heading(page, 'title.login').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a page that needs a login goes through login and comes back', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de/settings');
    try {
      await page.waitForURL(/\/de\/login\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('returnTo')).toBe('/de/settings');
      expect(url.searchParams.get('fromUnauthorized')).toBe('true');
      await page.getByText(text('login.fromUnauthorized')).waitFor();
      await logIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await page.waitForURL(/\/de\/settings$/);
      await heading(page, 'title.settings').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the consent text in every language', () => {
  it('/it/checkout: the privacy consent links to the privacy page (an ICU apostrophe used to swallow the link)', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/it');
    try {
      await page.evaluate(() => sessionStorage.setItem('cart', JSON.stringify([{ type: 'merchandise', id: 301, name: 'Catalogo', price: 3900, totalPrice: 3900, count: 1, vat_value: 2.6 }])));
      await page.goto('/it/checkout', { waitUntil: 'load' });
      const privacy = page.locator('.field--check', { has: page.locator('input[name="privacy"]') }).locator('label');
      await privacy.waitFor({ timeout: 15_000 });
      expect((await privacy.innerText()).trim()).toBe('Ho letto l’informativa sulla privacy.');
      expect(await privacy.getByRole('link', { name: 'informativa sulla privacy' }).getAttribute('href')).toBe('/it/page/data_protection');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the basket in the header', () => {
  it('says the number it shows (empty and with lines), so speech and sight agree', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/en');
    try {
      const basket = page.getByRole('link', { name: /^Cart, / });
      await basket.waitFor({ timeout: 15_000 });
      const shown = async () => (await page.getByTestId('basket-count').innerText()).trim();
      expect(await shown()).toBe('0');
      expect(await basket.getAttribute('aria-label')).toBe('Cart, 0 items');
      await page.evaluate(() => sessionStorage.setItem('cart', JSON.stringify([{ type: 'merchandise', id: 301, name: 'Catalogue', price: 3900, totalPrice: 3900, count: 2, vat_value: 2.6 }])));
      await page.reload({ waitUntil: 'load' });
      await basket.waitFor();
      expect(await shown()).toBe('1');
      expect(await basket.getAttribute('aria-label')).toContain(await shown());
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('overbooking at payment', () => {
  it('names the line and how many places are left, and keeps the cart (§5)', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de');
    try {
      // more adults than the 11:00 slot has places (40)
      await openCheckoutWithCart(page, [{ ...demoTicketLine(41), totalPrice: 1800 * 41 }]);
      await acceptTermsAndPay(page);
      const refused = page.getByTestId('payment-refused');
      await refused.waitFor({ timeout: 15_000 });
      expect(await refused.innerText()).toMatch(/^Für „Erwachsene“ sind nur noch \d+ Plätze frei\. Bitte ändern Sie Ihren Warenkorb\.$/);
      expect(await page.getByTestId('cart-line').count()).toBe(1);
      // the browser logs the refused request itself; nothing else may fail
      expect(errors.filter((e) => !/status of 422\b.*checkout\/initPayment/.test(e))).toEqual([]);
    } finally {
      await close();
    }
  });
});
