/**
 * Issue 16, last Must-show and item 15: axe-core (WCAG 2.2 AA) over every screen of every journey
 * in all eight languages at 1280 and 390 px, with no violations; and no screen sticks out of its
 * page or card (no horizontal scrolling, no heading, notice, button or progress step past the
 * right edge of main) — the checkout's screens in long languages among them.
 *
 * One page per width for the whole run (sessionStorage carries the cart, a booked checkout and a
 * login where a screen needs them); both widths visit the same screen side by side. A booking and
 * a login are made once per width, before the languages run, and put back where a screen needs them.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/api/languages.js';
import { DEMO } from '../../src/server/seed/demo.js';
import { launchBrowser } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { installAxe, installedAxeViolations } from './axe.js';
import { acceptTermsAndPay, atProvider, demoTicketLine, logIn, openCheckoutWithCart, text } from './checkout-helpers.js';

const WIDTHS = [1280, 390] as const;

interface Screen {
  name: string;
  path: (lang: string) => string;
  /** sessionStorage to set before the page loads (null removes the key) */
  storage?: (saved: Saved) => Record<string, string | null>;
  /** load the page (a journey's route that its previous screen does not link to is not reached in the app) */
  load?: boolean;
  /** what to do once the page is ready, before it is checked */
  then?: (page: Page, lang: string) => Promise<void>;
}

interface Saved {
  booked: string;
  jwt: string;
  customer: string;
}

const cart = JSON.stringify([demoTicketLine(2)]);
const noSession = { jwt: null, customer: null };
const withCart = () => ({ cart, checkoutJourney: null, ...noSession });

/** The booking made in the setup (its id and key, from the booked checkout), for the order's pages. */
let saved0: Saved | null = null;
function orderOf(saved: Saved | null): { id: string; key: string } {
  const booking = (JSON.parse(saved?.booked ?? '{}') as { context?: { booking?: { booking_id: string; documents?: { key: string } } } }).context?.booking;
  return { id: booking?.booking_id ?? 'NONE', key: booking?.documents?.key ?? 'none' };
}
/** The documents block (issue 42; the success page loads it with the booking's documents) is there. */
const documentsShown = (page: Page) => page.getByTestId('order-documents').waitFor({ timeout: 15_000 });

