/**
 * The "My orders" chart (machines/orders.machine.ts, issue 42) bound to the pages, in German,
 * against the shared e2e server: /de/orders (src/app/screens/orders/OrderListScreen.tsx) and
 * /de/orders/{id} (OrderScreen.tsx).
 *
 * The model's customer is an account registered for each path and logged in on the login page,
 * so that no other test's orders are in its list. Where the path lists orders, the account buys
 * what the model's list holds, as a visitor does (initPayment with the token, Pay at the simulated
 * provider, execPayment): an adult ticket (the model's B-100), then a voucher (B-101, the newest).
 * The mail's link of the model (an order and its key, no login) is an anonymous purchase whose
 * payer gives an address at the provider; its key is the one execPayment answers.
 *
 * Service answers come from the server where it gives them: the orders and the order (with its
 * documents: its key, or the owner's token), an unknown order's 406, a token the server did not
 * issue (401 for the list). The order of a back end without issue 42 is the server's answer
 * without its documents, visits and vouchers. The answers of "send again" follow the path (the
 * server answers 429 for a minute after the booking's own mail, which a path cannot wait for), as
 * do a 401 where the server gives none (order/review, order/resend) and dropped connections.
 * Time after "too soon" passes on the page's clock.
 */
import type { OrdersInput } from '../../../machines/orders.machine.js';
import { createShopApi } from '../../../src/api/index.js';
import { DEMO, nextWeekday } from '../../../src/server/seed/demo.js';
import { Mismatch, type Replay, type ReplayBinding } from '../binding.js';
import type { ReplayStep, SentEvent } from '../plan.js';
import { call, freshEmail, logIn, registerAccount } from './accounts.js';
import { book } from './buy.js';

const PASSWORD = 'Museum2026!';
const input = (r: Replay) => r.plan.input as OrdersInput;
const ev = (step: ReplayStep) => step.event as SentEvent & Record<string, unknown>;
const main = (r: Replay) => r.page.locator('main');

// ---- what the pages show

const loading = (r: Replay) => main(r).getByText(r.words('page.loading'));
const cards = (r: Replay) => main(r).getByTestId('order-card');
const none = (r: Replay) => main(r).getByTestId('orders-none');
const listFailed = (r: Replay) => main(r).getByRole('alert').filter({ hasText: r.words('orders.listFailed') });
const orderFailed = (r: Replay) => main(r).getByRole('alert').filter({ hasText: r.words('orders.orderFailed') });
const retry = (r: Replay) => main(r).getByRole('button', { name: r.words('page.retry', { whole: true }) });
const notFound = (r: Replay) => main(r).getByTestId('order-not-found');
const amount = (r: Replay) => main(r).getByTestId('order-amount');
const documents = (r: Replay) => main(r).getByRole('region', { name: r.words('documents.title', { whole: true }) });
const resend = (r: Replay) => main(r).getByRole('button', { name: r.words('orders.resend', { whole: true }) });
const sent = (r: Replay) => main(r).getByTestId('resend-sent');
const tooSoon = (r: Replay) => main(r).getByTestId('resend-too-soon');
const noAddress = (r: Replay) => main(r).getByTestId('resend-no-address');
const sendFailed = (r: Replay) => main(r).getByTestId('resend-failed');
const orderHeading = (r: Replay, id: string) => main(r).getByRole('heading', { level: 1, name: r.text('orders.orderTitle', { id }) });

/** The real booking id of a model order (B-100, B-101). */
const idOf = (r: Replay, model: string): string => {
  const id = (r.memo.ids as Record<string, string> | undefined)?.[model];
  if (!id) throw new Error(`no order was bought for the model's ${model}`);
  return id;
};
/** The booking id of the order the page shows (the model's B-100 unless a path opened B-101). */
const shownId = (r: Replay): string => String(r.memo.shown ?? idOf(r, 'B-100'));

const ticket = () => ({ type: 'ticket', id: DEMO.tickets.collectionAdult, count: 1, datetime: `${nextWeekday(new Date(), 3, 9)} 11:00`, subtickets: [] });
const voucher = () => ({ type: 'voucher', id: DEMO.vouchers.fifty, count: 1 });

