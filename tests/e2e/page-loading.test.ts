/**
 * Moving between sections (issue 14 "no Loading the page… after a click", issue 16 item 8): the
 * next screen's code loads in the route's beforeLoad — already on hover or focus of its link —
 * so the visitor never sees the loading text flash, and the page keeps its height meanwhile.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { text } from './checkout-helpers.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Starts recording every moment a loading placeholder of a screen is in the page. */
async function watchLoadingText(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __loadingSeen: string[] }).__loadingSeen = seen;
    new MutationObserver(() => {
      if (document.querySelector('.route-loading')) seen.push(location.pathname);
    }).observe(document.body, { childList: true, subtree: true });
  });
}

const loadingSeen = (page: Page) => page.evaluate(() => (window as unknown as { __loadingSeen: string[] }).__loadingSeen);

describe('changing sections', () => {
  it('shows the next page without a loading flash after hovering or focusing its link', async () => {
    const { page, errors, close } = await openPage(browser, e2eBaseUrl(), '/de');
    try {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await watchLoadingText(page);
      const nav = page.getByRole('navigation', { name: text('header.nav') });

      // by mouse: hover, then click
      const tickets = nav.getByRole('link', { name: text('nav.tickets') });
      await tickets.hover();
      await page.waitForTimeout(300);
      await tickets.click();
      await page.getByRole('heading', { level: 1, name: text('title.tickets') }).waitFor();
      // the journeys' messages (src/i18n/load.ts) came with the page: no message shows as its key
      await page.waitForLoadState('networkidle');
      expect(await page.locator('main').innerText()).not.toMatch(/\b(tickets|calendar|cart|checkout|form|shop|tours|voucher)\.[a-zA-Z]+/);
      await page.getByRole('link', { name: text('tickets.chooseTickets') }).first().waitFor();

      // by keyboard: focus the link (intent), then Enter — once the new page has put focus on its heading
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      const login = page.getByRole('link', { name: text('header.login') });
      await login.focus();
      await page.waitForTimeout(300);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: text('title.login') }).waitFor();

      expect(await loadingSeen(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('keeps the current page in place, without a loading text, while a slow section loads', async () => {
    const { page, errors, close } = await openPage(browser, e2eBaseUrl(), '/de');
    try {
      await page.getByRole('heading', { level: 1 }).waitFor();
      // every script chunk requested from now on arrives 1.5 s late
      await page.route('**/assets/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      const footerTop = async () => page.locator('footer').first().evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      const before = await footerTop();
      await page.getByRole('navigation', { name: text('header.nav') }).getByRole('link', { name: text('nav.tickets') }).click();
      await page.waitForTimeout(200);
      // the home page is still shown in full: nothing collapsed, no loading text (if the placeholder
      // is there at all, its text is still transparent: it appears only after 400 ms)
      expect(await footerTop()).toBeGreaterThanOrEqual(before - 1);
      const loadingOpacity = await page.evaluate(() => {
        const el = document.querySelector('.route-loading__text');
        return el ? getComputedStyle(el).opacity : null;
      });
      expect(loadingOpacity === null || loadingOpacity === '0').toBe(true);
      await page.getByRole('heading', { level: 1, name: text('title.tickets') }).waitFor({ timeout: 15_000 });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
  it('says in the visitor\'s language when a page could not be loaded, and loads it on retry', async () => {
    const { page, close } = await openPage(browser, e2eBaseUrl(), '/de');
    try {
      await page.getByRole('heading', { level: 1 }).waitFor();
      // the connection drops: every script chunk asked for from now on fails
      let offline = true;
      await page.route('**/assets/*.js', (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
      await page.getByRole('navigation', { name: text('header.nav') }).getByRole('link', { name: text('nav.tickets') }).click();
      await page.getByRole('heading', { level: 1, name: text('page.failed') }).waitFor({ timeout: 10_000 });
      expect(await page.getByText(text('error.network')).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: text('placeholder.back') }).getAttribute('href')).toBe('/de');
      // the header stays, so the visitor keeps the cart and the way around
      expect(await page.getByRole('navigation', { name: text('header.nav') }).isVisible()).toBe(true);

      offline = false;
      await page.getByRole('button', { name: text('page.retry') }).click();
      await page.getByRole('heading', { level: 1, name: text('title.tickets') }).waitFor({ timeout: 10_000 });
      await page.getByRole('link', { name: text('tickets.chooseTickets') }).first().waitFor();
      expect(await page.locator('main').innerText()).not.toMatch(/\b(tickets|calendar|form)\.[a-zA-Z]+/);
    } finally {
      await close();
    }
  });
});
