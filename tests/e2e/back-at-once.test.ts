/**
 * Back pressed as soon as a link's address shows, before the new page has loaded its code: the
 * visitor stays on the page they went back to. The router drops the overtaken navigation; its
 * journey used to open the page left all the same, and the machine then took the visitor back
 * there (a visitor session of a fresh-clone CI run: Back from a tour, then the language switch
 * opened the tour again). Each list page of a journey, its first item link, Back at once, then
 * Forward to check the item still opens.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';

let baseUrl = '';
let browser: Browser;

beforeAll(async () => {
  baseUrl = e2eBaseUrl();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LISTS = [
  { list: 'tickets', item: 'tickets' },
  { list: 'guided-tours', item: 'guided-tours' },
  { list: 'merchandise', item: 'product' },
  { list: 'vouchers', item: 'vouchers' },
] as const;

describe('Back at once after opening an item', () => {
  for (const { list, item } of LISTS) {
    it(`/${list}: the list stays, its item opens again by Forward`, async () => {
      const { page, errors, close } = await openPage(browser, baseUrl, `/en/${list}`);
      try {
        const link = page.locator(`main a[href^="/en/${item}/"]`).filter({ visible: true }).first();
        await link.waitFor();
        const href = (await link.getAttribute('href'))!;
        const listHeading = (await page.locator('h1').first().innerText()).trim();
        // the item page's code and data are slow to come: Back overtakes the navigation for sure
        await page.route('**/assets/**', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          await route.fallback();
        });
        await link.click();
        await page.waitForURL((url) => url.pathname === href);
        await page.goBack();
        // long enough for the overtaken page's code to arrive and act
        await page.waitForTimeout(1_500);
        expect(new URL(page.url()).pathname).toBe(`/en/${list}`);
        expect((await page.locator('h1').first().innerText()).trim()).toBe(listHeading);
        await page.unroute('**/assets/**');
        await page.goForward();
        await page.waitForURL((url) => url.pathname === href);
        await expect.poll(async () => (await page.locator('h1').first().innerText()).trim(), { timeout: 10_000 }).not.toBe(listHeading);
        expect(new URL(page.url()).pathname).toBe(href);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
