/**
 * "My orders" and what an order delivers (issue 42) on the real shell with a fake shop API: the
 * list behind the login (and back after it), its orders with their links, none yet, a failure
 * and its retry, a lost session; an order's page from the mail's link (the key, no token) with its
 * lines, visits, vouchers, documents and "send the confirmation again" (sent, too soon, no address,
 * failed); an order from a back end without documents (the page as it was); 406; the account menu's
 * link; the success page and the order review with the documents, and without them as today.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import en from '../../src/i18n/messages/en.json';
import { createShell, type ShellInstance } from '../../src/app/services.js';
import { App } from '../../src/app/App.js';
import { fakeServer, type Reply } from './shell-harness.js';

const catalogue = en as Record<string, string>;
function t(id: string, values: Record<string, string> = {}): string {
  const message = catalogue[id];
  if (message === undefined) throw new Error(`en.json has no message ${id}`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
const token = (sub: string, guest = false) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub, guest, exp: 4102444800 })).replace(/=+$/, '')}.c2ln`;
const JWT = token('7');
const KEY = 'Kq3vT9xw2LmN8pRs4YbZ6cDe';

const documents = (over: Record<string, unknown> = {}) => ({
  key: KEY,
  mail_to: 'a•••@museum.example',
  pdf: `http://shop.test/api/en/order/tickets.pdf?id=B-100&key=${KEY}`,
  gift_pdf: null,
  ics: `http://shop.test/api/en/order/visits.ics?id=B-100&key=${KEY}`,
  ...over,
});
const summaries = [
  {
    id: 'B-101', created_at: '2026-06-02 09:30:00', lines: [{ type: 'voucher', name: 'Voucher CHF 50', amount: 5000 }], amount: 5000, currency: 'CHF',
    documents: documents({ key: 'other-key-0123456789abcd', pdf: null, ics: null, gift_pdf: 'http://shop.test/api/en/order/gift.pdf?id=B-101' }), visits: [],
  },
  {
    id: 'B-100', created_at: '2026-06-01 12:00:00', lines: [{ type: 'ticket', name: 'Adults', amount: 3600 }], amount: 3600, currency: 'CHF',
    documents: documents(), visits: [{ title: 'Permanent collection', start: '2026-06-13 11:00:00', end: null, venue: 'Museum, Seestrasse 1' }],
  },
];
const review = {
  id: 'B-100', created_at: '2026-06-01 12:00', payart: 161, has_tickets: true, external_document_number: null,
  lines: [{ type: 'ticket', name: 'Adults', amount: 3600, vat: 270 }], subtotal: 3600, discount: 0, shipping: 0, amount: 3600, currency: 'CHF',
};
const full = {
  ...review,
  documents: documents(),
  visits: [{ title: 'Permanent collection', start: '2026-06-13 11:00:00', end: '2026-06-13 12:30:00', venue: 'Museum, Seestrasse 1' }],
  vouchers: [{ code: 'GIFT-7KQ2-M9XW', value: 5000, valid_until: '2029-06-01' }],
};

interface Call {
  path: string;
  query: URLSearchParams;
  method: string;
}
let shell: ShellInstance | null = null;
let calls: Call[] = [];

function mount(path: string, api: (call: Call) => Reply | undefined) {
  calls = [];
  const server = fakeServer({ handler: (p) => api(calls.filter((c) => c.path === p).at(-1) ?? { path: p, query: new URLSearchParams(), method: 'GET' }) });
  const recording: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    calls.push({ path: url.pathname.replace(/^\/api\/[a-z]{2}\//, ''), query: url.searchParams, method: init?.method ?? 'GET' });
    return server.fetch(input, init);
  };
  shell = createShell({ baseURL: 'http://shop.test/api', history: createMemoryHistory({ initialEntries: [path] }), fetch: recording, reload: () => {}, assign: () => {} });
  render(<App shell={shell} />);
}

function loggedIn(jwt = JWT) {
  sessionStorage.setItem('jwt', jwt);
  sessionStorage.setItem('customer', JSON.stringify({ email: 'anna@museum.example', fname: 'Anna', lname: 'Muster', guest: false }));
}

const called = (p: string) => calls.filter((c) => c.path === p);
const location = () => shell?.router.state.location;
const ok = (data: unknown): Reply => ({ status: 200, body: { data } });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
const link = (scope: HTMLElement, id: string) => within(scope).getByRole('link', { name: t(id) });

afterEach(() => {
  cleanup();
  shell?.actor.stop();
  shell = null;
  sessionStorage.clear();
});

describe('my orders: the list', () => {
  it('a logged-out visitor goes to login with returnTo, and comes back to the orders after login', async () => {
    mount('/en/orders', (c) => (c.path === 'auth/login' ? ok({ jwt: JWT }) : c.path === 'orders' ? ok(summaries) : c.path === 'customer' ? ok({ email: 'a@b.c' }) : undefined));
    await heading(t('title.login'));
    expect(location()?.pathname).toBe('/en/login');
    expect((location()?.search as { returnTo?: unknown }).returnTo).toBe('/en/orders');
    fireEvent.change(document.querySelector('[name="email"]')!, { target: { value: 'anna@museum.example' } });
    fireEvent.change(document.querySelector('[name="password"]')!, { target: { value: 'Museum2026!' } });
    fireEvent.click(screen.getByRole('button', { name: t('auth.loginSubmit') }));
    await heading(t('title.orders'));
    expect(location()?.pathname).toBe('/en/orders');
    expect(await screen.findAllByTestId('order-card')).toHaveLength(2);
  });

  it('lists the orders newest first with date, booking id, lines, amount, the order page, the PDF and the calendar entry; the token goes as _', async () => {
    loggedIn();
    mount('/en/orders', (c) => (c.path === 'orders' ? ok(summaries) : undefined));
    await heading(t('title.orders'));
    const cards = await screen.findAllByTestId('order-card');
    expect(called('orders')[0]?.query.get('_')).toBe(JWT);
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(['Order B-101', 'Order B-100']);
    const second = cards[1]!;
    expect(within(second).getByRole('link', { name: 'Order B-100' }).getAttribute('href')).toBe('/en/orders/B-100');
    expect(second.textContent).toContain(t('orders.orderedOn', { date: '01.06.2026' }));
    expect(second.textContent).toContain(t('orders.amount', { amount: 'CHF 36.00' }));
    expect(second.textContent).toContain('Adults');
    const pdf = link(second, 'documents.pdf');
    expect(pdf.getAttribute('href')).toBe(summaries[1]!.documents.pdf);
    expect(pdf.hasAttribute('download')).toBe(true);
    // each file link says which order it belongs to (its card's heading)
    expect(document.getElementById(pdf.getAttribute('aria-describedby')!)?.textContent).toBe('Order B-100');
    expect(link(second, 'documents.calendar').getAttribute('href')).toBe(summaries[1]!.documents.ics);
    // the voucher order: its gift PDF, no tickets and no calendar entry
    expect(link(cards[0]!, 'documents.giftPdf')).toBeTruthy();
    expect(within(cards[0]!).queryByRole('link', { name: t('documents.pdf') })).toBeNull();
    expect(within(cards[0]!).queryByRole('link', { name: t('documents.calendar') })).toBeNull();
  });

  it('no orders yet: says so, with a way to the shop', async () => {
    loggedIn();
    mount('/en/orders', (c) => (c.path === 'orders' ? ok([]) : undefined));
    expect((await screen.findByTestId('orders-none', {}, { timeout: 5000 })).textContent).toBe(t('orders.none'));
    expect(screen.getByRole('link', { name: t('orders.toShop') }).getAttribute('href')).toBe('/en');
    expect(screen.getByTestId('orders-none').closest('[role="status"]')).toBeTruthy();
  });

  it('no answer: an alert and "try again", which loads the orders', async () => {
    loggedIn();
    let fail = true;
    mount('/en/orders', (c) => (c.path === 'orders' ? (fail ? { status: 503, body: { error: 'DOWN' } } : ok(summaries)) : undefined));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain(t('orders.listFailed'));
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: t('page.retry') }));
    expect(await screen.findAllByTestId('order-card')).toHaveLength(2);
  });

  it('a session that expired (401): login with returnTo back to the orders', async () => {
    loggedIn();
    mount('/en/orders', (c) => (c.path === 'orders' ? { status: 401, body: { error: 'TOKEN_INVALID', message: 'Your session has expired.' } } : undefined));
    await heading(t('title.login'));
    expect((location()?.search as { returnTo?: unknown }).returnTo).toBe('/en/orders');
  });

  it('the account menu of a logged-in customer links to My orders', async () => {
    loggedIn();
    mount('/en/orders', (c) => (c.path === 'orders' ? ok([]) : undefined));
    await screen.findByTestId('orders-none', {}, { timeout: 5000 });
    const banner = screen.getByRole('banner');
    fireEvent.click(within(banner).getByRole('button', { name: /Anna Muster/ }));
    expect(within(banner).getByRole('link', { name: t('header.orders') }).getAttribute('href')).toBe('/en/orders');
  });
});

describe('my orders: one order', () => {
  it("the mail's link: the key and no token; lines, visits, vouchers, documents and where the mail went; no 'all my orders'", async () => {
    mount(`/en/orders/B-100?key=${KEY}`, (c) => (c.path === 'order/review' ? ok(full) : undefined));
    await heading('Order B-100');
    const request = called('order/review')[0]!;
    expect(request.query.get('id')).toBe('B-100');
    expect(request.query.get('key')).toBe(KEY);
    expect(request.query.get('_')).toBeNull();
    expect(location()?.href).toBe(`/en/orders/B-100?key=${KEY}`);
    expect(screen.getByTestId('order-amount').textContent).toBe('CHF 36.00');
    const visits = screen.getByRole('region', { name: t('documents.visitsTitle') });
    expect(visits.textContent).toContain('Permanent collection');
    expect(visits.textContent).toContain('13.06.2026, 11:00–12:30');
    expect(visits.textContent).toContain('Museum, Seestrasse 1');
    const vouchers = screen.getByRole('region', { name: t('documents.vouchersTitle') });
    expect(within(vouchers).getByRole('rowheader').textContent).toBe('GIFT-7KQ2-M9XW');
    expect(vouchers.textContent).toContain('CHF 50.00');
    expect(vouchers.textContent).toContain('01.06.2029');
    const docs = screen.getByRole('region', { name: t('documents.title') });
    expect(docs.textContent).toContain(t('documents.mailedTo', { address: 'a•••@museum.example' }));
    expect(link(docs, 'documents.pdf').getAttribute('href')).toBe(full.documents.pdf);
    expect(link(docs, 'documents.calendar').getAttribute('href')).toBe(full.documents.ics);
    expect(screen.queryByRole('link', { name: t('orders.allOrders') })).toBeNull();
  });

  it('send the confirmation again: sending, then "on its way" to the masked address, in a live region; with the key', async () => {
    let answer: (reply: Reply) => void = () => {};
    mount(`/en/orders/B-100?key=${KEY}`, (c) =>
      c.path === 'order/review' ? ok(full) : c.path === 'order/resend' ? new Promise<{ status: number; body: unknown }>((resolve) => (answer = resolve as typeof answer)) : undefined,
    );
    await heading('Order B-100');
    const button = screen.getByRole('button', { name: t('orders.resend') });
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByText(t('orders.resending'))).toBeTruthy();
    // a second press while it sends sends nothing more
    fireEvent.click(button);
    answer(ok({ mail_to: 'a•••@museum.example' }));
    const sent = await screen.findByTestId('resend-sent');
    expect(sent.textContent).toBe(t('orders.resent', { address: 'a•••@museum.example' }));
    expect(sent.closest('[role="status"]')).toBeTruthy();
    const resend = called('order/resend');
    expect(resend).toHaveLength(1);
    expect(resend[0]?.method).toBe('POST');
    expect(resend[0]?.query.get('id')).toBe('B-100');
    expect(resend[0]?.query.get('key')).toBe(KEY);
  });

  it('too soon (429): says in how many seconds to ask again, without the button; 422: no address', async () => {
    let status = 429;
    mount(`/en/orders/B-100?key=${KEY}`, (c) =>
      c.path === 'order/review'
        ? ok(full)
        : c.path === 'order/resend'
          ? status === 429
            ? { status: 429, body: { error: 'ORDER_RESEND_TOO_SOON', message: 'Too soon', data: { retry_after: 42 } } }
            : { status: 422, body: { error: 'ORDER_NO_ADDRESS', message: 'No address' } }
          : undefined,
    );
    await heading('Order B-100');
    fireEvent.click(screen.getByRole('button', { name: t('orders.resend') }));
    const soon = await screen.findByTestId('resend-too-soon');
    expect(soon.textContent).toBe('The confirmation was sent only a moment ago. You can ask for it again in 42 seconds.');
    expect(screen.queryByRole('button', { name: t('orders.resend') })).toBeNull();
    cleanup();
    shell?.actor.stop();
    status = 422;
    mount(`/en/orders/B-100?key=${KEY}`, (c) => (c.path === 'order/review' ? ok(full) : c.path === 'order/resend' ? { status: 422, body: { error: 'ORDER_NO_ADDRESS' } } : undefined));
    await heading('Order B-100');
    fireEvent.click(screen.getByRole('button', { name: t('orders.resend') }));
    expect((await screen.findByTestId('resend-no-address')).textContent).toBe(t('orders.resendNoAddress'));
    expect(screen.queryByRole('button', { name: t('orders.resend') })).toBeNull();
  });

  it('sending fails: an alert, and the button tries again', async () => {
    let fail = true;
    mount(`/en/orders/B-100?key=${KEY}`, (c) =>
      c.path === 'order/review' ? ok(full) : c.path === 'order/resend' ? (fail ? { status: 500, body: { error: 'INTERNAL_ERROR' } } : ok({ mail_to: 'a•••@museum.example' })) : undefined,
    );
    await heading('Order B-100');
    fireEvent.click(screen.getByRole('button', { name: t('orders.resend') }));
    expect((await screen.findByTestId('resend-failed')).closest('[role="alert"]')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: t('orders.resend') }));
    await screen.findByTestId('resend-sent');
  });

  it("a customer's order from the list: the token, no key; 'all my orders' goes back to the list without loading it again", async () => {
    loggedIn();
    mount('/en/orders', (c) => (c.path === 'orders' ? ok(summaries) : c.path === 'order/review' ? ok(full) : undefined));
    const cards = await screen.findAllByTestId('order-card', {}, { timeout: 5000 });
    fireEvent.click(within(cards[1]!).getByRole('link', { name: 'Order B-100' }));
    await heading('Order B-100');
    expect(called('order/review')[0]?.query.get('_')).toBe(JWT);
    expect(called('order/review')[0]?.query.get('key')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: t('orders.allOrders') }));
    await heading(t('title.orders'));
    expect(await screen.findAllByTestId('order-card')).toHaveLength(2);
    expect(called('orders')).toHaveLength(1);
  });

  it('a back end without documents: the order as the review shows it, no documents, nothing to send again', async () => {
    mount('/en/orders/B-100', (c) => (c.path === 'order/review' ? ok(review) : undefined));
    await heading('Order B-100');
    expect(screen.getByTestId('order-amount').textContent).toBe('CHF 36.00');
    expect(screen.queryByTestId('order-documents')).toBeNull();
    expect(screen.queryByTestId('order-visits')).toBeNull();
    expect(screen.queryByRole('button', { name: t('orders.resend') })).toBeNull();
  });

  it('an unknown order (406): not found, with a way to the shop', async () => {
    mount('/en/orders/NOSUCHORDER1?key=nope', (c) => (c.path === 'order/review' ? { status: 406, body: { error: 'ORDER_NOT_AVAILABLE' } } : undefined));
    const notFound = await screen.findByTestId('order-not-found', {}, { timeout: 5000 });
    expect(notFound.textContent).toBe(t('orders.notFound', { id: 'NOSUCHORDER1' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('title.order'));
    expect(screen.getByRole('link', { name: t('orders.toShop') })).toBeTruthy();
  });
});

describe('the order review with the order key', () => {
  it('shows the documents, visits and vouchers; without the key (today) the page is as it was', async () => {
    mount(`/en/order-review/B-100?key=${KEY}`, (c) => (c.path === 'order/review' ? ok(full) : undefined));
    await screen.findByTestId('order-documents', {}, { timeout: 5000 });
    expect(called('order/review')[0]?.query.get('key')).toBe(KEY);
    expect(screen.getByRole('region', { name: t('documents.visitsTitle') })).toBeTruthy();
    expect(screen.getByRole('region', { name: t('documents.vouchersTitle') })).toBeTruthy();
    cleanup();
    shell?.actor.stop();
    mount('/en/order-review/B-100', (c) => (c.path === 'order/review' ? ok(review) : undefined));
    await screen.findByText('Order B-100 of 01.06.2026', {}, { timeout: 5000 });
    expect(called('order/review')[0]?.query.get('key')).toBeNull();
    expect(screen.queryByTestId('order-documents')).toBeNull();
    expect(within(screen.getByRole('main')).queryAllByRole('heading', { level: 2 })).toEqual([]);
  });
});
