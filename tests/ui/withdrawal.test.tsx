/**
 * "Withdraw from contract here" (issue 46) on the real shell with a fake shop API: the footer's
 * link while the operator has the function on (and not when off), an anonymous buyer identifying
 * an order, the book offered and the timed ticket refused with its reason, the name and address
 * prefilled, the second step "Confirm withdrawal", the date and time received; the errors in German
 * and English with what was entered kept; a retry after a lost answer with the same request id;
 * the links on "My orders" and the order page, and "Withdrawn on"; the journey by keyboard alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import en from '../../src/i18n/messages/en.json';
import de from '../../src/i18n/messages/de.json';
import { createShell, type ShellInstance } from '../../src/app/services.js';
import { App } from '../../src/app/App.js';
import type { RemoteConfig } from '../../src/api/schemas/config.js';
import { fakeServer, type Answer, type Reply } from './shell-harness.js';

type Catalogue = Record<string, string>;
function text(catalogue: Catalogue, id: string, values: Record<string, string> = {}): string {
  const message = catalogue[id];
  if (message === undefined) throw new Error(`the catalogue has no message ${id}`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
const t = (id: string, values?: Record<string, string>) => text(en as Catalogue, id, values);
const tDe = (id: string, values?: Record<string, string>) => text(de as Catalogue, id, values);

const token = (sub: string) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub, guest: false, exp: 4102444800 })).replace(/=+$/, '')}.c2ln`;
const JWT = token('7');
const KEY = 'Kq3vT9xw2LmN8pRs4YbZ6cDe';
const EMAIL = 'ada@museum.example';

const order = {
  id: 'K7Q2M9XWPZ4C',
  created_at: '2026-12-01T10:00:00+01:00',
  currency: 'CHF',
  name: 'Ada Lovelace',
  email: EMAIL,
  lines: [
    { line: 0, type: 'merchandise', name: 'Museum book', amount: 3900, count: 1, status: 'open', reason: null, period_ends: '2026-12-18', withdrawn_at: null },
    { line: 1, type: 'ticket', name: 'Adult, 12.12.2026 10:00', amount: 1800, count: 1, status: 'excluded', reason: 'dated', period_ends: null, withdrawn_at: null },
    { line: 2, type: 'merchandise', name: 'Poster', amount: 1500, count: 1, status: 'excluded', reason: 'period_ended', period_ends: '2026-11-20', withdrawn_at: null },
  ],
  statements: [],
};
const statement = { id: 'st-2', received_at: '2026-12-07T22:15:03+01:00', lines: [0], name: 'Ada Lovelace', email: EMAIL };

interface Call {
  path: string;
  query: URLSearchParams;
  method: string;
  body: Record<string, unknown> | null;
}
let shell: ShellInstance | null = null;
let calls: Call[] = [];

function mount(path: string, api: (call: Call) => Reply | undefined, config: Partial<RemoteConfig> = { withdrawal_enabled: true }) {
  calls = [];
  const server = fakeServer({ config, handler: (p) => api(calls.filter((c) => c.path === p).at(-1)!) });
  const recording: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    calls.push({ path: url.pathname.replace(/^\/api\/[a-z]{2}\//, ''), query: url.searchParams, method: init?.method ?? 'GET', body });
    return server.fetch(input, init);
  };
  shell = createShell({ baseURL: 'http://shop.test/api', history: createMemoryHistory({ initialEntries: [path] }), fetch: recording, reload: () => {}, assign: () => {} });
  render(<App shell={shell} />);
}

const ok = (data: unknown): Answer => ({ status: 200, body: { data } });
const refused = (status: number, error: string, fields: Record<string, string[]> = {}): Answer => ({ status, body: { error, message: '', fields } });
const called = (p: string) => calls.filter((c) => c.path === p);
const heading = (name: string, level = 1) => screen.findByRole('heading', { level, name }, { timeout: 5000 });
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const button = (name: string) => screen.getByRole('button', { name });

/** The happy path's answers: the order, then the statement received. */
const shop = (c: Call): Reply | undefined => (c.path === 'order/withdrawal' ? ok(order) : c.path === 'order/withdraw' ? ok({ statement, repeated: false }) : undefined);

afterEach(() => {
  cleanup();
  shell?.actor.stop();
  shell = null;
  sessionStorage.clear();
});

