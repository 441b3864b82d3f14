/**
 * What a visitor does, as small actions bound to the page: each has a precondition read from the
 * visitor model (`when`), the thing a visitor does (click, type, choose, reload, Back) and a
 * postcondition (what the page must show after it; the model is updated to what the visitor now
 * believes). The invariants of invariants.ts run after every action.
 */
import { DEMO } from '../../../src/server/seed/demo.js';
import { BrokenInvariant, expectedPath } from './invariants.js';
import { LANGS, minorUnits, words, type Lang } from './words.js';
import { go, goodsLines, hasGoods, type ItemKind, type Place, type SectionKey, type Visit, type Visitor } from './visitor.js';

/** Sessions have 15–30 steps; a step is one action that ran. */
export const MAX_STEPS = 30;

export interface Action<P = unknown> {
  /** the action's name (coverage counts it) */
  name: string;
  /** the parameter values the generator chooses from */
  params: readonly P[];
  /** precondition: may the visitor do this now? */
  when(m: Visitor, p: P): boolean;
  /** does it; checks what the page shows; updates the model. Returns a coverage tag (e.g. the reload point) or nothing. */
  run(m: Visitor, v: Visit, p: P): Promise<string | void>;
  /** the step in plain words */
  say(p: P): string;
  /** responses the step expects to fail (by URL) */
  failures?: RegExp[];
}

const define = <P>(action: Action<P>): Action<P> => action;

function broken(what: string): never {
  throw new BrokenInvariant(what);
}

const SECTION_PATH: Record<SectionKey, string> = { tickets: 'tickets', guidedTours: 'guided-tours', merchandise: 'merchandise', passes: 'passes', vouchers: 'vouchers' };
const ITEM_PATH: Record<ItemKind, string> = { ticket: 'tickets', tour: 'guided-tours', article: 'product', pass: 'passes', voucher: 'vouchers' };
const SECTION_OF: Record<ItemKind, SectionKey> = { ticket: 'tickets', tour: 'guidedTours', article: 'merchandise', pass: 'passes', voucher: 'vouchers' };

/** The items the walk opens, per kind (demo data, src/server/seed/demo.ts). */
const ITEMS: { kind: ItemKind; id: number }[] = [
  { kind: 'ticket', id: DEMO.events.collection },
  { kind: 'ticket', id: DEMO.events.lightAndWater },
  { kind: 'tour', id: DEMO.tours.highlightsDe },
  { kind: 'tour', id: DEMO.tours.privateGroup },
  { kind: 'article', id: DEMO.merchandise.guide },
  { kind: 'article', id: DEMO.merchandise.childrensBook },
  { kind: 'pass', id: DEMO.passes.individual },
  { kind: 'pass', id: DEMO.passes.partner },
  { kind: 'voucher', id: DEMO.vouchers.fifty },
  { kind: 'voucher', id: DEMO.vouchers.variable },
];

const OUTSIDE_CHECKOUT_FLOW = (m: Visitor) => !['provider', 'accepted', 'canceled', 'failed'].includes(m.place.at);
const onItem = (m: Visitor, kind: ItemKind, id?: number) => m.place.at === 'item' && m.place.kind === kind && (id === undefined || m.place.id === id);
const dated = (m: Visitor) => m.place.at === 'item' && m.place.dated && !m.place.added;
/** The item page says what was added; adding more starts from opening the item again. */
const fresh = (m: Visitor) => m.place.at === 'item' && !m.place.added;
function added(m: Visitor): void {
  if (m.place.at === 'item') m.place.added = true;
}

async function waitPath(m: Visitor, v: Visit, place: Place = m.place): Promise<void> {
  const pattern = expectedPath(m, place);
  await v.page.waitForURL((url) => pattern.test(url.pathname)).catch(() => broken(`expected to reach ${place.at} (${pattern}), stayed at ${new URL(v.page.url()).pathname}`));
}

/** Presses the header's basket: it opens the cart (with its lines) whenever the cart has lines. */
async function openBasket(m: Visitor, v: Visit): Promise<void> {
  await v.page.locator('header').getByRole('link', { name: words(m.lang, 'header.basket') }).click();
  go(m, { at: 'checkout' });
  await waitPath(m, v);
  await v.page.getByTestId('cart-line').first().waitFor().catch(() => broken('the basket has lines but the cart shows none'));
}

/** "One more" n times on the page's first count, then "one less" once when `down` (changing a count on the page). */
async function changeCount(v: Visit, m: Visitor, up: number, down: boolean): Promise<void> {
  const more = v.page.locator('main').getByRole('button', { name: words(m.lang, 'cart.more') }).first();
  for (let i = 0; i < up + (down ? 1 : 0); i += 1) await more.click();
  if (down) await v.page.locator('main').getByRole('button', { name: words(m.lang, 'cart.fewer') }).first().click();
}