/** The path needs orders in the account: it lists some, or opens one. */
const listsOrders = (r: Replay) =>
  r.plan.steps.some((s) => s.name === 'OPEN_ORDER' || (s.name === 'done:listOrders' && (ev(s).output as unknown[]).length > 0));
/** The path lets time pass on the page (after "too soon"). */
const countsTime = (r: Replay) => r.plan.steps.some((s) => s.name.startsWith('wait:') || s.name.startsWith('after '));

/**
 * Stops the page's clock where it is (tests/replay/bindings/app.ts does the same for its toasts): a
 * moment ahead of the page's time, the margin growing on a loaded machine until the pause lands
 * ahead of it.
 */
async function pauseClock(r: Replay): Promise<void> {
  if (r.memo.paused === true) return;
  r.memo.paused = true;
  for (let margin = 500; ; margin *= 2) {
    try {
      await r.page.clock.pauseAt(await r.page.evaluate((ahead) => Date.now() + ahead, margin));
      return;
    } catch (error) {
      if (margin >= 16_000 || !String(error).includes('past')) throw error;
    }
  }
}

/** The JSON error body of a model's failure: its status, code and the `data` it carries. */
const errorAnswer = (step: ReplayStep) => {
  const error = ev(step).error as { status: number; code: string; message: string; details?: unknown };
  return { status: error.status, json: { error: error.code, message: error.message, ...(error.details === undefined ? {} : { data: error.details }) } };
};
/** A failure of the path: a dropped connection for "no answer", else its status and body. */
const fail = (request: string) => async (r: Replay, step: ReplayStep) => {
  const { status, json } = errorAnswer(step);
  if (!status) return r.answer(request, { drop: true });
  await r.answer(request, { status, json });
};

