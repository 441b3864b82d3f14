/**
 * The withdrawal chart (machines/withdrawal.machine.ts, issue 46) bound to the page, in German,
 * against the demo shop: /de/withdrawal (src/app/screens/withdrawal/WithdrawalScreen.tsx).
 *
 * Every path buys its own order first, as an anonymous visitor does (a book of the shop and a timed
 * ticket, paid at the simulated provider with an address given there): the model's order "1042" is
 * that booking, its address the one given, its key the one the booking answers. The footer's walk
 * types the booking number and the address; the mail's link opens /de/withdrawal?id=…&key=…; the
 * logged-in customer's scenario logs in as a new account that bought it. The server answers the
 * lookup (the book open, the ticket dated: no right of withdrawal) and records the statement; the
 * model's other answers are made here: "nothing open" (the server's order with its open lines
 * excluded, as after the period), "received before" (the server's answer marked `repeated`), and
 * the model's failures (404 not found / off, 422, 500, no answer) as their status and body.
 */
import { Mismatch, type Replay, type ReplayBinding } from '../binding.js';
import type { ReplayStep, SentEvent } from '../plan.js';
import type { WithdrawalInput } from '../../../machines/withdrawal.machine.js';
import type { WithdrawalOrder, WithdrawResult } from '../../../src/api/schemas/withdrawal.js';
import { DEMO, nextWeekday } from '../../../src/server/seed/demo.js';
import { EMAIL, ORDER_ID } from '../../machines/withdrawal.model.js';
import { ACCOUNT_ADDRESS, ACCOUNT_NAME, call, freshEmail, logIn, registerAccount } from './accounts.js';
import { book } from './buy.js';

const PASSWORD = 'Museum2026!';
const input = (r: Replay) => r.plan.input as WithdrawalInput;
const ev = (step: ReplayStep) => step.event as SentEvent & Record<string, unknown>;
const main = (r: Replay) => r.page.locator('main');

// ---- what the page shows

const stepHeading = (r: Replay, id: string) => main(r).getByRole('heading', { level: 2, name: r.words(id, { whole: true }) });
const finding = (r: Replay) => main(r).getByText(r.words('withdrawal.finding'));
const sending = (r: Replay) => main(r).getByText(r.words('withdrawal.sending'));
const alertOf = (r: Replay, id: string) => main(r).getByRole('alert').filter({ hasText: r.words(id) });
const button = (r: Replay, id: string) => main(r).getByRole('button', { name: r.words(id, { whole: true }) });
const lines = (r: Replay) => main(r).getByRole('group', { name: r.words('withdrawal.linesLegend', { whole: true }) });
const field = (r: Replay, name: string) => main(r).locator(`[name="${name}"]`);
const openLine = (r: Replay) => lines(r).getByRole('checkbox', { disabled: false }).first();

// ---- buying, as a visitor does it

/** Buys a book and a timed ticket (as an anonymous payer who gives `payer` at the provider, or with the customer's token): the booking id and the order's key. */
function bookAndTicket(r: Replay, payer: string, token?: string): Promise<{ id: string; key: string }> {
  const items = [
    { type: 'merchandise', id: DEMO.merchandise.catalogue, count: 1 },
    { type: 'ticket', id: DEMO.tickets.collectionAdult, count: 1, datetime: `${nextWeekday(new Date(), 3, 9)} 11:00`, subtickets: [] },
  ];
  // the book goes to a delivery address in the buyer's name, which the server prefills (the model's answer has it)
  const shipping = token ? { country: 'CH', address: null } : { country: 'CH', address: { name: `${ACCOUNT_NAME.fname} ${ACCOUNT_NAME.lname}`, ...ACCOUNT_ADDRESS } };
  return book(r, items, token ? { token, shipping } : { payer, shipping });
}

/** The model's booking number and address, as the walk's own booking has them; any other value as the model typed it. */
function typed(r: Replay, field: string, value: string): string {
  if (field === 'orderId' && value === ORDER_ID) return String(r.memo.booking);
  if ((field === 'email' || field === 'ackEmail') && value === EMAIL) return String(r.memo.email);
  return value;
}

/** A failure of the path: a dropped connection for "no answer", else its status and body. */
const fail = (request: string) => async (r: Replay, step: ReplayStep) => {
  const error = ev(step).error as { status: number; code: string; message?: string; fields?: Record<string, string[]> };
  if (!error.status) return r.answer(request, { drop: true });
  await r.answer(request, { status: error.status, json: { error: error.code, message: error.message ?? '', fields: error.fields ?? {} } });
};

