/**
 * Issue 46 against the reference server: the EU withdrawal function. An anonymous buyer of a book
 * and a timed ticket identifies the order by its number and e-mail address (any case), sees the
 * book offered and the ticket excluded as dated, confirms; one statement is recorded, the line is
 * marked on the order page, a second confirmation records nothing anew, and the acknowledgement
 * arrives through a real SMTP server with the content and the date and time. Also: by key and by
 * owner, a wrong address answers as an unknown number, the period counted from delivery, a used
 * voucher, the switch, bad input (422 with fields, never 500), the start check of the setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { ParsedMail } from 'mailparser';
import { startTestServer, TEST_RATE_LIMITS, type TestServer } from './harness.js';
import { Smtp } from './smtp.js';
import { buy, newRequestId, postJson } from './withdrawal-helpers.js';
import { catalogueBook } from './checkout-helpers.js';
import { createShopApi } from '../../src/api/index.js';
import { DEMO, nextWeekday } from '../../src/server/seed/demo.js';
import { DEMO_CUSTOMER } from '../../src/server/seed/accounts.js';
import type { CartItem } from '../../src/domain/cart-payload.js';
import { WithdrawalOrderSchema, WithdrawResultSchema, type WithdrawalOrder, type WithdrawResult } from '../../src/api/schemas/withdrawal.js';
import { OrderReviewSchema } from '../../src/api/schemas/checkout.js';
import { OrderListSchema } from '../../src/api/schemas/orders.js';
import { periodLastDay } from '../../src/domain/withdrawal.js';
import { checkWithdrawalConfig, WithdrawalConfigError } from '../../src/server/withdrawals.js';
import { receivedAtText } from '../../src/server/mail/withdrawal-mail.js';
import { museumIsoString } from '../../src/domain/museum-clock.js';

const smtp = new Smtp();
let server: TestServer;

beforeAll(async () => {
  await smtp.start();
  // refused lookups are limited per address and booking number (edge.ts): this file refuses many on purpose; the limit has a test of its own below
  server = await startTestServer({ mail: { transport: smtp.transport() }, rateLimits: { ...TEST_RATE_LIMITS, withdrawalLookup: { perIp: 1_000_000, perKey: 1_000_000, counts: 'refused' } } });
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

const timedTicket = (): CartItem => ({ type: 'ticket', id: DEMO.tickets.collectionAdult, count: 1, datetime: `${nextWeekday(server.clock.now, 2)} 11:00`, subtickets: [] });

async function mailsTo(address: string): Promise<ParsedMail[]> {
  await server.mail.runDue();
  const all = await smtp.parsed();
  return all.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.value.some((x) => x.address === address)));
}

const lookUp = (body: unknown, options: { lang?: 'de' | 'en' | 'fr'; token?: string } = {}) => postJson<WithdrawalOrder>(server, 'order/withdrawal', body, options);
const withdraw = (body: unknown, options: { lang?: 'de' | 'en' | 'fr'; token?: string } = {}) => postJson<WithdrawResult>(server, 'order/withdraw', body, options);

async function review(id: string, key: string) {
  const res = await fetch(`${server.apiBase}/en/order/review?id=${id}&key=${key}`);
  return v.parse(OrderReviewSchema, ((await res.json()) as { data: unknown }).data);
}

describe('an anonymous buyer of a book and a timed ticket', () => {
  const address = 'anna.widerruf@example.org';
  let order: { id: string; key: string };

  beforeAll(async () => {
    order = await buy(server, [catalogueBook(), timedTicket()], { email: address, lang: 'de' });
  });

  it('the confirmation links to the withdrawal function with the order and its key', async () => {
    const [mail] = await mailsTo(address);
    expect(mail?.text).toContain('Vertrag hier widerrufen');
    expect(mail?.text).toContain(`/de/withdrawal?id=${order.id}&key=${order.key}`);
    expect(mail?.html).toContain(`/de/withdrawal?id=${order.id}&amp;key=${order.key}`);
  });

  it('the order opens by its number and the purchase’s address in any case, with spaces around; the book is offered, the ticket excluded as dated', async () => {
    const found = await lookUp({ id: ` ${order.id.toLowerCase()} `, email: '  Anna.WIDERRUF@Example.org ' });
    expect(found.status).toBe(200);
    const data = v.parse(WithdrawalOrderSchema, found.data);
    expect(data.id).toBe(order.id);
    expect(data.email).toBe('Anna.WIDERRUF@Example.org');
    expect(data.statements).toEqual([]);
    expect(data.lines.map(({ line, type, status, reason, period_ends, withdrawn_at, count }) => ({ line, type, status, reason, period_ends, withdrawn_at, count }))).toEqual([
      // goods not delivered yet: the period has not started
      { line: 0, type: 'merchandise', status: 'open', reason: null, period_ends: null, withdrawn_at: null, count: 1 },
      { line: 1, type: 'ticket', status: 'excluded', reason: 'dated', period_ends: null, withdrawn_at: null, count: 1 },
    ]);
    expect((await review(order.id, order.key)).withdrawable).toBe(true);
  });

  it('a wrong address answers as an unknown number: the same 404 and words', async () => {
    const wrong = await lookUp({ id: order.id, email: 'someone.else@example.org' });
    const unknown = await lookUp({ id: 'NOSUCHORDER1', email: address });
    const nothing = await lookUp({ id: order.id });
    const badKey = await lookUp({ id: order.id, key: 'AAAAAAAAAAAAAAAAAAAAAA' });
    for (const answer of [wrong, unknown, nothing, badKey]) {
      expect(answer.status).toBe(404);
      expect(answer.error).toBe('WITHDRAWAL_ORDER_NOT_FOUND');
      expect(answer.body.message).toBe(wrong.body.message);
    }
    // a withdrawal with a wrong address records nothing
    const refused = await withdraw({ id: order.id, email: 'someone.else@example.org', lines: [0], name: 'Mallory', ack_email: 'm@example.org', request_id: newRequestId() });
    expect(refused.status).toBe(404);
    expect(await server.db.query('SELECT 1 FROM withdrawal_statements WHERE booking_id = $1', [order.id])).toHaveLength(0);
  });

  it('the ticket alone, or a line the order does not have, is nothing open: 422 and nothing recorded', async () => {
    for (const lines of [[1], [7]]) {
      const answer = await withdraw({ id: order.id, email: address, lines, name: 'Anna Gast', ack_email: address, request_id: newRequestId() });
      expect(answer.status).toBe(422);
      expect(answer.error).toBe('WITHDRAWAL_NOTHING_OPEN');
      expect(answer.fields?.lines).toBeDefined();
    }
    expect(await server.db.query('SELECT 1 FROM withdrawal_statements WHERE booking_id = $1', [order.id])).toHaveLength(0);
  });

  it('confirming the book and the ticket records one statement of the book alone; the order page shows it withdrawn', async () => {
    const requestId = newRequestId();
    const answer = await withdraw({ id: order.id, email: address, lines: [0, 1], name: 'Anna <Gast>', ack_email: 'Anna.Ack@example.org', request_id: requestId });
    expect(answer.status).toBe(200);
    const result = v.parse(WithdrawResultSchema, answer.data);
    expect(result.repeated).toBe(false);
    expect(result.statement).toMatchObject({ lines: [0], name: 'Anna <Gast>', email: 'Anna.Ack@example.org' });
    // the museum's wall clock with its offset (the page shows it as the acknowledgement states it, whatever the browser's zone)
    expect(result.statement.received_at).toBe(museumIsoString(server.clock.now));
    expect(result.statement.received_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(new Date(result.statement.received_at).getTime()).toBe(Math.floor(server.clock.now.getTime() / 1000) * 1000);
    const shown = await review(order.id, order.key);
    expect(shown.lines[0]?.withdrawn_at).toBe(result.statement.received_at);
    expect(shown.lines[1]?.withdrawn_at).toBeNull();
    expect(shown.withdrawable).toBe(false);
    // by the booking id alone the order page shows nothing of it
    const plain = ((await (await fetch(`${server.apiBase}/en/order/review?id=${order.id}`)).json()) as { data: Record<string, unknown> }).data;
    expect(plain).not.toHaveProperty('withdrawable');

    // a second confirmation of the book (a new request id), and the same request again: the same statement, nothing new
    const second = await withdraw({ id: order.id, email: address, lines: [0], name: 'Anna Gast', ack_email: address, request_id: newRequestId() });
    expect(second.status).toBe(200);
    expect(second.data).toEqual({ statement: result.statement, repeated: true });
    const same = await withdraw({ id: order.id, email: address, lines: [0, 1], name: 'Anna <Gast>', ack_email: 'Anna.Ack@example.org', request_id: requestId });
    expect(same.data).toEqual({ statement: result.statement, repeated: true });
    expect(await server.db.query('SELECT 1 FROM withdrawal_statements WHERE booking_id = $1', [order.id])).toHaveLength(1);
    expect(await server.db.query('SELECT line FROM withdrawn_lines WHERE booking_id = $1', [order.id])).toEqual([{ line: 0 }]);

    // the lookup shows the line withdrawn and the statement
    const found = await lookUp({ id: order.id, key: order.key });
    expect(found.data.lines[0]).toMatchObject({ status: 'withdrawn', withdrawn_at: result.statement.received_at });
    expect(found.data.statements).toEqual([result.statement]);

    // one acknowledgement, through SMTP, in the request's language, with the content and the date and time
    const mails = await mailsTo('Anna.Ack@example.org');
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe(`Your withdrawal from order ${order.id} has been received`);
    const when = receivedAtText('en', server.clock.now);
    for (const part of [order.id, when, 'Anna <Gast>', 'Anna.Ack@example.org', 'CHF', 'send the withdrawn articles back', '14 days']) expect(mail?.text).toContain(part);
    const bookName = found.data.lines[0]?.name ?? '?';
    expect(mail?.text).toContain(bookName);
    expect(mail?.text).not.toContain(found.data.lines[1]?.name ?? '?');
    expect(mail?.html).toContain('Anna &lt;Gast&gt;');
    expect(mail?.html).not.toContain('Anna <Gast>');
    expect(mail?.html).toContain('<html lang="en">');
    expect(server.logs.join('\n')).not.toContain('Anna.Ack@example.org');
  });
});

describe('by key and by owner', () => {
  it('the key of the confirmation opens the order without an address, in the language asked', async () => {
    const order = await buy(server, [catalogueBook(2)], { email: 'key.holder@example.org', lang: 'fr' });
    const found = await lookUp({ id: order.id, key: order.key }, { lang: 'fr' });
    expect(found.status).toBe(200);
    expect(found.data).toMatchObject({ email: 'key.holder@example.org', lines: [{ line: 0, status: 'open', count: 2 }] });
    const answer = await withdraw({ id: order.id, key: order.key, lines: [0], name: 'Claire', ack_email: 'key.holder@example.org', request_id: newRequestId() }, { lang: 'fr' });
    expect(answer.status).toBe(200);
    const [, ack] = await mailsTo('key.holder@example.org');
    expect(ack?.subject).toBe(`Votre rétractation de la commande ${order.id} a été reçue`);
    expect(ack?.text).toContain('2 × ');
  });

  it('the logged-in owner opens their order with the token alone, the name prefilled; My orders shows withdrawable and withdrawn_at', async () => {
    const api = createShopApi({ baseURL: server.apiBase, lang: () => 'de' });
    const { jwt } = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const order = await buy(server, [catalogueBook(), { type: 'voucher', id: DEMO.vouchers.fifty, count: 1 }], { token: jwt, lang: 'de' });
    const found = await lookUp({ id: order.id }, { token: jwt, lang: 'de' });
    expect(found.status).toBe(200);
    expect(found.data.name).not.toBe('');
    expect(found.data.email).toBe(DEMO_CUSTOMER.email);
    // another's token does not open it
    expect((await lookUp({ id: order.id }, { token: 'not.a.token' })).status).toBe(404);
    const listed = async () => v.parse(OrderListSchema, ((await (await fetch(`${server.apiBase}/de/orders?_=${jwt}`)).json()) as { data: unknown }).data).find((o) => o.id === order.id);
    expect((await listed())?.withdrawable).toBe(true);
    const done = await withdraw({ id: order.id, lines: [1], name: found.data.name, ack_email: found.data.email, request_id: newRequestId() }, { token: jwt, lang: 'de' });
    expect(done.status).toBe(200);
    const after = await listed();
    expect(after?.lines.map((l) => l.withdrawn_at)).toEqual([null, done.data.statement.received_at]);
    // the book is still open
    expect(after?.withdrawable).toBe(true);
  });
});

describe('periods and use', () => {
  it('goods: the period counts from the delivery; 14 days after it the book is no longer offered', async () => {
    const order = await buy(server, [catalogueBook()], { email: 'late@example.org' });
    const deliveredLong = new Date(server.clock.now.getTime() - 20 * 86_400_000);
    await server.db.query('UPDATE bookings SET delivered_at = $2 WHERE id = $1', [order.id, deliveredLong.toISOString()]);
    const ended = await lookUp({ id: order.id, email: 'late@example.org' });
    expect(ended.data.lines[0]).toMatchObject({ status: 'excluded', reason: 'period_ended', period_ends: periodLastDay(deliveredLong, 14) });
    expect((await withdraw({ id: order.id, email: 'late@example.org', lines: [0], name: 'Late', ack_email: 'late@example.org', request_id: newRequestId() })).error).toBe('WITHDRAWAL_NOTHING_OPEN');
    // delivered today: open until its last day
    await server.db.query('UPDATE bookings SET delivered_at = $2 WHERE id = $1', [order.id, server.clock.now.toISOString()]);
    const open = await lookUp({ id: order.id, email: 'late@example.org' });
    expect(open.data.lines[0]).toMatchObject({ status: 'open', period_ends: periodLastDay(server.clock.now, 14) });
  });

  it('a voucher bought and redeemed is excluded as used; one not redeemed is offered', async () => {
    const order = await buy(server, [{ type: 'voucher', id: DEMO.vouchers.fifty, count: 1 }, { type: 'voucher', id: DEMO.vouchers.hundred, count: 1 }], { email: 'gift@example.org' });
    const codes = await server.db.query<{ barcode: string; amount: number }>('SELECT barcode, amount FROM voucher_codes WHERE booking_id = $1 ORDER BY amount', [order.id]);
    expect(codes).toHaveLength(2);
    // the fifty (line 0) is spent in part
    await server.db.query('UPDATE voucher_codes SET used_amount = 1000 WHERE barcode = $1', [codes[0]?.barcode]);
    const found = await lookUp({ id: order.id, email: 'gift@example.org' });
    expect(found.data.lines.map((l) => [l.status, l.reason])).toEqual([
      ['excluded', 'used'],
      ['open', null],
    ]);
  });
});

describe('the switch, bad input and the start check', () => {
  async function withConfig(change: Record<string, unknown>, run: () => Promise<void>) {
    const [row] = await server.db.query<{ value: Record<string, unknown> }>("SELECT value FROM settings WHERE key = 'remote_config'");
    await server.db.query("UPDATE settings SET value = $1 WHERE key = 'remote_config'", [JSON.stringify({ ...row?.value, ...change })]);
    try {
      await run();
    } finally {
      await server.db.query("UPDATE settings SET value = $1 WHERE key = 'remote_config'", [JSON.stringify(row?.value)]);
    }
  }

  it('switched off, both calls answer 404 WITHDRAWAL_OFF and the order page offers nothing', async () => {
    const order = await buy(server, [catalogueBook()], { email: 'off@example.org' });
    await withConfig({ withdrawal_enabled: false }, async () => {
      expect((await lookUp({ id: order.id, key: order.key })).error).toBe('WITHDRAWAL_OFF');
      const answer = await withdraw({ id: order.id, key: order.key, lines: [0], name: 'Off', ack_email: 'off@example.org', request_id: newRequestId() });
      expect([answer.status, answer.error]).toEqual([404, 'WITHDRAWAL_OFF']);
      expect((await review(order.id, order.key)).withdrawable).toBe(false);
    });
  });

  it('without withdrawal_enabled, the currency decides (CHF: off)', async () => {
    const [row] = await server.db.query<{ value: Record<string, unknown> }>("SELECT value FROM settings WHERE key = 'remote_config'");
    const { withdrawal_enabled: _dropped, ...rest } = row?.value ?? {};
    await server.db.query("UPDATE settings SET value = $1 WHERE key = 'remote_config'", [JSON.stringify(rest)]);
    try {
      expect((await lookUp({ id: '1', email: 'x@example.org' })).error).toBe('WITHDRAWAL_OFF');
    } finally {
      await server.db.query("UPDATE settings SET value = $1 WHERE key = 'remote_config'", [JSON.stringify(row?.value)]);
    }
  });

  it('a kind the operator switched off is excluded with no_right; the confirmation then has no link', async () => {
    await withConfig({ withdrawal_rules: { merchandise: { right: false, days: 14 } } }, async () => {
      const order = await buy(server, [catalogueBook()], { email: 'noright@example.org' });
      expect((await lookUp({ id: order.id, key: order.key })).data.lines[0]).toMatchObject({ status: 'excluded', reason: 'no_right' });
      const [mail] = await mailsTo('noright@example.org');
      expect(mail?.text).not.toContain('/withdrawal?');
    });
  });

  it('bad input answers 422 VALIDATION_FAILED with the fields, never 500', async () => {
    const good = { id: '1', email: 'x@example.org', lines: [0], name: 'X', ack_email: 'x@example.org', request_id: newRequestId() };
    const cases: [unknown, string][] = [
      [{ ...good, id: 'a b' }, 'id'],
      [{ ...good, email: 'not an address' }, 'email'],
      [{ ...good, lines: [] }, 'lines'],
      [{ ...good, lines: [-1] }, 'lines'],
      [{ ...good, name: '   ' }, 'name'],
      [{ ...good, ack_email: 'nope' }, 'ack_email'],
      [{ ...good, request_id: 'short' }, 'request_id'],
      [{ ...good, key: 'with spaces' }, 'key'],
    ];
    for (const [body, field] of cases) {
      const answer = await withdraw(body);
      expect(answer.status, field).toBe(422);
      expect(answer.error).toBe('VALIDATION_FAILED');
      expect(Object.keys(answer.fields ?? {}).some((k) => k.startsWith(field)), `${field}: ${JSON.stringify(answer.fields)}`).toBe(true);
    }
    for (const raw of ['null', '"text"', '[1,2]', '{"id": 12}']) {
      expect((await postJson(server, 'order/withdrawal', null, { raw })).status).toBe(422);
      expect((await postJson(server, 'order/withdraw', null, { raw })).status).toBe(422);
    }
  });

  it('the start stops on a malformed withdrawal setting (7 days, a rule for tickets), naming it', async () => {
    await expect(checkWithdrawalConfig(server.db)).resolves.toBeUndefined();
    for (const [rules, named] of [
      [{ merchandise: { right: true, days: 7 } }, 'withdrawal_rules.merchandise.days'],
      [{ ticket: { right: true, days: 14 } }, 'withdrawal_rules'],
    ] as const) {
      await withConfig({ withdrawal_rules: rules }, async () => {
        const error = await checkWithdrawalConfig(server.db).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WithdrawalConfigError);
        expect((error as Error).message).toContain(named);
        expect((error as Error).message).toContain("settings 'remote_config'");
      });
    }
    await withConfig({ withdrawal_enabled: 'yes' }, async () => {
      await expect(checkWithdrawalConfig(server.db)).rejects.toThrow('withdrawal_enabled');
    });
    // broken by SQL while the server runs: a booking and its order page still work, without the offer
    await withConfig({ withdrawal_rules: { merchandise: { right: true, days: 7 } } }, async () => {
      const order = await buy(server, [catalogueBook()], { email: 'broken@example.org' });
      expect((await review(order.id, order.key)).withdrawable).toBe(false);
      const [mail] = await mailsTo('broken@example.org');
      expect(mail?.text).not.toContain('/withdrawal?');
    });
  });

  it('refused lookups of one order from one address: 5, then 429 for that address; the buyer still opens it', async () => {
    const order = await buy(server, [catalogueBook()], { email: 'guessed@example.org' });
    // a fresh window, and the documented limits
    server.clock.now = new Date(server.clock.now.getTime() + 120_000);
    const before = server.services.rateLimits;
    server.services.rateLimits = TEST_RATE_LIMITS;
    server.services.trustProxy = true;
    const from = (ip: string, email: string) =>
      fetch(`${server.apiBase}/en/order/withdrawal`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify({ id: order.id, email }) });
    try {
      for (let i = 0; i < 5; i++) expect((await from('10.46.0.9', `guess${i}@example.org`)).status).toBe(404);
      expect((await from('10.46.0.9', 'guess5@example.org')).status).toBe(429);
      // the buyer, from another address
      expect((await from('10.46.0.1', 'guessed@example.org')).status).toBe(200);
    } finally {
      server.services.rateLimits = before;
      server.services.trustProxy = false;
    }
  });
});