describe('the footer link "Withdraw from contract here"', () => {
  it('is on every page while the operator has the function on, and leads to the withdrawal page', async () => {
    mount('/en/tickets', () => undefined);
    const footer = await screen.findByRole('contentinfo', {}, { timeout: 5000 });
    const link = await within(footer).findByRole('link', { name: t('footer.withdraw') });
    expect(link.getAttribute('href')).toBe('/en/withdrawal');
    fireEvent.click(link);
    await heading(t('title.withdrawal'));
    expect(shell?.router.state.location.pathname).toBe('/en/withdrawal');
  });

  it('is not there when the function is off (a franc shop without withdrawal_enabled)', async () => {
    mount('/en/tickets', () => undefined, {});
    const footer = await screen.findByRole('contentinfo', {}, { timeout: 5000 });
    await within(footer).findByRole('link', { name: t('footer.imprint') });
    expect(within(footer).queryByRole('link', { name: t('footer.withdraw') })).toBeNull();
  });

  it('is on by default for a euro shop, in German with its legal words', async () => {
    mount('/de/tickets', () => undefined, { currency: 'EUR', currency_symbol: '€' });
    const footer = await screen.findByRole('contentinfo', {}, { timeout: 5000 });
    expect((await within(footer).findByRole('link', { name: 'Hier Vertrag widerrufen' })).getAttribute('href')).toBe('/de/withdrawal');
  });
});

