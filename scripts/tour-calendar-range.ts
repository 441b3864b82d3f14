/**
 * Measures what fetching the tour calendar for the month alone (§9) would change against the
 * month plus the following month (what the tour page fetches): on the reference server with the
 * demo data (in process on a fresh in-memory PGlite database, as tests/server/harness.ts starts it).
 *
 * 1. The opening: for every day of the next year taken as "today", whether the page could still
 *    open on a bookable day (§4: the requested date, else the first available day) with the
 *    month alone, and with the two months.
 * 2. The cost of an answer: the server's time for one month and for two months (sequential
 *    requests, each computed anew: no catalog cache is given to this server; median and 90th
 *    percentile).
 *
 *   npx tsx scripts/tour-calendar-range.ts [rounds]
 *
 * Figures are written to docs/decisions.md ("The tour calendar fetches two months").
 */
import type { AddressInfo } from 'node:net';
import { openDb } from '../src/server/db/index.js';
import { seedIfEmpty } from '../src/server/seed/index.js';
import { createShopServer } from '../src/server/app.js';
import { TEST_RATE_LIMITS, TEST_WEBHOOK_SECRET } from '../tests/server/harness.js';
import { DEMO } from '../src/server/seed/demo.js';
import { addDays, addMonths, daysInMonth, monthOf } from '../src/domain/dates.js';
import { museumLocal } from '../src/domain/museum-clock.js';

type Calendar = Record<string, Record<string, { soldout: boolean }>>;

const rounds = Number(process.argv[2] ?? 40);
const compact = (d: string) => d.replaceAll('-', '');
const lastOfMonth = (month: string) => `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;

// as tests/server/harness.ts, without the test runner: a fresh in-memory database with the demo data
const now = new Date();
now.setUTCHours(6, 0, 0, 0);
const clock = { now };
const db = await openDb({ dataDir: undefined });
await seedIfEmpty(db, clock.now);
const http = createShopServer({
  db,
  services: {
    now: () => new Date(clock.now.getTime()),
    jwtSecret: new TextEncoder().encode('measure-secret-measure-secret-measure!'),
    log: () => undefined,
    supportEmail: 'support@museum.example',
    webhookSecret: TEST_WEBHOOK_SECRET,
    rateLimits: TEST_RATE_LIMITS,
  },
});
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const server = { apiBase: `http://127.0.0.1:${(http.address() as AddressInfo).port}/api`, clock };
try {
  const today = museumLocal(server.clock.now).date;
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${server.apiBase}/en/${path}`);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return ((await res.json()) as { data: T }).data;
  };
  console.log(`today ${today}; a year of days as "today" per demo tour`);
  console.log('| tour | days | opens on a bookable day: month alone | two months | days the month alone opens on nothing to book while the next month has a date |');
  for (const [name, id] of Object.entries(DEMO.tours)) {
    const life = await get<{ first: string; last: string }>(`tour/lifetime/tour/${id}`);
    const last = addDays(today, 364) < life.last ? addDays(today, 364) : life.last;
    const calendar: Calendar = {};
    for (let month = monthOf(today); month <= addMonths(monthOf(last), 1); month = addMonths(month, 1)) {
      const part = await get<Calendar>(`tour/calendar/tour/${id}/range/${compact(`${month}-01`)};${compact(lastOfMonth(month))}`);
      for (const [key, times] of Object.entries(part)) calendar[key.length === 8 ? `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}` : key.slice(0, 10)] = times;
    }
    const open = Object.keys(calendar)
      .filter((d) => Object.values(calendar[d] ?? {}).some((t) => !t.soldout))
      .sort();
    const hasOpen = (from: string, to: string) => open.some((d) => d >= from && d <= to);
    let days = 0;
    let monthAlone = 0;
    let twoMonths = 0;
    let gap = 0;
    for (let day = today; day <= last; day = addDays(day, 1)) {
      days += 1;
      const one = hasOpen(day, lastOfMonth(monthOf(day)));
      const two = hasOpen(day, lastOfMonth(addMonths(monthOf(day), 1)));
      if (one) monthAlone += 1;
      if (two) twoMonths += 1;
      if (!one && two) gap += 1;
    }
    console.log(`| ${name} (${id}) | ${days} | ${monthAlone} | ${twoMonths} | ${gap} |`);
  }

  console.log(`\nserver time per answer, ${rounds} rounds per tour, one month and two months alternating (ms)`);
  console.log('| tour | month alone: median | p90 | two months: median | p90 |');
  const month = monthOf(today);
  for (const [name, id] of Object.entries(DEMO.tours)) {
    const one: number[] = [];
    const two: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      for (const [list, end] of [
        [one, lastOfMonth(month)],
        [two, lastOfMonth(addMonths(month, 1))],
      ] as const) {
        const started = performance.now();
        await get<Calendar>(`tour/calendar/tour/${id}/range/${compact(`${month}-01`)};${compact(end)}`);
        list.push(performance.now() - started);
      }
    }
    const f = (x: number) => x.toFixed(1);
    console.log(`| ${name} (${id}) | ${f(quantile(one, 0.5))} | ${f(quantile(one, 0.9))} | ${f(quantile(two, 0.5))} | ${f(quantile(two, 0.9))} |`);
  }
} finally {
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await db.close();
}
