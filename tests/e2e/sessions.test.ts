/**
 * Random visitor sessions in real Chromium against the real server (issue 22, docs/testing.md
 * "Visitor sessions"): fast-check strings together what visitors do (tests/e2e/sessions/actions.ts)
 * and after every step checks what a visitor relies on (tests/e2e/sessions/invariants.ts).
 *
 * A fixed set of seeds runs here, three sessions at a time, every other one against a second
 * server that renders its catalogue pages (SERVER_RENDERING=true, issue 25); together they must visit every
 * section, every provider outcome and every reload point (asserted below, so a change of the
 * generator cannot silently stop visiting something). `npm run bench -- sessions` runs many more.
 *
 * A failure prints its seed and its shrunk steps; replay one with
 *   SESSION_SEED=… SESSION_PATH=… SESSION_REPLAY='…' npx vitest run --config tests/vitest.config.ts --project e2e tests/e2e/sessions.test.ts
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from './browser.js';
import { e2eBaseUrl } from './context.js';
import { startServer, type ServerProcess } from './server-process.js';
import { MAX_STEPS } from './sessions/actions.js';
import { newStatistics, runSession, type SessionResult } from './sessions/run.js';

/**
 * The seeds `npm test` runs: the fewest that together cover what `REQUIRED` lists (a set cover
 * over seeds 100–359, each walked on the server its index sends it to: 5 sessions, 127 steps,
 * where the 17 seeds before took 396). Their order is part of the choice: an odd index walks the
 * rendering server, and the steps that depend on the data shared with the rest of the e2e run
 * (a valid voucher code added, a refused login) are taken there, on that server's own data.
 */
export const FIXED_SEEDS = [260, 217, 174, 175, 224];
const PARALLEL = Number(process.env.SESSION_PARALLEL ?? 3);
const SHRINK_MS = Number(process.env.SESSION_SHRINK_MS ?? 120_000);

/** What the fixed sessions must have done, as the actions count it (name, or name: tag). */
const REQUIRED: string[] = [
  // every section, through its list and an item, and what each sells
  ...['tickets', 'guidedTours', 'merchandise', 'passes', 'vouchers'].map((s) => `open a section from the header: ${s}`),
  ...['ticket', 'tour', 'article', 'pass', 'voucher'].map((k) => `open an item: ${k}`),
  'choose a day and time',
  'add tickets',
  'add a tour',
  'add a tour with its answers',
  'add an article',
  'add a pass with owners',
  'add a voucher',
  'add tickets: count changed',
  'open the basket',
  'remove a line',
  'choose the country of delivery',
  ...['code added', 'code spent', 'code expired', 'code unknown'].map((t) => `redeem a voucher code: ${t}`),
  // every provider outcome
  'pay',
  ...['pay', 'cancel', 'fail'].map((o) => `answer at the provider: ${o}`),
  'keep or clear after cancelling: cancel keep',
  'keep or clear after cancelling: cancel clear',
  'confirm the order',
  'open the order review',
  // every reload point
  ...['home', 'list', 'item', 'checkout', 'provider', 'accepted', 'canceled', 'failed', 'success'].map((p) => `reload: reload ${p}`),
  'press Back',
  'open a deep link',
  'switch the language',
  'log in: login',
  'log in: login failed',
  'log out',
  'register',
  'open settings',
  'pay: retry',
  'half type a delivery address',
  'press Back to the accepted page',
];

let baseUrl = '';
let browser: Browser;
/** A second server that renders catalogue pages (SERVER_RENDERING=true, issue 25), with its own data. */
let rendering: ServerProcess | undefined;
const renderingData = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-shop-sessions-ssr-'));
/** One session replayed against the rendering server (SESSION_RENDERING=true). */
const replayRendering = process.env.SESSION_RENDERING === 'true';

