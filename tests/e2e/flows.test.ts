/**
 * The in-app flow viewer (issue 4): a designer opens /{lang}/__flows or adds ?flows to any page
 * and sees every machine's chart with the state the live actor is in.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';

let browser: Browser;
let baseUrl = '';

beforeAll(async () => {
  baseUrl = e2eBaseUrl();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

it('shows every machine at /en/__flows, the live app actor in its current state', async () => {
  const { page, errors, close } = await openPage(browser, baseUrl, '/en/__flows');
  try {
    await page.getByRole('heading', { level: 1, name: 'Flow charts' }).waitFor();
    for (const name of ['app', 'auth', 'cart', 'checkout', 'eventTicketing', 'static-page']) {
      await page.getByRole('heading', { level: 2, name }).waitFor();
      await page.getByRole('img', { name: `Statechart of ${name}` }).waitFor();
    }
    await expect.poll(() => page.getByTestId('flow-state-app').textContent()).toMatch(/^Now: .*Ready/);
    expect(await page.getByTestId('flow-state-auth').textContent()).toBe('No live actor');
    // the active state of the live app actor is marked in its chart
    expect(await page.locator('[data-machine="app"] g[data-active]').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

it('follows the ticketing journey live under the page with ?flows', async () => {
  const { page, errors, close } = await openPage(browser, baseUrl, '/en/tickets?flows');
  try {
    await page.getByRole('heading', { level: 1, name: 'Tickets' }).waitFor();
    const slot = page.getByTestId('flows-slot');
    await slot.waitFor();
    await expect.poll(() => slot.getByTestId('flow-state-eventTicketing').textContent()).toMatch(/^Now: .*Showing events/);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
