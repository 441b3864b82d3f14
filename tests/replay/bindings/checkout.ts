/**
 * The checkout chart (machines/checkout.machine.ts) bound to the page, in English, against the
 * demo shop: what a visitor does for each event of its paths, what the page shows in each state.
 *
 * The model's situations (tests/machines/checkout.model.ts) are brought about as a visitor would:
 * - the cart of 2 × Adult and 1 × Catalogue is the demo's: two adults of the permanent collection
 *   at 10:00 and the Light and Water catalogue, put in the cart once on the ticket and article
 *   pages, with Switzerland chosen as the country of delivery (the model's cart holds nothing back
 *   for shipping; the demo's catalogue is sent by post); each path's tab starts with that cart as
 *   the shop saved it in session storage. A path that walks the shipping itself starts without a
 *   country, or with Switzerland when its first shipping step is Switzerland's costs;
 * - logged in is the demo customer, logged in on the login page; "Direct debit" chosen and no
 *   confirmation step are the shop's configuration, its answer changed; the partner comes with the
 *   address (`?partner=`); a half-typed delivery address is typed in the checkout before; the
 *   method and ticks kept over a login are chosen, refused for want of a login, then logged in;
 * - a cart booked earlier in the session is booked in the same tab first (its return address is
 *   opened again later); a return from the provider to a tab at the cart is a payment made in a
 *   second tab, its return address opened in the first.
 * Service answers come from the server, or the server's answer to the request changed (a payment
 * type it does not offer: 422; a cart that does not exist: 410; a token it did not issue: 401;
 * a return without the provider's transaction: 422), a 400, or a dropped connection.
 * Issue 41: the hold of the open order (GET checkout/cart) is the server's (its end of the hold,
 * with the path's status: held, or run out), or a 404 (a back end without the call); a refunded
 * payment is the 422 PAYMENT_REFUNDED of a payment that came after its hold ran out and its
 * places were sold, for the amount the provider asked (a timing the demo server's 20-minute holds
 * do not give a replay).
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO } from '../../../src/server/seed/demo.js';
import { DEMO_CUSTOMER } from '../../../src/server/seed/accounts.js';
import { SESSION_KEYS } from '../../../src/api/schemas/session.js';
import { addDays, isoWeekday } from '../../../src/domain/dates.js';
import { museumToday } from '../../../src/domain/museum-clock.js';
import type { CheckoutContext, CheckoutInput } from '../../../machines/checkout.machine.js';
import { selectShownHold } from '../../../machines/checkout.selectors.js';
import { formatLocalTime, formatPrice } from '../../../src/i18n/format.js';
import { suggestions } from '../../machines/checkout.model.js';
import { Mismatch, type Replay, type ReplayBinding } from '../binding.js';
import type { ReplayStep, SentEvent } from '../plan.js';

const NO_SUCH_CART = 'NOSUCHCART00';
/** §2: the steps of the checkout's progress bar, in order */
const BAR = ['cart', 'signIn', 'payment', 'complete'] as const;
/** What the demo tab's session storage holds after filling the cart (the journey's own snapshot aside). */
export type Storage = Record<string, string>;
const NOT_CARRIED = new Set<string>([SESSION_KEYS.checkoutJourney, SESSION_KEYS.visitedUrl, 'scrollPositions']);

const main = (r: Replay | { page: Page }) => r.page.locator('main');
const button = (r: Replay, id: string) => r.page.getByRole('button', { name: r.words(id, { whole: true }) });
const checkbox = (r: Replay, id: string) => main(r).getByRole('checkbox', { name: r.words(id) });
const status = (r: Replay) => main(r).locator('.checkout__status');
const payButton = (r: Replay) => main(r).getByRole('button', { name: new RegExp(`^(${r.text('checkout.pay')}|${r.text('checkout.orderNow')})$`) });
const onProvider = (r: Replay) => new URL(r.page.url()).pathname.startsWith('/provider/');

/** A day of the permanent collection with places at 10:00: not a Monday (sold out), from tomorrow. */
export function bookableDay(): string {
  let day = addDays(museumToday(), 1);
  while (isoWeekday(day) === 1) day = addDays(day, 1);
  return day;
}

async function storageOf(page: Page): Promise<Storage> {
  const all = await page.evaluate(() => ({ ...sessionStorage }) as Record<string, string>);
  return Object.fromEntries(Object.entries(all).filter(([k]) => !NOT_CARRIED.has(k)));
}