const SCREENS: Screen[] = [
  // each language starts logged out (the settings screen of the language before logged in)
  { name: 'home', path: (l) => `/${l}`, storage: () => noSession },
  { name: 'event list', path: (l) => `/${l}/tickets` },
  { name: 'ticket page', path: (l) => `/${l}/tickets/${DEMO.events.collection}` },
  {
    name: 'ticket page with a time and counts',
    path: (l) => `/${l}/tickets/${DEMO.events.collection}`,
    then: async (page) => {
      await page.locator('button[data-date]:not([disabled]):not([aria-disabled="true"])').first().click();
      await page.locator('input[type="radio"]').first().check();
      await page.locator('main input[type="number"], main [role="spinbutton"]').first().waitFor();
    },
  },
  { name: 'tour list', path: (l) => `/${l}/guided-tours` },
  { name: 'tour page', path: (l) => `/${l}/guided-tours/${DEMO.tours.highlightsEn}` },
  { name: 'shop', path: (l) => `/${l}/merchandise` },
  { name: 'article', path: (l) => `/${l}/product/${DEMO.merchandise.catalogue}` },
  { name: 'passes', path: (l) => `/${l}/passes` },
  // the partner pass with its owner's fields shown (the pass page shop.test.ts's axe tests checked; it checks the owners' rules)
  { name: 'pass', path: (l) => `/${l}/passes/${DEMO.passes.partner}`, then: async (page) => void (await page.getByTestId('pass-owner').first().waitFor({ timeout: 15_000 })) },
  { name: 'vouchers', path: (l) => `/${l}/vouchers` },
  { name: 'voucher', path: (l) => `/${l}/vouchers/${DEMO.vouchers.fifty}` },
  { name: 'login', load: true, path: (l) => `/${l}/login` },
  { name: 'register', load: true, path: (l) => `/${l}/register` },
  { name: 'guest registration', load: true, path: (l) => `/${l}/register-guest` },
  { name: 'forgot password', load: true, path: (l) => `/${l}/forgot-password` },
  { name: 'recovery link', load: true, path: (l) => `/${l}/recover/0000000000000000` },
  { name: 'order not available', path: (l) => `/${l}/order-review/UNKNOWN00000` },
  { name: 'static page', path: (l) => `/${l}/page/terms` },
  { name: 'shipping page', path: (l) => `/${l}/page/shipping` },
  { name: 'page not found', path: (l) => `/${l}/no-such-page` },
  { name: 'empty cart', path: (l) => `/${l}/checkout`, storage: () => ({ cart: null, checkoutJourney: null, ...noSession }) },
  { name: 'cart', path: (l) => `/${l}/checkout`, storage: withCart },
  {
    name: 'cart with errors',
    path: (l) => `/${l}/checkout`,
    storage: withCart,
    then: async (page) => {
      await page.locator('button.checkout__pay:not([disabled])').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
    },
  },
  {
    name: 'cart asking for a login',
    path: (l) => `/${l}/checkout`,
    storage: withCart,
    then: async (page) => {
      await page.locator('input[name="payart"][value="74"]:not([disabled])').check();
      await page.locator('button.checkout__pay').click();
      await page.getByTestId('login-required').waitFor();
    },
  },
  { name: 'payment failed', path: (l) => `/${l}/checkout/failed`, storage: withCart },
  { name: 'payment cancelled', path: (l) => `/${l}/checkout/canceled`, storage: withCart },
  { name: 'confirm order', path: (l) => `/${l}/checkout/accepted?us=u&sessionUs=s&cartId=nosuchcart`, storage: withCart },
  {
    name: 'cart gone',
    path: (l) => `/${l}/checkout/accepted?us=u&sessionUs=s&cartId=nosuchcart`,
    storage: withCart,
    then: async (page) => {
      await page.locator('button.checkout__confirm-button').click();
      await page.locator('[data-testid="cart-gone"], [data-testid="booking-invalid"]').first().waitFor();
    },
  },
  { name: 'order booked', path: (l) => `/${l}/checkout/success`, storage: (saved) => ({ checkoutJourney: saved.booked }), then: documentsShown },
  { name: 'settings', path: (l) => `/${l}/settings`, storage: (saved) => ({ checkoutJourney: null, jwt: saved.jwt, customer: saved.customer }) },
  // issue 42: My orders of the logged-in customer, an order's page from its mail's link, the order review with its key
  { name: 'my orders', path: (l) => `/${l}/orders`, storage: (saved) => ({ checkoutJourney: null, jwt: saved.jwt, customer: saved.customer }) },
  { name: 'an order', path: (l) => `/${l}/orders/${orderOf(saved0).id}?key=${orderOf(saved0).key}`, storage: () => noSession, then: documentsShown },
  { name: 'order review with its documents', path: (l) => `/${l}/order-review/${orderOf(saved0).id}?key=${orderOf(saved0).key}`, then: documentsShown },
  { name: 'order not found', path: (l) => `/${l}/orders/UNKNOWN00000?key=none` },
  // issue 46: "Withdraw from contract here", a form every consumer must be able to use as easily as the checkout
  { name: 'withdrawal: which order', load: true, path: (l) => `/${l}/withdrawal`, storage: () => noSession },
  {
    name: 'withdrawal: the identification refused at its fields',
    load: true,
    path: (l) => `/${l}/withdrawal`,
    storage: () => noSession,
    then: async (page) => {
      await page.locator('main input[name="orderId"]').fill('B-1');
      await page.locator('main form button[type="submit"]').click();
      await page.locator('main [aria-invalid="true"]').first().waitFor();
    },
  },
  // the setup's booking (timed tickets: dated admissions, no right of withdrawal) from its mail's link: each line with its reason
  {
    name: 'withdrawal: the order from its link',
    load: true,
    path: (l) => `/${l}/withdrawal?id=${orderOf(saved0).id}&key=${orderOf(saved0).key}`,
    storage: () => noSession,
    then: async (page) => void (await page.locator('main fieldset').waitFor({ timeout: 15_000 })),
  },
];

/** Loaded, settled and with nothing still loading. */
async function ready(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('main h1') !== null && document.querySelector('main .screen-loading, main [aria-busy="true"], .page-loading') === null,
    undefined,
    { timeout: 15_000 },
  );
}

/** What sticks out: the page scrolls sideways, or a heading, notice, button or progress step passes main's edges. */
function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) out.push(`the page is ${root.scrollWidth} px wide in ${root.clientWidth}`);
    const main = document.querySelector('main');
    if (!main) return out;
    const edge = main.getBoundingClientRect();
    for (const el of main.querySelectorAll<HTMLElement>('h1, h2, h3, .notice, .button, .progress__step, .progress, .checkout, section, p, label')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      if (r.right > edge.right + 1 || r.left < edge.left - 1) out.push(`${name} passes main's edge (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(edge.left)}–${Math.round(edge.right)})`);
      else if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible' && el.clientWidth > 0) out.push(`${name} overflows itself (${el.scrollWidth} in ${el.clientWidth})`);
    }
    return out;
  });
}

/** A screen without storage of its own is reached in the app (history and popstate, as a link would); the others load. */
/** The focused element, if the sticky header covers part of it. */
function focusObscured(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    const header = document.querySelector('.site-header');
    if (!focused || focused === document.body || !header || header.contains(focused)) return [];
    const r = focused.getBoundingClientRect();
    const h = header.getBoundingClientRect();
    const sticky = ['sticky', 'fixed'].includes(getComputedStyle(header).position);
    return sticky && r.height > 0 && r.top < h.bottom - 1 && r.bottom > h.top ? [`the focused ${focused.tagName.toLowerCase()} is under the sticky header (2.4.11)`] : [];
  });
}

