/**
 * The cart chart (machines/cart.machine.ts) bound to the page, in English, against the demo shop:
 * what a visitor does for each event of its paths, what the cart shows in each state. The cart
 * lives as long as the tab; a visitor sees it on the cart page (/checkout: its lines, the code
 * entry, the shipping with the country of delivery, the delivery address), where every state is
 * checked. Whatever is added elsewhere is added on its own page, reached from the cart by the
 * header's links, and the visitor comes back by the header's basket: no page load, so what the
 * cart holds in memory (the country list, a request on its way, the settling country) stays.
 *
 * The model's lines (tests/machines/cart.model.ts) are played by the demo's:
 * - the ticket (2 × Adult) by two adults of the permanent collection at 10:00 (ticket page);
 * - the catalogue by the demo's Light and Water catalogue, quantity 2 (article page);
 * - the voucher code by the demo's partly used code, redeemed in the cart's code entry.
 * A saved cart of the model (corrupt, or with a bad line) is the model's string put into the tab's
 * session storage before the shop loads; a saved cart of a ticket and a catalogue is the demo cart
 * as the shop saved it (tests/replay/bindings/checkout.ts), with the model's saved countries.
 * Service answers are the server's (shipping/costs, countries), a 422 with the model's code, or a
 * dropped connection. A login (SET_DESTINATION with a country) is the demo customer's; a switched-off
 * section is the shop's config answer changed and the page loaded again.
 */
import type { Locator, Route } from 'playwright-core';
import { DEMO } from '../../../src/server/seed/demo.js';
import { DEMO_CUSTOMER } from '../../../src/server/seed/accounts.js';
import { restoreCartLines, type CartLine } from '../../../src/domain/cart-lines.js';
import type { SectionKey } from '../../../src/domain/sections.js';
import { SECTION_REMOTE_FLAGS, sectionOfType } from '../../../src/domain/sections.js';
import { countryKey } from '../../../src/domain/shipping.js';
import { Mismatch, type Replay, type ReplayBinding } from '../binding.js';
import type { ReplayStep, SentEvent } from '../plan.js';
import { STEP_MS } from '../replay.js';
import { bookableDay, payInAnotherTab, seed, templatesOf } from './checkout.js';
import { calendarDay } from '../../e2e/calendar.js';

const CODE = DEMO.voucherCodes.partlyUsed;
const ev = (step: ReplayStep) => step.event as SentEvent & Record<string, unknown>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const main = (r: Replay) => r.page.locator('main');
const header = (r: Replay) => r.page.locator('header');
const headerLink = (r: Replay, id: string) => header(r).getByRole('link', { name: r.words(id, { whole: true }) }).filter({ visible: true }).first();
const basketLink = (r: Replay) => header(r).getByRole('link', { name: r.words('header.basket') }).first();
const lines = (r: Replay) => main(r).getByTestId('cart-line');
const shipping = (r: Replay) => main(r).getByTestId('cart-shipping-section');
const countrySelect = (r: Replay) => main(r).getByTestId('shipping-country');
const calculating = (r: Replay) => main(r).getByTestId('shipping-calculating');
const needsCountry = (r: Replay) => main(r).getByTestId('shipping-needs-country');
const destination = (r: Replay) => main(r).getByTestId('shipping-destination');
const failed = (r: Replay) => main(r).getByTestId('shipping-failed');
const countriesFailed = (r: Replay) => shipping(r).getByRole('alert').filter({ hasText: r.words('shipping.countriesUnavailable') });
const codeEntry = (r: Replay) => r.page.getByTestId('voucher-code-entry');
const sameAsBilling = (r: Replay) => main(r).getByRole('checkbox', { name: r.words('deliveryAddress.sameAsBilling') });
const deliveryCountry = (r: Replay): Locator => main(r).getByTestId('delivery-address').getByLabel(r.words('deliveryAddress.country'), { exact: false }).first();

