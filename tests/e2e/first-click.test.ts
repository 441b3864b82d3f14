/**
 * The first click counts (issue 43), in Chromium on a rendering server: the app's scripts are held
 * back, so the page is the server's HTML (with its loader and the early recorder,
 * src/app/first-click.ts); the visitor clicks "Add to cart" or a day in the calendar then, the
 * scripts are released, and the click takes effect once the app is there — exactly once, a
 * second click on the waiting control included. Without the recorder the same click is lost: the
 * last test shows that this file's clicks do come before the app.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { startServer, type ServerProcess } from './server-process.js';

let browser: Browser;
let server: ServerProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-shop-first-click-'));

beforeAll(async () => {
  e2eBaseUrl(); // the build exists
  [browser, server] = await Promise.all([launchBrowser(), startServer({ DATA_DIR: dataDir, SERVER_RENDERING: 'true' })]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The app's JavaScript: every script of /assets/ but the page's early one (src/app/early.ts: recorder and loader). */
const APP_SCRIPT = /\/assets\/(?!early-)[^/]+\.js$/;

/**
 * Opens `pagePath` with the app's scripts held until `release()`; `recorder: false` leaves the
 * early recorder without its ears, as the page was before issue 43: the recorder listens in the
 * capture phase on the window (src/app/first-click.ts), and the page's window refuses exactly
 * such listeners before any script of the page runs (the loader, in the same file, works on).
 */
async function openHeld(pagePath: string, { recorder = true } = {}) {
  const context = await browser.newContext({ baseURL: server?.url ?? '', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && !/Failed to load resource/.test(message.text()) && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(error.message));
  let release: () => void = () => undefined;
  let held = Promise.resolve();
  let asked = false;
  /** From now on the app's scripts wait again until `release()`. */
  const hold = () => {
    asked = false;
    held = new Promise<void>((resolve) => (release = resolve));
  };
  hold();
  await page.route(APP_SCRIPT, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  if (!recorder) {
    await page.addInitScript(() => {
      const add = window.addEventListener.bind(window);
      window.addEventListener = (type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) =>
        options === true ? undefined : add(type, listener, options);
    });
  }
  /** Opens `to` (a page of the server's alone until `release()`). */
  const open = async (to: string) => {
    await page.goto(to, { waitUntil: 'commit' });
    // the loader has asked for the app (the page is parsed and painted), the recorder has run
    await expect.poll(() => asked, { timeout: 15_000 }).toBe(true);
    // the recorder holds events now: a button's press is refused (a probe outside the app's markup, gone at once)
    if (recorder) {
      await page.waitForFunction(() => {
        if (!document.querySelector('.shell--waking')) return false;
        const probe = document.body.appendChild(document.createElement('button'));
        const held = !probe.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
        probe.remove();
        return held;
      });
    }
    expect(await page.locator('.shell--waking').count(), 'the page is the server\'s alone').toBe(1);
  };
  await open(pagePath);
  return {
    page,
    errors,
    release: () => release(),
    /** The next page, held again: `await again('/en/…')`. */
    again: async (to: string) => {
      hold();
      await open(to);
    },
    close: () => context.close(),
  };
}

/** The app has taken the page over: no control waits any more, React's root is there. */
async function appIsThere(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer')) && !document.querySelector('.shell--waking');
  });
}

/** The cart in this tab's session storage: its lines' counts. */
const cartCounts = (page: Page) =>
  page.evaluate(() => (JSON.parse(sessionStorage.getItem('cart') ?? '[]') as { count?: number }[]).map((line) => line.count ?? 0));

