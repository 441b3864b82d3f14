/**
 * Issue 46 as a property (fast-check): visitors withdraw from the same orders at the same moment —
 * several requests for overlapping sets of lines (open ones, a dated ticket, a line the order does
 * not have), by key or by e-mail, some repeating a request id (also one made for the other order),
 * all sent at once (Promise.all). Afterwards:
 *
 * - each line is in at most one statement, and the marks (withdrawn_lines) are exactly the
 *   statements' lines;
 * - every line a statement holds was open before, and was chosen by the request that recorded it;
 * - one acknowledgement in the outbox per statement;
 * - a repeat (`repeated: true`) answers a statement that a request recorded, and records nothing;
 * - every answer is 200 or a 422 (nothing open, a request id of the other order), never a 500.
 *
 * One server for all runs; each run buys two fresh orders. WITHDRAWAL_PROPERTY_RUNS changes the runs.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_RATE_LIMITS, type TestServer } from './harness.js';
import { buy, postJson } from './withdrawal-helpers.js';
import { DEMO, nextWeekday } from '../../src/server/seed/demo.js';
import type { CartItem } from '../../src/domain/cart-payload.js';
import type { WithdrawalOrder, WithdrawResult } from '../../src/api/schemas/withdrawal.js';

const RUNS = Number(process.env.WITHDRAWAL_PROPERTY_RUNS ?? 12);
/** lines 0–3 exist (book, guide, timed ticket, voucher); 4 does not */
const LINES = 5;
const REQUEST_IDS = 4;

interface Request {
  order: 0 | 1;
  lines: number[];
  requestId: number;
  by: 'key' | 'email';
}

const requestArb: fc.Arbitrary<Request> = fc.record({
  order: fc.constantFrom(0 as const, 1 as const),
  lines: fc.uniqueArray(fc.nat({ max: LINES - 1 }), { minLength: 1, maxLength: 3 }),
  requestId: fc.nat({ max: REQUEST_IDS - 1 }),
  by: fc.constantFrom('key' as const, 'email' as const),
});

let server: TestServer;
let run = 0;

beforeAll(async () => {
  server = await startTestServer({ rateLimits: { ...TEST_RATE_LIMITS, withdrawalLookup: { perIp: 1_000_000, perKey: 1_000_000, counts: 'refused' } } });
});
afterAll(async () => {
  await server.close();
});

function items(): CartItem[] {
  return [
    { type: 'merchandise', id: DEMO.merchandise.catalogue, count: 1 },
    { type: 'merchandise', id: DEMO.merchandise.guide, count: 1 },
    { type: 'ticket', id: DEMO.tickets.collectionAdult, count: 1, datetime: `${nextWeekday(server.clock.now, 3)} 11:00`, subtickets: [] },
    { type: 'voucher', id: DEMO.vouchers.fifty, count: 1 },
  ];
}

describe('interleaved withdrawals of the same orders', () => {
  it('each line in at most one statement, every statement of open lines, one mail per statement, repeats record nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(requestArb, { minLength: 2, maxLength: 6 }), fc.boolean(), async (requests, voucherUsed) => {
        run += 1;
        const tag = `prop${run}-${Date.now().toString(36)}`;
        const orders = [
          { ...(await buy(server, items(), { email: `${tag}-a@example.org` })), email: `${tag}-a@example.org` },
          { ...(await buy(server, items(), { email: `${tag}-b@example.org` })), email: `${tag}-b@example.org` },
        ];
        // sometimes the first order's voucher was redeemed meanwhile: used, excluded
        if (voucherUsed) await server.db.query('UPDATE voucher_codes SET used_amount = 100 WHERE booking_id = $1', [orders[0]?.id]);
        const before = await Promise.all(
          orders.map(async (o) => {
            const answer = await postJson<WithdrawalOrder>(server, 'order/withdrawal', { id: o.id, key: o.key });
            expect(answer.status).toBe(200);
            return new Set(answer.data.lines.filter((l) => l.status === 'open').map((l) => l.line));
          }),
        );
        expect([...(before[0] ?? [])].sort()).toEqual(voucherUsed ? [0, 1] : [0, 1, 3]);

        const answers = await Promise.all(
          requests.map((r) => {
            const o = orders[r.order];
            if (!o) throw new Error('no order');
            const who = r.by === 'key' ? { key: o.key } : { email: o.email.toUpperCase() };
            return postJson<WithdrawResult>(server, 'order/withdraw', { id: o.id, ...who, lines: r.lines, name: `Visitor ${r.order}`, ack_email: `${tag}-ack@example.org`, request_id: `${tag}-request-${r.requestId}` });
          }),
        );

        const recorded = new Map<string, { order: number; lines: number[] }>();
        answers.forEach((answer, i) => {
          const r = requests[i];
          if (!r) return;
          expect([200, 422], JSON.stringify(answer.body)).toContain(answer.status);
          if (answer.status === 422) {
            expect(['WITHDRAWAL_NOTHING_OPEN', 'VALIDATION_FAILED']).toContain(answer.error);
            if (answer.error === 'VALIDATION_FAILED') expect(Object.keys(answer.fields ?? {})).toEqual(['request_id']);
            return;
          }
          if (!answer.data.repeated) {
            const statement = answer.data.statement;
            expect(recorded.has(statement.id)).toBe(false);
            // what it recorded was open and chosen
            for (const line of statement.lines) {
              expect(before[r.order]?.has(line)).toBe(true);
              expect(r.lines).toContain(line);
            }
            recorded.set(statement.id, { order: r.order, lines: statement.lines });
          }
        });
        // a repeat answers a statement some request recorded
        for (const answer of answers) if (answer.status === 200 && answer.data.repeated) expect(recorded.has(answer.data.statement.id)).toBe(true);

        for (const [index, o] of orders.entries()) {
          const statements = await server.db.query<{ id: number; lines: number[] }>('SELECT id, lines FROM withdrawal_statements WHERE booking_id = $1 ORDER BY id', [o.id]);
          expect(statements.map((s) => String(s.id)).sort()).toEqual([...recorded].filter(([, s]) => s.order === index).map(([id]) => id).sort());
          const all = statements.flatMap((s) => s.lines);
          expect(new Set(all).size).toBe(all.length);
          const marks = await server.db.query<{ line: number }>('SELECT line FROM withdrawn_lines WHERE booking_id = $1 ORDER BY line', [o.id]);
          expect(marks.map((m) => m.line)).toEqual([...all].sort((a, b) => a - b));
        }
        const [mails] = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'withdrawal-acknowledgement' AND recipient = $1", [`${tag}-ack@example.org`]);
        expect(mails?.n).toBe(recorded.size);
      }),
      { numRuns: RUNS },
    );
  });
});