export async function logIn(page: Page, lang: string, words: Replay['words']): Promise<void> {
  await page.goto(`/${lang}/login`);
  await page.getByLabel(words('auth.email')).fill(DEMO_CUSTOMER.email);
  await page.getByLabel(words('auth.password')).fill(DEMO_CUSTOMER.password);
  await page.locator('main').getByRole('button', { name: words('header.login', { whole: true }) }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/** The tabs' starting points, made once per server: the demo cart (with Switzerland chosen) and the demo login. */
const templates = new Map<string, Promise<{ cart: Storage; login: Storage }>>();
export function templatesOf(browser: Browser, r: Replay): Promise<{ cart: Storage; login: Storage }> {
  let made = templates.get(r.baseUrl);
  if (!made) {
    made = (async () => {
      const context = await browser.newContext({ baseURL: r.baseUrl, locale: r.lang });
      try {
        const page = await context.newPage();
        await page.goto(`/${r.lang}/tickets/${DEMO.events.collection}?date=${bookableDay()}`);
        await page.getByRole('radio', { name: /^10:00\b/ }).check();
        await page.getByRole('spinbutton', { name: /^Adult( –|$)/ }).fill('2');
        await page.getByRole('button', { name: r.words('tickets.addToCart', { whole: true }) }).click();
        await page.getByTestId('added-to-cart').waitFor();
        await page.goto(`/${r.lang}/product/${DEMO.merchandise.catalogue}`);
        await page.getByTestId('add-to-cart').click();
        await page.goto(`/${r.lang}/checkout`);
        await page.getByTestId('shipping-country').selectOption('CH');
        await page.getByTestId('shipping-destination').waitFor();
        const cart = await storageOf(page);
        const login = await context.newPage();
        await logIn(login, r.lang, (id, o) => r.words(id, o));
        const loggedIn = await storageOf(login);
        return { cart, login: Object.fromEntries(Object.entries(loggedIn).filter(([k]) => !(k in cart) || k === 'cookiesAccepted')) };
      } finally {
        await context.close();
      }
    })();
    templates.set(r.baseUrl, made);
  }
  return made;
}

/**
 * "Pay now" once the cart's shipping costs are there: a visitor waits for "Calculating the shipping
 * costs …" to end (a delivery country typed makes the cart ask again) before paying.
 */
async function pay(r: Replay): Promise<void> {
  await main(r).getByText(r.words('shipping.calculating')).waitFor({ state: 'hidden' });
  // what the visitor is about to pay: the provider must ask for this amount, not an older order's
  const total = main(r).getByTestId('cart-total');
  if ((await total.count()) > 0) r.memo.totalPaid = digits(await total.textContent());
  else delete r.memo.totalPaid;
  await payButton(r).click();
}

/** The figures of an amount as shown ("CHF 1,234.50" → "123450"): the shop and the provider format it alike, not identically. */
const digits = (text: string | null): string => (text ?? '').replace(/\D/g, '');

/** Leaves the checkout by the header's home link, as a visitor does (a page load would keep its journey for a reload). */
async function leaveCheckout(r: Replay): Promise<void> {
  await r.page.locator('header').getByRole('link', { name: r.words('header.home') }).first().click();
  await r.page.waitForURL((url) => url.pathname === `/${r.lang}`);
  // the shop lets go of the checkout once the new page is in: until then the tab keeps it for a reload
  await r.page.waitForFunction((key) => sessionStorage.getItem(key) === null, SESSION_KEYS.checkoutJourney);
}

/** Puts `entries` into the tab's session storage (the shop reads them on the next page load). */
export async function seed(page: Page, lang: string, entries: Storage): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith(`/${lang}`)) await page.goto(`/${lang}`);
  await page.evaluate((all) => {
    for (const [k, v] of Object.entries(all)) sessionStorage.setItem(k, v);
  }, entries);
}

const input = (r: Replay) => r.plan.input as CheckoutInput;
const shippingSteps = (r: Replay) => r.plan.steps.filter((s) => s.name === 'SHIPPING_CHANGED');
const lineCount = (r: Replay) => input(r).lines?.length ?? 0;

/** The demo cart of this path: both lines, the tickets alone, or none; with or without the country chosen. */
function cartEntries(r: Replay, t: { cart: Storage }, whole = false): Storage {
  if (lineCount(r) === 0) return {};
  const entries = { ...t.cart };
  const lines = (JSON.parse(entries.cart ?? '[]') as { type: string; datetime?: string }[]).map((l) => (l.type === 'ticket' ? { ...l, datetime: slotOf(r.plan.number) } : l));
  entries.cart = JSON.stringify(lineCount(r) === 1 && !whole ? lines.filter((l) => l.type === 'ticket') : lines);
  const first = shippingSteps(r)[0]?.event;
  // a path that walks the shipping starts where its first step says (Switzerland's costs), else without a country
  if (first && !(first.status === 'known' && first.country === 'CH')) delete entries['cart.country'];
  return entries;
}

/**
 * The time of the path's two adults (issue 41): a payment holds its places for the cart's
 * lifetime (20 minutes), longer than the whole replay, so each path takes its own hour of the
 * collection (10:00 to 16:00, 40 places each) on its own day from tomorrow on, never a Monday:
 * no path finds its places held by another's payment.
 */
function slotOf(path: number): string {
  let day = bookableDay();
  for (let n = 0; n < Math.floor((path - 1) / 7); n++) {
    day = addDays(day, 1);
    while (isoWeekday(day) === 1) day = addDays(day, 1);
  }
  return `${day} ${String(10 + ((path - 1) % 7)).padStart(2, '0')}:00`;
}

export type Outcome = 'pay' | 'cancel' | 'fail';

/** A payment in a second tab of the same visitor (its own cart, the demo cart) and the provider's answer: the return address. */
export async function payInAnotherTab(r: Replay, entries: Storage, outcome: Outcome): Promise<string> {
  const other = await r.page.context().newPage();
  try {
    await seed(other, r.lang, entries);
    await payAtProvider(r, other, outcome);
    return other.url();
  } finally {
    await other.close();
  }
}

const RETURN_PAGE: Record<Outcome, string> = { pay: '/checkout/accepted', cancel: '/checkout/canceled', fail: '/checkout/failed' };