describe('the first click counts (before the app has taken the page over)', () => {
  it('"Add to cart" clicked twice before the app: the control waits, then one article is in the cart', async () => {
    const { page, errors, release, close } = await openHeld('/en/product/301');
    try {
      const add = page.getByRole('button', { name: /add to cart/i }).first();
      await add.click();
      expect(await add.getAttribute('aria-busy'), 'the button says it waits').toBe('true');
      await add.click();
      expect(await cartCounts(page), 'nothing acts before the app').toEqual([]);
      release();
      await appIsThere(page);
      await expect.poll(() => page.getByTestId('basket-count').first().textContent(), { timeout: 15_000 }).toBe('1');
      await expect.poll(() => cartCounts(page), { timeout: 15_000 }).toEqual([1]);
      // the replay happens once: nothing more comes
      await page.waitForTimeout(1_000);
      expect(await cartCounts(page), 'one click, one article').toEqual([1]);
      expect(await page.getByTestId('basket-count').first().textContent()).toBe('1');
      expect(await add.getAttribute('aria-busy'), 'the wait mark is gone').toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a day chosen in the calendar before the app: once the app is there, that day is chosen and its times show', async () => {
    const { page, errors, release, close } = await openHeld('/en/tickets/101');
    try {
      const day = page.locator('button.date-grid__day:not([aria-disabled="true"])').first();
      const date = await day.getAttribute('data-date');
      await day.click();
      expect(await day.getAttribute('aria-busy')).toBe('true');
      expect(await page.getByRole('radio').count(), 'no times before the app').toBe(0);
      release();
      await appIsThere(page);
      await page.getByRole('radio').first().waitFor();
      expect(await page.locator('td[aria-selected="true"] button.date-grid__day').getAttribute('data-date')).toBe(date);
      expect(await day.getAttribute('aria-busy')).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('Enter on "Add to cart" before the app acts once, like a click', async () => {
    const { page, errors, release, close } = await openHeld('/en/product/301');
    try {
      const add = page.getByRole('button', { name: /add to cart/i }).first();
      await add.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      release();
      await appIsThere(page);
      await expect.poll(() => cartCounts(page), { timeout: 15_000 }).toEqual([1]);
      await page.waitForTimeout(1_000);
      expect(await cartCounts(page)).toEqual([1]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a quantity typed before the app shows as typed and counts: "Add to cart" then adds that many', async () => {
    const { page, errors, release, close } = await openHeld('/en/product/302');
    try {
      const quantity = page.getByLabel(/quantity/i).first();
      await quantity.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('3');
      expect(await quantity.inputValue(), 'the field takes what is typed, as the browser does').toBe('3');
      await page.getByRole('button', { name: /add to cart/i }).first().click();
      expect(await cartCounts(page), 'nothing acts before the app').toEqual([]);
      release();
      await appIsThere(page);
      await expect.poll(() => cartCounts(page), { timeout: 15_000 }).toEqual([3]);
      await page.waitForTimeout(1_000);
      expect(await cartCounts(page), 'one click, three articles').toEqual([3]);
      expect(await quantity.inputValue()).toBe('3');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the language chosen with the keyboard before the app: the select takes it, and the app switches once it is there', async () => {
    const { page, errors, release, close } = await openHeld('/en/tickets');
    try {
      const select = page.locator('header select');
      const next = await select.evaluate((el: HTMLSelectElement) => el.options[el.selectedIndex + 1]?.value ?? el.options[0]?.value);
      expect(next).toMatch(/^[a-z]{2}$/);
      await select.focus();
      // a closed select changes with the arrow keys, as a visitor's keyboard does
      await page.keyboard.press(next === (await select.evaluate((el: HTMLSelectElement) => el.options[0]?.value)) ? 'Home' : 'ArrowDown');
      expect(await select.inputValue(), 'the select shows the choice at once').toBe(next);
      expect(new URL(page.url()).pathname, 'nothing acts before the app').toBe('/en/tickets');
      release();
      await page.waitForURL((u) => u.pathname === `/${next}/tickets`, { waitUntil: 'commit', timeout: 20_000 });
      await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 15_000 }).toBe(next);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('arrow keys and Enter in the calendar before the app: once it is there, the focus moves and the day reached is chosen', async () => {
    const { page, errors, release, close } = await openHeld('/en/tickets/101');
    try {
      // a free day whose next day is free too
      const dates = await page.locator('button.date-grid__day:not([aria-disabled="true"])').evaluateAll((days) => days.map((day) => day.getAttribute('data-date') ?? ''));
      const plusOne = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const from = dates.find((date) => dates.includes(plusOne(date)));
      expect(from, 'two free days in a row on the first month').toBeTruthy();
      const to = plusOne(from ?? '');
      await page.locator(`button.date-grid__day[data-date="${from}"]`).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      expect(await page.getByRole('radio').count(), 'no times before the app').toBe(0);
      release();
      await appIsThere(page);
      await page.getByRole('radio').first().waitFor({ timeout: 15_000 });
      expect(await page.locator('td[aria-selected="true"] button.date-grid__day').getAttribute('data-date')).toBe(to);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-date') ?? null), 'the keyboard is on the day reached').toBe(to);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a page scrolled to its end before the app stays where it is as the app takes over: the button under the pointer is still there', async () => {
    const { page, errors, release, close } = await openHeld('/en/passes/311');
    try {
      await page.getByLabel(/first name/i).first().fill('Ada');
      await page.getByLabel(/last name/i).first().fill('Lovelace');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const add = page.getByRole('button', { name: /add to cart/i }).first();
      const before = { y: await page.evaluate(() => window.scrollY), box: await add.boundingBox() };
      expect(before.y, 'the page can be scrolled').toBeGreaterThan(0);
      release();
      await appIsThere(page);
      // the replay of the names and the app's first effects (the cookie notice's measured room) are done
      await page.waitForTimeout(1_000);
      expect(await page.evaluate(() => window.scrollY), 'the page stays where the visitor scrolled it (no scroll to the top at the first render, no room under it taken back)').toBe(before.y);
      expect(await add.boundingBox(), 'nothing moved under the pointer').toEqual(before.box);
      // the visitor clicks where the button was when they aimed
      if (!before.box) throw new Error('the button has no box');
      await page.mouse.click(before.box.x + before.box.width / 2, before.box.y + before.box.height / 2);
      await expect.poll(() => cartCounts(page), { timeout: 15_000 }).toEqual([1]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('names typed and "Add to cart" pressed before the app on a page it renders anew (the visitor has a cart): the pass is added with its owner', async () => {
    const { page, errors, release, again, close } = await openHeld('/en/product/301');
    try {
      await page.getByRole('button', { name: /add to cart/i }).first().click();
      release();
      await appIsThere(page);
      await expect.poll(() => cartCounts(page), { timeout: 15_000 }).toEqual([1]);
      // a page the server rendered for nobody: with a line in the cart the app renders it anew,
      // and React's ids (useId) are not the server's then
      await again('/en/passes/311');
      await page.getByLabel(/first name/i).first().fill('Ada');
      await page.getByLabel(/last name/i).first().fill('Lovelace');
      await page.getByRole('button', { name: /add to cart/i }).first().click();
      release();
      await appIsThere(page);
      await expect.poll(() => cartCounts(page), { timeout: 15_000 }).toEqual([1, 1]);
      const owners = await page.evaluate(() => sessionStorage.getItem('cart') ?? '');
      expect(owners, 'the owner typed before the app is the pass\'s').toContain('Lovelace');
      expect(await page.getByText('Please enter the first and last name.').count(), 'no field asks for the names typed before').toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a click before the app on a page the visitor has left by then is not replayed anywhere', async () => {
    const { page, errors, release, close } = await openHeld('/en/product/301');
    try {
      await page.getByRole('button', { name: /add to cart/i }).first().click();
      // the address changes before the app is there (a script, the history): the click belongs to the old one
      await page.evaluate(() => history.replaceState(null, '', '/en/product/301?elsewhere=1'));
      release();
      await appIsThere(page);
      await page.waitForTimeout(1_000);
      expect(await cartCounts(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('without the recorder the same click is lost (this file clicks before the app)', async () => {
    const { page, release, close } = await openHeld('/en/product/301', { recorder: false });
    try {
      await page.getByRole('button', { name: /add to cart/i }).first().click();
      release();
      await appIsThere(page);
      await page.waitForTimeout(1_000);
      expect(await cartCounts(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