export const ordersBinding: ReplayBinding = {
  machine: 'orders',
  lang: 'de',
  requests: {
    listOrders: call('GET', 'orders'),
    loadOrder: call('GET', 'order/review'),
    resendConfirmation: call('POST', 'order/resend'),
  },

  async prepare(r) {
    if (input(r).order) {
      // the mail's link: an anonymous purchase, its address given at the provider
      r.memo.payer = freshEmail('orders-mail');
      const order = await book(r, [ticket()], { payer: String(r.memo.payer) });
      r.memo.ids = { 'B-100': order.id };
      r.memo.key = order.key;
    } else {
      const email = await registerAccount(r, 'orders', PASSWORD);
      r.memo.payer = email;
      if (listsOrders(r)) {
        const { jwt } = await createShopApi({ baseURL: `${r.baseUrl}/api`, lang: () => r.lang }).login(email, PASSWORD);
        // the model's list: the ticket first, the voucher after it (the newest is listed first)
        const first = await book(r, [ticket()], { token: jwt });
        const second = await book(r, [voucher()], { token: jwt });
        r.memo.ids = { 'B-100': first.id, 'B-101': second.id };
      }
      await r.page.goto(`/${r.lang}/login`);
      await logIn(r, email, PASSWORD);
    }
    if (countsTime(r)) await r.page.clock.install();
  },

  async start(r) {
    const order = input(r).order;
    await r.page.goto(order ? `/${r.lang}/orders/${idOf(r, 'B-100')}?key=${String(r.memo.key)}` : `/${r.lang}/orders`);
  },

  events: {
    'done:listOrders': async (r) => r.answer('listOrders', { server: true }),
    // a token the server did not issue: its own 401, and the shell's login with returnTo
    'error:listOrders [isUnauthorized]': async (r) =>
      r.answer('listOrders', {
        url: (url) => {
          url.searchParams.set('_', 'not-a-token-the-shop-issued');
          return url.href;
        },
      }),
    'error:listOrders': fail('listOrders'),
    RETRY: async (r) => retry(r).click(),
    OPEN_ORDER: async (r, step) => {
      const id = idOf(r, String(ev(step).id));
      if (!(await cards(r).first().isVisible())) {
        await r.lacks(main(r).locator('a[href*="/orders/"]'), 'a link to another order');
        r.cannot("an order's page links to no other order: a visitor opens the other one from the list (BACK_TO_LIST, then OPEN_ORDER)");
      }
      r.memo.shown = id;
      await cards(r).getByRole('heading', { level: 2 }).getByRole('link', { name: r.text('orders.orderTitle', { id }) }).click();
    },
    BACK_TO_LIST: async (r) => main(r).getByRole('link', { name: r.words('orders.allOrders', { whole: true }) }).click(),
    'done:loadOrder': async (r, step) => {
      const output = ev(step).output as { documents?: unknown };
      if (output.documents) return r.answer('loadOrder', { server: true });
      // a back end without issue 42: the order as before, without what it delivers
      r.memo.withoutDocuments = true;
      await r.answer('loadOrder', {
        edit: (body) => {
          const { documents: _d, visits: _v, vouchers: _w, ...order } = (body as { data: Record<string, unknown> }).data;
          return { data: order };
        },
      });
    },
    // an order the server does not know: its own 406
    'error:loadOrder [isNotAvailable]': async (r) =>
      r.answer('loadOrder', {
        url: (url) => {
          url.searchParams.set('id', 'NOSUCHORDER1');
          return url.href;
        },
      }),
    'error:loadOrder': fail('loadOrder'),
    RESEND: async (r) => {
      if (r.memo.withoutDocuments === true) {
        await r.lacks(resend(r), 'a "send the confirmation again" button');
        r.cannot('an order from a back end without documents offers no "send the confirmation again": there is nothing to press');
      }
      await resend(r).click();
    },
    'done:resendConfirmation': async (r, step) => {
      // the server's interval runs from the booking's own mail, a moment ago: its 200 is the model's
      r.memo.resentTo = (ev(step).output as { mail_to: string }).mail_to;
      await r.answer('resendConfirmation', { status: 200, json: { data: ev(step).output } });
    },
    'error:resendConfirmation': async (r, step) => {
      const { status, json } = errorAnswer(step);
      // the page says whole seconds, rounded up (a minute when the server names none)
      if (status === 429) r.memo.wait = Math.ceil((json as { data?: { retry_after?: number } }).data?.retry_after ?? 60);
      // from the "too soon" on, the page's time passes only as the path says (59 s, then 1 s)
      if (status === 429 && countsTime(r)) await pauseClock(r);
      if (!status) return r.answer('resendConfirmation', { drop: true });
      await r.answer('resendConfirmation', { status, json });
    },
    'after resendAllowed': async (r) => r.page.clock.runFor(Number(r.memo.wait ?? 60) * 1000),
    'wait:59000': async (r) => r.page.clock.runFor(59_000),
    'wait:1000': async (r) => r.page.clock.runFor(1_000),
  },

  states: {
    'Order list.Loading orders': async (r) => {
      await r.shows(loading(r), 'the "loading" notice');
      await r.lacks(cards(r), 'an order');
      await r.lacks(none(r), 'the "no orders yet" notice');
    },
    'Order list.Showing orders': async (r) => {
      const headings = await cards(r).getByRole('heading', { level: 2 }).allInnerTexts();
      const expected = [idOf(r, 'B-101'), idOf(r, 'B-100')].map((id) => r.text('orders.orderTitle', { id }));
      if (headings.join(' | ') !== expected.join(' | ')) throw new Mismatch(`the list shows ${headings.join(' | ') || 'no order'}, not ${expected.join(' | ')} (newest first)`);
      await r.shows(cards(r).last().getByRole('link', { name: r.words('documents.pdf', { whole: true }) }), "the ticket order's PDF");
      await r.shows(cards(r).first().getByRole('link', { name: r.words('documents.giftPdf', { whole: true }) }), "the voucher order's gift PDF");
      await r.lacks(loading(r), 'the "loading" notice');
    },
    'Order list.No orders yet': async (r) => {
      await r.shows(none(r), 'the "no orders yet" notice');
      await r.shows(main(r).getByRole('link', { name: r.words('orders.toShop', { whole: true }) }), 'the way to the shop');
      await r.lacks(cards(r), 'an order');
    },
    'Order list.Orders failed': async (r) => {
      await r.shows(listFailed(r), 'the "could not be loaded" alert');
      await r.shows(retry(r), 'the "try again" button');
      await r.lacks(cards(r), 'an order');
    },
    'Order page.Loading order': async (r) => {
      await r.shows(loading(r), 'the "loading" notice');
      await r.lacks(amount(r), 'an order');
      await r.lacks(notFound(r), 'the "not found" notice');
    },
    'Order page.Order not found': async (r) => {
      await r.shows(notFound(r), 'the "not found" notice');
      await r.shows(main(r).getByRole('link', { name: r.words('orders.toShop', { whole: true }) }), 'the way to the shop');
      await r.lacks(amount(r), 'an order');
      await r.lacks(retry(r), 'a "try again" button');
    },
    'Order page.Order failed': async (r) => {
      await r.shows(orderFailed(r), 'the "could not be loaded" alert');
      await r.shows(retry(r), 'the "try again" button');
      await r.lacks(amount(r), 'an order');
    },
    'Order page.Showing order': async (r) => {
      await r.shows(orderHeading(r, shownId(r)), `the order ${shownId(r)} as the page's heading`);
      await r.shows(amount(r), "the order's total");
      await r.lacks(loading(r), 'the "loading" notice');
      // "all my orders" for the customer, not for the mail's link
      if (input(r).jwt === null) await r.lacks(main(r).getByRole('link', { name: r.words('orders.allOrders', { whole: true }) }), '"all my orders" without a login');
      else await r.shows(main(r).getByRole('link', { name: r.words('orders.allOrders', { whole: true }) }), '"all my orders"');
      if (r.memo.withoutDocuments === true) {
        await r.lacks(documents(r), 'the documents of a back end that has none');
        return;
      }
      await r.shows(documents(r).getByRole('link', { name: r.words('documents.pdf', { whole: true }) }), 'the PDF tickets');
      await r.shows(documents(r).getByTestId('mailed-to'), 'where the confirmation went');
    },
    'Order page.Showing order.Not sent again': async (r) => {
      await r.lacks(sent(r), 'the "on its way" notice');
      await r.lacks(tooSoon(r), 'the "too soon" notice');
      if (r.memo.withoutDocuments === true) await r.lacks(resend(r), 'a "send again" button');
      else await r.shows(resend(r), 'the "send the confirmation again" button');
    },
    'Order page.Showing order.Sending confirmation': async (r) => {
      await r.shows(resend(r).and(r.page.locator('[aria-busy="true"]')), 'the "send again" button, busy');
      await r.shows(main(r).getByText(r.words('orders.resending')), 'the "sending" notice');
    },
    'Order page.Showing order.Confirmation sent': async (r) => {
      await r.shows(sent(r).filter({ hasText: r.text('orders.resent', { address: String(r.memo.resentTo) }) }), `"on its way to ${String(r.memo.resentTo)}"`);
      await r.shows(resend(r), 'the "send again" button');
    },
    'Order page.Showing order.Too soon to send again': async (r) => {
      const seconds = Number(r.memo.wait ?? 60);
      await r.shows(tooSoon(r).filter({ hasText: `${seconds} Sekunden` }), `"too soon" with the ${seconds} seconds to wait`);
      await r.lacks(resend(r), 'a "send again" button before the wait has passed');
    },
    'Order page.Showing order.No address to send to': async (r) => {
      await r.shows(noAddress(r), 'the "no address" notice');
      await r.lacks(resend(r), 'a "send again" button');
    },
    'Order page.Showing order.Sending failed': async (r) => {
      await r.shows(sendFailed(r), 'the "could not be sent" alert');
      await r.shows(resend(r), 'the "send again" button');
    },
    'Login needed': async (r) => {
      await r.shows(main(r).getByRole('heading', { level: 1, name: r.words('title.login', { whole: true }) }), 'the login');
      const url = new URL(r.page.url());
      const back = input(r).order ? `/${r.lang}/orders/${idOf(r, 'B-100')}` : `/${r.lang}/orders`;
      if (url.pathname !== `/${r.lang}/login` || !(url.searchParams.get('returnTo') ?? '').startsWith(back)) {
        throw new Mismatch(`the address is ${url.pathname}${url.search}, not the login with returnTo=${back}`);
      }
    },
  },
};
