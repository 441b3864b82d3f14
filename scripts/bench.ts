/**
 * `npm run bench` (issue 14, docs/performance.md): one command that measures the shop as a new
 * visitor and a sales rush meet it, and prints one table per section.
 *
 *   1. builds (node build.mjs), starts `dist/server/main.mjs` on a free port with a fresh data dir;
 *   2. pages: Lighthouse (mobile, simulated slow 4G and CPU) driving Debian's Chromium, per page
 *      its scores, FCP/LCP/TBT/CLS and the JS/CSS bytes transferred until the network is quiet;
 *   3. api: autocannon at 100 connections per catalog endpoint, requests/s, p50/p99, and the same
 *      run's static-file figure beside it as a ratio;
 *   4. proxy: a second process with SHOP_API_URL pointing at the first; p50 of event/select
 *      through it against the upstream directly (1 connection: the added latency itself);
 *   5. fuzz/oversell (issue 15, 41): the long runs of tests/server/fuzz.test.ts, oversell.test.ts and
 *      payments.property.test.ts;
 *   6. sessions (issue 22): BENCH_SESSIONS (default 300) random visitor sessions in Chromium
 *      (tests/e2e/sessions/) against a fresh server, BENCH_SESSION_PARALLEL (default 3) at a time,
 *      seeds from BENCH_SESSION_SEED (default 1000) on; prints sessions, steps, invariant checks,
 *      failures (each with its replay command) and the time. Not part of the default run.
 *   7. clicks (issue 43, "the first click counts"): per catalogue control (event day, tour day,
 *      article add, voucher add, pass owners typed in and added, language switch), a fresh
 *      browser context acts as soon as the control is visible, BENCH_CLICKS (default 10) times
 *      at normal CPU and at 4× slowdown: how many took effect (once), the time from the act to
 *      the visible result, and from the app being there (no `shell--waking`) to the result.
 *      BENCH_CLICKS_ONLY=text measures only the controls whose name holds the text.
 *
 *   8. cachekey (issue 44, "the sales-rush cache bypassed"): the event page and an API answer with a
 *      random query the page does not read (`?z=<random>`), one request at a time, against the
 *      kept page: median and p90 of each and the ratio (goal ≤ 3×). Also printed by `api`.
 *
 * `npm run bench -- pages api` runs only the named sections (pages, api, proxy, clicks, cachekey, fuzz, sessions). It stops
 * every process and browser it started, also on failure or Ctrl-C.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { repoRoot, startServer, type ServerProcess } from '../tests/e2e/server-process.js';

/** The shop as shipped renders its catalogue pages; SERVER_RENDERING=false measures the shell alone. */
const RENDERING = process.env.SERVER_RENDERING ?? 'true';
import { DEMO, demoTenPlacesSlot } from '../src/server/seed/demo.js';
import { addDays } from '../src/domain/dates.js';
import { buy, client } from '../tests/server/oversell-helpers.js';
import { launchBrowser } from '../tests/e2e/browser.js';
import { newStatistics, runSessions } from '../tests/e2e/sessions/run.js';

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
const API_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);
const CONNECTIONS = 100;

const all = ['pages', 'api', 'proxy', 'clicks', 'cachekey', 'fuzz', 'sessions'] as const;
type Section = (typeof all)[number];
const asked = process.argv.slice(2).filter((a): a is Section => (all as readonly string[]).includes(a));
// the sessions take half an hour: only when asked for
const sections = new Set<Section>(asked.length ? asked : all.filter((s) => s !== 'sessions'));

const started: { stop(): Promise<unknown> }[] = [];
async function stopAll(): Promise<void> {
  for (const s of started.splice(0).reverse()) await s.stop().catch(() => undefined);
}
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function table(title: string, head: string[], rows: (string | number)[][]): void {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n### ${title}\n`);
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of cells.slice(1)) console.log(line(r));
}

/** The cart the checkout is measured with: one adult ticket of tomorrow's (not Monday's) 11:00 slot. */
function demoCart() {
  const slot = demoTenPlacesSlot(new Date());
  return [{
    type: 'ticket', id: DEMO.tickets.collectionAdult, eventId: DEMO.events.collection, name: 'Adults', price: 1800, totalPrice: 1800, totalCount: 1,
    datetime: `${slot.date} 11:00`, vat_value: 8.1, single_ticketing: 0, subtickets: [],
  }];
}