/** The cart as the model holds it after the steps replayed so far (kept by the event bindings). */
const modelCart = (r: Replay) => (r.memo.cart ?? []) as CartLine[];
const closed = (r: Replay) => (r.memo.closed ?? []) as SectionKey[];
/** A line of a section the shop has switched off (its section by its type, as the cart's rule says). */
const inClosed = (r: Replay, line: CartLine) => {
  const section = sectionOfType(line.type);
  return section !== null && closed(r).includes(section);
};

/** The rows of the cart page by kind: what the model's lines must be on the page. */
const ROW_CLASS: Partial<Record<CartLine['type'], string>> = { ticket: 'ticket', merchandise: 'merchandise', voucherCode: 'voucherCode' };

/** Back on the cart page by the header's basket (a link: the tab keeps its cart in memory). */
async function openCart(r: Replay): Promise<void> {
  await basketLink(r).click();
  await r.page.waitForURL((url) => url.pathname === `/${r.lang}/checkout`);
  await main(r).getByTestId('cart-view').waitFor();
}

/** Leaves the cart by the header's home link and comes back: the cart page is shown anew. */
async function reopenCart(r: Replay): Promise<void> {
  await headerLink(r, 'header.home').click();
  await r.page.waitForURL((url) => url.pathname === `/${r.lang}`);
  // the address changes before the home page replaces the cart: back at the cart before that (on
  // a loaded machine), the cart page would never have gone and would not start anew
  await main(r).getByTestId('cart-view').waitFor({ state: 'detached' });
  await openCart(r);
}

/** Two adults of the permanent collection at 10:00, added on the ticket page reached from the header. */
async function addTickets(r: Replay): Promise<void> {
  await headerLink(r, 'nav.tickets').click();
  await main(r).locator(`a[href^="/${r.lang}/tickets/${DEMO.events.collection}"]`).first().click();
  const day = bookableDay();
  await (await calendarDay(main(r), day, r.words('calendar.nextMonth'), r.words('calendar.previousMonth'))).click();
  await main(r).getByRole('radio', { name: /^10:00\b/ }).check();
  await main(r).getByRole('spinbutton', { name: /^Adult( –|$)/ }).fill('2');
  await main(r).getByRole('button', { name: r.words('tickets.addToCart', { whole: true }) }).click();
  await r.page.getByTestId('added-to-cart').waitFor();
  await openCart(r);
}

/** The catalogue, quantity 2, added on its page reached from the header's shop link. */
async function addCatalogue(r: Replay): Promise<void> {
  await headerLink(r, 'nav.merchandise').click();
  await main(r).locator(`a[href="/${r.lang}/product/${DEMO.merchandise.catalogue}"]`).first().click();
  await main(r).getByRole('spinbutton', { name: r.words('shop.quantity', { whole: true }) }).fill('2');
  await main(r).getByTestId('add-to-cart').click();
  await main(r).getByTestId('added-to-cart').waitFor();
  await openCart(r);
}

/** The demo's code typed into the cart's code entry and redeemed (its lookup is the server's). */
async function redeemCode(r: Replay): Promise<void> {
  await codeEntry(r).getByRole('textbox', { name: r.words('voucherCode.label', { whole: true }) }).fill(CODE);
  await codeEntry(r).getByRole('button', { name: r.words('voucherCode.submit', { whole: true }) }).click();
}

/** The page's row of a model line: the first row of its kind. */
function rowOf(r: Replay, line: CartLine): Locator {
  return main(r).locator(`[data-testid="cart-line"].cart-view__line--${ROW_CLASS[line.type] ?? line.type}`).first();
}

