/**
 * Issue 42 against the reference server: what a paid order delivers. An anonymous buyer (the
 * address given on the provider's page) and the demo customer buy tickets, a family ticket, day
 * tickets, a tour, a gift voucher and an article; the confirmation arrives through a real SMTP
 * server with the PDF tickets, the gift PDF and the calendar file; every ticket code verifies (and
 * fails with one character changed, also offline with the public key); the voucher bought is a
 * code that can be redeemed; the order's files and "My orders" open with the key or as the owner,
 * never by the booking id alone; the confirmation can be sent again, once a minute.
 */
import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { startTestServer, type TestServer } from './harness.js';
import { Smtp } from './smtp.js';
import { createShopApi, type ShopApi } from '../../src/api/index.js';
import { DEMO, nextWeekday } from '../../src/server/seed/demo.js';
import { DEMO_CUSTOMER } from '../../src/server/seed/accounts.js';
import type { CartItem } from '../../src/domain/cart-payload.js';
import { failure, payAtProvider, providerParams, returnUrls } from './checkout-helpers.js';
import { addDays } from '../../src/domain/dates.js';
import { museumLocal } from '../../src/domain/museum-clock.js';
import type { OrderDocument } from '../../src/server/tickets/model.js';

const smtp = new Smtp();
let server: TestServer;
let api: ShopApi;

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer({ mail: { transport: smtp.transport() } });
  api = createShopApi({ baseURL: server.apiBase, lang: () => 'fr' });
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

function order(): CartItem[] {
  const tuesday = nextWeekday(server.clock.now, 2);
  return [
    { type: 'ticket', id: DEMO.tickets.collectionAdult, count: 2, datetime: `${tuesday} 11:00`, subtickets: [] },
    { type: 'ticket', id: DEMO.tickets.collectionFamily, count: 1, datetime: `${tuesday} 11:00`, subtickets: [{ id: DEMO.subtickets.familyAdults, count: 2 }, { id: DEMO.subtickets.familyChildren, count: 2 }] },
    { type: 'dayTicket', date: addDays(museumLocal(server.clock.now).date, 3), dayTickets: [{ id: DEMO.tickets.dayAdult, count: 2 }] },
    { type: 'guidedTour', tourId: DEMO.tours.highlightsDe, datetime: `${tuesday} 11:00`, prices: [], answers: [], tickets: [{ id: DEMO.tourTickets.highlightsAdult, count: 2, subtickets: [] }, { id: DEMO.tourTickets.highlightsChild, count: 1, subtickets: [] }] },
    { type: 'voucher', id: DEMO.vouchers.fifty, count: 1 },
    { type: 'annualPass', id: DEMO.passes.individual, count: 1, owners: [{ title: '', first: 'Eva', last: 'Muster', address: '', send_to_custom_addr: false }] },
  ];
}

