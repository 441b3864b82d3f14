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
    // the app-lifetime cart, which loads apart from the shell, is live here too
    await expect.poll(() => page.getByTestId('flow-state-cart').textContent()).toMatch(/^Now: /);
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

it('opens a chart full size: zoom and pan by buttons, keys, wheel and drag; the live state stays marked; Escape closes', async () => {
  const { page, errors, close } = await openPage(browser, baseUrl, '/en/__flows');
  try {
    await page.getByRole('heading', { level: 1, name: 'Flow charts' }).waitFor();
    const opener = page.getByRole('button', { name: 'Open app full size' });
    await opener.click();
    const dialog = page.getByTestId('flow-full');
    await dialog.waitFor();
    const zoom = page.getByTestId('flow-zoom');
    const canvas = page.getByTestId('flow-canvas');
    const transform = () => canvas.evaluate((el) => (el as HTMLElement).style.transform);
    expect((await zoom.textContent())?.trim()).toBe('100 %');
    // at 100 % a state label is as large as Graphviz drew it: legible (at least 12 CSS px)
    const labelHeight = await canvas.locator('g.node text').first().evaluate((el) => el.getBoundingClientRect().height);
    expect(labelHeight).toBeGreaterThanOrEqual(12);
    // the live app state is marked in the full-size chart too
    expect(await canvas.locator('g[data-active]').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Zoom in' }).click();
    expect((await zoom.textContent())?.trim()).toBe('125 %');
    await page.keyboard.press('+');
    expect((await zoom.textContent())?.trim()).toBe('156 %');
    await page.keyboard.press('0');
    expect((await zoom.textContent())?.trim()).toBe('100 %');
    await page.getByRole('button', { name: 'Zoom out' }).click();
    expect((await zoom.textContent())?.trim()).toBe('80 %');

    const before = await transform();
    await page.getByTestId('flow-stage').focus();
    await page.keyboard.press('ArrowRight');
    expect(await transform()).not.toBe(before);
    const box = (await page.getByTestId('flow-stage').boundingBox())!;
    const afterKeys = await transform();
    await page.mouse.move(box.x + 200, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + 320, box.y + 260, { steps: 4 });
    await page.mouse.up();
    expect(await transform()).not.toBe(afterKeys);
    await page.mouse.wheel(0, -200);
    await expect.poll(async () => (await zoom.textContent())?.trim()).not.toBe('80 %');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