/** The article page says it is sold out (and offers no Add button). */
async function soldOut(v: Visit): Promise<boolean> {
  await v.page.getByTestId('article-page').waitFor();
  if ((await v.page.getByTestId('out-of-stock').count()) === 0) return false;
  if ((await v.page.getByTestId('add-to-cart').count()) > 0) broken('the article is sold out but can be added');
  return true;
}

// ---------------------------------------------------------------- the actions

export const openSection = define<SectionKey>({
  name: 'open a section from the header',
  params: ['tickets', 'guidedTours', 'merchandise', 'passes', 'vouchers'],
  when: (m) => OUTSIDE_CHECKOUT_FLOW(m),
  say: (s) => `open "${s}" from the header`,
  async run(m, v, section) {
    await v.page.locator('header nav').getByRole('link', { name: words(m.lang, `nav.${section}`, { whole: true }) }).click();
    go(m, { at: 'list', section });
    await waitPath(m, v);
    await v.page.getByRole('heading', { level: 1, name: words(m.lang, `title.${section === 'vouchers' ? 'voucherList' : section}`) }).waitFor();
    return section;
  },
});

export const openItem = define<0 | 1>({
  name: 'open an item',
  params: [0, 1],
  when: (m) => m.place.at === 'list',
  say: (n) => `open the ${n + 1}. item the walk knows of this section`,
  async run(m, v, n) {
    if (m.place.at !== 'list') return;
    const section = m.place.section;
    const item = ITEMS.filter((i) => SECTION_OF[i.kind] === section)[n]!;
    const link = v.page.locator(`main a[href="/${m.lang}/${ITEM_PATH[item.kind]}/${item.id}"]`).first();
    if (item.kind === 'tour') {
      // the list shows the tours in the visitor's language first: all languages
      await v.page.locator('main').getByRole('link').first().waitFor();
      if (!(await link.isVisible())) await v.page.locator('main select').first().selectOption({ index: 0 });
    }
    await link.click();
    go(m, { at: 'item', kind: item.kind, id: item.id, dated: false, added: false });
    await waitPath(m, v);
    v.log[v.log.length - 1] += ` → ${item.kind} ${item.id}`;
    return item.kind;
  },
});

export const chooseDayAndTime = define<number>({
  name: 'choose a day and time',
  params: [0, 1, 2, 3],
  when: (m) => (onItem(m, 'ticket') || onItem(m, 'tour')) && fresh(m) && m.place.at === 'item' && !m.place.dated,
  say: (n) => `choose the ${n + 1}. bookable day and a time`,
  async run(m, v, n) {
    const days = v.page.locator('button[data-date]:not([aria-disabled="true"])');
    await days.first().waitFor();
    const count = await days.count();
    await days.nth(Math.min(n, count - 1)).click();
    const times = v.page.locator('main input[type="radio"]:not([disabled])');
    await times.first().waitFor();
    if (onItem(m, 'ticket')) await times.first().check();
    else if ((await v.page.locator('main input[type="radio"]:checked').count()) === 0) await times.first().check();
    if (m.place.at === 'item') m.place.dated = true;
    await v.page.getByRole('button', { name: words(m.lang, onItem(m, 'ticket') ? 'tickets.addToCart' : 'tour.addToCart') }).waitFor();
  },
});

export const addTickets = define<[number, boolean]>({
  name: 'add tickets',
  params: [[1, false], [2, false], [2, true], [3, true]],
  when: (m) => onItem(m, 'ticket') && dated(m),
  say: ([n, down]) => `add ${n} adult ticket(s)${down ? ' (one more, then one less)' : ''}`,
  async run(m, v, [n, down]) {
    await changeCount(v, m, n, down);
    await v.page.getByRole('button', { name: words(m.lang, 'tickets.addToCart') }).click();
    await v.page.getByTestId('added-to-cart').waitFor();
    m.lines.push({ kind: 'ticket', label: `${n} adult`, shipped: false });
    added(m);
    return down ? 'count changed' : undefined;
  },
});

export const addTour = define<number>({
  name: 'add a tour',
  params: [1, 2],
  when: (m) => onItem(m, 'tour', DEMO.tours.highlightsDe) && dated(m),
  say: (n) => `add the tour with ${n} adult ticket(s)`,
  async run(m, v, n) {
    const first = v.page.locator('main .tour-counts input').first();
    await first.fill(String(n));
    // issue 22 defect 8: the tickets make the group; it is shown, never asked for as well
    if ((await v.page.getByRole('textbox', { name: words(m.lang, 'tour.participants', { whole: true }) }).count()) > 0) broken('the tour has tickets but still asks for the number of participants');
    await v.page.getByRole('button', { name: words(m.lang, 'tour.addToCart') }).click();
    await v.page.getByTestId('added-to-cart').waitFor();
    m.lines.push({ kind: 'tour', label: `tour ${n}`, shipped: false });
    added(m);
  },
});