interface LighthouseRow { page: string; scores: Record<string, number>; fcp: number; lcp: number; tbt: number; cls: number; js: number; css: number }

/** Issue 25's goals for a catalogue page (every bench page but the checkout, which is personal). */
const GOALS = { performance: 98, lcp: 1200, tbt: 100 };

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

/** The median of each figure over the runs of one page (Lighthouse's own advice: one run says little). */
function medianRow(runs: LighthouseRow[]): LighthouseRow {
  const first = runs[0];
  if (!first) throw new Error('no Lighthouse run');
  const of = (pick: (r: LighthouseRow) => number) => median(runs.map(pick));
  return {
    page: first.page,
    scores: Object.fromEntries(Object.keys(first.scores).map((id) => [id, of((r) => r.scores[id] ?? NaN)])),
    fcp: of((r) => r.fcp), lcp: of((r) => r.lcp), tbt: of((r) => r.tbt), cls: of((r) => r.cls), js: of((r) => r.js), css: of((r) => r.css),
  };
}

async function measurePage(browser: Browser, base: string, pagePath: string, run: number): Promise<LighthouseRow> {
  const page = await browser.newPage();
  const withCart = pagePath.endsWith('/checkout');
  if (withCart) {
    // the cart goes into this tab's session storage from a page of the shop's origin that loads no
    // script (the app's page did, and Chromium then served its chunks from memory to the measured
    // load, whatever the cache clearing below: the JS column counted the checkout's own chunks only)
    await page.goto(`${base}/robots.txt`, { waitUntil: 'load' });
    await page.evaluate((cart) => sessionStorage.setItem('cart', JSON.stringify(cart)), demoCart());
    // Lighthouse keeps the storage (the cart) for this page, so the cache is emptied by hand: a first visit
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }
  const result = await lighthouse(
    `${base}${pagePath}`,
    {
      output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], disableStorageReset: withCart,
      // BENCH_THROTTLING=devtools: the browser is really slowed (network and CPU) instead of Lighthouse's simulation from a fast load
      ...(process.env.BENCH_THROTTLING === 'devtools' ? { throttlingMethod: 'devtools' as const } : {}),
    },
    undefined,
    page,
  );
  await page.close();
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${pagePath}`);
  if (process.env.BENCH_REPORTS) {
    // the whole Lighthouse report per page and run, for looking into a figure (LCP element, long tasks …)
    fs.mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
    fs.writeFileSync(path.join(process.env.BENCH_REPORTS, `${pagePath.replace(/\W+/g, '_').replace(/^_/, '') || 'home'}-${run}.json`), JSON.stringify(lhr, null, 1));
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const bytes = (type: string) => requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable');
  if (process.env.BENCH_VERBOSE) console.log(`${pagePath} (run ${run}): below 90: ${failing.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join(', ')}`);
  return {
    page: pagePath + (withCart ? ' (cart)' : ''),
    scores: Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, Math.round((c.score ?? 0) * 100)])),
    fcp: audit('first-contentful-paint'), lcp: audit('largest-contentful-paint'), tbt: audit('total-blocking-time'), cls: audit('cumulative-layout-shift'),
    js: bytes('Script'), css: bytes('Stylesheet'),
  };
}

async function measurePages(base: string): Promise<void> {
  const all = [
    '/de', '/en/tickets', `/en/tickets/${DEMO.events.collection}`, '/en/checkout', '/en/guided-tours',
    `/en/guided-tours/${DEMO.tours.highlightsEn}`, `/en/product/${DEMO.merchandise.catalogue}`,
  ];
  // BENCH_PAGES=/de,/en/checkout measures only those; BENCH_RUNS (default 3) runs per page, medians shown
  const only = process.env.BENCH_PAGES?.split(',').filter(Boolean);
  const pages = only?.length ? all.filter((p) => only.includes(p)) : all;
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
  const browser: Browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS, headless: true });
  started.push({ stop: () => browser.close() });
  // the pages take turns, round after round, rather than one page three times in a row: a passing
  // load on the machine then spreads over the pages instead of spoiling one page's median
  const byPage = new Map<string, LighthouseRow[]>(pages.map((p) => [p, []]));
  for (let run = 1; run <= runs; run += 1) {
    for (const pagePath of pages) byPage.get(pagePath)?.push(await measurePage(browser, base, pagePath, run));
  }
  const rows = [...byPage.entries()].map(([pagePath, each]) => {
    if (runs > 1) console.log(`${pagePath}: perf ${each.map((r) => r.scores.performance).join(' / ')}, LCP ${each.map((r) => ms(r.lcp)).join(' / ')}, TBT ${each.map((r) => ms(r.tbt)).join(' / ')}`);
    return medianRow(each);
  });
  const verdict = (r: LighthouseRow) => {
    if (r.page.endsWith('(cart)')) return 'personal';
    const missed = [
      (r.scores.performance ?? 0) < GOALS.performance ? 'perf' : '',
      r.lcp > GOALS.lcp ? 'LCP' : '',
      r.tbt > GOALS.tbt ? 'TBT' : '',
    ].filter(Boolean);
    return missed.length ? `missed: ${missed.join(', ')}` : 'met';
  };
  table(`Pages (Lighthouse mobile, median of ${runs} run(s); JS/CSS as transferred, headers included; goals: perf ≥ ${GOALS.performance}, LCP ≤ ${GOALS.lcp} ms, TBT ≤ ${GOALS.tbt} ms)`,
    ['page', 'JS', 'CSS', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'goals'],
    rows.map((r) => [r.page, kb(r.js), kb(r.css), r.scores.performance ?? '', r.scores.accessibility ?? '', r.scores['best-practices'] ?? '', r.scores.seo ?? '', ms(r.fcp), ms(r.lcp), ms(r.tbt), r.cls.toFixed(3), verdict(r)]));
}

interface Load { rps: number; p50: number; p99: number; mean: number; non2xx: number; errors: number }

async function load(url: string, connections = CONNECTIONS, seconds = API_SECONDS): Promise<Load> {
  const r = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'br, gzip' } });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, mean: r.latency.average, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

function endpoints(): [string, string][] {
  const slot = demoTenPlacesSlot(new Date());
  const day = slot.date.replaceAll('-', '');
  const end = new Date(`${slot.date}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 41);
  const last = end.toISOString().slice(0, 10).replaceAll('-', '');
  const ev = DEMO.events.collection;
  const tour = DEMO.tours.highlightsDe;
  return [
    ['event/select', '/api/de/event/select'],
    ['ticket/calendar (6 weeks, deep)', `/api/de/ticket/calendar/event/${ev}/range/${day};${last}?deep=1`],
    ['ticket/collect (a day)', `/api/de/ticket/collect/event/${ev}/date/${day}`],
    ['tour/select/event', '/api/de/tour/select/event'],
    ['tour (a day)', `/api/de/tour?tour=${tour}&date=${day}`],
    ['tour/calendar (6 weeks)', `/api/de/tour/calendar/tour/${tour}/range/${day};${last}`],
    ['merchandise/select', '/api/de/merchandise/select'],
    ['voucher/select/event', '/api/de/voucher/select/event'],
    ['shopinfo/config', '/api/de/shopinfo/config?shop=16'],
  ];
}

