/**
 * The order review chart (machines/orderReview.machine.ts) bound to the page, in German, against
 * the demo shop: /de/order-review/{booking id} (src/app/screens/checkout/OrderReviewScreen.tsx).
 *
 * The model's order "B-099" does not exist on the demo server, so the server's own answer for it
 * is the 406 of "not available". The path whose order is available books one first, as a visitor
 * does (a ticket in the cart, express payment at the simulated provider, confirmed), and the
 * review's request is answered with that booking. The model's 500 is that status (the demo server
 * never gives it).
 */
import type { Replay, ReplayBinding } from '../binding.js';
import { acceptTermsAndPay, atProvider, openCheckoutWithCart } from '../../e2e/checkout-helpers.js';
import type { ReplayStep, SentEvent } from '../plan.js';

const main = (r: Replay) => r.page.locator('main');
const loading = (r: Replay) => main(r).getByText(r.words('page.loading'));
const notAvailable = (r: Replay) => main(r).getByTestId('order-not-available');
const failed = (r: Replay) => main(r).getByRole('alert').filter({ hasText: r.words('checkout.orderFailed') });
const retry = (r: Replay) => main(r).getByRole('button', { name: r.words('form.retry', { whole: true }) });
const header = (r: Replay) => main(r).getByText(r.words('checkout.orderHeader'));

export const orderReviewBinding: ReplayBinding = {
  machine: 'orderReview',
  lang: 'de',
  requests: {
    loadOrder: (url, method) => method === 'GET' && /\/api\/[a-z]{2}\/order\/review$/.test(url.pathname),
  },

  async prepare(r) {
    // only an order that is available needs a booking of its own
    if (!r.plan.steps.some((s) => s.name === 'done:loadOrder')) return;
    await r.page.goto(`/${r.lang}`);
    await openCheckoutWithCart(r.page);
    await acceptTermsAndPay(r.page);
    await atProvider(r.page, 'Bezahlen');
    await r.page.getByRole('button', { name: r.words('checkout.confirm', { whole: true }) }).click();
    await r.page.waitForURL(/\/de\/checkout\/success$/);
    r.memo.booking = (await r.page.getByTestId('booking-id').innerText()).trim();
  },

  async start(r) {
    await r.page.goto(`/${r.lang}/order-review/${String((r.plan.input as { orderId: string }).orderId)}`);
  },

  events: {
    'done:loadOrder': async (r) =>
      r.answer('loadOrder', {
        url: (url) => {
          url.searchParams.set('id', String(r.memo.booking));
          return url.href;
        },
      }),
    // the model's order does not exist on the server: its answer is the 406
    'error:loadOrder [isNotAvailable]': async (r) => r.answer('loadOrder', { server: true }),
    'error:loadOrder': async (r, step: ReplayStep) => {
      const error = (step.event as SentEvent & { error: { status: number; code: string; message: string } }).error;
      if (!error.status) return r.answer('loadOrder', { drop: true });
      await r.answer('loadOrder', { status: error.status, json: { error: error.code, message: error.message } });
    },
    RETRY: async (r) => retry(r).click(),
  },

  states: {
    'Loading order': async (r) => {
      await r.shows(loading(r), 'the "loading" notice');
      await r.lacks(header(r), 'an order');
      await r.lacks(notAvailable(r), 'the "not available" notice');
      await r.lacks(failed(r), 'the "could not be loaded" alert');
    },
    'Order available': async (r) => {
      const booking = String(r.memo.booking);
      await r.shows(header(r).filter({ hasText: booking }), `the order ${booking} with its date`);
      await r.shows(main(r).locator('tbody tr').first(), 'the order\'s lines');
      await r.lacks(loading(r), 'the "loading" notice');
      await r.lacks(notAvailable(r), 'the "not available" notice');
    },
    'Order not available': async (r) => {
      await r.shows(notAvailable(r), 'the "not available" notice');
      await r.shows(main(r).getByRole('link', { name: r.words('checkout.continueShopping', { whole: true }) }), 'the way back to the shop');
      await r.lacks(header(r), 'an order');
      await r.lacks(retry(r), 'a "try again" button');
    },
    'Order failed': async (r) => {
      await r.shows(failed(r), 'the "could not be loaded" alert');
      await r.shows(retry(r), 'the "try again" button');
      await r.lacks(header(r), 'an order');
      await r.lacks(notAvailable(r), 'the "not available" notice');
    },
  },
};
