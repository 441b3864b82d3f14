/**
 * Server rendering (issue 25) in real Chromium, on a second server with SERVER_RENDERING=true and
 * its own data: every catalogue page's heading is in the HTML the server sends (read without
 * running scripts), the browser hydrates it without a hydration error or warning, in two
 * languages, also for a visitor with a cart and a login (which arrive after hydration); a page
 * works without JavaScript (its links are links); personal pages go out as the shell and their
 * waiting state, rendered for nobody, and the browser renders them anew with the visitor's own state.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { startServer, type ServerProcess } from './server-process.js';
import { axeViolations } from './axe.js';

let browser: Browser;
let server: ServerProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-shop-ssr-'));
const url = () => server?.url ?? '';

beforeAll(async () => {
  e2eBaseUrl(); // the build exists
  [browser, server] = await Promise.all([launchBrowser(), startServer({ DATA_DIR: dataDir, SERVER_RENDERING: 'true' })]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function api<T>(lang: string, pathAndQuery: string): Promise<T> {
  return ((await (await fetch(`${url()}/api/${lang}/${pathAndQuery}`)).json()) as { data: T }).data;
}

const decode = (text: string) => text.replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
/** The h1 inside #root of the HTML as sent. */
const sentHeading = (html: string) => {
  const root = html.slice(html.indexOf('<div id="root">'));
  const match = /<h1[^>]*>(.*?)<\/h1>/s.exec(root);
  return match ? decode(match[1]!.replace(/<[^>]+>/g, '')) : null;
};

const LANGS = ['en', 'de'] as const;
/** Every catalogue page of the demo data, with the heading it must have. */
async function cataloguePages(lang: (typeof LANGS)[number]): Promise<[string, string][]> {
  const messages = JSON.parse(fs.readFileSync(path.join(__dirname, '../../src/i18n/messages', `${lang}.json`), 'utf8')) as Record<string, string>;
  const event = (await api<{ event: { name: string } }>(lang, 'ticket/collect/event/101')).event;
  const tour = await api<{ name: string }>(lang, 'tour?tour=201');
  const product = await api<{ name: string }>(lang, 'merchandise?article=301');
  const pass = await api<{ name: string }>(lang, 'merchandise?article=311');
  const voucher = await api<{ name: string }>(lang, 'voucher/selectOne/price/401');
  const imprint = await api<{ title: string }>(lang, 'static/page/imprint');
  const shipping = await api<{ title: string }>(lang, 'static/page/shipping');
  const home = await api<{ banners: { home: { title?: string }[] } }>(lang, 'static/content');
  return [
    [`/${lang}`, home.banners.home[0]?.title ?? ''],
    [`/${lang}/tickets`, messages['title.tickets']!],
    [`/${lang}/tickets/101`, event.name],
    [`/${lang}/guided-tours`, messages['title.guidedTours']!],
    [`/${lang}/guided-tours/201`, tour.name],
    [`/${lang}/merchandise`, messages['title.merchandise']!],
    [`/${lang}/product/301`, product.name],
    [`/${lang}/passes`, messages['title.passes']!],
    [`/${lang}/passes/311`, pass.name],
    [`/${lang}/vouchers`, messages['title.voucherList']!],
    [`/${lang}/vouchers/401`, voucher.name],
    [`/${lang}/page/imprint`, imprint.title],
    [`/${lang}/page/shipping`, shipping.title],
  ];
}

/**
 * A fresh page whose app entry is held back until `release()`: until then the page is the
 * server's HTML alone (and its early script: the loader and the recorder). `errors` gathers the console's errors and
 * uncaught ones.
 */
async function openHeldPage(viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: url(), ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(error.message));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { context, page, errors, release: () => release(), close: () => context.close() };
}