async function visit(page: Page, screen: Screen, lang: string, saved: Saved, load: boolean): Promise<string[]> {
  const storage = screen.storage?.(saved) ?? {};
  const inApp = !load && !screen.load && Object.keys(storage).length === 0;
  if (!inApp) {
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) {
        if (value === null) sessionStorage.removeItem(key);
        else sessionStorage.setItem(key, value);
      }
    }, storage);
  }
  if (inApp) {
    const path = screen.path(lang);
    // the page left: until the new one has rendered, its heading is still there, and "ready" would
    // check the page left (the router keeps it while the next one's chunks load)
    const left = await page.evaluate((href) => {
      const heading = document.querySelector('main h1')?.textContent ?? '';
      const moved = location.pathname + location.search !== href;
      history.pushState(history.state, '', href);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      return moved ? heading : null;
    }, path);
    await page.waitForFunction((href) => location.pathname + location.search === href, path, { timeout: 10_000 }).catch(() => {
      throw new Error(`${lang} ${screen.name}: the app did not reach ${path} (it is at ${page.url()})`);
    });
    if (left !== null) {
      await page.waitForFunction((heading) => (document.querySelector('main h1')?.textContent ?? '') !== heading, left, { timeout: 10_000 }).catch(() => {
        throw new Error(`${lang} ${screen.name}: ${path} still shows the heading "${left}" of the page before`);
      });
      // and it stays there (the app does not take the visitor back)
      await page.waitForFunction((href) => location.pathname + location.search === href, path, { timeout: 1_000 }).catch(() => {
        throw new Error(`${lang} ${screen.name}: the app left ${path} for ${page.url()}`);
      });
    }
  } else {
    await page.goto(screen.path(lang), { waitUntil: 'load' });
  }
  await ready(page).catch(() => {
    throw new Error(`${lang} ${screen.name}: ${page.url()} did not settle`);
  });
  if (screen.then) {
    await screen.then(page, lang);
    await ready(page);
  }
  const width = page.viewportSize()?.width;
  // The focused element is not hidden under the sticky header (WCAG 2.4.11) where the screen put it;
  // then axe runs scrolled to the top: anything passing under the sticky header is partly covered
  // at some scroll position, which axe would count against its target size (2.5.8 is about size).
  const obscured = await focusObscured(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const found = [...obscured, ...(await installedAxeViolations(page)), ...(await overflow(page))];
  return found.map((f) => `${lang} ${width} px ${screen.name}: ${f}`);
}

let browser: Browser;
const pages = new Map<number, { page: Page; context: BrowserContext; saved: Saved }>();
const timings: string[] = [];
let started = 0;

beforeAll(async () => {
  started = Date.now();
  const baseUrl = e2eBaseUrl();
  browser = await launchBrowser();
  await Promise.all(
    WIDTHS.map(async (width) => {
      const context = await browser.newContext({ baseURL: baseUrl, locale: 'de-CH', viewport: { width, height: width > 500 ? 900 : 844 } });
      await installAxe(context);
      const page = await context.newPage();
      await page.goto('/de', { waitUntil: 'load' });
      await page.evaluate(() => sessionStorage.setItem('cookiesAccepted', 'true'));
      // a booking, for the success screen in every language
      await openCheckoutWithCart(page);
      await acceptTermsAndPay(page);
      await atProvider(page, 'Bezahlen');
      await page.getByRole('button', { name: text('checkout.confirm') }).click();
      await page.waitForURL(/\/de\/checkout\/success$/);
      await page.getByTestId('booking-id').waitFor();
      const booked = (await page.evaluate(() => sessionStorage.getItem('checkoutJourney'))) ?? '';
      // a login, for the settings
      await page.goto('/de/login');
      await logIn(page, 'demo@museum.example', 'Museum2026!');
      await page.waitForURL(/\/de$/);
      const session = await page.evaluate(() => ({ jwt: sessionStorage.getItem('jwt') ?? '', customer: sessionStorage.getItem('customer') ?? '' }));
      await page.evaluate(() => {
        sessionStorage.removeItem('jwt');
        sessionStorage.removeItem('customer');
      });
      pages.set(width, { page, context, saved: { booked, ...session } });
      saved0 ??= { booked, ...session };
    }),
  );
  timings.push(`setup ${Date.now() - started} ms`);
});

afterAll(async () => {
  for (const { context } of pages.values()) await context.close();
  await browser?.close();
  if (started) console.info(`axe over every screen: ${timings.join(', ')}; total ${Date.now() - started} ms`);
});

describe('axe-core and overflow over every screen, eight languages, 1280 and 390 px', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: ${SCREENS.length} screens at ${WIDTHS.join(' and ')} px: no violations, nothing sticks out`, async () => {
      const t0 = Date.now();
      const problems: string[] = [];
      for (const [index, screen] of SCREENS.entries()) {
        const found = await Promise.all(
          WIDTHS.map((width) => {
            const p = pages.get(width)!;
            return visit(p.page, screen, lang, p.saved, index === 0);
          }),
        );
        problems.push(...found.flat());
      }
      timings.push(`${lang} ${Date.now() - t0} ms`);
      expect(problems).toEqual([]);
    }, 240_000);
  }
});