export const addTourWithAnswers = define<number>({
  name: 'add a tour with its answers',
  params: [6, 12],
  when: (m) => onItem(m, 'tour', DEMO.tours.privateGroup) && dated(m),
  say: (n) => `book the private group tour for ${n} with its answers`,
  async run(m, v, n) {
    const counts = v.page.locator('main .tour-counts');
    // one group tour (the first price of the tour's price list)
    await counts.first().locator('input').first().fill('1');
    // tour 203 books with or without tickets (booking_without_tickets), so it asks for the group
    // size as well (src/domain/tours.ts asksGroupSize); the group typed is the tickets' sum
    const participants = v.page.getByRole('textbox', { name: words(m.lang, 'tour.participants', { whole: true }) });
    if ((await participants.count()) === 0) broken('the tour books without tickets too but does not ask for the group size');
    await participants.fill(String(n));
    await counts.last().locator('input').last().fill(String(n));
    const questions = v.page.locator('main .tour-questions');
    await questions.locator('fieldset').first().locator('input[type="radio"]').nth(2).check();
    await questions.locator('select').first().selectOption({ index: 1 });
    await questions.locator('input[type="text"]').first().fill('Klasse 4b');
    await v.page.getByRole('button', { name: words(m.lang, 'tour.addToCart') }).click();
    await v.page.getByTestId('added-to-cart').waitFor();
    m.lines.push({ kind: 'tour', label: `group tour ${n}`, shipped: false });
    added(m);
  },
});

export const addArticle = define<number>({
  name: 'add an article',
  params: [1, 2],
  when: (m) => onItem(m, 'article') && fresh(m),
  say: (n) => `add ${n} of the article`,
  async run(m, v, n) {
    // the stock is shared by every session: sold out is what the server says now, nothing is added
    if (await soldOut(v)) return 'sold out';
    await v.page.getByTestId('article-page').locator('input[type="number"]').first().fill(String(n));
    await v.page.getByTestId('add-to-cart').click();
    await v.page.getByTestId('added-to-cart').waitFor();
    m.lines.push({ kind: 'article', label: `article ${n}`, shipped: true });
    added(m);
    return n > 1 ? 'count changed' : undefined;
  },
});

export const addPass = define<null>({
  name: 'add a pass with owners',
  params: [null],
  when: (m) => onItem(m, 'pass') && fresh(m),
  say: () => 'add the pass with its owners',
  async run(m, v) {
    if (await soldOut(v)) return 'sold out';
    const owners = v.page.getByTestId('pass-owner');
    await owners.first().waitFor();
    const count = await owners.count();
    for (let i = 0; i < count; i += 1) {
      await v.page.locator(`input[name="owner-${i}-first"]`).fill(['Anna', 'Ben', 'Carla'][i % 3]!);
      await v.page.locator(`input[name="owner-${i}-last"]`).fill('Muster');
    }
    await v.page.getByTestId('add-to-cart').click();
    await v.page.getByTestId('added-to-cart').waitFor();
    m.lines.push({ kind: 'pass', label: `pass ×${count}`, shipped: true });
    added(m);
  },
});

export const addVoucher = define<number>({
  name: 'add a voucher',
  params: [1, 2],
  when: (m) => onItem(m, 'voucher') && fresh(m),
  say: (n) => `add ${n} voucher(s)`,
  async run(m, v, n) {
    const amount = v.page.locator('input[name=amount]');
    await v.page.getByTestId('voucher-form').waitFor();
    if ((await amount.count()) > 0) await amount.fill(String(40 * n));
    else await v.page.getByRole('spinbutton', { name: words(m.lang, 'voucher.quantity', { whole: true }) }).fill(String(n));
    await v.page.getByRole('button', { name: words(m.lang, 'voucher.addToCart') }).click();
    await v.page.getByTestId('voucher-added').waitFor();
    m.lines.push({ kind: 'voucher', label: `voucher ${n}`, shipped: false });
    added(m);
  },
});

export const openTheBasket = define<null>({
  name: 'open the basket',
  params: [null],
  // the basket opens the cart whenever it has lines (with none, it may stay on a finished order)
  when: (m) => OUTSIDE_CHECKOUT_FLOW(m) && m.place.at !== 'checkout' && m.lines.length > 0,
  say: () => 'open the basket',
  async run(m, v) {
    await openBasket(m, v);
  },
});

export const removeLine = define<number>({
  name: 'remove a line',
  params: [0, 1, 2],
  when: (m) => m.place.at === 'checkout' && m.lines.length > 0,
  say: (i) => `remove the ${i + 1}. line (or the last)`,
  async run(m, v, i) {
    const index = Math.min(i, m.lines.length - 1);
    const before = m.lines.length;
    await v.page.getByTestId('cart-line').nth(index).locator('.cart-view__remove').click();
    await v.page.waitForFunction((n) => document.querySelectorAll('[data-testid="cart-line"]').length === n, before - 1);
    m.lines.splice(index, 1);
    // a half-typed delivery address stays in the session (§4): it is back with the next goods
  },
});

