/**
 * Issue 22 item 7: a shop section whose config flag is off does not exist. Its list and item
 * pages answer the not-found page, opened directly and reached inside the app, and the cart holds
 * none of its lines (not even from a cart saved in the session). The config is switched in the
 * browser by intercepting shopinfo/config.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type OpenedPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { text } from './checkout-helpers.js';
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

/** The five sections: their remote config flag, list and item pages. */
const SECTIONS = [
  { flag: 'has_tickets', paths: ['/de/tickets', `/de/tickets/${DEMO.events.collection}`] },
  { flag: 'has_guided_tours', paths: ['/de/guided-tours', `/de/guided-tours/${DEMO.tours.highlightsDe}`] },
  { flag: 'has_merchandise', paths: ['/de/merchandise', `/de/merchandise/${DEMO.groups.books}`, `/de/product/${DEMO.merchandise.catalogue}`] },
  { flag: 'has_memcard', paths: ['/de/passes', `/de/passes/${DEMO.passes.individual}`] },
  { flag: 'has_vouchers', paths: ['/de/vouchers', `/de/vouchers/${DEMO.vouchers.fifty}`] },
] as const;

/** A page whose shop config has `flag` off; `saved` is put in session storage before the app starts. */
async function openWithFlagOff(flag: string, path: string, saved?: Record<string, string>): Promise<OpenedPage> {
  const opened = await openPage(browser, baseUrl, '/static/favicon.svg');
  await opened.page.route('**/api/*/shopinfo/config*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    body.data[flag] = false;
    await route.fulfill({ response, body: JSON.stringify(body) });
  });
  if (saved) {
    await opened.page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
    }, saved);
  }
  await opened.page.goto(path, { waitUntil: 'load' });
  return opened;
}

async function notFoundShown(page: Page): Promise<void> {
  await page.locator('[data-route="pageNotFound"]').waitFor({ timeout: 15_000 });
  expect(await page.locator('main h1').textContent()).toMatch(text('title.pageNotFound'));
}

/** Client-side navigation to `path` (the router follows the history, no page load). */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}

describe('a switched-off section answers "not found" (issue 22 item 7)', () => {
  for (const section of SECTIONS) {
    it(`${section.flag} off: ${section.paths.join(', ')} are not found, opened directly or inside the app`, async () => {
      for (const path of section.paths) {
        const { page, close } = await openWithFlagOff(section.flag, path);
        try {
          await notFoundShown(page);
        } finally {
          await close();
        }
      }
      // inside the app: from the home page, without a page load
      const { page, close } = await openWithFlagOff(section.flag, '/de');
      try {
        await page.locator('main h1').waitFor({ timeout: 15_000 });
        await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
        for (const path of section.paths) {
          await navigateInApp(page, path);
          await notFoundShown(page);
          expect(page.url()).toBe(`${baseUrl}${path}`);
        }
        expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      } finally {
        await close();
      }
    });
  }

  it('the sections that are on still open', async () => {
    const { page, close } = await openWithFlagOff('has_vouchers', '/de/tickets');
    try {
      await page.locator('main h1').filter({ hasText: text('title.tickets') }).waitFor({ timeout: 15_000 });
      expect(await page.locator('[data-route="pageNotFound"]').count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('a cart saved in the session loses the lines of a switched-off section; the rest stays', async () => {
    const voucher = { type: 'voucher', id: DEMO.vouchers.fifty, name: 'Gutschein CHF 50', price: 5000, totalPrice: 5000, count: 1, vat_value: 0 };
    const book = { type: 'merchandise', id: DEMO.merchandise.catalogue, name: 'Katalog', price: 3900, totalPrice: 3900, count: 1, vat_value: 2.6 };
    const { page, close } = await openWithFlagOff('has_vouchers', '/de/checkout', { cart: JSON.stringify([voucher, book]) });
    try {
      await page.locator('main h1').waitFor({ timeout: 15_000 });
      await page.waitForFunction(() => {
        const saved = JSON.parse(sessionStorage.getItem('cart') ?? '[]') as { type: string }[];
        return saved.length === 1;
      });
      const saved = JSON.parse((await page.evaluate(() => sessionStorage.getItem('cart'))) ?? '[]') as { type: string }[];
      expect(saved.map((line) => line.type)).toEqual(['merchandise']);
      expect(await page.locator('main').getByText('Gutschein CHF 50').count()).toBe(0);
      await page.locator('main').getByText('Katalog').first().waitFor();
    } finally {
      await close();
    }
  });
});