describe('the withdrawal journey', () => {
  it('an anonymous buyer identifies the order; the book is offered, the ticket refused with its reason; Confirm withdrawal; received with date and time', async () => {
    mount('/en/withdrawal', shop);
    await heading(t('title.withdrawal'));
    await heading(t('withdrawal.identifyTitle'), 2);
    type('orderId', 'K7Q2M9XWPZ4C');
    type('email', EMAIL);
    fireEvent.click(button(t('withdrawal.continue')));

    await heading(t('withdrawal.linesTitle'), 2);
    // the e-mail travels in the body, never in the address
    expect(called('order/withdrawal')[0]).toMatchObject({ method: 'POST', body: { id: 'K7Q2M9XWPZ4C', email: EMAIL } });
    expect(called('order/withdrawal')[0]!.query.has('email')).toBe(false);
    const group = screen.getByRole('group', { name: t('withdrawal.linesLegend') });
    const book = within(group).getByRole('checkbox', { name: /Museum book/ });
    const ticket = within(group).getByRole('checkbox', { name: /Adult, 12\.12\.2026/ });
    const poster = within(group).getByRole('checkbox', { name: /Poster/ });
    expect((book as HTMLInputElement).disabled).toBe(false);
    expect(book.closest('li')!.textContent).toContain('CHF 39.00');
    expect((ticket as HTMLInputElement | HTMLButtonElement).disabled).toBe(true);
    expect(ticket.getAttribute('aria-describedby') && document.getElementById(ticket.getAttribute('aria-describedby')!)?.textContent).toBe('Dated admission: no right of withdrawal');
    expect((poster as HTMLInputElement | HTMLButtonElement).disabled).toBe(true);
    expect(poster.closest('li')!.textContent).toContain('Period ended on 20.11.2026');

    // nothing chosen: refused at the fieldset, which takes the error
    fireEvent.click(button(t('withdrawal.continue')));
    expect(await screen.findByText(t('withdrawal.error.noLineChosen'))).toBeTruthy();
    expect(group.getAttribute('aria-describedby')).toBe('withdrawal-lines-error');
    fireEvent.click(book);
    expect((book as HTMLInputElement).checked).toBe(true);
    fireEvent.click(button(t('withdrawal.continue')));

    await heading(t('withdrawal.detailsTitle'), 2);
    // prefilled from the answer
    expect(field('name').value).toBe('Ada Lovelace');
    expect(field('ackEmail').value).toBe(EMAIL);
    fireEvent.click(button(t('withdrawal.continue')));

    await heading(t('withdrawal.confirmTitle'), 2);
    const stated = screen.getByTestId('withdrawal-statement');
    expect(stated.textContent).toContain('Museum book');
    expect(stated.textContent).not.toContain('Poster');
    expect(stated.textContent).toContain('Ada Lovelace');
    expect(called('order/withdraw')).toHaveLength(0);
    fireEvent.click(button('Confirm withdrawal'));

    await heading(t('withdrawal.receivedTitle'), 2);
    expect(screen.getByTestId('withdrawal-received').textContent).toBe(t('withdrawal.receivedAt', { date: '07.12.2026', time: '22:15' }));
    const sent = called('order/withdraw');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ id: 'K7Q2M9XWPZ4C', email: EMAIL, lines: [0], name: 'Ada Lovelace', ack_email: EMAIL });
    expect(String(sent[0]!.body?.request_id)).toMatch(/^[\w-]{8,64}$/);
  });

  it('the mail link (id and key) skips the identification; a retry after a lost answer sends the same request id; a repeat says when it was received', async () => {
    let withdraws = 0;
    mount(`/en/withdrawal?id=K7Q2M9XWPZ4C&key=${KEY}`, (c) => {
      if (c.path === 'order/withdrawal') return ok(order);
      if (c.path === 'order/withdraw') return ++withdraws === 1 ? refused(503, 'SERVICE_UNAVAILABLE') : ok({ statement, repeated: true });
      return undefined;
    });
    await heading(t('withdrawal.linesTitle'), 2);
    expect(called('order/withdrawal')[0]!.body).toEqual({ id: 'K7Q2M9XWPZ4C', key: KEY });
    fireEvent.click(screen.getByRole('checkbox', { name: /Museum book/ }));
    fireEvent.click(button(t('withdrawal.continue')));
    await heading(t('withdrawal.detailsTitle'), 2);
    fireEvent.click(button(t('withdrawal.continue')));
    await heading(t('withdrawal.confirmTitle'), 2);
    fireEvent.click(button(t('withdrawal.confirm')));
    expect(await screen.findByText(t('withdrawal.error.sendFailed'))).toBeTruthy();
    fireEvent.click(button(t('withdrawal.retry')));
    await heading(t('withdrawal.receivedTitle'), 2);
    const [first, second] = called('order/withdraw');
    expect(second!.body?.request_id).toBe(first!.body?.request_id);
    expect(screen.getByTestId('withdrawal-received').textContent).toBe(t('withdrawal.receivedBefore', { date: '07.12.2026', time: '22:15' }));
  });

  it('in German: no order with this number and this e-mail, said once; what was typed stays', async () => {
    mount('/de/withdrawal', (c) => (c.path === 'order/withdrawal' ? refused(404, 'WITHDRAWAL_ORDER_NOT_FOUND') : undefined));
    await heading(tDe('withdrawal.identifyTitle'), 2);
    type('orderId', 'K7Q2M9XWPZ4C');
    type('email', 'ada@wrong.example');
    fireEvent.click(button(tDe('withdrawal.continue')));
    const alert = await screen.findByText(tDe('withdrawal.error.notFound'));
    expect(alert.textContent).toBe('Es gibt keine Bestellung mit dieser Buchungsnummer und dieser E-Mail-Adresse.');
    expect(field('orderId').value).toBe('K7Q2M9XWPZ4C');
    expect(field('email').value).toBe('ada@wrong.example');
    // the focus is on the error (the form's alert)
    await waitFor(() => expect(document.activeElement?.textContent).toBe(tDe('withdrawal.error.notFound')));
  });

  it('in German: the form refuses a number that is not digits and a missing address at their fields, asking the server nothing', async () => {
    mount('/de/withdrawal', shop);
    await heading(tDe('withdrawal.identifyTitle'), 2);
    type('orderId', 'B-1042');
    fireEvent.click(button(tDe('withdrawal.continue')));
    expect(await screen.findByText(tDe('withdrawal.error.orderIdInvalid'))).toBeTruthy();
    expect(screen.getByText(tDe('withdrawal.error.emailMissing'))).toBeTruthy();
    const input = field('orderId');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toContain(tDe('withdrawal.error.orderIdInvalid'));
    expect(input.value).toBe('B-1042');
    expect(called('order/withdrawal')).toHaveLength(0);
  });

  it("in English: the server's field errors at their fields, in the visitor's words; what was typed stays", async () => {
    mount(`/en/withdrawal?id=K7Q2M9XWPZ4C&key=${KEY}`, (c) =>
      c.path === 'order/withdrawal'
        ? ok(order)
        : c.path === 'order/withdraw'
          ? refused(422, 'VALIDATION_FAILED', { name: ['Your name is missing.'], ack_email: ['This is not an e-mail address.'] })
          : undefined,
    );
    await heading(t('withdrawal.linesTitle'), 2);
    fireEvent.click(screen.getByRole('checkbox', { name: /Museum book/ }));
    fireEvent.click(button(t('withdrawal.continue')));
    await heading(t('withdrawal.detailsTitle'), 2);
    type('name', 'Grace Hopper');
    fireEvent.click(button(t('withdrawal.continue')));
    await heading(t('withdrawal.confirmTitle'), 2);
    fireEvent.click(button(t('withdrawal.confirm')));
    await heading(t('withdrawal.detailsTitle'), 2);
    expect(await screen.findByText(t('withdrawal.error.nameMissing'))).toBeTruthy();
    expect(screen.getByText(t('withdrawal.error.emailInvalid'))).toBeTruthy();
    expect(field('name').value).toBe('Grace Hopper');
    expect(field('ackEmail').getAttribute('aria-invalid')).toBe('true');
  });

  it('an order with nothing open says so, each line with its reason; the function switched off says so', async () => {
    const closed = { ...order, lines: order.lines.filter((l) => l.status !== 'open') };
    mount(`/en/withdrawal?id=K7Q2M9XWPZ4C&key=${KEY}`, (c) => (c.path === 'order/withdrawal' ? ok(closed) : undefined));
    expect(await screen.findByTestId('withdrawal-nothing-open')).toBeTruthy();
    expect(screen.getAllByTestId('withdrawal-line-status').map((s) => s.textContent)).toEqual(['Dated admission: no right of withdrawal', 'Period ended on 20.11.2026']);
    cleanup();
    shell?.actor.stop();
    mount(`/en/withdrawal?id=K7Q2M9XWPZ4C&key=${KEY}`, (c) => (c.path === 'order/withdrawal' ? refused(404, 'WITHDRAWAL_OFF') : undefined));
    expect((await screen.findByTestId('withdrawal-off')).textContent).toBe(t('withdrawal.off'));
  });

  it('by keyboard alone: native controls in the tab order, the focus on each step\'s heading, Enter submits each step', async () => {
    mount('/en/withdrawal', shop);
    await heading(t('withdrawal.identifyTitle'), 2);
    const section = document.querySelector<HTMLElement>('section.withdrawal')!;
    const noMouseOnly = () => {
      for (const el of section.querySelectorAll<HTMLElement>('[onclick], [role="button"], [tabindex]')) {
        // only headings and alerts take the focus programmatically; nothing else leaves the tab order
        expect(['H1', 'H2', 'P'].includes(el.tagName) ? el.getAttribute('tabindex') : null).toBe(el.hasAttribute('tabindex') ? '-1' : null);
      }
    };
    noMouseOnly();
    field('orderId').focus();
    type('orderId', 'K7Q2M9XWPZ4C');
    type('email', EMAIL);
    // Enter in a field submits its form
    fireEvent.submit(field('email').form!);
    await heading(t('withdrawal.linesTitle'), 2);
    await waitFor(() => expect(document.activeElement?.textContent).toBe(t('withdrawal.linesTitle')));
    noMouseOnly();
    const book = screen.getByRole<HTMLInputElement>('checkbox', { name: /Museum book/ });
    book.focus();
    // Space on a checkbox is its click
    fireEvent.click(book);
    fireEvent.submit(book.form!);
    await heading(t('withdrawal.detailsTitle'), 2);
    await waitFor(() => expect(document.activeElement?.textContent).toBe(t('withdrawal.detailsTitle')));
    fireEvent.submit(field('name').form!);
    await heading(t('withdrawal.confirmTitle'), 2);
    const confirm = button(t('withdrawal.confirm'));
    expect(confirm.getAttribute('type')).toBe('submit');
    fireEvent.submit(confirm.closest('form')!);
    await heading(t('withdrawal.receivedTitle'), 2);
    await waitFor(() => expect(document.activeElement?.textContent).toBe(t('withdrawal.receivedTitle')));
    expect(called('order/withdraw')).toHaveLength(1);
  });

  it('a second submit while sending sends nothing more (busy, the button disabled)', async () => {
    let answer: (reply: Answer) => void = () => {};
    mount(`/en/withdrawal?id=K7Q2M9XWPZ4C&key=${KEY}`, (c) =>
      c.path === 'order/withdrawal' ? ok(order) : c.path === 'order/withdraw' ? new Promise<Answer>((resolve) => (answer = resolve)) : undefined,
    );
    await heading(t('withdrawal.linesTitle'), 2);
    fireEvent.click(screen.getByRole('checkbox', { name: /Museum book/ }));
    fireEvent.click(button(t('withdrawal.continue')));
    await heading(t('withdrawal.detailsTitle'), 2);
    fireEvent.click(button(t('withdrawal.continue')));
    await heading(t('withdrawal.confirmTitle'), 2);
    const confirm = button(t('withdrawal.confirm'));
    fireEvent.click(confirm);
    await waitFor(() => expect((confirm as HTMLInputElement | HTMLButtonElement).disabled).toBe(true));
    expect(confirm.closest('form')!.getAttribute('aria-busy')).toBe('true');
    fireEvent.submit(confirm.closest('form')!);
    await act(async () => answer(ok({ statement, repeated: false })));
    await heading(t('withdrawal.receivedTitle'), 2);
    expect(called('order/withdraw')).toHaveLength(1);
  });
});

