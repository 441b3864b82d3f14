/**
 * Keyboard and focus in the shell (issue 16 items 10 and 11), in real Chromium:
 * - the cookie notice comes right after the skip link in the Tab order, never covers the focused
 *   element on a phone (WCAG 2.4.11), and "Accept" leaves focus on the page's heading;
 * - the phone menu closes with Escape (focus back on its button) and when Tab leaves it;
 * - the account menu closes with Escape and focus returns to its button.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { logIn, text } from './checkout-helpers.js';
import { DEMO_CUSTOMER } from '../../src/server/seed/accounts.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
const active = (page: Page) => page.evaluate(() => ({ tag: document.activeElement?.tagName ?? '', className: document.activeElement?.className ?? '', text: document.activeElement?.textContent?.trim() ?? '' }));

describe('cookie notice and focus', () => {
  it('comes right after the skip link, never hides the focused element on a phone, and Accept leaves focus on the heading', async () => {
    const { page, errors, close } = await openPage(browser, e2eBaseUrl(), '/de/tickets', { viewport: PHONE });
    try {
      const notice = page.getByTestId('cookie-notice');
      await notice.waitFor();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.keyboard.press('Tab');
      expect((await active(page)).className).toContain('skip-link');
      await page.keyboard.press('Tab');
      expect(await notice.evaluate((el) => el.contains(document.activeElement))).toBe(true);

      // Tab on through header and page: every focused element stays clear of the notice
      await notice.getByRole('button', { name: text('cookie.accept') }).focus();
      for (let i = 0; i < 20; i += 1) {
        await page.keyboard.press('Tab');
        const overlap = await page.evaluate(() => {
          const focused = document.activeElement as HTMLElement | null;
          const banner = document.querySelector('.cookie-notice');
          if (!focused || !banner || banner.contains(focused) || focused === document.body) return null;
          const f = focused.getBoundingClientRect();
          const b = banner.getBoundingClientRect();
          return f.bottom > b.top + 1 && f.top < b.bottom ? `${focused.tagName} "${focused.textContent?.trim().slice(0, 40)}" bottom ${f.bottom} > notice top ${b.top}` : null;
        });
        expect(overlap).toBeNull();
      }

      await notice.getByRole('button', { name: text('cookie.accept') }).focus();
      await page.keyboard.press('Enter');
      await notice.waitFor({ state: 'detached' });
      expect((await active(page)).tag).toBe('H1');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('menus', () => {
  it('the phone menu closes with Escape (focus back on its button) and when Tab leaves it', async () => {
    const { page, errors, close } = await openPage(browser, e2eBaseUrl(), '/de', { viewport: PHONE });
    try {
      await page.evaluate(() => sessionStorage.setItem('cookiesAccepted', 'true'));
      await page.reload();
      const burger = page.getByRole('button', { name: text('header.menu') });
      await burger.waitFor();
      await burger.focus();
      await page.keyboard.press('Enter');
      const tickets = page.getByRole('navigation', { name: text('header.nav') }).getByRole('link', { name: text('nav.tickets') });
      await tickets.waitFor();
      await page.keyboard.press('Tab');
      expect((await active(page)).text).toBe(text('nav.tickets').source);
      await page.keyboard.press('Escape');
      await tickets.waitFor({ state: 'hidden' });
      expect((await active(page)).className).toContain('burger');

      // open again and Tab past the last section link: the menu closes behind the visitor
      await page.keyboard.press('Enter');
      await tickets.waitFor();
      const links = await page.getByRole('navigation', { name: text('header.nav') }).getByRole('link').count();
      for (let i = 0; i <= links; i += 1) await page.keyboard.press('Tab');
      await tickets.waitFor({ state: 'hidden' });
      expect(await burger.getAttribute('aria-expanded')).toBe('false');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the account menu closes with Escape and focus returns to its button', async () => {
    const { page, errors, close } = await openPage(browser, e2eBaseUrl(), '/de/login');
    try {
      await page.evaluate(() => sessionStorage.setItem('cookiesAccepted', 'true'));
      await page.reload();
      await logIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      const account = page.locator('.user-menu__button');
      await account.waitFor({ timeout: 15_000 });
      // the page the login returns to has put focus on its heading first
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      await account.focus();
      await page.keyboard.press('Enter');
      // the menu's entries in order: My orders (issue 42), then the settings
      const settings = page.getByRole('link', { name: text('header.settings') });
      await settings.waitFor();
      await page.keyboard.press('Tab');
      expect((await active(page)).text).toBe(text('header.orders').source);
      await page.keyboard.press('Tab');
      expect((await active(page)).text).toBe(text('header.settings').source);
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'hidden' });
      expect((await active(page)).className).toContain('user-menu__button');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
