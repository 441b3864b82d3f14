/**
 * 200 % text (WCAG 1.4.4) and reflow (1.4.10), issue 16 item 12: with the root font size doubled,
 * no page is wider than the window at 1280 and 390 px, and the basket stays on screen.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { openCheckoutWithCart } from './checkout-helpers.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PAGES = ['/de', '/de/tickets', '/de/tickets/101', '/de/login', '/de/register', '/de/forgot-password', '/de/page/imprint', '/de/checkout'];

describe('200 % text', () => {
  for (const width of [1280, 390]) {
    it(`keeps every page within ${width} px and the basket on screen`, async () => {
      const { page, errors, close } = await openPage(browser, e2eBaseUrl(), '/de', { viewport: { width, height: 900 } });
      try {
        await page.evaluate(() => sessionStorage.setItem('cookiesAccepted', 'true'));
        await openCheckoutWithCart(page);
        const problems: string[] = [];
        for (const path of PAGES) {
          await page.goto(path, { waitUntil: 'load' });
          await page.locator('main h1').first().waitFor();
          await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
          // the header re-checks whether its links fit at most every 500 ms (§9)
          await page.waitForTimeout(700);
          const measured = await page.evaluate(() => {
            const basket = document.querySelector('.basket')?.getBoundingClientRect();
            return { pageWidth: document.documentElement.scrollWidth, basketRight: basket ? basket.right : -1 };
          });
          if (measured.pageWidth > width) problems.push(`${path}: page is ${measured.pageWidth} px wide`);
          if (measured.basketRight < 0 || measured.basketRight > width) problems.push(`${path}: basket ends at ${measured.basketRight} px`);
        }
        expect(problems).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
