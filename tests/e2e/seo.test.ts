/**
 * Findable pages (issue 25) in the browser: the title the server sends with an event page is the
 * one the app shows after boot, and the app shows no other on the way (the route's generic title
 * while the event loads would flash in the tab and in a crawler that runs scripts).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { e2eBaseUrl } from './context.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the title of an event page', () => {
  it("is the server's <title> from the first byte to after boot, with no other in between", async () => {
    const base = e2eBaseUrl();
    const html = await (await fetch(`${base}/en/tickets/101`)).text();
    const serverTitle = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"');
    const event = ((await (await fetch(`${base}/api/en/ticket/collect/event/101`)).json()) as { data: { event: { name: string } } }).data.event;
    expect(serverTitle).toContain(event.name);

    const context = await browser.newContext({ baseURL: base, locale: 'en-GB' });
    const page = await context.newPage();
    // every title the document has, from the parser's first one on
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __titles: string[] }).__titles = seen;
      const note = () => {
        if (document.title !== '' && seen[seen.length - 1] !== document.title) seen.push(document.title);
      };
      new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/en/tickets/101');
    await page.getByRole('heading', { level: 1, name: event.name }).waitFor();
    await page.waitForLoadState('networkidle');
    // the journeys' messages and the calendar arrive after the heading: give the effects their turn
    await page.waitForTimeout(500);
    expect(await page.title()).toBe(serverTitle);
    expect(await page.evaluate(() => (window as unknown as { __titles: string[] }).__titles)).toEqual([serverTitle]);

    // a page the visitor moves to gets its title from the app as before
    await page.locator('header a[href="/en/tickets"]').first().click();
    await page.waitForURL((url) => url.pathname === '/en/tickets');
    await expect.poll(() => page.title()).not.toBe(serverTitle);
    await context.close();
  });
});