/** The shop's config answer with `sections` switched off, for every page load from now on. */
async function switchOff(r: Replay, sections: SectionKey[]): Promise<void> {
  const previous = r.memo.configRoute as ((route: Route) => Promise<void>) | undefined;
  if (previous) await r.page.unroute('**/api/*/shopinfo/config?*', previous);
  const edit = async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { data: { ...body.data, ...Object.fromEntries(sections.map((s) => [SECTION_REMOTE_FLAGS[s], false])) } } });
  };
  r.memo.configRoute = edit;
  await r.page.route('**/api/*/shopinfo/config?*', edit);
}

/** The model's SHIP_TO on the checkout's delivery address: its country chosen from the list (logged in too, issue 45), or the billing address again. */
async function shipTo(r: Replay, country: string | null): Promise<void> {
  r.memo.keptDelivery = countryKey(country);
  if (country === null) {
    await sameAsBilling(r).check();
    return;
  }
  if (await sameAsBilling(r).isChecked()) await sameAsBilling(r).uncheck();
  const field = deliveryCountry(r);
  // the cart's list of countries, for every visitor (issue 45 item 1: never typed); a logged-in
  // customer's cart asks for it as the checkout opens, outside the chart's path: the server answers
  const key = country.trim().toUpperCase();
  const loggedIn = await header(r).locator('.user-menu__button').isVisible();
  const deadline = Date.now() + STEP_MS;
  while ((await field.locator(`option[value="${key}"]`).count()) === 0) {
    if (loggedIn && r.waiting('countries')) await r.answer('countries', { server: true });
    if (Date.now() > deadline) throw new Mismatch(`the delivery address offers no country ${key} to choose`);
    await sleep(50);
  }
  await field.selectOption(key);
}

const waits = Object.fromEntries(
  [150, 399, 400].map((ms) => [`wait:${ms}`, async () => sleep(ms)] as const),
);