/** In `page`: the express payment with both ticks, Pay, and `outcome` at the provider; ends on the return page. */
async function payAtProvider(r: Replay, page: Page, outcome: Outcome = 'pay'): Promise<void> {
  await page.goto(`/${r.lang}/checkout`);
  const express = page.getByRole('radio', { name: new RegExp(`^${escape(await paymentName(r, 161))}(\\s|$)`) });
  await express.check();
  await page.locator('main').getByRole('checkbox', { name: r.words('checkout.terms') }).check();
  await page.locator('main').getByRole('checkbox', { name: r.words('checkout.privacy') }).check();
  await page.locator('main').getByRole('button', { name: r.words('checkout.pay', { whole: true }) }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/provider/'));
  await page.locator(`form[action$="/pay/${outcome}"] button`).click();
  await page.waitForURL((url) => url.pathname.endsWith(RETURN_PAGE[outcome]));
}

async function paymentName(r: Replay, payart: number): Promise<string> {
  const types = await r.api<{ payartId: number; i18n: Record<string, string> }[]>('checkout/payments?shop=16');
  return types.find((t) => t.payartId === payart)?.i18n[r.lang] ?? r.cannot(`the shop offers no payment type ${payart}`);
}

const fromState = (step: ReplayStep) => JSON.stringify(step.from);
const otherTab = (r: Replay, outcome: Outcome): string => ((r.memo.otherTab ?? {}) as Record<string, string>)[outcome] ?? r.cannot(`no payment in another tab was prepared for "${outcome}"`);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A payment method's radio: its name, then its note ("login required"), never a longer name that contains it. */
const methodRadio = async (r: Replay, payart: number) => main(r).getByRole('radio', { name: new RegExp(`^${escape(await paymentName(r, payart))}(\\s|$)`) });
const ev = (step: ReplayStep) => step.event as SentEvent & Record<string, unknown>;

/** The answer a service's refusal is made of: the server's own, for a request it refuses. */
const WRONG_TOKEN = (url: URL) => {
  url.searchParams.set('_', 'not-a-token');
  return url.href;
};

export const checkoutBinding: ReplayBinding = {
  machine: 'checkout',
  lang: 'en',
  requests: {
    suggestions: (url, method) => method === 'POST' && url.pathname.endsWith('/checkout/suggest'),
    initPayment: (url, method) => method === 'POST' && url.pathname.endsWith('/checkout/initPayment'),
    restartPayment: (url, method) => method === 'POST' && url.pathname.endsWith('/checkout/initPaymentOrder'),
    execPayment: (url, method) => method === 'POST' && url.pathname.endsWith('/checkout/execPayment'),
    // checkout/cancel: the visitor's "Clear the cart", and the release of an earlier order (issue 41)
    cancelPayment: (url, method) => method === 'POST' && url.pathname.endsWith('/checkout/cancel'),
    // issue 41: until when the open order is held
    loadHold: (url, method) => method === 'GET' && url.pathname.endsWith('/checkout/cart'),
    // the cart's shipping costs, held only from a path's "costs loading" step to its "costs known" one
    shipping: (url, method, r) => method === 'POST' && url.pathname.endsWith('/shipping/costs') && r.memo.holdShipping === true,
  },

  async prepare(r) {
    const i = input(r);
    const browser = r.page.context().browser()!;
    if (i.keptChoice && !(i.paymentTypes ?? []).some((t) => t.payartId === i.keptChoice?.payart)) {
      r.cannot('a kept method the shop no longer offers: the shop would have to change its payment methods between two visits of one session');
    }
    const t = await templatesOf(browser, r);
    // the shop's configuration where the model starts with another one
    if (i.defaultPaymentType !== undefined || i.confirmPayment === false) {
      await r.page.route('**/api/*/shopinfo/config?*', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: Record<string, unknown> };
        const data = { ...body.data, ...(i.defaultPaymentType !== undefined ? { default_payment_type: i.defaultPaymentType } : {}), ...(i.confirmPayment === false ? { confirm_payment: false } : {}) };
        await route.fulfill({ response, json: { data } });
      });
    }
    const cart = cartEntries(r, t);
    // the kept choice is made before logging in
    await seed(r.page, r.lang, { ...cart, ...(i.jwt && !i.keptChoice ? t.login : {}) });
    if (r.plan.steps.some((s) => s.label === 'PAYMENT_RETURNED [wasBookedEarlier]')) {
      // a cart booked earlier in this tab: its return address, opened again later
      await payAtProvider(r, r.page);
      r.memo.earlierReturn = r.page.url();
      await button(r, 'checkout.confirm').click();
      await main(r).getByTestId('booking-id').waitFor();
      await seed(r.page, r.lang, cart);
    }
    // a return from the provider to this tab while it is at the cart: a payment made in another tab
    for (const s of r.plan.steps.filter((x) => x.name === 'PAYMENT_RETURNED' && fromState(x).includes('"Cart"') && ev(x).cartId !== null && x.label !== 'PAYMENT_RETURNED [wasBookedEarlier]')) {
      const outcome = ({ accepted: 'pay', canceled: 'cancel', failed: 'fail' } as const)[ev(s).outcome as 'accepted' | 'canceled' | 'failed'];
      ((r.memo.otherTab ??= {}) as Record<string, string>)[outcome] = await payInAnotherTab(r, { ...cart, ...(i.jwt ? t.login : {}) }, outcome);
    }
    if (i.deliveryAddress) {
      // a delivery address half typed in the checkout before, kept for the session (typed while the cart had its article)
      await seed(r.page, r.lang, cartEntries(r, t, true));
      await r.page.goto(`/${r.lang}/checkout`);
      await checkbox(r, 'deliveryAddress.sameAsBilling').uncheck();
      const form = main(r).getByTestId('delivery-address');
      for (const [field, value] of Object.entries(i.deliveryAddress)) if (value) await form.getByLabel(r.words(`deliveryAddress.${field}`), { exact: false }).first().fill(value);
      await leaveCheckout(r);
      await seed(r.page, r.lang, cart);
    }
    if (i.keptChoice) {
      // chosen, then refused for want of a login: the method and ticks wait for the next checkout
      await r.page.goto(`/${r.lang}/checkout`);
      await (await methodRadio(r, i.keptChoice.payart)).check();
      await checkbox(r, 'checkout.terms').setChecked(i.keptChoice.termsAccepted);
      await checkbox(r, 'checkout.privacy').setChecked(i.keptChoice.privacyAccepted);
      await payButton(r).click();
      await main(r).getByTestId('login-required').waitFor();
      await leaveCheckout(r);
      await logIn(r.page, r.lang, (id, o) => r.words(id, o));
    }
  },

  async start(r) {
    await r.page.goto(`/${r.lang}/checkout${input(r).partner ? `?partner=${input(r).partner}` : ''}`);
  },

  events: {
    // ---- the cart
    'done:loadSuggestions': async (r, step) => {
      const shown = (ev(step).output as unknown[]).length > 0;
      await r.answer('suggestions', shown ? { server: true } : { edit: () => ({ data: [] }) });
    },
    'error:loadSuggestions': async (r) => r.answer('suggestions', { drop: true }),
    CART_CHANGED: async (r) => {
      // the model's cart loses its article: the demo cart's catalogue is removed
      const article = await r.api<{ name: string }>(`merchandise?article=${DEMO.merchandise.catalogue}`);
      await main(r).getByRole('button', { name: r.text('cart.removeLine', { item: article.name }) }).click();
    },
    SESSION_CHANGED: async (r, step) => {
      // Logging in or out on the shop's own pages leaves the checkout, and coming back by a link
      // starts a new one; another tab does not share this tab's session. What reaches the same
      // checkout is a page typed in the address bar: the tab keeps the checkout for a reload, and
      // the checkout opened next takes it up with the session of now.
      if (ev(step).jwt === null) {
        // the header's logout address (its search as the router writes it), typed
        await r.page.goto(`/logout?returnTo=${encodeURIComponent(JSON.stringify(`/${r.lang}/checkout`))}`);
        await r.page.waitForURL((url) => url.pathname === `/${r.lang}/checkout`);
        await r.page.locator('header').getByRole('link', { name: r.words('header.login', { whole: true }) }).waitFor();
        // a logout forgets the countries chosen for the cart (issue 45: they were the customer's);
        // the visitor who stays chooses Switzerland again, where the path's cart ships
        if (lineCount(r) > 1) {
          await main(r).getByTestId('shipping-country').selectOption('CH');
          await main(r).getByText(r.words('shipping.destination')).first().waitFor();
        }
      } else {
        await logIn(r.page, r.lang, (id, o) => r.words(id, o));
        await r.page.locator('header').getByRole('link', { name: r.words('header.basket') }).click();
      }
    },
    SHIPPING_CHANGED: async (r, step) => {
      const to = String(ev(step).status);
      const country = ev(step).country as string | null;
      const select = main(r).getByTestId('shipping-country');
      if (to === 'needsCountry') {
        // the cart asks by itself: its country list with nothing chosen
        if ((await select.inputValue()) !== '') throw new Mismatch('a country of delivery is chosen already');
      } else if (to === 'none') {
        // nothing to ship: the cart asks for no country
        await r.lacks(select, 'the country of delivery');
      } else if (to === 'loading') {
        // its costs stay on their way until the path's next shipping step
        r.memo.holdShipping = true;
        await select.selectOption(country!);
      } else if (r.memo.holdShipping === true) {
        // the costs the "loading" step held (the cart may ask only a moment after the country is chosen)
        await r.answer('shipping', { server: true });
        r.memo.holdShipping = false;
        while (r.waiting('shipping')) await r.answer('shipping', { server: true });
      } else if ((await select.inputValue()) !== country) {
        await select.selectOption(country!);
      }
      if (to === 'known' || to === 'failed') {
        // the cart's answer as the visitor reads it: the destination and its costs, or none for that country
        await main(r).getByText(r.words(to === 'failed' ? 'cart.shippingFailed' : 'shipping.destination')).first().waitFor();
      }
    },

    // ---- the payment form
    'SELECT_PAYMENT [isExpressPayment]': async (r, step) => {
      await (await methodRadio(r, ev(step).payart as number)).check();
    },
    SELECT_PAYMENT: async (r, step) => {
      await (await methodRadio(r, ev(step).payart as number)).check();
    },
    SELECT_WALLET: async (r, step) => {
      await main(r).getByRole('radio', { name: r.words(`checkout.wallet.${String(ev(step).wallet ?? 'card')}`, { whole: true }) }).check();
    },
    SET_ACCOUNT_HOLDER: async (r, step) => {
      r.memo.holder = String(ev(step).value);
      await main(r).getByLabel(r.words('checkout.accountHolder')).fill(String(ev(step).value));
    },
    SET_IBAN: async (r, step) => {
      r.memo.iban = String(ev(step).value);
      await main(r).getByLabel(r.words('checkout.iban')).fill(String(ev(step).value));
    },
    SET_TERMS: async (r, step) => checkbox(r, 'checkout.terms').setChecked(ev(step).accepted === true),
    SET_PRIVACY: async (r, step) => checkbox(r, 'checkout.privacy').setChecked(ev(step).accepted === true),
    SET_REQUEST_INVOICE: async (r, step) => checkbox(r, 'checkout.requestInvoice').setChecked(ev(step).requestInvoice === true),
    SET_DELIVERY_SAME: async (r, step) => checkbox(r, 'deliveryAddress.sameAsBilling').setChecked(ev(step).sameAsBilling === true),
    'SET_DELIVERY_FIELD [isDeliveryCountry]': async (r, step) => {
      const value = String(ev(step).value).toUpperCase();
      const field = main(r).getByTestId('delivery-address').getByLabel(r.words('deliveryAddress.country'), { exact: false }).first();
      if ((await field.locator(`option[value="${value}"]`).count()) === 0) {
        r.cannot(`the delivery country is chosen from a list of countries: "${String(ev(step).value)}" cannot be typed`);
      }
      await field.selectOption(value);
    },
    SET_DELIVERY_FIELD: async (r, step) => {
      await main(r).getByTestId('delivery-address').getByLabel(r.words(`deliveryAddress.${String(ev(step).field)}`), { exact: false }).first().fill(String(ev(step).value));
    },
    'ADD_SUGGESTION [isOfferedSuggestion]': async (r) => {
      const item = main(r).locator('.suggestions__item').filter({ has: r.page.getByRole('button', { name: r.words('checkout.addSuggestion') }) }).first();
      const name = ((await item.locator('.suggestions__name').textContent()) ?? '').trim();
      const lines = main(r).getByTestId('cart-line').filter({ hasText: name });
      const before = (await lines.allInnerTexts()).join('\n');
      await item.getByRole('button', { name: r.words('checkout.addSuggestion') }).click();
      // the article goes into the cart (§2): a line of it shows, or the line it had counts one more
      try {
        await r.page.waitForFunction(
          ([wanted, was]) => [...document.querySelectorAll('main [data-testid="cart-line"]')].filter((l) => (l.textContent ?? '').includes(wanted)).map((l) => (l as HTMLElement).innerText).join('\n') !== was,
          [name, before] as const,
          { timeout: 5_000 },
        );
      } catch {
        throw new Mismatch(`the suggestion ${name} was added, but the cart's lines of it did not change`);
      }
    },
    ADD_SUGGESTION: async (r, step) => {
      // a suggestion that is not offered has no button: there is nothing a visitor can press. A
      // suggestion the cart step loaded is not offered while the cart cannot be shipped: no "Add" at all
      if (suggestions.some((s) => s.id === ev(step).id)) {
        await r.lacks(main(r).getByRole('button', { name: r.words('checkout.addSuggestion') }), 'an "Add" of a suggestion for a cart that cannot be shipped');
      }
    },

    // ---- paying
    'PAY [openOrderUnchanged]': async (r) => {
      // a direct debit's account holder and IBAN are never stored: after the provider the form asks for them again
      for (const [id, value] of [['checkout.accountHolder', r.memo.holder], ['checkout.iban', r.memo.iban]] as const) {
        const field = main(r).getByLabel(r.words(id));
        if (typeof value === 'string' && (await field.isVisible()) && (await field.inputValue()) === '') await field.fill(value);
      }
      await pay(r);
    },
    // pressed while the costs are still on their way (held by the path's "costs loading" step)
    'PAY [shippingPending]': async (r) => {
      if (r.memo.holdShipping === true) {
        // the page does not offer it: while the cart asks for the costs, Pay waits disabled for the new total
        if (!(await payButton(r).isDisabled())) throw new Mismatch('Pay can be pressed while the shipping costs are on their way');
        r.cannot('Pay is disabled while the shipping costs are on their way: the visitor presses it once the cart shows the new total');
      }
      // the total is not known yet: the payment starts once the costs are in
      delete r.memo.totalPaid;
      await payButton(r).click();
    },
    PAY: pay,
    // issue 41: the cart changed since the earlier attempt: the page releases that order, then starts a new one
    'PAY [hasEarlierOrder]': pay,
    'done:releaseEarlierOrder': async (r) => r.answer('cancelPayment', { server: true }),
    'error:releaseEarlierOrder': async (r) =>
      r.answer('cancelPayment', {
        url: (url) => {
          url.searchParams.set('cartId', NO_SUCH_CART);
          return url.href;
        },
      }),
    'done:initPayment': async (r) => r.answer('initPayment', { server: true }),
    'error:initPayment [isUnprocessable]': async (r) => r.answer('initPayment', { body: (b) => ({ ...(b as object), payart: 999 }) }),
    'error:initPayment [isUnauthorized]': async (r) => r.answer('initPayment', { body: (b) => b, url: WRONG_TOKEN }),
    'error:initPayment': async (r) => r.answer('initPayment', { drop: true }),
    'done:restartPayment': async (r) => r.answer('restartPayment', { server: true }),
    'error:restartPayment [isGone]': async (r) => r.answer('restartPayment', { body: (b) => ({ ...(b as object), id: NO_SUCH_CART }) }),
    'error:restartPayment [isUnprocessable]': async (r) => r.answer('restartPayment', { body: (b) => ({ ...(b as object), payart: 999 }) }),
    'error:restartPayment [isUnauthorized]': async (r) => r.answer('restartPayment', { body: (b) => b, url: WRONG_TOKEN }),
    'error:restartPayment': async (r) => r.answer('restartPayment', { drop: true }),

    // ---- the provider and the way back
    'PAYMENT_RETURNED [wasBookedEarlier]': async (r) => {
      await r.page.goto(String(r.memo.earlierReturn));
    },
    'PAYMENT_RETURNED [wasAccepted]': async (r, step) => {
      if (!onProvider(r)) {
        // a payment made in another tab: its return address opened in this one
        await r.page.goto(otherTab(r, 'pay'));
        return;
      }
      if (ev(step).us === null) {
        // back on the return page without the provider's transaction (the address cut short)
        const cartId = new URL(r.page.url()).searchParams.get('cartId') ?? '';
        await r.page.goto(`/${r.lang}/checkout/accepted?cartId=${cartId}`);
        return;
      }
      await r.page.locator('form[action$="/pay/pay"] button').click();
    },
    'PAYMENT_RETURNED [wasCancelled]': async (r, step) => {
      if (onProvider(r)) await r.page.locator('form[action$="/pay/cancel"] button').click();
      // a cancel return that names no cart (the address cut short), or one of a payment in another tab
      else await r.page.goto(ev(step).cartId === null ? `/${r.lang}/checkout/canceled` : otherTab(r, 'cancel'));
    },
    PAYMENT_RETURNED: async (r) => {
      if (onProvider(r)) await r.page.locator('form[action$="/pay/fail"] button').click();
      else await r.page.goto(otherTab(r, 'fail'));
    },
    OPEN_CART: async (r) => {
      if (onProvider(r)) {
        await r.page.goBack();
        return;
      }
      const back = main(r).getByRole('link', { name: r.words('checkout.backToCart', { whole: true }) });
      if (await back.isVisible()) await back.click();
      else await r.page.locator('header').getByRole('link', { name: r.words('header.basket') }).click();
    },
    CONFIRM: async (r) => button(r, 'checkout.confirm').click(),
    'done:execPayment': async (r) => r.answer('execPayment', { server: true }),
    'error:execPayment [isGone]': async (r) => r.answer('execPayment', { body: () => ({ cartId: NO_SUCH_CART }) }),
    // the refund the shop answers when the money arrives after the hold ran out and the places were
    // sold meanwhile: the demo server's holds outlast any replay and its provider takes no money for an
    // order that ended, so its 422 is given here, with the amount the provider asked for
    'error:execPayment [isRefunded]': async (r) =>
      r.answer('execPayment', {
        status: 422,
        json: { error: 'PAYMENT_REFUNDED', message: 'The payment was refunded in full.', data: { amount: refundedAmount(r), currency: 'CHF', reason: 'sold_out' } },
      }),
    'error:execPayment [isUnprocessable]': async (r) =>
      r.answer('execPayment', {
        body: (b) => b,
        url: (url) => {
          // a return whose session is not the cart's (issue 41: a wrong `us` of a cart the provider's
          // notice has booked already is no refusal any more, the booking stands)
          url.searchParams.set('sessionUs', 'not-the-carts');
          return url.href;
        },
      }),
    'error:execPayment [isBadRequest]': async (r) => r.answer('execPayment', { status: 400, json: { error: 'BAD_REQUEST', message: 'sessionUs does not match', fields: {} } }),
    'error:execPayment': async (r) => r.answer('execPayment', { drop: true }),
    RETRY: async (r) => button(r, 'form.retry').click(),
    KEEP_CART: async (r) => button(r, 'checkout.keepCart').click(),
    CLEAR_CART: async (r) => button(r, 'checkout.clearCart').click(),
    'done:cancelPayment': async (r) => r.answer('cancelPayment', { server: true }),
    // issue 41: the shop's hold of the open order, its end kept to check the time the page shows. The
    // status is the path's (held, or run out): the demo server books a cart on the provider's notice
    // already, where the model's order is still open (a refused booking, back to the cart)
    'done:loadHold [isHoldExpired]': async (r) => r.answer('loadHold', { edit: (body) => holdAnswer(r, body, 'expired') }),
    'done:loadHold': async (r) => r.answer('loadHold', { edit: (body) => holdAnswer(r, body, 'held') }),
    // a back end without checkout/cart
    'error:loadHold': async (r) => r.answer('loadHold', { status: 404, json: { error: 'NOT_FOUND', message: 'Not found' } }),
    'error:cancelPayment': async (r) =>
      r.answer('cancelPayment', {
        url: (url) => {
          url.searchParams.set('cartId', NO_SUCH_CART);
          return url.href;
        },
      }),
  },

  // On every checkout page: no suggestions while the cart cannot ship, and §2's progress bar (cart,
  // sign in, payment, complete) as the chart's step tags say
  everyState: async (r, rests) => {
    const path = new URL(r.page.url()).pathname;
    if (onProvider(r) || !path.startsWith(`/${r.lang}/checkout`)) return;
    await holdLine(r, rests.tags, rests.context as CheckoutContext | undefined);
    // issue 16 item 5: nothing is suggested into a cart that cannot be shipped
    const shipping = ((rests.context ?? {}) as { shipping?: { status?: unknown } }).shipping?.status;
    if (shipping === 'failed') await r.lacks(main(r).locator('.suggestions'), 'suggestions for a cart that cannot be shipped');
    const steps = r.page.locator('nav.progress li[data-step-state]');
    // the rule restated here, not taken from the screen's selector: a mutant of that must show
    const current = BAR.findIndex((step) => rests.tags.includes(`step-${step}`));
    if (current === -1) return r.lacks(steps, 'the progress bar');
    const loggedIn = typeof ((rests.context ?? {}) as { jwt?: unknown }).jwt === 'string';
    const wanted = BAR.map((step, i) => {
      if (i > current) return 'open';
      if (i === current) return 'current';
      // issue 16 item 15: an anonymous express payment went past "Log in" without logging in
      return step === 'signIn' && !loggedIn ? 'skipped' : 'done';
    });
    let shown: (string | null)[];
    try {
      shown = await steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-step-state')));
    } catch {
      // the page is being left (to the provider): asked again once it has settled
      throw new Mismatch('the page is changing');
    }
    if (shown.join() !== wanted.join()) {
      const say = (states: readonly (string | null)[]) => BAR.map((step, i) => `${step} ${states[i] ?? 'missing'}`).join(', ');
      throw new Mismatch(`the progress bar shows ${shown.length ? say(shown) : 'nothing'}, not ${say(wanted)}`);
    }
  },

  states: {
    Cart: async (r) => {
      await r.shows(main(r).getByRole('heading', { level: 1, name: new RegExp(`^(${r.text('title.checkout')}|${r.text('title.checkoutFailed')})$`) }), 'the cart heading');
    },
    'Cart.Loading suggestions': async (r) => {
      await r.shows(payButton(r), 'the "Pay now" button');
      await r.lacks(status(r).locator('.notice'), 'a notice');
    },
    'Cart.Choosing payment': async (r) => {
      await r.shows(payButton(r), 'the "Pay now" button');
    },
    'Cart.Choosing payment.Editing': async (r) => {
      await r.lacks(status(r).locator('.notice'), 'a notice');
      // the demo shop takes voucher codes (its configuration): the cart step of a cart with lines offers the entry (§2)
      if ((await main(r).getByTestId('cart-line').count()) > 0) await r.shows(main(r).getByTestId('voucher-code-entry'), 'the voucher code entry');
      await r.lacks(main(r).getByTestId('login-required'), 'the "log in first" notice');
      // back from the login (§4, issue 16 item 3): the ticks chosen before are there when the page first offers them
      const kept = input(r).keptChoice;
      if (kept && r.memo.keptTicksSeen !== true) {
        for (const [id, ticked] of [['checkout.terms', kept.termsAccepted], ['checkout.privacy', kept.privacyAccepted]] as const) {
          if ((await checkbox(r, id).isChecked()) !== ticked) throw new Mismatch(`the tick ${id} is ${ticked ? 'not ticked' : 'ticked'} although it was ${ticked ? 'ticked' : 'not ticked'} before the login`);
        }
        // seen once (a check is asked again until the page settles; the visitor may change them later)
        r.memo.keptTicksSeen = true;
      }
    },
    'Cart.Choosing payment.Payment not completed': async (r) => {
      await r.shows(main(r).getByTestId('payment-not-completed'), 'the "payment not completed" notice');
    },
    // issue 41: while the shop is asked about the hold, Pay waits (its answer decides which order Pay pays)
    'Cart.Loading the hold': async (r) => {
      await r.shows(payButton(r), 'the "Pay now" button');
      if (!(await payButton(r).isDisabled())) throw new Mismatch('Pay can be pressed while the shop is asked about the hold');
    },
    'Cart.Choosing payment.Payment not completed.Loading the hold': async (r) => {
      if (!(await payButton(r).isDisabled())) throw new Mismatch('Pay can be pressed while the shop is asked about the hold');
    },
    'Cart.Choosing payment.Payment not completed.Waiting for the visitor': async (r) => {
      if (await payButton(r).isDisabled()) throw new Mismatch('Pay waits although the shop has answered about the hold');
    },
    'Cart.Releasing the earlier order': async (r) => {
      await r.shows(status(r).getByText(r.words('checkout.redirecting')), 'the "taking you to the payment page" notice');
      await r.lacks(payButton(r), 'the "Pay now" button');
    },
    'Cart.Choosing payment.Cart is empty': async (r) => {
      await r.shows(status(r).getByText(r.words('checkout.cartEmpty')), 'the "cart is empty" notice');
    },
    'Cart.Choosing payment.Shipping pending': async (r) => {
      await r.shows(main(r).getByTestId('shipping-pending'), 'the "payment waits for shipping" notice');
    },
    'Cart.Choosing payment.Login required': async (r) => {
      await r.shows(main(r).getByTestId('login-required'), 'the "log in first" notice');
    },
    'Cart.Choosing payment.Details missing': async (r) => {
      await r.shows(status(r).getByText(r.words('form.correctErrors')), 'the "correct the errors" notice');
      // §5: a delivery address other than the billing one needs all five fields; each one left empty says so
      const delivery = main(r).getByTestId('delivery-address');
      if ((await delivery.count()) === 0 || (await checkbox(r, 'deliveryAddress.sameAsBilling').isChecked())) return;
      for (const field of await delivery.locator('input[required], select[required]').all()) {
        if ((await field.inputValue()).trim() !== '') continue;
        const name = (await field.getAttribute('name')) ?? 'a field';
        if ((await field.getAttribute('aria-invalid')) !== 'true') throw new Mismatch(`the empty delivery field ${name} is not marked as an error`);
      }
    },
    'Cart.Choosing payment.Payment refused': async (r) => {
      await r.shows(main(r).getByTestId('payment-refused'), "the shop's refusal");
    },
    'Cart.Choosing payment.Payment could not start': async (r) => {
      await r.shows(status(r).getByText(r.words('checkout.cannotComplete')), 'the "cannot be completed" notice');
    },
    'Cart.Starting payment': async (r) => {
      await r.shows(status(r).getByText(r.words('checkout.redirecting')), 'the "taking you to the payment page" notice');
      await r.lacks(payButton(r), 'the "Pay now" button');
    },
    'Cart.Paying the open order': async (r) => {
      // the retry of a failed payment says where the browser goes, as the first payment does
      await r.shows(status(r).getByText(r.words('checkout.redirecting')), 'the "taking you to the payment page" notice');
      await r.lacks(payButton(r), 'the "Pay now" button');
    },
    'Session ended': async (r) => {
      // §8: the shell forgets the expired login and shows the login page, saying why; the cart stays
      if (!new URL(r.page.url()).pathname.endsWith('/login')) throw new Mismatch(`the browser is at ${new URL(r.page.url()).pathname}, not at the login page`);
      await r.shows(main(r).getByText(r.words('login.fromUnauthorized')), 'the "your session has ended" notice');
      await r.lacks(payButton(r), 'the "Pay now" button');
    },
    'At the payment provider': async (r) => {
      if (!onProvider(r)) throw new Mismatch(`the browser is at ${new URL(r.page.url()).pathname}, not at the provider`);
      await r.shows(r.page.locator('[data-amount]'), "the provider's amount to pay");
      const asked = digits(await r.page.locator('[data-amount]').textContent());
      if (typeof r.memo.totalPaid === 'string' && asked !== r.memo.totalPaid) {
        throw new Mismatch(`the provider asks for ${asked}, not the cart's total ${r.memo.totalPaid} shown when "Pay now" was pressed`);
      }
    },
    'Payment accepted': async (r) => {
      await r.lacks(payButton(r), 'the "Pay now" button');
    },
    'Payment accepted.Confirming order': async (r) => {
      await r.shows(main(r).getByTestId('confirm-order'), 'the "confirm your order" step');
    },
    'Payment accepted.Booking': async (r) => {
      await r.shows(status(r).getByText(r.words('checkout.booking')), 'the "completing your order" notice');
    },
    'Payment accepted.Payment refunded': async (r) => {
      // issue 41: the amount and why (the order was cancelled before its money came), and the way back to the kept cart
      const notice = main(r).getByTestId('payment-refunded');
      await r.shows(notice, 'the "payment refunded" notice');
      await r.shows(main(r).getByRole('heading', { level: 1, name: r.words('title.checkoutRefunded', { whole: true }) }), 'the "Payment refunded" heading');
      await r.shows(notice.getByText(r.words('checkout.refunded.sold_out')), 'why the payment went back');
      const amount = formatPrice(refundedAmount(r), 'CHF');
      if (!((await notice.textContent()) ?? '').includes(amount)) throw new Mismatch(`the notice does not name the ${amount} refunded`);
      await r.shows(notice.getByRole('link', { name: r.words('checkout.backToCart', { whole: true }) }), 'the "Back to the cart" link');
      await r.lacks(main(r).getByTestId('booking-refused'), "a booking's refusal");
    },
    'Payment accepted.Booking refused': async (r) => {
      await r.shows(main(r).getByTestId('booking-refused'), "the booking's refusal");
    },
    'Payment accepted.Booking request invalid': async (r) => {
      await r.shows(main(r).getByTestId('booking-invalid'), 'the "invalid booking" notice');
    },
    'Payment accepted.Booking failed': async (r) => {
      await r.shows(status(r).getByText(r.words('checkout.bookingNoAnswer')), 'the "could not reach the shop" notice');
      await r.shows(button(r, 'form.retry'), 'the "Try again" button');
    },
    'Payment accepted.Cart gone': async (r) => {
      await r.shows(main(r).getByTestId('cart-gone'), 'the "cart not found" notice');
    },
    Booked: async (r) => {
      await r.shows(main(r).getByTestId('booking-id'), 'the booking number');
      // a booking just made empties the cart (a booking of earlier in the session leaves the cart as it is)
      if (r.step?.name === 'done:execPayment') await basketIsEmpty(r, 'after the booking');
    },
    'Payment cancelled.Asking about the cart.Loading the hold': async (r) => {
      await r.shows(button(r, 'checkout.keepCart'), 'the "Return to the cart" button');
    },
    'Payment cancelled.Asking about the cart': async (r) => {
      await r.shows(main(r).getByText(r.words('checkout.canceledQuestion')), 'the "keep or clear" question');
      await r.shows(button(r, 'checkout.keepCart'), 'the "Return to the cart" button');
    },
    'Payment cancelled.Cancelling': async (r) => {
      await r.shows(main(r).getByText(r.words('checkout.cancelling')), 'the "cancelling" notice');
    },
    'Payment cancelled.Cart cleared': async (r) => {
      await r.shows(main(r).getByTestId('cart-cleared'), 'the "cart cleared" notice');
      await basketIsEmpty(r, 'after the cart was cleared');
    },
  },
};

