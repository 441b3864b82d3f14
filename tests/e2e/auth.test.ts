/**
 * The login and recovery journey in real Chromium against the reference server (issue 6):
 * a wrong password, registering a new account, and resetting a password through the recovery
 * link the server mails (issue 42: without SMTP_URL, an .eml file in its DATA_DIR/outbox).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { logIn, serverLog, text } from './checkout-helpers.js';
import { mailedRecoveryLink, sharedOutboxDir } from './mailbox.js';

let baseUrl = '';
let browser: Browser;

beforeAll(async () => {
  baseUrl = e2eBaseUrl();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const unique = () => `visitor-${Date.now()}-${Math.floor(Math.random() * 1e6)}@museum.example`;

describe('login and recovery in a real browser', () => {
  it('a wrong password shows the login-failed message and keeps the visitor logged out', async () => {
    const { page, close } = await openPage(browser, baseUrl, '/de/login');
    try {
      await logIn(page, 'demo@museum.example', 'not-the-password');
      await page.getByRole('alert').filter({ hasText: text('auth.loginFailed') }).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('jwt'))).toBeNull();
      expect(page.url()).toMatch(/\/de\/login$/);
    } finally {
      await close();
    }
  });

  it('the account menu opened right after Back stays open: the page does not take the focus back from it (found by the session walk)', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de');
    try {
      await page.locator('header').getByRole('link', { name: text('header.login') }).first().click();
      await logIn(page, 'demo@museum.example', 'Museum2026!');
      const menu = page.locator('header .user-menu__button');
      await menu.waitFor({ timeout: 15_000 });
      await menu.click();
      await page.locator('header').getByRole('link', { name: text('header.settings') }).click();
      await page.waitForURL(/\/de\/settings$/);
      await page.getByTestId('settings-current-email').waitFor();
      // Back, and at once the account menu, as a quick visitor does
      await page.goBack({ waitUntil: 'commit' });
      await page.waitForURL(/\/de$/);
      await menu.click();
      const logout = page.locator('header').getByRole('link', { name: text('header.logout') });
      await logout.waitFor({ timeout: 2_000 });
      // the page's own focus move (its heading, 100 ms later) must not close the menu under the visitor
      await page.waitForTimeout(500);
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await logout.click();
      await page.locator('header').getByRole('link', { name: text('header.login') }).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a 500 or no answer at login is not "wrong password": it says what happened and keeps what was typed (issue 22 item 6)', async () => {
    const { page, close } = await openPage(browser, baseUrl, '/de/login');
    try {
      // the server fails once
      await page.route('**/auth/login', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal error"}' }));
      await logIn(page, 'demo@museum.example', 'Geheim-123');
      const alert = page.locator('.form-alert-region');
      await alert.getByText(text('form.unexpected')).waitFor();
      expect(await alert.textContent()).not.toMatch(text('auth.loginFailed'));
      // §8's unexpected-error message with the support address
      await page.getByText(text('error.server')).first().waitFor();
      expect(await page.getByText(text('error.server')).first().textContent()).toMatch(/@/);
      expect(await page.getByLabel(text('auth.email')).inputValue()).toBe('demo@museum.example');
      expect(await page.getByLabel(text('auth.password'), { exact: false }).first().inputValue()).toBe('Geheim-123');

      // then the request never gets an answer
      await page.unroute('**/auth/login');
      await page.route('**/auth/login', (route) => route.abort('internetdisconnected'));
      await page.getByRole('button', { name: text('auth.loginSubmit') }).click();
      await alert.getByText(text('error.network')).waitFor();
      expect(await alert.textContent()).not.toMatch(text('auth.loginFailed'));
      expect(await page.getByLabel(text('auth.email')).inputValue()).toBe('demo@museum.example');
      expect(await page.getByLabel(text('auth.password'), { exact: false }).first().inputValue()).toBe('Geheim-123');
      expect(await page.evaluate(() => sessionStorage.getItem('jwt'))).toBeNull();
    } finally {
      await close();
    }
  });

  it('registers a new account: mismatching e-mails are refused at the field, then the account is created and logged in', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de/register');
    try {
      await page.getByRole('heading', { level: 1, name: text('title.register') }).waitFor({ timeout: 15_000 });
      const email = unique();
      await page.getByLabel(text('auth.field.email'), { exact: false }).first().fill(email);
      await page.getByLabel(text('auth.field.emailConfirmation')).fill(`x${email}`);
      await page.getByLabel(text('auth.field.password')).fill('Sommer2026!');
      await page.getByLabel(text('auth.field.passwordConfirmation')).fill('Sommer2026!');
      await page.getByLabel(text('auth.field.fname')).fill('Lea');
      await page.getByLabel(text('auth.field.lname')).fill('Beispiel');
      await page.getByLabel(text('auth.field.street')).fill('Seestrasse 1');
      await page.getByLabel(text('auth.field.zip')).fill('8002');
      await page.getByLabel(text('auth.field.city')).fill('Zürich');
      await page.getByRole('button', { name: text('auth.registerSubmit') }).click();
      const confirmation = page.getByLabel(text('auth.field.emailConfirmation'));
      await page.getByText(text('form.emailsMismatch')).waitFor();
      expect(await confirmation.getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('emailConfirmation');

      await confirmation.fill(email);
      await page.getByRole('button', { name: text('auth.registerSubmit') }).click();
      await page.waitForURL(/\/de\/register\/success$/);
      await page.getByText(text('auth.registerSuccessText')).waitFor();
      // logged in: the header shows the new customer's name
      await page.getByRole('button', { name: 'Lea Beispiel' }).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('jwt'))).not.toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('registration with an article in the cart asks for the delivery address and sends it; settings show it afterwards (issue 22 item 10)', async () => {
    const { page, errors, close } = await openPage(browser, baseUrl, '/de');
    try {
      const book = { type: 'merchandise', id: 301, name: 'Katalog', price: 3900, totalPrice: 3900, count: 1, vat_value: 2.6 };
      await page.evaluate((cart) => sessionStorage.setItem('cart', cart), JSON.stringify([book]));
      await page.goto('/de/register', { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1, name: text('title.register') }).waitFor({ timeout: 15_000 });
      const email = unique();
      await page.getByLabel(text('auth.field.email'), { exact: false }).first().fill(email);
      await page.getByLabel(text('auth.field.emailConfirmation')).fill(email);
      await page.getByLabel(text('auth.field.password')).fill('Sommer2026!');
      await page.getByLabel(text('auth.field.passwordConfirmation')).fill('Sommer2026!');
      await page.getByLabel(text('auth.field.fname')).fill('Lena');
      await page.getByLabel(text('auth.field.lname')).fill('Liefer');
      await page.getByLabel(text('auth.field.street')).fill('Seestrasse 1');
      await page.getByLabel(text('auth.field.zip')).fill('8002');
      await page.getByLabel(text('auth.field.city')).fill('Zürich');
      // the cart ships: deliver elsewhere; an incomplete address is refused first
      await page.getByRole('checkbox', { name: text('deliveryAddress.sameAsBilling') }).uncheck();
      await page.getByRole('button', { name: text('auth.registerSubmit') }).click();
      await page.locator('input[name="shipping-street"][aria-invalid="true"]').waitFor();
      await page.locator('input[name="shipping-name"]').fill('Lena Liefer');
      await page.locator('input[name="shipping-street"]').fill('Unter den Linden 5');
      await page.locator('input[name="shipping-zip"]').fill('10117');
      await page.locator('input[name="shipping-city"]').fill('Berlin');
      await page.locator('select[name="shipping-country"]').selectOption('DE');
      await page.getByRole('button', { name: text('auth.registerSubmit') }).click();
      await page.waitForURL(/\/de\/register\/success/);

      // the server keeps it: the settings show the delivery address
      await page.goto('/de/settings', { waitUntil: 'load' });
      await page.locator('input[name="shipping-street"]').waitFor({ timeout: 15_000 });
      expect(await page.locator('input[name="sameAsBilling"]').isChecked()).toBe(false);
      expect(await page.locator('input[name="shipping-name"]').inputValue()).toBe('Lena Liefer');
      expect(await page.locator('input[name="shipping-street"]').inputValue()).toBe('Unter den Linden 5');
      expect(await page.locator('input[name="shipping-zip"]').inputValue()).toBe('10117');
      expect(await page.locator('input[name="shipping-city"]').inputValue()).toBe('Berlin');
      expect(await page.locator('select[name="shipping-country"]').inputValue()).toBe('DE');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('resets a password through the link the server mails (never logs), which logs the visitor in; the old password no longer works', async () => {
    // a fresh account, so the demo account's password stays as documented
    const email = unique();
    const created = await fetch(`${baseUrl}/api/de/customer/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ c: { email, password: 'Erstes-Passwort1', fname: 'Max', lname: 'Muster', street: 'Weg 3', zip: '3000', city: 'Bern', country: 'CH' } }),
    });
    expect(created.status).toBe(200);

    const { page, errors, close } = await openPage(browser, baseUrl, '/de/forgot-password');
    try {
      await page.getByRole('heading', { level: 1, name: text('title.forgotPassword') }).waitFor({ timeout: 15_000 });
      await page.getByLabel(text('auth.email')).fill('not-an-address');
      await page.getByRole('button', { name: text('auth.forgotSubmit') }).click();
      await page.getByText(text('form.emailInvalid')).waitFor();

      await page.getByLabel(text('auth.email')).fill(email);
      await page.getByRole('button', { name: text('auth.forgotSubmit') }).click();
      await page.waitForURL(/\/de\/password-reset-success$/);
      await page.getByText(text('auth.forgotSuccessText')).waitFor();

      const link = (await mailedRecoveryLink(sharedOutboxDir(), email)).href;
      expect(link).toMatch(new RegExp(`^${baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/de/recover/[\\w-]+$`));
      // the server's log names the mail's file, never the link or its token
      await expect.poll(serverLog, { timeout: 5_000 }).toMatch(/\(password-reset, de\) written to \S+\.eml/);
      expect(serverLog()).not.toContain(link.slice(link.lastIndexOf('/') + 1));
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: text('title.recoverAccount') }).waitFor();

      // empty fields: the server's 400 'You must fill all fields'
      await page.getByRole('button', { name: text('auth.recoverSubmit') }).click();
      await page.getByText(text('auth.fillAllFields')).waitFor();

      await page.locator('input[name="password"]').fill('Neues-Passwort2');
      await page.locator('input[name="passwordConfirmation"]').fill('Neues-Passwort2');
      await page.getByRole('button', { name: text('auth.recoverSubmit') }).click();
      await page.waitForURL(/\/de\/recover-success$/);
      await page.getByRole('button', { name: 'Max Muster' }).waitFor();

      // the link worked once: opened again, it is checked first and says so — no form to fill in vain (issue 16 item 9)
      await page.goto(link);
      await page.getByTestId('recovery-link-invalid').waitFor();
      expect(await page.locator('input[name="password"]').count()).toBe(0);
      await page.getByRole('link', { name: text('auth.requestNewLink') }).first().waitFor();
      // an invented link likewise
      await page.goto('/de/recover/invented-token-123');
      await page.getByTestId('recovery-link-invalid').waitFor();
      expect(await page.locator('input[name="password"]').count()).toBe(0);
      // the 400 and 404 answers above are expected; Chromium logs every failed request
      expect(errors.filter((e) => !/status of (400|404|422)\b.*customer\/pwdconfirm/.test(e) && !/status of 404/.test(e))).toEqual([]);
    } finally {
      await close();
    }

    const oldLogin = await fetch(`${baseUrl}/api/de/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ _u: email, _p: (await import('js-md5')).md5('Erstes-Passwort1') }),
    });
    expect(oldLogin.status).toBe(422);
  });
});