export const withdrawalBinding: ReplayBinding = {
  machine: 'withdrawal',
  lang: 'de',
  requests: {
    findOrder: call('POST', 'order/withdrawal'),
    withdraw: call('POST', 'order/withdraw'),
  },

  async prepare(r) {
    r.memo.email = freshEmail('withdrawal');
    if (input(r).jwt) {
      // the logged-in customer: an account of its own, which buys the order and is logged in on the page
      r.memo.email = await registerAccount(r, 'withdrawal', PASSWORD);
      await r.page.goto(`/${r.lang}/login`);
      await logIn(r, String(r.memo.email), PASSWORD);
      const token = await r.page.evaluate(() => sessionStorage.getItem('jwt'));
      const order = await bookAndTicket(r, String(r.memo.email), token ?? undefined);
      r.memo.booking = order.id;
      r.memo.key = order.key;
      return;
    }
    const order = await bookAndTicket(r, String(r.memo.email));
    r.memo.booking = order.id;
    r.memo.key = order.key;
  },

  async start(r) {
    const { orderId, orderKey } = input(r);
    const search = new URLSearchParams();
    if (orderId) search.set('id', String(r.memo.booking));
    if (orderKey) search.set('key', String(r.memo.key));
    const query = search.toString();
    if (!orderId) {
      // as a visitor finds it: the footer's link "Hier Vertrag widerrufen" from the home page
      await r.page.goto(`/${r.lang}`);
      await r.page.locator('footer').getByRole('link', { name: r.words('footer.withdraw', { whole: true }) }).click();
      return;
    }
    await r.page.goto(`/${r.lang}/withdrawal${query ? `?${query}` : ''}`);
  },

  events: {
    FIELD_CHANGED: async (r, step) => {
      const { field: name, value } = ev(step) as unknown as { field: string; value: string };
      await field(r, name).fill(typed(r, name, value));
    },
    LINE_TOGGLED: async (r, step) => {
      const { line, chosen } = ev(step) as unknown as { line: number; chosen: boolean };
      // the model's line 0 is the book, the open line; its other lines are the ones a visitor cannot choose
      if (line !== 0) {
        const disabled = lines(r).getByRole('checkbox', { disabled: true }).first();
        if ((await disabled.count()) === 0) throw new Mismatch('no line that cannot be chosen');
        return; // a disabled checkbox takes no click: the visitor cannot choose it
      }
      await openLine(r).setChecked(chosen);
    },
    CONTINUE: async (r) => button(r, 'withdrawal.continue').click(),
    BACK: async (r) => button(r, 'withdrawal.back').click(),
    CONFIRM: async (r) => button(r, 'withdrawal.confirm').click(),
    RETRY: async (r) => button(r, 'withdrawal.retry').click(),
    OTHER_ORDER: async (r) => button(r, 'withdrawal.otherOrder').click(),
    'done:findOrder': async (r, step) => {
      const output = ev(step).output as WithdrawalOrder;
      if (output.lines.some((line) => line.status === 'open')) return r.answer('findOrder', { server: true });
      // nothing open: the server's order with its open lines' period ended
      await r.answer('findOrder', {
        edit: (body) => {
          const data = (body as { data: WithdrawalOrder }).data;
          return { data: { ...data, lines: data.lines.map((l) => (l.status === 'open' ? { ...l, status: 'excluded', reason: 'period_ended', period_ends: '2026-11-30' } : l)) } };
        },
      });
    },
    'error:findOrder': fail('findOrder'),
    'done:withdraw': async (r, step) => {
      const output = ev(step).output as WithdrawResult;
      if (!output.repeated) return r.answer('withdraw', { server: true });
      await r.answer('withdraw', { edit: (body) => ({ data: { ...(body as { data: WithdrawResult }).data, repeated: true } }) });
    },
    'error:withdraw': fail('withdraw'),
  },

  states: {
    'Identifying the order': async (r) => {
      await r.shows(stepHeading(r, 'withdrawal.identifyTitle'), 'the step "which order?"');
      await r.shows(field(r, 'orderId'), 'the booking number');
      await r.shows(button(r, 'withdrawal.continue'), 'the button "Weiter"');
      await r.lacks(finding(r), 'the "looking for the order" notice');
    },
    'Finding the order': async (r) => {
      await r.shows(finding(r), 'the "looking for the order" notice');
      await r.lacks(lines(r), 'the lines');
    },
    'Finding failed': async (r) => {
      await r.shows(alertOf(r, 'withdrawal.error.findFailed'), 'the "could not be looked up" alert');
      await r.shows(button(r, 'withdrawal.retry'), 'the button "try again"');
    },
    'Nothing to withdraw': async (r) => {
      await r.shows(main(r).getByTestId('withdrawal-nothing-open'), 'the "nothing to withdraw" notice');
      await r.lacks(openLine(r), 'a line that can be chosen');
    },
    'Choosing lines': async (r) => {
      await r.shows(stepHeading(r, 'withdrawal.linesTitle'), 'the step "what do you withdraw from?"');
      await r.shows(openLine(r), 'the book, offered');
      await r.shows(lines(r).getByText(r.words('withdrawal.status.dated', { whole: true })), 'the ticket, refused with its reason');
    },
    'Giving name and e-mail': async (r) => {
      await r.shows(stepHeading(r, 'withdrawal.detailsTitle'), 'the step "your name and e-mail address"');
      await r.shows(field(r, 'name'), 'the name');
      await r.shows(field(r, 'ackEmail'), 'the address of the acknowledgement');
    },
    Confirming: async (r) => {
      await r.shows(stepHeading(r, 'withdrawal.confirmTitle'), 'the second step');
      await r.shows(main(r).getByTestId('withdrawal-statement'), 'what will be stated');
      await r.shows(button(r, 'withdrawal.confirm'), 'the button "Widerruf bestätigen"');
      await r.lacks(sending(r), 'the "sending" notice');
    },
    'Sending statement': async (r) => {
      await r.shows(sending(r), 'the "sending" notice');
      if (!(await button(r, 'withdrawal.confirm').isDisabled())) throw new Mismatch('"Widerruf bestätigen" can be pressed again while sending');
    },
    'Sending failed': async (r) => {
      await r.shows(alertOf(r, 'withdrawal.error.sendFailed'), 'the "could not be sent" alert');
      await r.shows(button(r, 'withdrawal.retry'), 'the button "try again"');
    },
    'Withdrawal received': async (r) => {
      await r.shows(stepHeading(r, 'withdrawal.receivedTitle'), 'the step "withdrawal received"');
      await r.shows(main(r).getByTestId('withdrawal-received'), 'the date and time received');
    },
    'Function off': async (r) => {
      await r.shows(main(r).getByTestId('withdrawal-off'), 'the "function off" notice');
    },
  },
};