/** The header's basket counts no line (checked once; the runner asks again until the step's time is up). */
async function basketIsEmpty(r: Replay, when: string): Promise<void> {
  const count = (await r.page.locator('header').getByTestId('basket-count').first().textContent())?.trim();
  if (count !== '0') throw new Mismatch(`the basket still shows ${count} ${when}`);
}

/** What the provider asked for when "Pay now" was pressed (minor units), the amount a refund gives back. */
const refundedAmount = (r: Replay): number => (typeof r.memo.totalPaid === 'string' && r.memo.totalPaid !== '' ? Number(r.memo.totalPaid) : 7900);

/** The server's GET checkout/cart answer with the path's status; its end of the hold is kept for the page's line. */
function holdAnswer(r: Replay, body: unknown, status: 'held' | 'expired'): unknown {
  const data = (body as { data?: { id?: unknown; held_until?: unknown } } | null)?.data;
  if (typeof data?.held_until !== 'string') throw new Mismatch(`checkout/cart answered ${JSON.stringify(body)}, not a payment cart`);
  r.memo.heldUntil = data.held_until;
  return { data: { ...data, status } };
}

/**
 * Issue 41: the hold's line of a page that shows the open order, as the chart's context says
 * (`selectShownHold`, restated from the state, not read from the screen): held until the time
 * the server answered (museum time), no longer held, or nothing; while the shop is asked the line
 * keeps its room.
 */
async function holdLine(r: Replay, tags: string[], context: CheckoutContext | undefined): Promise<void> {
  const line = main(r).getByTestId('cart-hold');
  if ((await line.count()) === 0) return;
  const hold = context ? selectShownHold({ context }) : null;
  const shown = ((await line.first().textContent()) ?? '').trim();
  let wanted = '';
  if (hold?.status === 'expired') wanted = r.text('checkout.holdExpired');
  else if (hold?.status === 'held') {
    const time = typeof r.memo.heldUntil === 'string' ? formatLocalTime(r.memo.heldUntil) : '';
    if (time === '') throw new Mismatch('the hold is shown, but the replay never saw the time the shop answered');
    wanted = r.text('checkout.heldUntil', { time });
  }
  if (shown !== wanted) throw new Mismatch(wanted ? `the hold's line says "${shown}", not "${wanted}"` : `the page says "${shown}" about a hold it does not know`);
  if (tags.includes('loading-hold') && !(await line.first().evaluate((el) => el.getBoundingClientRect().height > 0))) {
    throw new Mismatch("the hold's line takes no room while the shop is asked (its answer would move the page)");
  }
}