/** Whether the cart needs the visitor to choose a country before paying. */
const needsCountry = (m: Visitor) => hasGoods(m) && m.login === 'anonymous' && m.country === null;

export const chooseCountry = define<string>({
  name: 'choose the country of delivery',
  params: ['CH', 'DE', 'FR', 'AT'],
  // chosen first, or changed: the choice stays for the visit (page loads and later purchases included)
  when: (m) => m.place.at === 'checkout' && hasGoods(m) && m.login === 'anonymous',
  say: (c) => `choose ${c} as the country of delivery`,
  async run(m, v, country) {
    const select = v.page.getByTestId('shipping-country');
    await select.selectOption(country);
    // issue 22 defect 2: choosing the country is the whole action; shipping follows by itself
    await v.page.getByTestId('shipping-destination').waitFor();
    m.country = country;
  },
});

export const halfTypeDeliveryAddress = define<null>({
  name: 'half type a delivery address',
  params: [null],
  when: (m) => m.place.at === 'checkout' && hasGoods(m) && !m.halfAddress,
  say: () => 'start typing another delivery address and leave it half done',
  async run(m, v) {
    await v.page.getByRole('checkbox', { name: words(m.lang, 'deliveryAddress.sameAsBilling') }).uncheck();
    await v.page.getByLabel(words(m.lang, 'deliveryAddress.street')).fill('Seeweg 1');
    m.halfAddress = true;
  },
});

export const deliverToBilling = define<null>({
  name: 'deliver to the billing address',
  params: [null],
  when: (m) => m.place.at === 'checkout' && hasGoods(m) && m.halfAddress,
  say: () => 'tick "deliver to my billing address" over the half-typed one',
  async run(m, v) {
    await v.page.getByRole('checkbox', { name: words(m.lang, 'deliveryAddress.sameAsBilling') }).check();
    m.halfAddress = false;
  },
});