beforeAll(async () => {
  baseUrl = e2eBaseUrl();
  const needsRendering = !process.env.SESSION_SEED || replayRendering;
  [browser, rendering] = await Promise.all([launchBrowser(), needsRendering ? startServer({ DATA_DIR: renderingData, SERVER_RENDERING: 'true' }) : Promise.resolve(undefined)]);
});

afterAll(async () => {
  await browser?.close();
  await rendering?.stop();
  fs.rmSync(renderingData, { recursive: true, force: true });
});

/** Every other fixed seed visits the server that renders its pages: the walk holds with and without server rendering. */
const rendered = (index: number) => index % 2 === 1;

describe('visitor sessions in a real browser', () => {
  const replaySeed = process.env.SESSION_SEED;
  if (replaySeed) {
    it(`replays session ${replaySeed}`, async () => {
      const stats = newStatistics();
      const result = await runSession(Number(replaySeed), {
        browser,
        baseUrl: replayRendering && rendering ? rendering.url : baseUrl,
        stats,
        shrinkMs: 0,
        ...(process.env.SESSION_PATH ? { path: process.env.SESSION_PATH } : {}),
        ...(process.env.SESSION_REPLAY ? { replayPath: process.env.SESSION_REPLAY } : {}),
      });
      if (result.report) console.error(result.report);
      expect(result.ok, result.report).toBe(true);
    }, 600_000);
    return;
  }

  // SURVEY HOOK (temporary, not committed)
  if (process.env.SESSION_SURVEY) {
    const seeds = process.env.SESSION_SURVEY.split(',').map(Number);
    const mode = process.env.SESSION_SURVEY_SERVER ?? 'parity';
    const out = process.env.SESSION_SURVEY_OUT!;
    it('survey', async () => {
      let next = 0;
      const worker = async () => {
        while (next < seeds.length) {
          const index = next;
          next += 1;
          const onR = mode === 'rendered' || (mode === 'parity' && rendered(index));
          const stats = newStatistics();
          const r = await runSession(seeds[index]!, { browser, baseUrl: onR ? rendering!.url : baseUrl, stats, shrinkMs: 0 });
          fs.appendFileSync(out, JSON.stringify({ seed: r.seed, rendered: !!onR, ok: r.ok, steps: r.steps, ms: r.ms, actions: [...stats.actions.keys()], report: r.report?.split('\n')[0] }) + '\n');
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, PARALLEL) }, worker));
    }, 7_200_000);
    return;
  }

  it(`${FIXED_SEEDS.length} sessions of up to ${MAX_STEPS} steps keep every invariant, and together visit every section, provider outcome and reload point`, async () => {
    const stats = newStatistics();
    const started = Date.now();
    const results: SessionResult[] = [];
    let next = 0;
    const worker = async () => {
      while (next < FIXED_SEEDS.length) {
        const index = next;
        next += 1;
        const onRendering = rendered(index) && rendering;
        results.push(
          await runSession(FIXED_SEEDS[index]!, {
            browser,
            baseUrl: onRendering ? onRendering.url : baseUrl,
            stats,
            shrinkMs: SHRINK_MS,
            ...(onRendering ? { replayEnv: 'SESSION_RENDERING=true' } : {}),
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, PARALLEL) }, worker));
    const failures = results.filter((r) => !r.ok);
    for (const failure of failures) console.error(failure.report);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(
      `visitor sessions: ${results.length} sessions (${FIXED_SEEDS.filter((_, i) => rendered(i)).length} on the server that renders its pages), ${stats.steps} steps (${Math.min(...results.map((r) => r.steps))}–${Math.max(...results.map((r) => r.steps))} per session), ` +
        `${stats.checks} invariant checks, ${failures.length} failed, ${seconds} s (${PARALLEL} at a time)`,
    );
    expect(failures.map((f) => f.report?.split('\n')[0])).toEqual([]);
    const missing = REQUIRED.filter((name) => !stats.actions.has(name));
    expect(missing, 'what the fixed sessions no longer visit (choose other seeds, or fix the generator)').toEqual([]);
  }, 900_000);
});