/** Pays at the provider with the form's fields (the address of an anonymous buyer among them). */
async function payWith(providerUrl: string, fields: Record<string, string>) {
  const { cartId, session, lang } = providerParams(providerUrl);
  return fetch(`${server.url}/provider/${lang}/pay/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cartId, session, ...fields }).toString(),
  });
}

async function buy(items: CartItem[], options: { token?: string; email?: string; lang?: 'fr' | 'de' } = {}) {
  const shop = createShopApi({ baseURL: server.apiBase, lang: () => options.lang ?? 'fr' });
  const url = await shop.initPayment({ payart: 161, items, url: returnUrls(server, options.lang ?? 'fr'), token: options.token });
  let back: { cartId: string; us: string; sessionUs: string };
  // a cart that codes pay entirely has no provider page (and so no address to ask)
  if (options.email !== undefined && new URL(url).pathname.startsWith('/provider/')) {
    const res = await payWith(url, { email: options.email });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '');
    back = { cartId: location.searchParams.get('cartId') ?? '', us: location.searchParams.get('us') ?? '', sessionUs: location.searchParams.get('sessionUs') ?? '' };
  } else {
    back = await payAtProvider(server, url);
  }
  return shop.execPayment({ ...back });
}

async function documentOf(bookingId: string): Promise<OrderDocument> {
  const [row] = await server.db.query<{ document: OrderDocument }>('SELECT document FROM bookings WHERE id = $1', [bookingId]);
  if (!row) throw new Error(`no booking ${bookingId}`);
  return row.document;
}

async function mailsTo(address: string): Promise<ParsedMail[]> {
  await server.mail.runDue();
  const all = await smtp.parsed();
  return all.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.value.some((v) => v.address === address)));
}

const post = (path: string, body: unknown) =>
  fetch(`${server.apiBase}/fr/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The code with one character changed (a different character of the same alphabet). */
const changed = (code: string, at: number) => code.slice(0, at) + (code[at] === 'A' ? 'B' : 'A') + code.slice(at + 1);

describe('an anonymous buyer, the address given on the provider page', () => {
  let result: Awaited<ReturnType<typeof buy>>;
  let doc: OrderDocument;

  beforeAll(async () => {
    result = await buy(order(), { email: 'anna.gast@example.org' });
    doc = await documentOf(result.booking_id);
  });

  it('the provider page asks for the address only of an anonymous buyer, and refuses a wrong one before any money moves', async () => {
    const url = await api.initPayment({ payart: 161, items: [{ type: 'voucher', id: DEMO.vouchers.fifty, count: 1 }], url: returnUrls(server, 'fr') });
    const page = await (await fetch(url)).text();
    expect(page).toMatch(/<label for="email">Adresse e-mail pour la confirmation et les billets<\/label>/);
    const wrong = await payWith(url, { email: 'not an address' });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('aria-invalid="true"');
    const { cartId } = providerParams(url);
    expect(await server.db.query('SELECT 1 FROM provider_payments WHERE cart_id = $1', [cartId])).toHaveLength(0);
    const { jwt } = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const theirs = await api.initPayment({ payart: 161, items: [{ type: 'voucher', id: DEMO.vouchers.fifty, count: 1 }], url: returnUrls(server, 'fr'), token: jwt });
    expect(await (await fetch(theirs)).text()).not.toContain('name="email"');
  });

  it('execPayment answers where the mail went and the files, with a key of at least 96 bits', () => {
    const documents = result.documents;
    expect(documents).toBeDefined();
    expect(documents?.mail_to).toBe('an•••@example.org');
    expect(Buffer.from(documents?.key ?? '', 'base64url').length).toBeGreaterThanOrEqual(12);
    expect(documents?.pdf).toMatch(new RegExp(`/api/fr/order/tickets\\.pdf\\?id=${result.booking_id}&key=`));
    expect(documents?.gift_pdf).toMatch(/\/order\/gift\.pdf\?/);
    expect(documents?.ics).toMatch(/\/order\/calendar\.ics\?/);
  });

  it('one page per scanned admission (the demo tickets have unique_barcode): each adult, the family on one code with its participants, each day ticket, the tour with its participants, the voucher', () => {
    const pages = doc.admissions.map((a) => ({ kind: a.kind, count: a.count, participants: a.participants }));
    expect(pages).toEqual([
      { kind: 'ticket', count: 1, participants: [] },
      { kind: 'ticket', count: 1, participants: [] },
      { kind: 'ticket', count: 4, participants: [expect.stringMatching(/^2 × /), expect.stringMatching(/^2 × /)] },
      { kind: 'dayTicket', count: 1, participants: [] },
      { kind: 'dayTicket', count: 1, participants: [] },
      { kind: 'tour', count: 3, participants: [expect.stringMatching(/^2 × /), expect.stringMatching(/^1 × /)] },
      { kind: 'voucher', count: 1, participants: [] },
      { kind: 'annualPass', count: 1, participants: [] },
    ]);
    expect(doc.admissions.at(-1)?.holder).toBe('Eva Muster');
    expect(doc.lang).toBe('fr');
    // the tickets are headed by the museum's name in the order's language (remote config)
    expect(doc.museum).toBe('Musée du lac');
    expect(doc.visits.map((v) => v.start)).toEqual([expect.stringMatching(/ 11:00/), expect.stringMatching(/ 11:00/), expect.stringMatching(/ 11:00/)]);
    expect(doc.visits.every((v) => v.venue)).toBe(true);
  });

  it('the confirmation arrives through SMTP in French with the PDF tickets, the gift PDF and the calendar file', async () => {
    const [mail, ...more] = await mailsTo('anna.gast@example.org');
    expect(more).toHaveLength(0);
    expect(mail?.subject).toContain(result.booking_id);
    expect(mail?.text).toContain('commande');
    const files = (mail?.attachments ?? []).map((a) => ({ name: a.filename, type: a.contentType, head: a.content.subarray(0, 15).toString('latin1') }));
    expect(files).toEqual([
      { name: `tickets-${result.booking_id}.pdf`, type: 'application/pdf', head: expect.stringMatching(/^%PDF-/) },
      { name: `gift-${result.booking_id}.pdf`, type: 'application/pdf', head: expect.stringMatching(/^%PDF-/) },
      { name: `visit-${result.booking_id}.ics`, type: 'text/calendar', head: 'BEGIN:VCALENDAR' },
    ]);
    const link = new RegExp(`/fr/orders/${result.booking_id}\\?key=${result.documents?.key}`);
    expect(mail?.text).toMatch(link);
    // the log names no key, code or link
    const log = server.logs.join('\n');
    expect(log).not.toContain(result.documents?.key ?? '?');
    for (const a of doc.admissions) expect(log).not.toContain(a.code);
  });

  it('ticket/verify accepts every code of the order and refuses it with one character changed; a gate checks it offline with ticket/key', async () => {
    const key = (await (await fetch(`${server.apiBase}/fr/ticket/key`)).json()) as { data: { alg: string; jwk: { x: string }; pem: string } };
    expect(key.data.alg).toBe('Ed25519');
    const publicKey = createPublicKey(key.data.pem);
    for (const a of doc.admissions.filter((x) => x.kind !== 'voucher')) {
      const res = await post('ticket/verify', { code: a.code });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown }).data).toMatchObject({ booking_id: result.booking_id, serial: a.serial, count: a.count, title: a.title });
      const [body = '', sig = ''] = a.code.split('.');
      expect(verify(null, Buffer.from(body, 'base64url'), publicKey, Buffer.from(sig, 'base64url'))).toBe(true);
      for (const at of [0, Math.floor(a.code.length / 2), a.code.length - 2]) {
        const bad = await post('ticket/verify', { code: changed(a.code, at) });
        expect(bad.status).toBe(422);
        expect(((await bad.json()) as { error: string }).error).toBe('TICKET_INVALID');
      }
    }
    expect((await post('ticket/verify', { code: 'hello' })).status).toBe(422);
    expect((await post('ticket/verify', {})).status).toBe(422);
  });

  it('the voucher bought is a code of 80 bits and more, valid three years, that redeems in a later cart and keeps what is left', async () => {
    const voucher = doc.admissions.find((a) => a.kind === 'voucher')?.voucher;
    expect(voucher?.code).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
    expect(voucher?.value).toBe(5000);
    const bought = museumLocal(server.clock.now).date;
    expect(voucher?.validUntil).toBe(`${Number(bought.slice(0, 4)) + 3}${bought.slice(4)}`);
    const looked = await api.lookUpVoucherCode(voucher?.code.toLowerCase() ?? '');
    expect(looked).toMatchObject({ amount: 5000 });
    // spend 20 of its 50 on a book, anonymously
    const spent = await buy([{ type: 'merchandise', id: DEMO.merchandise.guide, count: 1 }, { type: 'voucherCode', barcode: voucher?.code ?? '' }], { email: 'anna.gast@example.org' });
    expect(spent.booking_id).toBeTruthy();
    const [row] = await server.db.query<{ amount: number; used_amount: number; booking_id: string }>('SELECT amount, used_amount, booking_id FROM voucher_codes WHERE barcode = $1', [voucher?.code]);
    expect(row).toMatchObject({ amount: 5000, booking_id: result.booking_id });
    expect(row?.used_amount).toBeGreaterThan(0);
    expect(row?.used_amount).toBeLessThan(5000);
  });

  it('the files open with the key only; order/review shows them with the key and not by the booking id alone', async () => {
    const pdf = await fetch(result.documents?.pdf ?? '');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="tickets-${result.booking_id}.pdf"`);
    expect(pdf.headers.get('cache-control')).toBe('private, no-store');
    const ics = await fetch(result.documents?.ics ?? '');
    expect(await ics.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const wrongKey = (result.documents?.pdf ?? '').replace(/key=[^&]+/, 'key=AAAAAAAAAAAAAAAAAAAAAA');
    expect((await fetch(wrongKey)).status).toBe(406);
    expect((await fetch((result.documents?.pdf ?? '').replace(/&key=[^&]+/, ''))).status).toBe(406);
    const plain = await api.getOrderReview(result.booking_id);
    expect(plain).not.toHaveProperty('documents');
    const res = await fetch(`${server.apiBase}/fr/order/review?id=${result.booking_id}&key=${result.documents?.key}`);
    const withKey = ((await res.json()) as { data: { documents?: unknown; vouchers?: unknown[]; visits?: unknown[] } }).data;
    expect(withKey.documents).toMatchObject({ key: result.documents?.key, mail_to: 'an•••@example.org' });
    expect(withKey.vouchers).toHaveLength(1);
    expect(withKey.visits).toHaveLength(3);
  });

  it('sends the confirmation again with the key, at most once a minute', async () => {
    const again = await post(`order/resend?id=${result.booking_id}&key=${result.documents?.key}`, {});
    // the first confirmation went out just now
    expect(again.status).toBe(429);
    expect(((await again.json()) as { data: { retry_after: number } }).data.retry_after).toBeGreaterThan(0);
    server.clock.now = new Date(server.clock.now.getTime() + 61_000);
    const later = await fetch(`${server.apiBase}/fr/order/resend?id=${result.booking_id}&key=${result.documents?.key}`, { method: 'POST' });
    expect(later.status).toBe(200);
    expect(((await later.json()) as { data: unknown }).data).toEqual({ mail_to: 'an•••@example.org' });
    const mails = await mailsTo('anna.gast@example.org');
    expect(mails.filter((m) => m.subject?.includes(result.booking_id))).toHaveLength(2);
    expect((await fetch(`${server.apiBase}/fr/order/resend?id=${result.booking_id}`, { method: 'POST' })).status).toBe(406);
  });
});

describe('the demo customer: My orders', () => {
  let jwt: string;

  beforeAll(async () => {
    ({ jwt } = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password));
  });

  it('the confirmation goes to the account address in the language of the purchase; My orders lists the orders newest first', async () => {
    const first = await buy(order().slice(0, 1), { token: jwt, lang: 'de' });
    server.clock.now = new Date(server.clock.now.getTime() + 1000);
    const second = await buy([{ type: 'merchandise', id: DEMO.merchandise.guide, count: 1 }], { token: jwt, lang: 'de' });
    expect(first.documents?.mail_to).toBe('de•••@museum.example');
    const mails = (await mailsTo(DEMO_CUSTOMER.email)).filter((m) => m.subject?.includes(first.booking_id));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Bestellung');
    // an article only: no tickets to print, no visit
    expect(second.documents).toMatchObject({ pdf: null, gift_pdf: null, ics: null });
    const res = await fetch(`${server.apiBase}/de/orders?_=${jwt}`);
    const list = ((await res.json()) as { data: { id: string; documents: { key: string } }[] }).data;
    expect(list.slice(0, 2).map((o) => o.id)).toEqual([second.booking_id, first.booking_id]);
    // the owner opens the order page and files with their token, without the key
    const review = await fetch(`${server.apiBase}/de/order/review?id=${first.booking_id}&_=${jwt}`);
    expect(((await review.json()) as { data: { documents?: unknown } }).data.documents).toBeDefined();
    // a token that ran out opens nothing more, but the order review by its id still answers
    const stale = await fetch(`${server.apiBase}/de/order/review?id=${first.booking_id}&_=expired.token.here`);
    expect(stale.status).toBe(200);
    expect(((await stale.json()) as { data: { documents?: unknown } }).data.documents).toBeUndefined();
  });

  it('without a login, or with a token that is not valid, My orders is 401', async () => {
    expect((await fetch(`${server.apiBase}/de/orders`)).status).toBe(401);
    expect((await fetch(`${server.apiBase}/de/orders?_=nonsense`)).status).toBe(401);
  });
});