type CodeKind = 'valid' | 'spent' | 'expired' | 'unknown';
export const redeemCode = define<CodeKind>({
  name: 'redeem a voucher code',
  params: ['valid', 'spent', 'expired', 'unknown'],
  when: (m) => m.place.at === 'checkout' && goodsLines(m) > 0,
  say: (k) => `redeem a ${k} voucher code`,
  failures: [/\/api\/[a-z]{2}\/voucher\?/],
  async run(m, v, kind) {
    const code = {
      valid: m.steps % 2 === 0 ? DEMO.voucherCodes.valid200 : DEMO.voucherCodes.partlyUsed,
      spent: DEMO.voucherCodes.usedUp,
      expired: DEMO.voucherCodes.expired,
      unknown: `NOPE-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    }[kind];
    // valid codes are shared by every session and used up by their bookings: the server says what this one is now
    const lookup = await fetch(`${v.baseUrl}/api/${m.lang}/voucher?voucher=${encodeURIComponent(code)}`);
    const usable = lookup.ok;
    if (kind !== 'valid' && usable) broken(`the ${kind} code ${code} is accepted by the server`);
    const already = m.lines.some((line) => line.code === code);
    await v.page.getByRole('textbox', { name: words(m.lang, 'voucherCode.label', { whole: true }) }).fill(code);
    await v.page.getByRole('button', { name: words(m.lang, 'voucherCode.submit', { whole: true }) }).click();
    if (usable && !already) {
      await v.page.getByTestId('voucher-code-added').waitFor();
      m.lines.push({ kind: 'code', label: code, shipped: false, code });
      return 'code added';
    }
    await v.page.getByTestId('voucher-code-error').waitFor();
    return usable ? 'code already in cart' : `code ${kind}`;
  },
});

export const pay = define<null>({
  name: 'pay',
  params: [null],
  when: (m) =>
    (m.place.at === 'checkout' || m.place.at === 'failed') && goodsLines(m) > 0 && !needsCountry(m) && !(m.halfAddress && hasGoods(m)),
  say: () => 'accept the terms and pay',
  async run(m, v) {
    const retry = m.retry;
    const before = v.paymentRequests.length;
    m.justBooked = false;
    m.shownTotal = minorUnits(await v.page.getByTestId('cart-total').innerText());
    const terms = v.page.getByRole('checkbox', { name: words(m.lang, 'checkout.terms') });
    const privacy = v.page.getByRole('checkbox', { name: words(m.lang, 'checkout.privacy') });
    await terms.check();
    await privacy.check();
    // issue 22 (9a): with nothing left to pay the button orders, and says so
    await v.page.getByRole('button', { name: words(m.lang, m.shownTotal > 0 ? 'checkout.pay' : 'checkout.orderNow', { whole: true }) }).click();
    if (m.shownTotal > 0) {
      go(m, { at: 'provider' });
      await waitPath(m, v);
      m.providerAmount = Number(await v.page.locator('[data-amount]').getAttribute('data-amount'));
      // one total: the provider asks for what the cart showed
      if (m.providerAmount !== m.shownTotal) broken(`the cart showed ${m.shownTotal}, the provider asks for ${m.providerAmount}`);
    } else {
      go(m, { at: 'accepted' });
      await waitPath(m, v);
      m.providerAmount = 0;
    }
    // FIXED (issue 22, defect 10): a retry after a failed payment renews the payment cart
    const request = v.paymentRequests.slice(before).at(-1);
    if (retry && request !== 'initPaymentOrder') broken(`a retry after a failed payment called ${request ?? 'nothing'}, not initPaymentOrder`);
    m.retry = false;
    return retry ? 'retry' : m.shownTotal === 0 ? 'paid by codes' : undefined;
  },
});

type Outcome = 'pay' | 'cancel' | 'fail';
export const atProvider = define<Outcome>({
  name: 'answer at the provider',
  params: ['pay', 'cancel', 'fail'],
  when: (m) => m.place.at === 'provider',
  say: (o) => `${o} at the provider`,
  async run(m, v, outcome) {
    await v.page.locator(`form[action$="/pay/${outcome}"] button`).click();
    if (outcome === 'pay') {
      go(m, { at: 'accepted' });
      await waitPath(m, v);
      await v.page.getByRole('button', { name: words(m.lang, 'checkout.confirm', { whole: true }) }).waitFor();
      // one total: the cart on "payment accepted" shows what the provider charged
      // once the cart's shipping is priced again after the page load (the totals are aria-busy until then)
      await v.page.locator('[data-testid="cart-totals"]:not([aria-busy="true"])').waitFor({ timeout: 10_000 }).catch(() => broken('the cart on "payment accepted" never finished pricing its shipping'));
      const shown = minorUnits(await v.page.getByTestId('cart-total').innerText());
      if (shown !== m.providerAmount) broken(`"payment accepted" shows the cart at ${shown}, the provider charged ${m.providerAmount}`);
    } else if (outcome === 'cancel') {
      go(m, { at: 'canceled', cleared: false });
      await waitPath(m, v);
      await v.page.getByText(words(m.lang, 'checkout.canceledQuestion')).waitFor();
    } else {
      go(m, { at: 'failed' });
      await waitPath(m, v);
      await v.page.getByTestId('payment-not-completed').waitFor();
      m.retry = true;
    }
    return outcome;
  },
});

export const confirm = define<null>({
  name: 'confirm the order',
  params: [null],
  when: (m) => m.place.at === 'accepted',
  say: () => 'confirm the order',
  async run(m, v) {
    await v.page.getByRole('button', { name: words(m.lang, 'checkout.confirm', { whole: true }) }).click();
    go(m, { at: 'success' });
    await waitPath(m, v);
    const id = (await v.page.getByTestId('booking-id').innerText()).trim();
    m.bookings.push({ id, amount: m.providerAmount ?? 0 });
    m.justBooked = true;
    m.lines = [];
    // the country of delivery and a different delivery address stay the visitor's for the next purchase (§4)
    m.retry = false;
    // one total: the order the server keeps is what the provider asked for
    const review = await fetch(`${v.baseUrl}/api/${m.lang}/order/review?id=${id}`);
    const data = ((await review.json()) as { data?: { amount?: number } }).data;
    if (data?.amount !== m.providerAmount) broken(`order ${id} amounts to ${data?.amount}, the provider asked for ${m.providerAmount}`);
    // keep the language and the return point for Back etc.
    await v.page.waitForFunction((n) => document.querySelector('[data-testid="basket-count"]')?.textContent?.trim() === String(n), 0);
  },
});

export const afterCancel = define<'keep' | 'clear'>({
  name: 'keep or clear after cancelling',
  params: ['keep', 'clear'],
  when: (m) => m.place.at === 'canceled' && !m.place.cleared,
  say: (c) => (c === 'keep' ? 'keep the cart' : 'clear the cart'),
  async run(m, v, choice) {
    if (choice === 'keep') {
      await v.page.getByRole('button', { name: words(m.lang, 'checkout.keepCart', { whole: true }) }).click();
      go(m, { at: 'checkout' });
      await waitPath(m, v);
      await v.page.getByTestId('cart-line').first().waitFor();
      return 'cancel keep';
    }
    await v.page.getByRole('button', { name: words(m.lang, 'checkout.clearCart', { whole: true }) }).click();
    await v.page.getByTestId('cart-cleared').waitFor();
    m.place = { at: 'canceled', cleared: true };
    m.lines = [];
    return 'cancel clear';
  },
});

export const openOrderReview = define<'link' | 'deep link'>({
  name: 'open the order review',
  params: ['link', 'deep link'],
  when: (m, how) => m.bookings.length > 0 && (how === 'link' ? m.place.at === 'success' : OUTSIDE_CHECKOUT_FLOW(m)),
  say: (how) => `open the last order's review by ${how}`,
  async run(m, v, how) {
    const last = m.bookings.at(-1)!;
    if (how === 'link') await v.page.getByRole('link', { name: words(m.lang, 'checkout.viewOrder', { whole: true }) }).click();
    else {
      await v.page.goto(`/${m.lang}/order-review/${last.id}`, { waitUntil: 'load' });
    }
    go(m, { at: 'review', bookingId: last.id });
    await waitPath(m, v);
    // one total: the review shows what the provider asked for
    await v.page.getByText(last.id).first().waitFor();
    // the total is the last amount of the order's table
    await v.page.locator('main table').first().locator('td').first().waitFor();
    const cells = (await v.page.locator('main table').first().locator('td, th').allInnerTexts()).filter((c) => /\d/.test(c));
    const total = minorUnits(cells.at(-1) ?? '');
    if (total !== last.amount) broken(`the order review of ${last.id} shows ${total}, the provider asked for ${last.amount}`);
    return how;
  },
});

const RELOAD_POINTS = ['home', 'list', 'item', 'checkout', 'provider', 'accepted', 'canceled', 'failed', 'success', 'review', 'login', 'registered', 'settings'] as const;
export const reload = define<null>({
  name: 'reload',
  params: [null],
  when: (m) => !(m.place.at === 'canceled' && m.place.cleared) && m.place.at !== 'login',
  say: () => 'reload the page',
  async run(m, v) {
    const at = m.place.at;
    await v.page.reload({ waitUntil: 'load' });
    if (m.place.at === 'item') Object.assign(m.place, { dated: false, added: false });
    await waitPath(m, v);
    // nothing lost: the lines are where they were
    if (at === 'checkout' && m.lines.length > 0) await v.page.getByTestId('cart-line').first().waitFor();
    if (at === 'accepted') await v.page.getByRole('button', { name: words(m.lang, 'checkout.confirm', { whole: true }) }).waitFor();
    if (at === 'success') await v.page.getByTestId('booking-id').waitFor();
    return `reload ${at}`;
  },
});
void RELOAD_POINTS;
export const RELOAD_POINT_TAGS = RELOAD_POINTS.map((p) => `reload ${p}`);

/** Pages Back may return to and what the visitor then expects. */
const BACK_TARGETS = new Set(['home', 'list', 'item', 'checkout', 'review', 'settings']);
export const back = define<null>({
  name: 'press Back',
  params: [null],
  when: (m) => {
    const previous = m.history.at(-1);
    if (!previous || !OUTSIDE_CHECKOUT_FLOW(m) || m.place.at === 'success' || m.place.at === 'registered' || m.place.at === 'login') return false;
    if (previous.at === 'settings' && m.login === 'anonymous') return false;
    if (previous.at === 'checkout' && m.place.at === 'canceled') return false;
    return BACK_TARGETS.has(previous.at);
  },
  say: () => 'press Back',
  async run(m, v) {
    const previous = m.history.pop()!;
    m.place = previous.at === 'item' ? { ...previous, dated: false, added: false } : previous;
    await v.page.goBack({ waitUntil: 'load' });
    await waitPath(m, v);
    if (m.place.at === 'checkout' && m.lines.length > 0) await v.page.getByTestId('cart-line').first().waitFor();
    return `back to ${m.place.at}`;
  },
});

export const backToAccepted = define<null>({
  name: 'press Back to the accepted page',
  params: [null],
  when: (m) => m.place.at === 'success' && m.history.at(-1)?.at === 'accepted',
  say: () => 'press Back from the success page to the payment accepted page',
  async run(m, v) {
    await v.page.goBack({ waitUntil: 'load' });
    // the booking is made: the accepted page leads to the same success page, nothing is booked again
    await waitPath(m, v);
    await v.page.getByTestId('booking-id').waitFor();
    // the accepted page's entry now shows the success page (replaced); the one before it is the provider's
    m.history.pop();
  },
});

type Deep = { path: (m: Visitor) => string; place: (m: Visitor) => Place; name: string };
const DEEP: Deep[] = [
  { name: 'ticket page', path: (m) => `/${m.lang}/tickets/${DEMO.events.collection}`, place: () => ({ at: 'item', kind: 'ticket', id: DEMO.events.collection, dated: false, added: false }) },
  { name: 'article page', path: (m) => `/${m.lang}/product/${DEMO.merchandise.guide}`, place: () => ({ at: 'item', kind: 'article', id: DEMO.merchandise.guide, dated: false, added: false }) },
  { name: 'tour page', path: (m) => `/${m.lang}/guided-tours/${DEMO.tours.highlightsDe}`, place: () => ({ at: 'item', kind: 'tour', id: DEMO.tours.highlightsDe, dated: false, added: false }) },
  { name: 'checkout', path: (m) => `/${m.lang}/checkout`, place: () => ({ at: 'checkout' }) },
  { name: 'home', path: (m) => `/${m.lang}`, place: () => ({ at: 'home' }) },
];
export const deepLink = define<number>({
  name: 'open a deep link',
  params: DEEP.map((_, i) => i),
  when: (m, i) => OUTSIDE_CHECKOUT_FLOW(m) && (DEEP[i]!.name !== 'checkout' || m.lines.length > 0),
  say: (i) => `open the ${DEEP[i]!.name} by its address`,
  async run(m, v, i) {
    const deep = DEEP[i]!;
    await v.page.goto(deep.path(m), { waitUntil: 'load' });
    go(m, deep.place(m));
    await waitPath(m, v);
    if (m.place.at === 'checkout' && m.lines.length > 0) await v.page.getByTestId('cart-line').first().waitFor();
    return deep.name;
  },
});

export const switchLanguage = define<Lang>({
  name: 'switch the language',
  params: LANGS,
  when: (m, lang) => lang !== m.lang && ['home', 'list', 'item', 'checkout', 'review', 'settings'].includes(m.place.at),
  say: (lang) => `switch the language to ${lang}`,
  async run(m, v, lang) {
    await v.page.locator('header').getByRole('combobox', { name: words(m.lang, 'header.language', { whole: true }) }).selectOption(lang);
    m.lang = lang;
    if (m.place.at === 'item') Object.assign(m.place, { dated: false, added: false });
    m.history = [];
    await waitPath(m, v);
    if (m.place.at === 'checkout' && m.lines.length > 0) await v.page.getByTestId('cart-line').first().waitFor();
  },
});

async function fillLogin(m: Visitor, v: Visit, email: string, password: string): Promise<void> {
  await v.page.getByRole('heading', { level: 1, name: words(m.lang, 'title.login') }).waitFor();
  await v.page.getByLabel(words(m.lang, 'auth.email')).fill(email);
  await v.page.getByLabel(words(m.lang, 'auth.password')).first().fill(password);
  await v.page.getByRole('button', { name: words(m.lang, 'auth.loginSubmit', { whole: true }) }).click();
}

const CAN_ACCOUNT = (m: Visitor) => ['home', 'list', 'item', 'checkout', 'review'].includes(m.place.at);

export const logIn = define<'right' | 'wrong password'>({
  name: 'log in',
  params: ['right', 'right', 'wrong password'],
  when: (m) => m.login === 'anonymous' && CAN_ACCOUNT(m),
  say: (how) => (how === 'right' ? 'log in with the demo account' : 'log in with a wrong password'),
  failures: [/\/auth\/login/],
  async run(m, v, how) {
    await v.page.locator('header').getByRole('link', { name: words(m.lang, 'header.login', { whole: true }) }).click();
    await fillLogin(m, v, 'demo@museum.example', how === 'right' ? 'Museum2026!' : 'Falsch2026!');
    // Every session shares the demo account and the address 127.0.0.1, so the server's login limit
    // (5 refused attempts a minute per account, 20 per address: docs/reliability.md) is reached
    // when parallel sessions type wrong passwords close together. The visitor is then told to
    // wait a minute, in their language: a right answer too, and the walk goes on from the login page.
    // The login form's own message: the shell's banner says the same for 429s elsewhere (a voucher
    // code tried too often by a parallel session) and may still show while this login succeeds.
    const limited = v.page.locator('main').getByText(words(m.lang, 'error.tooManyRequests'));
    const answer = how === 'right' ? v.page.locator('header .user-menu__button') : v.page.getByText(words(m.lang, 'auth.loginFailed'));
    await answer.or(limited).first().waitFor();
    if (await limited.isVisible()) {
      go(m, { at: 'login' });
      m.history = [];
      return 'login rate limited';
    }
    if (how === 'right') {
      // back where the visitor came from
      await waitPath(m, v);
      await v.page.locator('header .user-menu__button').waitFor();
      m.login = 'demo';
      // the login page stays in the browser's history; Back is not walked across it
      m.history = [];
      if (m.place.at === 'item') Object.assign(m.place, { dated: false, added: false });
      return 'login';
    }
    await v.page.getByText(words(m.lang, 'auth.loginFailed')).waitFor();
    go(m, { at: 'login' });
    m.history = [];
    return 'login failed';
  },
});

export const logOut = define<null>({
  name: 'log out',
  params: [null],
  // with goods in the cart, which destination prices the shipping after a logout (the chosen
  // country, the former customer's) is not modelled: the walk logs out with no goods in the cart
  when: (m) => m.login !== 'anonymous' && !hasGoods(m) && (CAN_ACCOUNT(m) || m.place.at === 'registered'),
  say: () => 'log out',
  async run(m, v) {
    await v.page.locator('header .user-menu__button').click();
    await v.page.locator('header').getByRole('link', { name: words(m.lang, 'header.logout', { whole: true }) }).click();
    await v.page.locator('header').getByRole('link', { name: words(m.lang, 'header.login', { whole: true }) }).first().waitFor();
    m.login = 'anonymous';
    // a country chosen in the cart stays the cart's (the customer's own went with the token)
    m.history = [];
    if (m.place.at === 'item') Object.assign(m.place, { dated: false, added: false });
    await waitPath(m, v);
  },
});

let registered = 0;
export const register = define<null>({
  name: 'register',
  params: [null],
  when: (m) => m.login === 'anonymous' && CAN_ACCOUNT(m) && m.place.at !== 'checkout',
  say: () => 'register a new account',
  async run(m, v) {
    await v.page.locator('header').getByRole('link', { name: words(m.lang, 'header.register', { whole: true }) }).click();
    await v.page.getByRole('heading', { level: 1, name: words(m.lang, 'title.register') }).waitFor();
    registered += 1;
    const email = `session-${process.pid}-${Date.now()}-${registered}@example.org`;
    const field = (id: string) => v.page.getByLabel(words(m.lang, id)).first();
    await field('auth.field.email').fill(email);
    await field('auth.field.emailConfirmation').fill(email);
    await field('auth.field.password').fill('Sommer2026!');
    await field('auth.field.passwordConfirmation').fill('Sommer2026!');
    await field('auth.field.fname').fill('Lea');
    await field('auth.field.lname').fill('Beispiel');
    await field('auth.field.street').fill('Seestrasse 1');
    await field('auth.field.zip').fill('8002');
    await field('auth.field.city').fill('Zürich');
    // a visitor in Zürich lives in Switzerland (a country the shop ships to)
    await v.page.locator('main select[name="country"], main select').filter({ has: v.page.locator('option[value="CH"]') }).first().selectOption('CH');
    await v.page.getByRole('button', { name: words(m.lang, 'auth.registerSubmit', { whole: true }) }).click();
    go(m, { at: 'registered' });
    await waitPath(m, v);
    await v.page.getByText(words(m.lang, 'auth.registerSuccessText')).waitFor();
    m.login = 'fresh';
    m.history = [];
  },
});

export const openSettings = define<null>({
  name: 'open settings',
  params: [null],
  when: (m) => m.login !== 'anonymous' && (CAN_ACCOUNT(m) || m.place.at === 'registered'),
  say: () => 'open the account settings',
  async run(m, v) {
    await v.page.locator('header .user-menu__button').click();
    await v.page.locator('header').getByRole('link', { name: words(m.lang, 'header.settings', { whole: true }) }).click();
    go(m, { at: 'settings' });
    await waitPath(m, v);
    await v.page.getByTestId('settings-current-email').waitFor();
  },
});

/**
 * Every action with its weight in the generator (how often it is offered; the precondition
 * decides whether it runs). Flows that need several steps in a row (item → day → add → basket →
 * pay → provider → confirm) get more weight, so that sessions of 15–30 steps reach them.
 */
export const ACTIONS: { action: Action<never>; weight: number }[] = [
  { action: openSection as Action<never>, weight: 2 },
  { action: openItem as Action<never>, weight: 8 },
  { action: chooseDayAndTime as Action<never>, weight: 8 },
  { action: addTickets as Action<never>, weight: 10 },
  { action: addTour as Action<never>, weight: 10 },
  { action: addTourWithAnswers as Action<never>, weight: 10 },
  { action: addArticle as Action<never>, weight: 10 },
  { action: addPass as Action<never>, weight: 10 },
  { action: addVoucher as Action<never>, weight: 10 },
  { action: openTheBasket as Action<never>, weight: 6 },
  { action: removeLine as Action<never>, weight: 2 },
  { action: chooseCountry as Action<never>, weight: 8 },
  { action: halfTypeDeliveryAddress as Action<never>, weight: 2 },
  { action: deliverToBilling as Action<never>, weight: 2 },
  { action: redeemCode as Action<never>, weight: 4 },
  { action: pay as Action<never>, weight: 10 },
  { action: atProvider as Action<never>, weight: 8 },
  { action: confirm as Action<never>, weight: 8 },
  { action: afterCancel as Action<never>, weight: 8 },
  { action: openOrderReview as Action<never>, weight: 2 },
  { action: reload as Action<never>, weight: 1 },
  { action: back as Action<never>, weight: 1 },
  { action: backToAccepted as Action<never>, weight: 2 },
  { action: deepLink as Action<never>, weight: 1 },
  { action: switchLanguage as Action<never>, weight: 1 },
  { action: logIn as Action<never>, weight: 1 },
  { action: logOut as Action<never>, weight: 1 },
  { action: register as Action<never>, weight: 1 },
  { action: openSettings as Action<never>, weight: 1 },
];
