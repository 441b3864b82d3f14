/**
 * A ticket page knows its event at once (issue 16 items 6 and 9): opened by link or reload, it is
 * headed and titled with the event's name before any date is chosen, in the page's language, and
 * "All events" is a way back, not the current page.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { DEMO } from '../../src/server/seed/demo.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function eventName(lang: string, id: number): Promise<string> {
  const response = await fetch(`${e2eBaseUrl()}/api/${lang}/event/select`);
  const events = ((await response.json()) as { data: { id: number; name: string }[] }).data;
  const event = events.find((e) => e.id === id);
  if (!event) throw new Error(`no event ${id}`);
  return event.name;
}

describe('a ticket page opened by link', () => {
  for (const lang of ['de', 'fr']) {
    it(`names its event before a date is chosen (/${lang}, and after a reload)`, async () => {
      const name = await eventName(lang, DEMO.events.collection);
      const { page, errors, close } = await openPage(browser, e2eBaseUrl(), `/${lang}/tickets/${DEMO.events.collection}`);
      try {
        const heading = page.getByRole('heading', { level: 1, name });
        await heading.waitFor({ timeout: 15_000 });
        await page.waitForFunction((expected) => document.title.startsWith(expected), name);
        expect(await page.locator(`.ticket-page__back a[href="/${lang}/tickets"]`).getAttribute('aria-current')).toBeNull();
        // no date chosen yet
        expect(await page.locator('td[aria-selected="true"]').count()).toBe(0);

        await page.reload({ waitUntil: 'load' });
        await heading.waitFor({ timeout: 15_000 });
        await page.waitForFunction((expected) => document.title.startsWith(expected), name);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