async function measureApi(base: string): Promise<void> {
  // the static figure: a small file served from memory (the favicon), as a CDN-less server sends it
  const staticFile = '/static/favicon.svg';
  const still = await load(`${base}${staticFile}`);
  const rows: (string | number)[][] = [];
  for (const [name, p] of endpoints()) {
    const check = await fetch(`${base}${p}`);
    if (check.status !== 200) throw new Error(`${p} answered ${check.status}: ${await check.text()}`);
    const r = await load(`${base}${p}`);
    rows.push([name, Math.round(r.rps), `${r.p50} ms`, `${r.p99} ms`, `${((r.rps / still.rps) * 100).toFixed(0)} %`, r.non2xx + r.errors]);
  }
  // the event page as a visitor from a search gets it: rendered on the server when SERVER_RENDERING
  // is on (kept like the catalogue answers, src/server/static.ts), else the shell
  const eventPage = `/en/tickets/${DEMO.events.collection}`;
  const sent = await (await fetch(`${base}${eventPage}`)).text();
  const rendered = sent.includes('id="shop-render"');
  const page = await load(`${base}${eventPage}`);
  rows.push([`page ${eventPage} (${rendered ? 'server-rendered' : 'shell, not rendered'})`, Math.round(page.rps), `${page.p50} ms`, `${page.p99} ms`, `${((page.rps / still.rps) * 100).toFixed(0)} %`, page.non2xx + page.errors]);
  // a sales rush: the calendar while tickets are booked (each booking drops the kept answers)
  const [, calendarPath] = endpoints()[1] ?? ['', ''];
  const buyer = client(4);
  let booked = 0;
  let bookingsRunning = true;
  const booking = (async () => {
    for (let i = 0; bookingsRunning; i += 1) {
      const day = addDays(demoTenPlacesSlot(new Date()).date, i % 60);
      const outcome = await buy(buyer, base, { type: 'ticket', id: DEMO.tickets.collectionAdult, count: 1, datetime: `${day} 11:00`, subtickets: [] }).catch(() => undefined);
      if (outcome && 'booked' in outcome) booked += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const during = await load(`${base}${calendarPath}`);
  bookingsRunning = false;
  await booking;
  buyer.close();
  rows.push([`ticket/calendar while ${booked} bookings were made (${(booked / API_SECONDS).toFixed(1)}/s)`, Math.round(during.rps), `${during.p50} ms`, `${during.p99} ms`, `${((during.rps / still.rps) * 100).toFixed(0)} %`, during.non2xx + during.errors]);
  rows.push([`static file (${staticFile.split('/').pop()})`, Math.round(still.rps), `${still.p50} ms`, `${still.p99} ms`, '100 %', still.non2xx + still.errors]);
  table(`API at ${CONNECTIONS} connections, ${API_SECONDS} s each (requests/s; ratio to the static file of the same run)`,
    ['endpoint', 'req/s', 'p50', 'p99', 'of static', 'non-2xx/errors'], rows);
}

/** Latencies (ms) of `count` requests one after another, each to the address `url(i)` gives. */
async function sequential(url: (i: number) => string, count: number): Promise<{ p50: number; p90: number; rendered: number }> {
  const times: number[] = [];
  let rendered = 0;
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    const answer = await fetch(url(i), { headers: { 'accept-encoding': 'br, gzip' } });
    const text = await answer.text();
    times.push(performance.now() - start);
    if (answer.status !== 200) throw new Error(`${url(i)} answered ${answer.status}`);
    if (text.includes('id="shop-render"')) rendered += 1;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p90: at(0.9), rendered };
}

/**
 * Issue 44: a query the page does not read (`?z=<random>`) must find the kept page, not render it
 * anew (before: median 76 ms against 4.7 ms kept, ×16). One request at a time, so the figure is
 * the cost of one request, not of a queue.
 */
async function measureCacheKey(base: string): Promise<void> {
  const count = Number(process.env.BENCH_CACHEKEY_REQUESTS ?? 200);
  const eventPage = `${base}/en/tickets/${DEMO.events.collection}`;
  const api = `${base}/api/de/event/select`;
  const random = () => Math.random().toString(36).slice(2);
  // warm: the kept page and answer exist, and the process has rendered once
  for (let i = 0; i < 3; i += 1) await sequential(() => eventPage, 5);
  const rows: (string | number)[][] = [];
  for (const [name, kept, bypass] of [
    [`page /en/tickets/${DEMO.events.collection}`, () => eventPage, () => `${eventPage}?z=${random()}`],
    ['api event/select', () => api, () => `${api}?z=${random()}`],
  ] as const) {
    const a = await sequential(kept, count);
    const b = await sequential(bypass, count);
    rows.push([name, `${a.p50.toFixed(1)} ms / ${a.p90.toFixed(1)} ms`, `${b.p50.toFixed(1)} ms / ${b.p90.toFixed(1)} ms`, `${(b.p50 / a.p50).toFixed(2)}×`, name.startsWith('page') ? `${a.rendered} / ${b.rendered}` : '–']);
  }
  table(`A query the page does not read (?z=<random>), ${count} requests one at a time (median / p90)`,
    ['address', 'kept', '?z=<random>', 'ratio of medians (goal ≤ 3×)', 'rendered pages (kept / ?z=)'], rows);
}

async function measureProxy(base: string): Promise<void> {
  const proxy = await startServer({ SERVER_RENDERING: RENDERING, SHOP_API_URL: `${base}/api`, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-proxy-')) });
  started.push(proxy);
  const p = '/api/de/event/select';
  const check = await fetch(`${proxy.url}${p}`);
  if (check.status !== 200) throw new Error(`proxy ${p} answered ${check.status}`);
  const rows: (string | number)[][] = [];
  for (const connections of [1, CONNECTIONS]) {
    const direct = await load(`${base}${p}`, connections);
    const forwarded = await load(`${proxy.url}${p}`, connections);
    // one connection: a request's time is 1/throughput, finer than autocannon's whole milliseconds
    const perRequest = (l: Load) => (connections === 1 ? `${(1000 / l.rps).toFixed(2)} ms` : `${l.p50} ms`);
    const added = connections === 1 ? `${(1000 / forwarded.rps - 1000 / direct.rps).toFixed(2)} ms` : `${forwarded.p50 - direct.p50} ms`;
    rows.push([connections, perRequest(direct), perRequest(forwarded), added, `${direct.p99} / ${forwarded.p99} ms`, Math.round(direct.rps), Math.round(forwarded.rps)]);
  }
  table('Proxy (SHOP_API_URL → a local upstream), event/select; 1 connection: time per request, 100: p50',
    ['connections', 'direct', 'via proxy', 'added', 'p99 direct / proxy', 'direct req/s', 'proxy req/s'], rows);
  await proxy.stop();
}

async function measureSessions(): Promise<void> {
  // BENCH_SESSION_RENDERING=true walks them on a server that renders its catalogue pages (as shipped)
  const rendering: Record<string, string> = process.env.BENCH_SESSION_RENDERING === 'true' ? { SERVER_RENDERING: 'true' } : {};
  const server: ServerProcess = await startServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sessions-')), ...rendering });
  started.push(server);
  const browser = await launchBrowser();
  started.push({ stop: () => browser.close() });
  const count = Number(process.env.BENCH_SESSIONS ?? 300);
  const parallel = Number(process.env.BENCH_SESSION_PARALLEL ?? 3);
  const first = Number(process.env.BENCH_SESSION_SEED ?? 1000);
  const seeds = Array.from({ length: count }, (_, i) => first + i);
  const stats = newStatistics();
  const t0 = Date.now();
  let done = 0;
  const results = await runSessions(seeds, parallel, { browser, baseUrl: server.url, stats, shrinkMs: Number(process.env.BENCH_SESSION_SHRINK_MS ?? 120_000), replayFile: 'tests/e2e/sessions.test.ts', ...(rendering['SERVER_RENDERING'] ? { replayEnv: 'SESSION_RENDERING=true' } : {}) }, (r) => {
    done += 1;
    if (!r.ok) console.log(`\n${r.report}\n`);
    if (done % 25 === 0) console.log(`${done}/${count} sessions, ${stats.steps} steps, ${Math.round((Date.now() - t0) / 1000)} s`);
  });
  const seconds = (Date.now() - t0) / 1000;
  const failed = results.filter((r) => !r.ok);
  const lengths = results.map((r) => r.steps).sort((a, b) => a - b);
  table(`Visitor sessions (seeds ${first}–${first + count - 1}, ${parallel} at a time)`,
    ['sessions', 'steps', 'steps per session (min / median / max)', 'invariant checks', 'failures', 'time', 'per step'],
    [[results.length, stats.steps, `${lengths[0] ?? 0} / ${lengths[Math.floor(lengths.length / 2)] ?? 0} / ${lengths.at(-1) ?? 0}`, stats.checks, failed.length, `${(seconds / 60).toFixed(1)} min`, `${((seconds * 1000 * parallel) / Math.max(1, stats.steps)).toFixed(0)} ms`]]);
  table('What the sessions did (actions and their outcomes)', ['action', 'times'], [...stats.actions].sort(([a], [b]) => a.localeCompare(b)).map(([name, n]) => [name, n]));
  if (failed.length > 0) console.log(`\nFailed seeds: ${failed.map((r) => r.seed).join(', ')}`);
  await stopAll();
  if (failed.length > 0) process.exitCode = 1;
}

/** What shows that a first click acted: a day's times, the cart's one line, the page in another language. */
type FirstResult = 'times' | 'cart' | 'language';

/**
 * The controls of the first-click section: where, the element whose showing starts the try, what
 * the visitor does then (a click on it, unless `act` says more), and what shows that it acted.
 */
const FIRST_CLICKS: { name: string; path: string; control: string; done: FirstResult; act?: (page: Page) => Promise<number | void> }[] = [
  { name: 'event day', path: '/en/tickets/101', control: 'button.date-grid__day:not([aria-disabled="true"])', done: 'times' },
  { name: 'tour day', path: '/en/guided-tours/202', control: 'button.date-grid__day:not([aria-disabled="true"])', done: 'times' },
  { name: 'article add', path: '/en/product/301', control: 'main button[type="submit"]', done: 'cart' },
  { name: 'voucher add', path: '/en/vouchers/401', control: 'main button[type="submit"]', done: 'cart' },
  {
    // the pass's owner typed in (first and last name), then "Add to cart"
    name: "pass owners' add",
    path: '/en/passes/311',
    control: 'input[name="owner-0-first"]',
    done: 'cart',
    act: async (page) => {
      await page.type('input[name="owner-0-first"]', 'Ada');
      await page.type('input[name="owner-0-last"]', 'Lovelace');
      // the latency is the click's: the typing before it is the visitor's time, not the page's
      const clicked = Date.now();
      await page.click('main button[type="submit"]');
      return clicked;
    },
  },
  { name: 'language switch', path: '/en/tickets', control: 'select.language__select', done: 'language', act: (page) => page.select('select.language__select', 'de') },
];

/**
 * Whether the result shows, read in the page: the wall clock's time then, or 0. A language
 * switch loads a new page; while it loads, the page cannot be read (null).
 */
async function firstResult(page: Page, done: FirstResult): Promise<number | null> {
  return page
    .evaluate((kind: string) => {
      const ok =
        kind === 'times'
          ? document.querySelector('main input[type="radio"], main [role="radio"]') !== null
          : kind === 'cart'
            ? (JSON.parse(sessionStorage.getItem('cart') ?? '[]') as unknown[]).length > 0
            : document.documentElement.lang === 'de' && location.pathname.startsWith('/de/') && document.querySelector('main h1') !== null;
      return ok ? performance.timeOrigin + performance.now() : 0;
    }, done)
    .catch(() => null);
}

/**
 * Issue 43: a visitor who acts as soon as the control shows. Each try in a fresh context (cold
 * cache, empty session storage); the result counts once it shows (a day's times, the cart's one
 * line with count 1, the page in German) and the page is checked again 1 s later (nothing done
 * twice, nothing undone). Times are the wall clock's (a language switch loads another page): the
 * page notes in its session storage when the app first had it (no `.shell--waking`).
 */
async function measureFirstClicks(base: string): Promise<void> {
  const tries = Number(process.env.BENCH_CLICKS ?? 10);
  const only = process.env.BENCH_CLICKS_ONLY;
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  started.push({ stop: () => browser.close() });
  const rows: (string | number)[][] = [];
  for (const control of FIRST_CLICKS.filter((c) => !only || c.name.includes(only))) {
    for (const cpu of [1, 4]) {
      let counted = 0;
      const latencies: number[] = [];
      const afterApp: number[] = [];
      for (let run = 0; run < tries; run += 1) {
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        const cdp = await page.createCDPSession();
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
        // as text: a function of this file would carry tsx's helpers, which the page has not
        await page.evaluateOnNewDocument(`(function note() {
          if (sessionStorage.getItem('bench-app')) return;
          if (document.querySelector('.shell') && !document.querySelector('.shell--waking')) sessionStorage.setItem('bench-app', String(performance.timeOrigin + performance.now()));
          else requestAnimationFrame(note);
        })()`);
        try {
          // not awaited: the visitor acts as soon as the control shows, not when the page has loaded
          void page.goto(`${base}${control.path}`, { waitUntil: 'domcontentloaded' }).catch(() => undefined);
          const lost = (why: string) => console.error(`  lost: ${control.name} at ${cpu}×, try ${run + 1}: ${why}`);
          const element = await page.waitForSelector(control.control, { visible: true, timeout: 20_000 }).catch(() => null);
          if (!element) {
            lost('the control did not show in 20 s');
            continue;
          }
          let clicked = Date.now();
          // by its selector: the element shown may have been replaced by then (a page rendered anew), as a visitor's click finds the one there
          const acted = await (control.act ? control.act(page) : page.click(control.control)).then(
            (at) => {
              if (typeof at === 'number') clicked = at;
              return null;
            },
            (error: unknown) => String(error),
          );
          if (acted) {
            lost(`the act failed: ${acted}`);
            continue;
          }
          let shown = 0;
          for (const deadline = Date.now() + 20_000; Date.now() < deadline && !shown; ) {
            shown = (await firstResult(page, control.done)) ?? 0;
            if (!shown) await new Promise((resolve) => setTimeout(resolve, 16));
          }
          if (!shown) {
            if (process.env.BENCH_SHOTS) await page.screenshot({ fullPage: true, path: path.join(process.env.BENCH_SHOTS, `lost-${control.name.replace(/\W+/g, '-')}-${cpu}x-${run + 1}.png`) }).catch(() => undefined);
            lost(`no result in 20 s (${page.url()}, cart ${await page.evaluate(() => sessionStorage.getItem('cart')).catch(() => '?')}, fields ${await page.evaluate(() => [...document.querySelectorAll('main input')].map((i) => (i as HTMLInputElement).value).join('|')).catch(() => '?')})`);
            continue;
          }
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          const once = await page
            .evaluate((kind: string) => {
              if (kind === 'times') return true;
              if (kind === 'language') return document.documentElement.lang === 'de' && location.pathname.startsWith('/de/');
              const lines = JSON.parse(sessionStorage.getItem('cart') ?? '[]') as { count?: number }[];
              return lines.length === 1 && lines[0]?.count === 1;
            }, control.done)
            .catch(() => false);
          if (!once) {
            lost(`not once 1 s later (${page.url()}, cart ${await page.evaluate(() => sessionStorage.getItem('cart')).catch(() => '?')})`);
            continue;
          }
          const app = Number(await page.evaluate(() => sessionStorage.getItem('bench-app') ?? '0').catch(() => '0')) || shown;
          counted += 1;
          latencies.push(shown - clicked);
          afterApp.push(shown - Math.max(clicked, app));
        } finally {
          await context.close();
        }
      }
      rows.push([control.name, control.path, `${cpu}×`, `${counted} of ${tries}`, latencies.length ? ms(median(latencies)) : '–', afterApp.length ? ms(median(afterApp)) : '–', afterApp.length ? ms(Math.max(...afterApp)) : '–']);
    }
  }
  await browser.close();
  table('First click (issue 43): acted as soon as the control is visible, fresh browser context each time', ['control', 'page', 'CPU', 'took effect once', 'click → result (median)', 'app there → result (median)', '(max)'], rows);
}

async function main(): Promise<void> {
  console.log(`museum-shop bench, ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, node ${process.version}`);
  const needsServer = sections.has('pages') || sections.has('api') || sections.has('proxy') || sections.has('clicks') || sections.has('cachekey');
  if (needsServer || sections.has('sessions')) {
    const build = spawnSync(process.execPath, ['build.mjs'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    if (build.status !== 0) throw new Error('The build failed.');
    const summary = build.stdout.toString().split('\n').find((l) => l.includes('JavaScript the home page loads'));
    if (summary) console.log(summary.trim());
  }
  if (needsServer) {
    const server: ServerProcess = await startServer({ SERVER_RENDERING: RENDERING, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-shop-')) });
    started.push(server);
    console.log(`shop on ${server.url}`);
    if (sections.has('pages')) await measurePages(server.url);
    if (sections.has('api')) await measureApi(server.url);
    if (sections.has('api') || sections.has('cachekey')) await measureCacheKey(server.url);
    if (sections.has('proxy')) await measureProxy(server.url);
    if (sections.has('clicks')) await measureFirstClicks(server.url);
    await stopAll();
  }
  if (sections.has('sessions')) await measureSessions();
  if (sections.has('fuzz')) {
    const code = await new Promise<number | null>((resolve) => {
      // issue 41: 5,000 buyers for 200 places on PGlite, 1,000 for 50 over two processes on PostgreSQL
      // (TEST_DATABASE_URL; else two servers on one PGlite), and 200 interleavings of the payments property
      const child = spawn('npx', ['vitest', 'run', '--config', 'tests/vitest.config.ts', 'tests/server/fuzz.test.ts', 'tests/server/oversell.test.ts', 'tests/server/payments.property.test.ts'], {
        cwd: repoRoot, stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: '20000', OVERSELL_BUYERS: '5000', OVERSELL_PLACES: '200', OVERSELL_PG_BUYERS: '1000', OVERSELL_PG_PLACES: '50', PAYMENTS_PROPERTY_RUNS: '200' },
      });
      started.push({ stop: async () => child.kill('SIGTERM') });
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`fuzz/oversell failed (${code})`);
  }
}

main()
  .then(stopAll)
  .catch(async (error: unknown) => {
    console.error(error);
    await stopAll();
    process.exit(1);
  });