/** Hydration done: React's handlers are on the page (a visible heading inside a hydrated root). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
  // effects after hydration (personal state, titles) take their turn
  await page.waitForTimeout(300);
}

/** On a voucher's hydrated page: one voucher into the cart, then the checkout loaded anew shows it as the cart's one line. */
async function voucherThenCheckout(page: Page): Promise<void> {
  await hydrated(page);
  await page.getByRole('button', { name: /add to cart/i }).first().click();
  await expect.poll(() => page.getByTestId('basket-count').first().textContent()).toBe('1');
  await page.goto('/en/checkout', { waitUntil: 'load' });
  await page.getByTestId('cart-line').first().waitFor();
  expect(await page.getByTestId('cart-line').count()).toBe(1);
}

describe('server rendering', () => {
  for (const lang of LANGS) {
    it(`sends every catalogue page of /${lang} with its heading, and the browser hydrates it without an error`, async () => {
      // three pages at a time, each in its own browser context
      const pages = await cataloguePages(lang);
      const worker = async () => {
        for (let next = pages.shift(); next; next = pages.shift()) await checkPage(...next);
      };
      await Promise.all([worker(), worker(), worker()]);
    });
  }

  /** The page as sent has its heading and its answers; the browser hydrates it without an error. */
  async function checkPage(pagePath: string, heading: string): Promise<void> {
    const html = await (await fetch(`${url()}${pagePath}`)).text();
    expect(html, pagePath).toContain('<script type="application/json" id="shop-render">');
    expect(html, pagePath).not.toContain('boot--static');
    if (heading) expect(sentHeading(html), pagePath).toBe(heading);
    expect(html, `${pagePath}: the page takes the answers from the page, it does not preload them`).not.toContain('rel="preload" as="fetch"');

    const { page, errors, close } = await openPage(browser, url(), pagePath);
    try {
      await hydrated(page);
      if (heading) expect((await page.locator('main h1').first().textContent())?.trim(), pagePath).toBe(heading);
      expect(errors, pagePath).toEqual([]);
    } finally {
      await close();
    }
  }

  it('a visitor with a cart and a login: the basket and the account menu are right, without an error (a cart with lines renders anew)', async () => {
    const { page, errors, close } = await openPage(browser, url(), '/en/vouchers/401');
    try {
      await hydrated(page);
      await page.getByRole('button', { name: /add to cart/i }).first().click();
      await expect.poll(() => page.getByTestId('basket-count').first().textContent()).toBe('1');
      await page.goto('/en/login', { waitUntil: 'load' });
      await page.getByLabel(/e-mail/i).first().fill('demo@museum.example');
      await page.getByLabel(/password/i).first().fill('Museum2026!');
      await page.getByRole('button', { name: /log in/i }).last().click();
      await page.locator('.user-menu').waitFor();
      // every number the basket shows while a page loads, from the HTML's first parse on
      await page.addInitScript(() => {
        const shown: string[] = [];
        (window as unknown as { basketShown: string[] }).basketShown = shown;
        const note = () => {
          const text = document.querySelector('[data-testid="basket-count"]')?.textContent;
          if (text !== undefined && text !== null && shown.at(-1) !== text) shown.push(text);
        };
        new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
      });
      for (const pagePath of ['/en/tickets/101', '/en/product/301', '/en']) {
        const html = await (await fetch(`${url()}${pagePath}`)).text();
        // the cart is in this browser's session storage: no number rather than a wrong one
        expect(html, 'the server renders for nobody').toContain('data-testid="basket-count"></span>');
        await page.goto(pagePath, { waitUntil: 'load' });
        await hydrated(page);
        expect(await page.getByTestId('basket-count').first().textContent(), pagePath).toBe('1');
        expect(await page.evaluate(() => (window as unknown as { basketShown: string[] }).basketShown), `${pagePath}: never an empty basket on the way`).toEqual(['', '1']);
        expect(await page.getByRole('link', { name: 'Cart, 1 item' }).count(), pagePath).toBe(1);
        expect(await page.locator('.user-menu').count(), pagePath).toBe(1);
      }
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a new visitor gets the cookie notice in the HTML sent; once accepted, pages are sent without it, in every tab', async () => {
    const { page, context, errors, close } = await openPage(browser, url(), '/de/tickets');
    try {
      // the largest paint of a first visit: in the page as sent, not added after hydration
      expect(await (await fetch(`${url()}/de/tickets`)).text()).toContain('data-testid="cookie-notice"');
      await hydrated(page);
      const notice = page.getByTestId('cookie-notice');
      await notice.getByRole('button', { name: 'Akzeptieren' }).click();
      await notice.waitFor({ state: 'detached' });
      expect((await context.cookies()).find((c) => c.name === 'shop_notice_accepted')?.value).toBe('1');
      const next = await page.goto('/de/tickets/101', { waitUntil: 'load' });
      const sent = (await next?.text()) ?? '';
      expect(sent).toContain('id="shop-render"');
      expect(sent).not.toContain('cookie-notice');
      await hydrated(page);
      expect(await page.getByTestId('cookie-notice').count()).toBe(0);
      // another tab of this browser session: its session storage is new, the cookie says it all
      const other = await context.newPage();
      await other.goto('/en', { waitUntil: 'load' });
      await hydrated(other);
      expect(await other.getByTestId('cookie-notice').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a click before the app has taken the page over counts once: the button waits, then acts once the app is there; a link leads on', async () => {
    // the app's JavaScript is held back: the page is the server's HTML alone
    const { context, page, errors, release, close } = await openHeldPage({ width: 390, height: 844 });
    try {
      await page.goto('/en/vouchers/401', { waitUntil: 'commit' });
      const add = page.getByRole('button', { name: /add to cart/i }).first();
      await add.waitFor();
      expect(await page.locator('.shell--waking').count(), 'the controls are marked as waiting').toBe(1);
      expect(await add.evaluate((button) => getComputedStyle(button).cursor)).toBe('progress');
      await add.click();
      // the early recorder (src/app/first-click.ts, issue 43) holds the click and replays it once the app is there
      release();
      await hydrated(page);
      expect(await page.locator('.shell--waking').count()).toBe(0);
      await expect.poll(() => page.getByTestId('basket-count').first().textContent(), { message: 'the click before acts once the app is there' }).toBe('1');
      await page.waitForTimeout(500);
      expect(await page.getByTestId('basket-count').first().textContent(), 'one click, one voucher').toBe('1');

      // a link before hydration is a link: the server sends the next page, rendered
      const other = await context.newPage();
      await other.route(/\/assets\/main-[^/]+\.js$/, () => undefined);
      await other.goto('/en/tickets', { waitUntil: 'commit' });
      await other.locator('main a[href="/en/tickets/101"]').first().click();
      // (the held script keeps the page from its load event: the address and the content say it arrived)
      await other.waitForURL((u) => u.pathname === '/en/tickets/101', { waitUntil: 'commit' });
      const { event } = await api<{ event: { name: string } }>('en', 'ticket/collect/event/101');
      await expect.poll(() => other.locator('main h1').textContent()).toBe(event.name);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a language chosen before the app has taken the page over is not lost: it acts once the app has', async () => {
    const { page, errors, release, close } = await openHeldPage();
    try {
      await page.goto('/de/tickets', { waitUntil: 'commit' });
      const select = page.locator('header select');
      await select.waitFor();
      expect(await page.locator('.shell--waking').count(), 'the page is the server\'s alone').toBe(1);
      await select.selectOption('fr');
      expect(new URL(page.url()).pathname, 'nothing acts before the app').toBe('/de/tickets');
      release();
      await page.waitForURL((u) => u.pathname === '/fr/tickets', { waitUntil: 'commit' });
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("sends a static page's text (its server HTML, parsed on the server as the browser parses it)", async () => {
    for (const lang of LANGS) {
      const page = await api<{ html: string }>(lang, 'static/page/imprint');
      const words = decode(page.html.replace(/<[^>]+>/g, ' ')).split(/\s+/).filter((w) => w.length > 3).slice(0, 6);
      expect(words.length).toBeGreaterThan(2);
      const root = decode((await (await fetch(`${url()}/${lang}/page/imprint`)).text()).replace(/<[^>]+>/g, ' '));
      for (const word of words) expect(root, `${lang}: ${word}`).toContain(word);
    }
  });

  it('a hydrated event page goes on as the app: a day chosen shows its times', async () => {
    const { page, errors, close } = await openPage(browser, url(), '/en/tickets/101');
    try {
      await hydrated(page);
      await page.locator('button.date-grid__day:not([aria-disabled="true"])').first().click();
      await page.getByRole('radio').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a rendered page is painted before the app's scripts are asked for, and the app then takes it over", async () => {
    for (const path of ['/de', '/en/tickets/101']) {
      const { page, errors, close } = await openPage(browser, url(), path);
      try {
        await hydrated(page);
        const timing = await page.evaluate(() => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
          const scripts = performance.getEntriesByType('resource').filter((entry) => /\/assets\/(main|chunk)-[^/]+\.js$/.test(entry.name));
          return { paint, firstScript: Math.min(...scripts.map((entry) => entry.startTime)), scripts: scripts.length };
        });
        expect(timing.scripts, path).toBeGreaterThan(3);
        expect(timing.firstScript, `${path}: the first script was asked for at ${timing.firstScript} ms, the first paint was at ${timing.paint} ms`).toBeGreaterThan(timing.paint);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('without JavaScript a catalogue page shows its content and its links lead to the next page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: url() });
    try {
      const page = await context.newPage();
      await page.goto('/en/tickets', { waitUntil: 'load' });
      expect(await page.locator('main h1').textContent()).toBe('Tickets');
      // buying needs JavaScript, said once, in the page's language
      expect(await page.locator('noscript p').evaluateAll((all) => all.map((p) => [p.getAttribute('lang'), p.textContent]))).toEqual([
        ['en', 'This shop needs JavaScript. Please turn on JavaScript to buy tickets.'],
      ]);
      await page.locator('main a[href="/en/tickets/101"]').first().click();
      await page.waitForURL((u) => u.pathname === '/en/tickets/101');
      const { event } = await api<{ event: { name: string } }>('en', 'ticket/collect/event/101');
      expect(await page.locator('main h1').textContent()).toBe(event.name);
      // a personal page needs the app: it says so, and does not pretend to be loading
      await page.goto('/en/checkout', { waitUntil: 'load' });
      expect(await page.locator('noscript p').count()).toBe(1);
      expect(await page.locator('.route-loading__text').isVisible()).toBe(false);
      expect(await page.locator('header a[href="/en/tickets"]').first().isVisible(), 'the shell is there, its links work').toBe(true);
    } finally {
      await context.close();
    }
  });

  it('nothing moves when the app takes over a rendered page, at 390 and 1280 px (the narrow header is collapsed in the HTML already)', async () => {
    for (const width of [390, 1280]) {
      for (const pagePath of ['/de', '/en/tickets', '/en/tickets/101', '/fr/guided-tours']) {
        const context = await browser.newContext({ baseURL: url(), viewport: { width, height: 850 } });
        try {
          const page = await context.newPage();
          await page.addInitScript(() => {
            const shifts: number[] = [];
            (window as unknown as { shopShifts: number[] }).shopShifts = shifts;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value);
            }).observe({ type: 'layout-shift', buffered: true });
          });
          await page.goto(pagePath, { waitUntil: 'load' });
          await hydrated(page);
          const shifts = await page.evaluate(() => (window as unknown as { shopShifts: number[] }).shopShifts);
          // before: 0.34 at 390 px (the links' row became the burger) and 0.01 at 1280 px (the page's margins came with the size class)
          expect(shifts.reduce((sum, value) => sum + value, 0), `${pagePath} at ${width} px: layout shifts ${JSON.stringify(shifts)}`).toBeLessThan(0.005);
          if (width === 390) await expect.poll(() => page.locator('header button.burger').isVisible(), { timeout: 5_000 }).toBe(true);
        } finally {
          await context.close();
        }
      }
    }
  });

  it('axe (WCAG 2.2 AA) finds nothing on rendered pages at 390 px in English and French, before the app takes over and after', async () => {
    for (const pagePath of ['/en/tickets/101', '/fr/guided-tours', '/en/product/301', '/fr/vouchers/403']) {
      const context = await browser.newContext({ baseURL: url(), viewport: { width: 390, height: 850 } });
      try {
        // before: the HTML as sent, the app's scripts held back (the collapsed header's picture, the cookie
        // notice); the page's early script comes, as its stylesheet does (it runs before the body shows)
        const waiting = await context.newPage();
        await waiting.route(/\/assets\/(?!early-)[^/]+\.js$/, () => undefined);
        await waiting.goto(pagePath, { waitUntil: 'commit' });
        await waiting.locator('main h1').first().waitFor();
        expect(await axeViolations(waiting), `${pagePath} before the app`).toEqual([]);
        await waiting.close();
        // after: hydrated
        const page = await context.newPage();
        await page.goto(pagePath, { waitUntil: 'load' });
        await hydrated(page);
        expect(await axeViolations(page), `${pagePath} after the app`).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('without JavaScript on a narrow screen every section link of the header is on the page, within its width', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: url(), viewport: { width: 390, height: 850 } });
    try {
      const page = await context.newPage();
      await page.goto('/en/tickets', { waitUntil: 'load' });
      const links = page.locator('header nav .nav__list:not(.nav__measure) a');
      expect(await links.count()).toBeGreaterThan(3);
      for (const box of await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(box.width, 'a section link is shown').toBeGreaterThan(0);
        expect(box.right, 'a section link within the screen').toBeLessThanOrEqual(390);
      }
    } finally {
      await context.close();
    }
  });

  it("with SHOP_API_URL the server renders from the upstream: a catalogue page with its content, a personal page as its shell, and a visitor's cart shows in its checkout", async () => {
    // a second shop process in front of this test's server, which is its museum's back end
    const front = await startServer({ SHOP_API_URL: `${url()}/api`, SERVER_RENDERING: 'true' });
    try {
      const { event } = await api<{ event: { name: string } }>('en', 'ticket/collect/event/101');
      const catalogue = await (await fetch(`${front.url}/en/tickets/101`)).text();
      expect(sentHeading(catalogue), 'the event page, rendered from the upstream').toBe(event.name);
      expect(catalogue).toContain('id="shop-render"');
      const personal = await (await fetch(`${front.url}/en/checkout`)).text();
      expect(personal).toContain('"personal":true');
      expect(personal).toContain('class="route-loading"');

      const { page, errors, close } = await openPage(browser, front.url, '/en/vouchers/401');
      try {
        await voucherThenCheckout(page);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    } finally {
      await front.stop();
    }
  });

  it("personal pages go out as the shell and the page's waiting state, for nobody; the browser then shows the visitor's own page without an error", async () => {
    for (const pagePath of ['/en/checkout', '/de/login', '/en/settings', '/fr/checkout/success', '/en/order-review/abc']) {
      const html = await (await fetch(`${url()}${pagePath}`)).text();
      const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="shop-render"'));
      expect(root, `${pagePath}: the shell`).toContain('<header');
      expect(root, `${pagePath}: the page's waiting state`).toContain('class="route-loading"');
      expect(root, pagePath).not.toContain('boot--static');
      expect(root, `${pagePath}: no page content of anybody's`).not.toMatch(/<h1|data-testid="cart-line"/);
      expect(html, `${pagePath}: the browser renders it anew`).toContain('"personal":true');
      // its messages are in the page: the checkout's as well as the shell's
      if (pagePath === '/en/checkout') expect(html).toContain('"checkout.notBookedYet"');
    }
    const { page, errors, close } = await openPage(browser, url(), '/en/vouchers/401');
    try {
      // a reload of the checkout (a page the server renders for nobody) shows this visitor's cart
      await voucherThenCheckout(page);
      expect(await page.getByTestId('basket-count').first().textContent()).toBe('1');
      expect(await page.locator('.route-loading').count(), 'the waiting state is gone').toBe(0);
      // settings need a login: the browser sends the visitor to it (the server did not)
      await page.goto('/en/settings', { waitUntil: 'load' });
      await page.waitForURL((u) => u.pathname === '/en/login');
      await page.getByLabel(/e-mail/i).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
