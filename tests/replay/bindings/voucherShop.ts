/**
 * The voucher shop chart (machines/voucherShop.machine.ts) bound to the page, in English, against
 * the demo vouchers (src/server/seed/demo.ts): what a visitor does for each event of its paths,
 * what the page shows in each state.
 *
 * The model (tests/machines/voucherShop.model.ts) has the demo's vouchers: CHF 50 (401, fixed) and
 * the voucher of your chosen amount (403, CHF 10 to 500). Service answers come from the server, its
 * answer for a voucher that does not exist (404), or a dropped connection. A path that opens
 * another voucher from a voucher page starts where the visitor has been on that voucher's page
 * before in this tab (its page, the list, the voucher the walk starts on, home) and comes back to
 * the start with the browser's Back button; the other voucher is then one step of the Back list
 * (a voucher page has no link to another voucher).
 */
import { Mismatch, type Replay, type ReplayBinding } from '../binding.js';
import type { ReplayStep, SentEvent } from '../plan.js';
import { goBackTo, hasVisited, visit } from '../history.js';

const NO_SUCH_VOUCHER = 999_999;

const ev = (step: ReplayStep) => step.event as SentEvent & Record<string, unknown>;
const main = (r: Replay) => r.page.locator('main');
const listPath = (r: Replay) => `/${r.lang}/vouchers`;
const voucherPath = (r: Replay, id: number) => `/${r.lang}/vouchers/${id}`;

const status = (r: Replay, id: string) => main(r).getByRole('status').filter({ hasText: r.words(id) });
const alert = (r: Replay, id: string) => main(r).getByRole('alert').filter({ hasText: r.words(id) });
const retry = (r: Replay, failedId: string) => alert(r, failedId).getByRole('button', { name: r.words('page.retry', { whole: true }) });
const cards = (r: Replay) => main(r).getByTestId('voucher-card');
const form = (r: Replay) => main(r).getByTestId('voucher-form');
const added = (r: Replay) => main(r).getByTestId('voucher-added');
const amountError = (r: Replay) => main(r).getByTestId('voucher-amount-error');
const backLink = (r: Replay) => main(r).getByRole('link', { name: r.words('voucher.back', { whole: true }) });
const addButton = (r: Replay) => form(r).getByRole('button', { name: r.words('voucher.addToCart', { whole: true }) });

/** The vouchers a path opens from a voucher page (there is no link: the visitor has been on their pages before). */
const openedFromPage = (r: Replay) => r.plan.steps.filter((s) => s.name === 'OPEN_VOUCHER' && JSON.stringify(s.from).includes('Voucher page')).map((s) => ev(s).voucherId as number);

/** An amount error, as the catalogue words it. */
function amountProblem(id: string) {
  return async (r: Replay) => {
    await r.shows(amountError(r).filter({ hasText: r.words(id) }), `the amount error "${r.text(id, { min: '…', max: '…' })}"`);
    await r.lacks(added(r), 'the "is in your cart" notice');
  };
}

