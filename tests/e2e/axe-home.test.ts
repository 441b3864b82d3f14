import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { axeViolations } from './axe.js';

describe('axe-core (WCAG 2.2 AA) on the shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [lang, width] of [['de', 1280], ['en', 390]] as const) {
    it(`home page /${lang} at ${width} px has no violations`, async () => {
      const { page, close } = await openPage(browser, e2eBaseUrl(), `/${lang}`, { viewport: { width, height: 900 } });
      await page.locator('main h1').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });
  }
});
