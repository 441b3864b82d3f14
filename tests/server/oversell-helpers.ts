/**
 * A rush of buyers for the oversell tests (issue 15, 41): each buyer runs initPayment (which holds
 * the place or refuses before the provider), pays at the simulated provider and runs execPayment, all buyers at once, over a bounded pool of keep-alive
 * connections (the buyers are concurrent; sockets are capped as a browser population behind a
 * load balancer would be).
 */
import http from 'node:http';
import pg from 'pg';
import type { Queryable } from '../../src/server/db/index.js';
import { DEMO, demoTenPlacesSlot } from '../../src/server/seed/demo.js';

export interface Answer {
  status: number;
  json: { data?: unknown; error?: string; message?: string; data_?: unknown } & Record<string, unknown>;
  location: string | null;
}

export function client(maxSockets = 100) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const send = (base: string, method: string, path: string, body?: string, type = 'application/json'): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const url = new URL(path, base);
      const req = http.request(url, { method, agent, headers: body === undefined ? {} : { 'content-type': type, 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let json: Answer['json'] = {};
          try {
            json = text ? (JSON.parse(text) as Answer['json']) : {};
          } catch {
            json = {};
          }
          resolve({ status: res.statusCode ?? 0, json, location: (res.headers.location as string | undefined) ?? null });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/**
 * What became of a buyer (issue 41): booked; refused, before the provider (`stage: 'init'`, nothing
 * paid) or after paying (`stage: 'exec'`, which must never happen); or paid and refunded.
 */
export type Outcome =
  | { booked: string }
  | { refused: number; code: string | undefined; available: unknown; stage: 'init' | 'exec' }
  | { refunded: string };

/** The ten-places slot of the demo data, given `places` free places (capacity = prebooked + places). */
export async function setFreePlaces(q: Queryable, now: Date, places: number): Promise<{ item: Record<string, unknown>; datetime: string }> {
  const slot = demoTenPlacesSlot(now);
  await q.query(
    `UPDATE schedule_rules SET capacity = prebooked + $3 WHERE owner_kind = 'event' AND owner_id = $1 AND times = ARRAY[$2]::text[]`,
    [slot.eventId, DEMO.tenPlacesTime, places],
  );
  return { item: { type: 'ticket', id: slot.ticketId, count: 1, datetime: slot.datetime, subtickets: [] }, datetime: slot.datetime };
}

/** One buyer: initPayment, pay at the provider, execPayment, against `base` (one of the servers). */
export async function buy(http_: ReturnType<typeof client>, base: string, item: Record<string, unknown>): Promise<Outcome> {
  const urls = { continue: `${base}/de/checkout/accepted`, cancel: `${base}/de/checkout/canceled` };
  const init = await http_.send(base, 'POST', '/api/de/checkout/initPayment', JSON.stringify({ payart: 161, cart: { ver: 1, items: [item] }, url: urls }));
  if (init.status !== 200) return { refused: init.status, code: init.json.error, available: (init.json.data as { available?: unknown } | undefined)?.available, stage: 'init' };
  const provider = new URL(String(init.json.data));
  const form = new URLSearchParams({ cartId: provider.searchParams.get('cartId') ?? '', session: provider.searchParams.get('session') ?? '' }).toString();
  // the provider's "pay" button answers on the same server that made the cart, or any other one
  const paid = await http_.send(base, 'POST', '/provider/de/pay/pay', form, 'application/x-www-form-urlencoded');
  if (paid.status !== 303 || !paid.location) throw new Error(`provider answered ${paid.status}`);
  const back = new URL(paid.location);
  const query = new URLSearchParams({ us: back.searchParams.get('us') ?? '', sessionUs: back.searchParams.get('sessionUs') ?? '' });
  const exec = await http_.send(base, 'POST', `/api/de/checkout/execPayment?${query}`, JSON.stringify({ cartId: back.searchParams.get('cartId') }));
  if (exec.status === 200) return { booked: (exec.json.data as { booking_id: string }).booking_id };
  if (exec.json.error === 'PAYMENT_REFUNDED') return { refunded: String((exec.json.data as { reason?: unknown } | undefined)?.reason) };
  return { refused: exec.status, code: exec.json.error, available: (exec.json.data as { available?: unknown } | undefined)?.available, stage: 'exec' };
}

/** What the slot's stock says: places taken in slot_bookings for the slot's datetime. */
export async function takenPlaces(q: Queryable, datetime: string): Promise<number> {
  const rows = await q.query<{ taken: number }>('SELECT coalesce(sum(taken), 0)::int AS taken FROM slot_bookings WHERE datetime = $1', [datetime]);
  return rows[0]?.taken ?? 0;
}

/** A pg client as a Queryable (for checks on the database two server processes share). */
export async function pgQueryable(url: string): Promise<Queryable & { end(): Promise<void> }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return {
    query: async <T>(sql: string, params: unknown[] = []) => (await c.query(sql, params)).rows as T[],
    end: () => c.end(),
  };
}