export const voucherShopBinding: ReplayBinding = {
  machine: 'voucherShop',
  lang: 'en',
  requests: {
    list: (url) => /\/api\/[a-z]{2}\/voucher\/select\/event\/?$/.test(url.pathname),
    voucher: (url) => /\/api\/[a-z]{2}\/voucher\/selectOne\/price\/\d+$/.test(url.pathname),
  },

  async prepare(r) {
    const others = openedFromPage(r);
    if (others.length === 0) return;
    const input = r.plan.input as { voucherId?: number | null };
    if (others.length > 1 || !input.voucherId) r.cannot('a path that opens several vouchers from voucher pages, or starts on the list');
    // the other voucher's page, the list, the start's voucher, then home (the voucher shop's visit ends)
    await r.page.goto(voucherPath(r, others[0]!));
    await form(r).waitFor();
    visit(r, voucherPath(r, others[0]!));
    await backLink(r).click();
    await cards(r).first().waitFor();
    visit(r, listPath(r));
    await main(r).locator(`a[href="${voucherPath(r, input.voucherId!)}"]`).click();
    await form(r).waitFor();
    visit(r, voucherPath(r, input.voucherId!));
    await r.page.locator('header').getByRole('link', { name: r.words('header.home') }).first().click();
    await r.page.waitForURL((url) => url.pathname === `/${r.lang}`);
    // the address changes before the home page replaces the voucher's: going Back before that
    // (on a loaded machine) would land on a voucher shop that never ended, with its voucher shown
    await r.page.getByTestId('voucher-form').waitFor({ state: 'detached' });
    visit(r, `/${r.lang}`);
  },

  async start(r) {
    const input = r.plan.input as { voucherId?: number | null };
    const path = input.voucherId ? voucherPath(r, input.voucherId) : listPath(r);
    if (hasVisited(r)) {
      // back to the voucher's page with the browser's Back button: a new visit of the voucher shop
      await goBackTo(r, path, 'the voucher the walk starts on was not visited before');
      return;
    }
    visit(r, path);
    await r.page.goto(path);
  },

  events: {
    'done:loadVouchers': async (r) => r.answer('list', { server: true }),
    'error:loadVouchers': async (r) => r.answer('list', { drop: true }),
    'done:loadVoucher': async (r) => r.answer('voucher', { server: true }),
    'error:loadVoucher [isNotFound]': async (r) => r.answer('voucher', { url: (url) => url.href.replace(/\/\d+$/, `/${NO_SUCH_VOUCHER}`) }),
    'error:loadVoucher': async (r) => r.answer('voucher', { drop: true }),
    RETRY: async (r, step) => {
      const from = JSON.stringify(step.from);
      await retry(r, from.includes('Vouchers failed') ? 'vouchers.failed' : 'voucher.failed').click();
    },
    BACK_TO_LIST: async (r) => {
      await backLink(r).click();
      visit(r, listPath(r));
    },
    OPEN_VOUCHER: async (r, step) => {
      const id = ev(step).voucherId as number;
      const path = voucherPath(r, id);
      if (JSON.stringify(step.from).includes('Voucher page')) {
        // a voucher page links no other voucher: the browser's Back list, several pages at once
        await goBackTo(r, path, 'a voucher page has no link to another voucher, and the visitor has not been on its page before', {
          request: 'voucher',
          matches: (url) => url.pathname.endsWith(`/price/${String(id)}`),
        });
        return;
      }
      await main(r).locator(`a[href="${path}"]`).click();
      visit(r, path);
    },
    SET_QUANTITY: async (r, step) => {
      const quantity = ev(step).quantity;
      // the number field takes digits only: anything else is an emptied field
      await form(r).getByRole('spinbutton', { name: r.words('voucher.quantity', { whole: true }) }).fill(/^\d+$/.test(String(quantity)) ? String(quantity) : '');
    },
    SET_AMOUNT: async (r, step) => {
      await form(r).getByRole('textbox', { name: r.words('voucher.amount') }).fill(String(ev(step).text));
    },
    ADD_TO_CART: async (r) => {
      await addButton(r).click();
    },
  },

  states: {
    'Voucher list': async (r) => {
      await r.shows(main(r).getByRole('heading', { level: 1, name: r.words('title.voucherList', { whole: true }) }), 'the heading "Vouchers"');
      await r.lacks(form(r), 'a voucher form');
    },
    'Voucher list.Loading vouchers': async (r) => {
      await r.shows(status(r, 'vouchers.loading'), 'the "loading the vouchers" notice');
      await r.lacks(cards(r), 'a voucher');
    },
    'Voucher list.Showing vouchers': async (r) => {
      await r.lacks(status(r, 'vouchers.loading'), 'the "loading the vouchers" notice');
      await r.lacks(alert(r, 'vouchers.failed'), 'the "could not be loaded" notice');
      await r.shows(cards(r), 'a voucher');
    },
    'Voucher list.Vouchers failed': async (r) => {
      await r.shows(alert(r, 'vouchers.failed'), 'the "could not be loaded" notice');
      await r.shows(retry(r, 'vouchers.failed'), 'the "Try again" button');
      await r.lacks(cards(r), 'a voucher');
    },
    'Voucher page': async (r) => {
      await r.shows(backLink(r), 'the "All vouchers" link');
    },
    'Voucher page.Loading voucher': async (r) => {
      await r.shows(status(r, 'voucher.loading'), 'the "loading the voucher" notice');
      await r.shows(main(r).getByRole('heading', { level: 1, name: r.words('title.voucherSingle', { whole: true }) }), 'the heading "Voucher"');
      await r.lacks(form(r), 'the voucher form');
    },
    'Voucher page.Voucher not found': async (r) => {
      await r.shows(main(r).getByTestId('voucher-not-found'), 'the "does not exist" notice');
      await r.lacks(form(r), 'the voucher form');
      await r.lacks(alert(r, 'voucher.failed'), 'the "could not be loaded" notice');
    },
    'Voucher page.Voucher failed': async (r) => {
      await r.shows(alert(r, 'voucher.failed'), 'the "could not be loaded" notice');
      await r.shows(retry(r, 'voucher.failed'), 'the "Try again" button');
      await r.lacks(form(r), 'the voucher form');
    },
    'Voucher page.Choosing': async (r) => {
      await r.shows(form(r), 'the voucher form');
      await r.lacks(added(r), 'the "is in your cart" notice');
      await r.lacks(status(r, 'voucher.loading'), 'the "loading the voucher" notice');
    },
    'Voucher page.Choosing.Editing': async (r) => {
      await r.lacks(amountError(r), 'an amount error');
    },
    'Voucher page.Choosing.Amount missing': amountProblem('voucher.error.missing'),
    'Voucher page.Choosing.Amount too low': amountProblem('voucher.error.belowMin'),
    'Voucher page.Choosing.Amount too high': amountProblem('voucher.error.aboveMax'),
    'Voucher page.Added': async (r) => {
      await r.shows(added(r), 'the "is in your cart" notice');
      await r.lacks(amountError(r), 'an amount error');
      // the chart's "change and add again": the form stays
      await r.shows(form(r), 'the voucher form');
      const name = (await main(r).getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
      if (!(await added(r).getByRole('heading').textContent())?.includes(name)) throw new Mismatch(`the notice does not name the voucher "${name}"`);
    },
  },
};
