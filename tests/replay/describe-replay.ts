/**
 * Vitest glue of the browser replays (e2e project: one build, one server on a fresh database,
 * shared by every test file): for a machine and its binding,
 *
 * - one test that fails naming every event and state its paths use without a binding;
 * - one test per walk of the path set (the model test's own paths and scenarios, by the names the
 *   model test gives them), replayed in its own page, REPLAY_PAGES (default 3) pages at a time,
 *   against the shared e2e server or, when the binding asks for one (`server`), its own;
 * - one test that holds what the replays took to tests/replay/results/<machine>.json, the file the
 *   coverage report reads (write it anew with UPDATE_RECORDS=1 after a deliberate change, then
 *   `npm run paths`).
 *
 * Replay one path: `npm run test:paths -- -t "eventTicketing path 12/"`.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { machineEdges } from '../../src/tools/machine-graph.js';
import type { MachineModel } from '../machines/model.js';
import { launchBrowser } from '../e2e/browser.js';
import { e2eBaseUrl } from '../e2e/context.js';
import { startServer, type ServerProcess } from '../e2e/server-process.js';
import type { ReplayBinding } from './binding.js';
import { unbound, type ReplayPlan } from './plan.js';
import { replayWalk, type WalkOutcome } from './replay.js';
import { reasonsNotTaken, resultsDir, resultsFile, type ReplayResults } from './results.js';

const PAGES = Math.max(1, Number(process.env.REPLAY_PAGES ?? 3));

/** At most `n` at a time. */
function limiter(n: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((resolve) => queue.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      queue.shift()?.();
    }
  };
}

export function describeReplay(model: MachineModel, binding: ReplayBinding, plans: ReplayPlan[]): void {
  describe(`${model.name} in the browser`, () => {
    let browser: Browser | undefined;
    let baseUrl = '';
    let own: { server: ServerProcess; dataDir: string; log: string } | undefined;
    const serverLog = () => {
      if (own) return own.log;
      const file = inject('serverLogFile');
      return file ? readFileSync(file, 'utf8') : '';
    };
    // no SMTP_URL: the server writes its mails as .eml files into DATA_DIR/outbox (issue 42)
    const outboxDir = () => (own ? path.join(own.dataDir, 'outbox') : inject('outboxDir'));
    const outcomes = new Map<number, WalkOutcome>();
    let failed = 0;
    const slot = limiter(PAGES);
    const started = Date.now();

    beforeAll(async () => {
      baseUrl = e2eBaseUrl();
      if (binding.server) {
        // the build exists (the e2e setup made it); this server has its own data and settings
        const dataDir = mkdtempSync(path.join(tmpdir(), `museum-shop-replay-${binding.machine}-`));
        const server = await startServer({ DATA_DIR: dataDir, ...binding.server.env });
        own = { server, dataDir, log: server.output() };
        const keep = (chunk: Buffer) => (own!.log += chunk.toString());
        server.child.stdout?.on('data', keep);
        server.child.stderr?.on('data', keep);
        baseUrl = server.url;
      }
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await own?.server.stop();
      if (own) rmSync(own.dataDir, { recursive: true, force: true });
    });

    it('binds every event and state its paths use', () => {
      expect(unbound(plans, binding), `unbound in tests/replay/bindings/${binding.machine}.ts`).toEqual([]);
    });

    for (const plan of plans) {
      it.concurrent(
        `${model.name} path ${plan.number}/${plan.total}: ${plan.name}`,
        async () => {
          try {
            outcomes.set(plan.number, await slot(() => replayWalk(browser!, baseUrl, model, binding, plan, serverLog, outboxDir)));
          } catch (error) {
            failed++;
            throw error;
          }
        },
        60_000 + plans.length * 30_000,
      );
    }

    it('takes the transitions tests/replay/results records, with the reasons for the others', (ctx) => {
      // only a full, green run says what the replays take (not `-t` of one path, not a failure)
      if (failed > 0 || outcomes.size !== plans.length) ctx.skip();
      const edges = machineEdges(model.machine).map((e) => e.name);
      const taken = new Set([...outcomes.values()].flatMap((o) => o.taken));
      const stops = [...outcomes].flatMap(([n, o]) => (o.stopped ? [{ plan: `path ${n}`, ...o.stopped }] : []));
      const actual: ReplayResults = {
        machine: model.name,
        transitions: edges.length,
        taken: edges.filter((e) => taken.has(e)),
        notTaken: reasonsNotTaken(edges, taken, stops),
        paths: plans.map((plan) => {
          const o = outcomes.get(plan.number)!;
          return {
            name: plan.name,
            steps: plan.steps.length,
            replayed: o.replayed,
            ...(o.stopped ? { stopped: { step: o.stopped.step, event: o.stopped.event, reason: o.stopped.reason } } : {}),
          };
        }),
      };
      const file = resultsFile(model.name);
      console.log(`${model.name}: ${plans.length} paths replayed in ${((Date.now() - started) / 1000).toFixed(1)} s, ${actual.taken.length}/${edges.length} transitions taken in the browser`);
      if (process.env.UPDATE_RECORDS === '1' || !existsSync(file)) {
        if (process.env.CI === 'true' && !existsSync(file)) throw new Error(`no recorded results ${file}: write them with UPDATE_RECORDS=1 npm run test:paths and commit them`);
        mkdirSync(resultsDir, { recursive: true });
        writeFileSync(file, `${JSON.stringify(actual, null, 1)}\n`);
      }
      const recorded = JSON.parse(readFileSync(file, 'utf8')) as ReplayResults;
      expect(actual, `${file} (after a deliberate change: UPDATE_RECORDS=1 npm run test:paths, then npm run paths)`).toEqual(recorded);
    });
  });
}
