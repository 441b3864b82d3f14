/**
 * What a visitor relies on, checked after every step of a session (docs/testing.md, "Visitor
 * sessions"). Each check throws an Error that says what the visitor saw; the session runner
 * prints it with the seed and the steps that led there.
 */
import { installedAxeViolations } from '../axe.js';
import { words } from './words.js';
import type { Place, Visit, Visitor } from './visitor.js';

/** How long the page may be busy (a spinner, "loading …", aria-busy) after a step. */
export const BUSY_BOUND_MS = 10_000;

/**
 * What the visitor sees as "still coming": loading screens and spinners, and a page the server
 * rendered that the app has not taken over yet (`.shell--waking`: the server rendered it for
 * nobody, so this browser's cart and login show once the app runs, docs/decisions.md).
 */
const BUSY = '.screen-loading, [data-testid="spinner"], .boot--loading, [aria-busy="true"], .shell--waking';
const ERROR_SCREEN = '[data-route="routeError"], [data-route="pageNotFound"]';

export class BrokenInvariant extends Error {}

function fail(what: string): never {
  throw new BrokenInvariant(what);
}

/** The address the visitor must be at, by place (the language prefix included). */
export function expectedPath(m: Visitor, place: Place = m.place): RegExp {
  const l = m.lang;
  switch (place.at) {
    case 'home':
      return new RegExp(`^/${l}/?$`);
    case 'list':
      return new RegExp(`^/${l}/${{ tickets: 'tickets', guidedTours: 'guided-tours', merchandise: 'merchandise', passes: 'passes', vouchers: 'vouchers' }[place.section]}$`);
    case 'item':
      return new RegExp(`^/${l}/${{ ticket: 'tickets', tour: 'guided-tours', article: 'product', pass: 'passes', voucher: 'vouchers' }[place.kind]}/${place.id}$`);
    case 'checkout':
      return new RegExp(`^/${l}/checkout$`);
    case 'provider':
      return new RegExp(`^/provider/${l}/pay$`);
    case 'accepted':
      return new RegExp(`^/${l}/checkout/accepted$`);
    case 'canceled':
      return new RegExp(`^/${l}/checkout/canceled$`);
    case 'failed':
      return new RegExp(`^/${l}/checkout/failed$`);
    case 'success':
      return new RegExp(`^/${l}/checkout/success$`);
    case 'review':
      return new RegExp(`^/${l}/order-review/${place.bookingId}$`);
    case 'login':
      return new RegExp(`^/${l}/login$`);
    case 'registered':
      return new RegExp(`^/${l}/register/success$`);
    case 'settings':
      return new RegExp(`^/${l}/settings$`);
  }
}

/** Waits until nothing on the page is busy, within the bound. */
export async function waitNotBusy(v: Visit): Promise<void> {
  const deadline = Date.now() + BUSY_BOUND_MS;
  for (;;) {
    const busy = await v.page.locator(BUSY).evaluateAll((nodes) => nodes.filter((n) => (n as HTMLElement).offsetParent !== null || n.getAttribute('aria-busy') === 'true').map((n) => n.outerHTML.slice(0, 120)));
    if (busy.length === 0) return;
    if (Date.now() > deadline) fail(`still busy after ${BUSY_BOUND_MS / 1000} s: ${busy.join(' | ')}`);
    await v.page.waitForTimeout(100);
  }
}

/** The screen's key for axe: the route with ids left out, and what the screen shows. */
function screenKey(path: string, place: Place): string {
  return `${place.at}:${path.replace(/^\/[a-z]{2}(?=\/|$)/, '').replace(/\/\d+|\/[A-Z0-9]{12}$/g, '/:id')}`;
}

export async function checkInvariants(m: Visitor, v: Visit): Promise<void> {
  const { page } = v;
  const check = () => (v.stats.checks += 1);

  // never stranded: where the visitor expects to be, not busy for ever, with a heading
  const url = new URL(page.url());
  if (!expectedPath(m).test(url.pathname)) fail(`the visitor expects ${m.place.at} (${expectedPath(m)}) but is at ${url.pathname}${url.search}`);
  check();
  await waitNotBusy(v);
  check();
  const heading = page.locator(m.place.at === 'provider' ? 'h1' : 'main h1');
  await heading.first().waitFor({ state: 'visible', timeout: 5_000 }).catch(() => fail(`${url.pathname} shows no heading`));
  if (((await heading.first().innerText()).trim()) === '') fail(`${url.pathname} has an empty heading`);
  check();
  const text = await page.locator('body').innerText();
  if (/coming soon|demnächst verfügbar|bientôt disponible/i.test(text)) fail(`${url.pathname} says "coming soon"`);
  check();
  if (!v.allowance.errorScreen && (await page.locator(ERROR_SCREEN).count()) > 0) fail(`${url.pathname} shows an error screen: ${await page.locator('main h1').first().innerText()}`);
  check();

  if (m.place.at !== 'provider') {
    // the basket badge counts the cart's lines
    await page.getByTestId('basket-count').waitFor();
    const badge = (await page.getByTestId('basket-count').innerText()).trim();
    if (badge !== String(m.lines.length)) fail(`the basket badge says ${badge}, the cart the visitor filled has ${m.lines.length} line(s)`);
    check();
    // the login the visitor has is the one the header shows
    const loginLinks = await page.locator('header').getByRole('link', { name: words(m.lang, 'header.login', { whole: true }) }).count();
    if ((m.login === 'anonymous') !== loginLinks > 0) fail(`the header ${loginLinks > 0 ? 'offers to log in' : 'shows an account'}, the visitor is ${m.login === 'anonymous' ? 'not logged in' : 'logged in'}`);
    check();
    const htmlLang = await page.evaluate(() => document.documentElement.lang);
    if (!htmlLang.startsWith(m.lang)) fail(`the page is in ${htmlLang}, the visitor chose ${m.lang}`);
    check();
  }
  if (m.place.at === 'checkout') {
    const lines = await page.getByTestId('cart-line').count();
    if (lines !== m.lines.length) fail(`the cart shows ${lines} line(s), the visitor put in ${m.lines.length}`);
    check();
    // nothing lost: the country of delivery the visitor chose still prices the shipping
    if (m.country !== null && m.login === 'anonymous' && m.lines.some((line) => line.shipped)) {
      await page.getByTestId('shipping-destination').waitFor({ timeout: 5_000 }).catch(() => fail(`the visitor chose ${m.country} as the country of delivery; the cart no longer knows it`));
      check();
    }
  }

  // nothing booked twice: every booking the server answered is one the visitor confirmed
  const distinct = new Set(v.bookingAnswers);
  if (distinct.size !== m.bookings.length) fail(`the server answered ${distinct.size} booking(s) (${[...distinct].join(', ')}), the visitor confirmed ${m.bookings.length}`);
  check();

  // no console error, no failed request the step did not cause
  if (v.errors.length > 0) fail(`console errors: ${v.errors.join(' | ')}`);
  check();
  const unexpected = v.failures.filter((f) => !v.allowance.failures.some((pattern) => pattern.test(f.url)));
  if (unexpected.length > 0) fail(`failed requests the step did not cause: ${unexpected.map((f) => `${f.status} ${f.url}`).join(' | ')}`);
  check();
  v.errors.length = 0;
  v.failures.length = 0;

  // axe on every new screen
  const key = screenKey(url.pathname, m.place);
  if (!v.axeSeen.has(key)) {
    v.axeSeen.add(key);
    const violations = await installedAxeViolations(page);
    if (violations.length > 0) fail(`axe on ${url.pathname}: ${violations.join(' | ')}`);
    check();
  }
}