export const cartBinding: ReplayBinding = {
  machine: 'cart',
  lang: 'en',
  requests: {
    shipping: (url, method) => method === 'POST' && /\/api\/[a-z]{2}\/shipping\/costs$/.test(url.pathname),
    countries: (url, method) => method === 'GET' && /\/api\/[a-z]{2}\/countries$/.test(url.pathname),
  },

  async prepare(r) {
    const input = r.plan.input as { savedCart?: string | null; savedCountries?: string | null };
    r.memo.cart = [];
    if (!input.savedCart) return;
    let saved: unknown = null;
    try {
      saved = JSON.parse(input.savedCart);
    } catch {
      // not JSON at all: the corrupt cart below
    }
    const isDemoCart = Array.isArray(saved) && saved.length === 2 && (saved as { type?: string }[]).every((l) => l.type === 'ticket' || l.type === 'merchandise');
    if (!isDemoCart) {
      // a saved cart the shop cannot read (or with a line it cannot read): the model's string as it is
      await seed(r.page, r.lang, { cart: input.savedCart });
      r.memo.cart = restoreCartLines(input.savedCart).lines;
      return;
    }
    // a ticket and a catalogue put in the cart earlier in this tab (the demo cart as the shop saved it)
    const t = await templatesOf(r.page.context().browser()!, r);
    const entries = { ...t.cart };
    delete entries['cart.country'];
    r.memo.cart = saved as CartLine[];
    const countries = input.savedCountries ? (JSON.parse(input.savedCountries) as { deliveryCountry?: unknown; chosenCountry?: unknown }) : null;
    if (countries && typeof countries.deliveryCountry === 'string') {
      // the country chosen in the cart, then a delivery address in another country, typed in the checkout
      await seed(r.page, r.lang, entries);
      await r.page.goto(`/${r.lang}/checkout`);
      await countrySelect(r).selectOption(String(countries.chosenCountry).toUpperCase());
      await destination(r).waitFor();
      await sameAsBilling(r).uncheck();
      await deliveryCountry(r).selectOption(countries.deliveryCountry.toUpperCase());
      await destination(r).filter({ hasText: /France/ }).waitFor();
      return;
    }
    // the country chosen before the page load, as the shop saved it (or an entry it cannot read)
    await seed(r.page, r.lang, { ...entries, ...(input.savedCountries ? { 'cart.country': input.savedCountries } : {}) });
  },

  async start(r) {
    await r.page.goto(`/${r.lang}/checkout`);
    await main(r).getByTestId('cart-view').waitFor();
  },

  events: {
    // ---- lines
    ADD: async (r, step) => {
      const added = ev(step).lines as CartLine[];
      if (r.memo.countriesForgotten === true && step.transitions.some((t) => t.includes('[countriesLoaded]'))) {
        r.cannot("the cart's list of countries was loaded before the provider's return, a page load (a cart is cleared only after one): the page asks for the list again, where the chart's cart, which lives on, keeps it");
      }
      if (added.length !== 1) r.cannot('several lines added at once: every page adds its own line');
      const line = added[0]!;
      if (line.type === 'ticket') await addTickets(r);
      else if (line.type === 'merchandise') await addCatalogue(r);
      else if (line.type === 'voucherCode') {
        await redeemCode(r);
        await codeEntry(r).getByTestId('voucher-code-added').waitFor();
      } else r.cannot(`the model adds a ${line.type}`);
      r.memo.cart = [...modelCart(r), ...added.filter((l) => !inClosed(r, l) && !(l.type === 'voucherCode' && modelCart(r).some((m) => m.type === 'voucherCode' && m.barcode === l.barcode)))];
    },
    'ADD [addsOnlyKnownVoucherCodes]': async (r) => {
      // the same code again: the code entry says it is in the cart already
      await redeemCode(r);
      await codeEntry(r).locator('[data-testid="voucher-code-error"][data-reason="VOUCHER_ALREADY_IN_CART"]').waitFor();
    },
    'ADD [addsNothingNew]': async (r, step) => {
      const added = ev(step).lines as CartLine[];
      if (added.length === 0) r.cannot('nothing a visitor does adds no line: every "Add" of the shop adds the line it shows');
      // a line of a switched-off section: its pages are gone, and the header does not link them
      await r.lacks(header(r).getByRole('link', { name: r.words('nav.tickets', { whole: true }) }), 'the link to the tickets of a switched-off section');
      r.cannot('a switched-off section has no pages (the header does not link it, its addresses are not found): none of its lines can be added');
    },
    'REMOVE [isTicketLineRemoved]': async (r, step) => removeLine(r, step),
    'REMOVE [isExistingLine]': async (r, step) => removeLine(r, step),
    REMOVE: async (r, step) => {
      // a line the cart does not have: there is no such row to remove
      const index = ev(step).index as number;
      if ((await lines(r).count()) > index) throw new Mismatch(`the cart shows a line ${index + 1}, which the model's cart does not have`);
    },
    CLEAR: async (r) => {
      // The cart is emptied by the checkout only, when a cancelled payment's visitor clears it: a
      // payment made in a second tab of this visitor, cancelled at the provider, its return address
      // opened in this tab, "Clear the cart", then back to the cart.
      const t = await templatesOf(r.page.context().browser()!, r);
      const back = await payInAnotherTab(r, t.cart, 'cancel');
      await r.page.goto(back);
      await main(r).getByRole('button', { name: r.words('checkout.clearCart', { whole: true }) }).click();
      await main(r).getByTestId('cart-cleared').waitFor();
      await openCart(r);
      r.memo.cart = [];
      r.memo.countriesForgotten = true;
    },
    SECTIONS_CLOSED: async (r, step) => {
      // the shop switches sections off: the visitor's next page load has the new config
      const sections = ev(step).sections as SectionKey[];
      await switchOff(r, sections);
      await r.page.reload();
      await main(r).getByTestId('cart-view').waitFor();
      r.memo.closed = sections;
      r.memo.cart = modelCart(r).filter((l) => !inClosed(r, l));
    },
    'RENAME_LINES [renamesSomething]': async (r) => {
      // the lines were put in on English pages; the shop opened in German renames them, and in English again back
      await r.page.goto(`/de/checkout`);
      await main(r).getByTestId('cart-view').waitFor();
      await r.page.waitForFunction(() => /Katalog|Erwachsene/.test(sessionStorage.getItem('cart') ?? ''));
      await r.page.goto(`/${r.lang}/checkout`);
      await main(r).getByTestId('cart-view').waitFor();
      // the lines carry the English names again
      const article = await r.api<{ name: string }>(`merchandise?article=${DEMO.merchandise.catalogue}`);
      await main(r).locator('[data-testid="cart-line"].cart-view__line--merchandise').filter({ hasText: article.name }).waitFor();
    },
    // the names the catalogue gives are those the lines have: a page load renames nothing
    RENAME_LINES: async (r) => {
      await r.page.reload();
      await main(r).getByTestId('cart-view').waitFor();
    },

    // ---- where goods go
    SET_DESTINATION: async (r, step) => {
      const destination = ev(step).destination as { loggedIn?: boolean; tokenCountry?: string | null; chosenCountry?: string | null };
      if (destination.loggedIn === false) {
        // the user menu's "Log out": the shop goes back to the page the visitor was on, the cart
        await header(r).locator('.user-menu__button').click();
        await headerLink(r, 'header.logout').click();
        await headerLink(r, 'header.login').waitFor();
        if (new URL(r.page.url()).pathname !== `/${r.lang}/checkout`) await openCart(r);
        return;
      }
      // a login brings the customer's country (the model's chosen or token country): the demo customer logs in
      r.memo.ownCountry = destination.loggedIn !== true || destination.tokenCountry !== null;
      if (r.memo.ownCountry === false) {
        // issue 45 item 2: a customer record without a country (the demo customer's, answered without it)
        await r.page.route(
          /\/api\/[a-z]{2}\/customer(\?|$)/,
          async (route) => {
            const response = await route.fetch();
            const body = (await response.json()) as { data: Record<string, unknown> };
            await route.fulfill({ response, json: { ...body, data: { ...body.data, country: '', addrShipping: null } } });
          },
          { times: 1 },
        );
      }
      await headerLink(r, 'header.login').click();
      await r.page.getByLabel(r.words('auth.email')).fill(DEMO_CUSTOMER.email);
      await r.page.getByLabel(r.words('auth.password')).fill(DEMO_CUSTOMER.password);
      await main(r).getByRole('button', { name: r.words('header.login', { whole: true }) }).click();
      await r.page.waitForURL((url) => !url.pathname.endsWith('/login'));
      await openCart(r);
    },
    // a cart that ships nothing takes no country (the chart): and the page offers none to choose
    CHOOSE_COUNTRY: async (r) => {
      await r.lacks(countrySelect(r), 'the country of delivery of a cart that ships nothing');
    },
    'CHOOSE_COUNTRY [shipsGoods]': async (r, step) => {
      if ((await header(r).locator('.user-menu__button').isVisible()) && r.memo.ownCountry !== false) {
        await r.lacks(countrySelect(r), 'the country of delivery');
        r.cannot("a logged-in customer's cart ships to the customer's country: the cart offers no country to choose (the delivery address is where another one goes)");
      }
      // (a logged-in customer without a country of their own chooses like any visitor: issue 45 item 2)
      // the select shows with the list of countries, which the step before may have answered a moment ago
      await countrySelect(r).waitFor({ state: 'visible', timeout: STEP_MS });
      await countrySelect(r).selectOption(String(ev(step).country).trim().toUpperCase());
    },
    'SHIP_TO [shipsNothing]': async (r, step) => {
      if (r.memo.keptDelivery === countryKey(ev(step).country as string | null)) {
        // the delivery address typed while the cart held goods is kept: the checkout sends its country as it opens
        await reopenCart(r);
        return;
      }
      await r.lacks(main(r).getByTestId('delivery-address'), 'the delivery address of a cart that ships nothing');
      r.cannot('the checkout shows the delivery address only while the cart ships goods; as it opens it sends the country of the delivery address kept from then, and no such address is kept here');
    },
    'SHIP_TO [keepsDeliveryCountry]': async (r, step) => shipTo(r, ev(step).country as string | null),
    SHIP_TO: async (r, step) => shipTo(r, ev(step).country as string | null),

    // ---- the country list and the shipping costs
    'done:loadCountries': async (r) => r.answer('countries', { server: true }),
    'error:loadCountries': async (r) => r.answer('countries', { drop: true }),
    RETRY_COUNTRIES: async (r) => {
      await countriesFailed(r).getByRole('button', { name: r.words('shipping.retry', { whole: true }) }).click();
    },
    'LOAD_COUNTRIES [countryListMissing]': async (r, step) => {
      // the cart page asks for the list by itself when it shows a country chosen before a page load;
      // after a failed list, when the cart is shown again
      if (step.n > 1) await reopenCart(r);
      const deadline = Date.now() + STEP_MS;
      while (!r.waiting('countries')) {
        if (Date.now() > deadline) throw new Mismatch('the cart page does not ask for the list of countries');
        await sleep(50);
      }
    },
    // the list is there or on its way: the page asks nothing more (nothing to do)
    LOAD_COUNTRIES: async () => {},
    'done:countryList': async (r) => r.answer('countries', { server: true }),
    'error:countryList': async (r) => {
      // the list fails beside the cost; nothing on the page says so, so the step waits until the page has had the failure
      const failedHere = r.page.waitForEvent('requestfailed', (request) => /\/countries$/.test(new URL(request.url()).pathname));
      await r.answer('countries', { drop: true });
      await failedHere;
      await r.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    },
    'after countryChoiceSettles': async () => {},
    ...waits,
    'done:calculateShipping': async (r) => r.answer('shipping', { server: true }),
    'error:calculateShipping': async (r, step) => {
      // the model's refusal: its status and code (the demo server refuses with another code, which offers no "Try again")
      const error = ev(step).error as { code?: string; message?: string };
      await r.answer('shipping', { status: Number(error.message) || 422, json: { error: error.code ?? 'UNKNOWN', message: 'No shipping costs for this country.', fields: {} } });
    },
    RETRY_SHIPPING: async (r) => {
      await failed(r).getByRole('button', { name: r.words('shipping.retry', { whole: true }) }).click();
    },
  },

  states: {
    Ready: async (r) => {
      await r.shows(main(r).getByTestId('cart-view'), 'the cart');
      // the lines the model's cart holds, by kind
      const cart = modelCart(r);
      const shown = await lines(r).count();
      if (shown !== cart.length) throw new Mismatch(`the cart shows ${shown} lines, not the ${cart.length} the model's cart holds`);
      for (const type of new Set(cart.map((l) => l.type))) {
        const rows = await main(r).locator(`[data-testid="cart-line"].cart-view__line--${ROW_CLASS[type] ?? type}`).count();
        const want = cart.filter((l) => l.type === type).length;
        if (rows !== want) throw new Mismatch(`the cart shows ${rows} lines of ${type}, not ${want}`);
      }
      const count = (await header(r).getByTestId('basket-count').first().textContent())?.trim();
      if (count !== String(cart.length)) throw new Mismatch(`the basket counts ${count} lines, not ${cart.length}`);
    },
    'Ready.No shipping': async (r) => {
      await r.lacks(shipping(r), 'the shipping of the cart');
      await r.lacks(countrySelect(r), 'the country of delivery');
    },
    'Ready.Destination unknown': async (r) => {
      await r.shows(needsCountry(r), 'the "shipping is added once you have chosen the country" notice');
      await r.lacks(calculating(r), 'the "calculating the shipping costs" notice');
      await r.lacks(destination(r), 'the country the cart ships to');
    },
    'Ready.Destination unknown.Loading countries': async (r) => {
      await r.lacks(countrySelect(r), 'the country of delivery (its list is not there yet)');
      await r.lacks(countriesFailed(r), 'the "list of countries could not be loaded" notice');
      if (!r.waiting('countries')) throw new Mismatch('the page is not waiting for the list of countries');
    },
    'Ready.Destination unknown.Asking for the country': async (r) => {
      await r.shows(countrySelect(r), 'the country of delivery');
      if ((await countrySelect(r).inputValue()) !== '') throw new Mismatch(`the country "${await countrySelect(r).inputValue()}" is chosen`);
      await r.lacks(countriesFailed(r), 'the "list of countries could not be loaded" notice');
    },
    'Ready.Destination unknown.Countries unavailable': async (r) => {
      await r.shows(countriesFailed(r), 'the "list of countries could not be loaded" notice');
      await r.shows(countriesFailed(r).getByRole('button', { name: r.words('shipping.retry', { whole: true }) }), 'its "Try again" button');
      await r.lacks(countrySelect(r), 'the country of delivery');
    },
    'Ready.Settling the country': async (r) => {
      // the old cost is gone, from the total too, and the new one is on its way (the request leaves once the choice rests)
      await r.shows(calculating(r), 'the "calculating the shipping costs" notice');
      await totalWithoutShipping(r);
      await r.lacks(main(r).getByTestId('cart-shipping').filter({ hasText: /\d/ }), 'a shipping cost');
      await r.lacks(failed(r), 'the "no shipping costs" notice');
    },
    'Ready.Calculating shipping': async (r) => {
      await r.shows(calculating(r), 'the "calculating the shipping costs" notice');
      await r.lacks(main(r).getByTestId('cart-shipping').filter({ hasText: /\d/ }), 'a shipping cost');
      if (!r.waiting('shipping')) throw new Mismatch('the page is not waiting for the shipping costs');
    },
    'Ready.Shipping known': async (r) => {
      await r.shows(destination(r), 'the country the cart ships to');
      await r.shows(main(r).getByTestId('cart-shipping').filter({ hasText: /\d/ }), 'the shipping cost');
      await r.lacks(calculating(r), 'the "calculating the shipping costs" notice');
      await r.lacks(failed(r), 'the "no shipping costs" notice');
    },
    'Ready.Shipping failed': async (r) => {
      await r.shows(failed(r), 'the "no shipping costs for this country" notice');
      await r.shows(failed(r).getByRole('button', { name: r.words('shipping.retry', { whole: true }) }), 'its "Try again" button');
      await r.lacks(main(r).getByTestId('cart-shipping').filter({ hasText: /\d/ }), 'a shipping cost');
    },
  },
};

/** Without a known cost the total is what the lines come to (no discount line in these paths): no old cost stays in it. */
async function totalWithoutShipping(r: Replay): Promise<void> {
  if ((await main(r).getByTestId('cart-discount').count()) > 0) return;
  const total = (await main(r).getByTestId('cart-total').textContent())?.trim();
  const subtotal = (await main(r).getByTestId('cart-subtotal').textContent())?.trim();
  if (total !== subtotal) throw new Mismatch(`the total is ${total}, not the ${subtotal} the lines come to: a shipping cost is in it`);
}

/** The row of the model's line at `index` removed with its own button. */
async function removeLine(r: Replay, step: ReplayStep): Promise<void> {
  const index = ev(step).index as number;
  const line = modelCart(r)[index];
  if (!line) throw new Mismatch(`the model's cart has no line ${index + 1}`);
  await rowOf(r, line).getByRole('button', { name: r.words('cart.removeLine') }).click();
  r.memo.cart = modelCart(r).filter((_, i) => i !== index);
}