describe('the entry points on orders', () => {
  const documents = { key: KEY, mail_to: 'a•••@museum.example', pdf: null, gift_pdf: null, ics: null };

  it('"My orders": the link on each order that may be withdrawn, with its key; none on the others; "Withdrawn on"', async () => {
    sessionStorage.setItem('jwt', JWT);
    sessionStorage.setItem('customer', JSON.stringify({ email: EMAIL, fname: 'Ada', lname: 'Lovelace', guest: false }));
    const summaries = [
      { id: '1043', created_at: '2026-12-02 09:30:00', lines: [{ type: 'ticket', name: 'Adult', amount: 1800 }], amount: 1800, currency: 'CHF', withdrawable: false, documents: { ...documents, key: 'other-key-0123456789abcd' }, visits: [] },
      {
        id: 'K7Q2M9XWPZ4C', created_at: '2026-12-01 10:00:00', amount: 5700, currency: 'CHF', withdrawable: true, documents, visits: [],
        lines: [{ type: 'merchandise', name: 'Museum book', amount: 3900 }, { type: 'merchandise', name: 'Poster', amount: 1800, withdrawn_at: '2026-12-03T11:00:00+01:00' }],
      },
    ];
    mount('/en/orders', (c) => (c.path === 'orders' ? ok(summaries) : undefined));
    const cards = await screen.findAllByTestId('order-card', {}, { timeout: 5000 });
    expect(within(cards[0]!).queryByRole('link', { name: t('footer.withdraw') })).toBeNull();
    const link = within(cards[1]!).getByRole('link', { name: t('footer.withdraw') });
    expect(link.getAttribute('href')).toBe(`/en/withdrawal?id=K7Q2M9XWPZ4C&key=${KEY}`);
    expect(within(cards[1]!).getByTestId('line-withdrawn').textContent).toBe(t('documents.withdrawnOn', { date: '03.12.2026' }));
  });

  it('the order page (order review) links to the function while a line may be withdrawn, and shows a withdrawn line', async () => {
    const review = {
      id: 'K7Q2M9XWPZ4C', created_at: '2026-12-01 10:00', payart: 161, has_tickets: true, external_document_number: null, withdrawable: true,
      lines: [
        { type: 'merchandise', name: 'Museum book', amount: 3900, vat: 290 },
        { type: 'merchandise', name: 'Poster', amount: 1800, vat: 135, withdrawn_at: '2026-12-03T11:00:00+01:00' },
      ],
      subtotal: 5700, discount: 0, shipping: 0, amount: 5700, currency: 'CHF', documents, visits: [], vouchers: [],
    };
    mount(`/en/order-review/K7Q2M9XWPZ4C?key=${KEY}`, (c) => (c.path === 'order/review' ? ok(review) : undefined));
    const link = await screen.findByRole('link', { name: t('footer.withdraw') }, { timeout: 5000 });
    // the footer's link has no order; the order's has its id and key
    const orderLink = screen.getAllByTestId('withdraw-link')[0]!;
    expect(orderLink.getAttribute('href')).toBe(`/en/withdrawal?id=K7Q2M9XWPZ4C&key=${KEY}`);
    expect(link).toBeTruthy();
    expect(screen.getByTestId('line-withdrawn').textContent).toBe(t('documents.withdrawnOn', { date: '03.12.2026' }));
  });

  it('an order that may not be withdrawn has no link on its page', async () => {
    const review = {
      id: 'K7Q2M9XWPZ4C', created_at: '2026-12-01 10:00', payart: 161, has_tickets: true, external_document_number: null, withdrawable: false,
      lines: [{ type: 'ticket', name: 'Adult', amount: 1800, vat: 135 }], subtotal: 1800, discount: 0, shipping: 0, amount: 1800, currency: 'CHF',
    };
    mount('/en/order-review/K7Q2M9XWPZ4C', (c) => (c.path === 'order/review' ? ok(review) : undefined));
    await screen.findByText(/Adult/, {}, { timeout: 5000 });
    expect(screen.queryByTestId('withdraw-link')).toBeNull();
  });
});
