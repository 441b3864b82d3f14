/**
 * Crash (issue 15): the server (`node src/server/main.ts` on PGlite in DATA_DIR) is killed with
 * SIGKILL in the middle of a stream of bookings (a ticket and a catalogue each) and started again
 * on the same DATA_DIR. Every booking is complete or absent: each booking has its booked cart and
 * each booked cart its booking, every booking acknowledged before the kill is there, and the stock
 * (time-slot places, merchandise stock) matches the booked carts exactly. The shop sells again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/index.js';
import { pgliteDir } from '../../src/server/env.js';
import { seedIfEmpty } from '../../src/server/seed/index.js';
import { DEMO, demoTenPlacesSlot } from '../../src/server/seed/demo.js';
import { client } from './oversell-helpers.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-crash-'));
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function start(): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SHOP_API_URL: '', JWT_SECRET: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Museum shop on (http:\/\/[^\s/]+)\/de/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ base: m[1], child });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}):\n${output}`));
    });
  });
}

const exited = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));

interface Counts {
  bookings: number;
  bookedCarts: number;
  orphanBookings: number;
  bookedCartsWithoutBooking: number;
  taken: number;
  stock: number;
  bookingIds: string[];
}

async function inspect(datetime: string): Promise<Counts> {
  const db = await openDb({ dataDir: pgliteDir(dataDir) });
  try {
    const one = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(sql, params))[0]?.n ?? -1;
    return {
      bookings: await one('SELECT count(*)::int AS n FROM bookings'),
      bookedCarts: await one("SELECT count(*)::int AS n FROM carts WHERE status = 'booked'"),
      orphanBookings: await one("SELECT count(*)::int AS n FROM bookings b LEFT JOIN carts c ON c.id = b.cart_id WHERE c.id IS NULL OR c.status <> 'booked'"),
      bookedCartsWithoutBooking: await one("SELECT count(*)::int AS n FROM carts c WHERE c.status = 'booked' AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.cart_id = c.id)"),
      taken: await one('SELECT coalesce(sum(taken), 0)::int AS n FROM slot_bookings WHERE datetime = $1', [datetime]),
      stock: await one('SELECT stock AS n FROM merchandise WHERE id = $1', [DEMO.merchandise.catalogue]),
      bookingIds: (await db.query<{ id: string }>('SELECT id FROM bookings')).map((r) => r.id),
    };
  } finally {
    await db.close();
  }
}

describe('crash: SIGKILL during a stream of bookings', () => {
  it('restarts on the same DATA_DIR with every booking complete or absent and the stock consistent', { timeout: 240_000 }, async () => {
    // seed first, to know the stock the bookings start from
    const now = new Date();
    const seeded = await openDb({ dataDir: pgliteDir(dataDir) });
    await seedIfEmpty(seeded, now);
    const initialStock = (await seeded.query<{ stock: number }>('SELECT stock FROM merchandise WHERE id = $1', [DEMO.merchandise.catalogue]))[0]?.stock ?? 0;
    await seeded.close();
    expect(initialStock).toBeGreaterThan(20);

    const { date } = demoTenPlacesSlot(now);
    const datetime = `${date} 11:00`;
    const cart = [
      { type: 'ticket', id: DEMO.tickets.collectionAdult, count: 1, datetime, subtickets: [] },
      { type: 'merchandise', id: DEMO.merchandise.catalogue, count: 1 },
    ];

    const first = await start();
    const http = client(8);
    const acknowledged: string[] = [];
    let stop = false;
    let killed = false;
    // eight buyers in a loop until the kill, which comes after the tenth acknowledged booking, others in flight
    const buyer = async () => {
      while (!stop) {
        let booked: string | null;
        try {
          booked = await buyCart(http, first.base, cart);
        } catch {
          return; // the server is gone: this buyer's answer never came
        }
        if (booked) acknowledged.push(booked);
        if (acknowledged.length >= 10 && !killed) {
          killed = true;
          stop = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, buyer));
    await exited(first.child);
    http.close();
    expect(killed).toBe(true);
    expect(first.child.signalCode).toBe('SIGKILL');

    // the same DATA_DIR again
    const second = await start();
    const after = client(2);
    for (const id of acknowledged) {
      const review = await after.send(second.base, 'GET', `/api/de/order/review?id=${id}`);
      expect(review.status, `acknowledged booking ${id} after the restart`).toBe(200);
    }
    // the shop sells again
    const again = await buyCart(after, second.base, cart);
    expect(again).toMatch(/^[A-Z0-9]{12}$/);
    after.close();
    second.child.kill('SIGTERM');
    await exited(second.child);

    const counts = await inspect(datetime);
    expect(counts.orphanBookings).toBe(0);
    expect(counts.bookedCartsWithoutBooking).toBe(0);
    expect(counts.bookings).toBe(counts.bookedCarts);
    expect(counts.bookingIds).toEqual(expect.arrayContaining([...acknowledged, again]));
    // one ticket and one catalogue per booking, nothing more, nothing less
    expect(counts.taken).toBe(counts.bookings);
    expect(counts.stock).toBe(initialStock - counts.bookings);
    console.log(`crash: killed after ${acknowledged.length} acknowledged bookings; after the restart ${counts.bookings} bookings, ${counts.taken} places taken, stock ${initialStock} → ${counts.stock}`);
  });
});

/** One buyer of a whole cart (ticket + catalogue); the booking id, or null when refused. */
async function buyCart(http: ReturnType<typeof client>, base: string, items: Record<string, unknown>[]): Promise<string | null> {
  const urls = { continue: `${base}/de/checkout/accepted`, cancel: `${base}/de/checkout/canceled` };
  const init = await http.send(base, 'POST', '/api/de/checkout/initPayment', JSON.stringify({ payart: 161, cart: { ver: 1, items }, url: urls }));
  if (init.status !== 200) return null;
  const provider = new URL(String(init.json.data));
  const form = new URLSearchParams({ cartId: provider.searchParams.get('cartId') ?? '', session: provider.searchParams.get('session') ?? '' }).toString();
  const paid = await http.send(base, 'POST', '/provider/de/pay/pay', form, 'application/x-www-form-urlencoded');
  if (paid.status !== 303 || !paid.location) return null;
  const back = new URL(paid.location);
  const query = new URLSearchParams({ us: back.searchParams.get('us') ?? '', sessionUs: back.searchParams.get('sessionUs') ?? '' });
  const exec = await http.send(base, 'POST', `/api/de/checkout/execPayment?${query}`, JSON.stringify({ cartId: back.searchParams.get('cartId') }));
  return exec.status === 200 ? (exec.json.data as { booking_id: string }).booking_id : null;
}
