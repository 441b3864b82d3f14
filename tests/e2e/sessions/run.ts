/**
 * Runs visitor sessions: fast-check generates each session's steps (`fc.commands`) from a seed,
 * `fc.asyncModelRun` runs them against a fresh browser context and the visitor model, and the
 * invariants are checked after every step. A failing session is shrunk (within a time bound) and
 * reported with its seed and path and its steps in plain words, as a command that replays it.
 * Used by tests/e2e/sessions.test.ts (a fixed set of seeds) and `npm run bench -- sessions`.
 */
import fc from 'fast-check';
import type { Browser } from 'playwright-core';
import { ACTIONS, MAX_STEPS, type Action } from './actions.js';
import { checkInvariants } from './invariants.js';
import { countAction, newVisitor, openVisit, type Statistics, type Visit, type Visitor } from './visitor.js';
import { LANGS, type Lang } from './words.js';

class Step implements fc.AsyncCommand<Visitor, Visit> {
  constructor(
    readonly action: Action<unknown>,
    readonly param: unknown,
  ) {}

  check(m: Readonly<Visitor>): boolean {
    return m.steps < MAX_STEPS && this.action.when(m as Visitor, this.param);
  }

  async run(m: Visitor, v: Visit): Promise<void> {
    m.steps += 1;
    const said = this.action.say(this.param);
    v.log.push(`${m.steps}. ${said} [${m.lang}, at ${m.place.at}]`);
    v.allowance = { failures: this.action.failures ?? [], errorScreen: false };
    try {
      const tag = await this.action.run(m, v, this.param);
      countAction(v.stats, this.action.name);
      if (typeof tag === 'string') countAction(v.stats, `${this.action.name}: ${tag}`);
      await checkInvariants(m, v);
      v.stats.steps += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new Error(`step ${m.steps} "${said}" at ${v.page.url()}: ${message}`, { cause: error });
    }
  }

  toString(): string {
    return this.action.say(this.param);
  }
}

/** Each action, offered `weight` times, with its parameter chosen by fast-check. */
function stepArbitraries(): fc.Arbitrary<Step>[] {
  return ACTIONS.flatMap(({ action, weight }) => {
    const a = action as Action<unknown>;
    const arbitrary = fc.constantFrom(...a.params).map((param) => new Step(a, param));
    return Array.from({ length: weight }, () => arbitrary);
  });
}

/** How many steps fast-check offers a session (each runs only if its precondition holds; at most MAX_STEPS run). */
const GENERATED_MIN = 300;
const GENERATED_MAX = 600;

export interface SessionResult {
  seed: number;
  ok: boolean;
  steps: number;
  ms: number;
  report?: string;
}

export interface SessionOptions {
  browser: Browser;
  baseUrl: string;
  /** merged statistics of every session */
  stats: Statistics;
  /** how long a failure may be shrunk (0: not at all) */
  shrinkMs: number;
  /** replay: the path and the commands' replay path of a reported failure */
  path?: string;
  replayPath?: string;
  /** the test file the replay command runs */
  replayFile?: string;
  /** more variables the replay command needs (e.g. SESSION_RENDERING=true) */
  replayEnv?: string;
}

export function newStatistics(): Statistics {
  return { steps: 0, checks: 0, actions: new Map() };
}

function merge(into: Statistics, from: Statistics): void {
  into.steps += from.steps;
  into.checks += from.checks;
  for (const [name, count] of from.actions) into.actions.set(name, (into.actions.get(name) ?? 0) + count);
}

/** One session: the steps of `seed`, checked after every step; shrunk on failure. */
export async function runSession(seed: number, options: SessionOptions): Promise<SessionResult> {
  const started = Date.now();
  let lastLog: string[] = [];
  let lastStats = newStatistics();
  const property = fc.asyncProperty(
    fc.constantFrom<Lang>(...LANGS),
    fc
      .commands(stepArbitraries(), { maxCommands: GENERATED_MAX, size: 'max', ...(options.replayPath ? { replayPath: options.replayPath } : {}) })
      // long enough that 15–30 of the offered steps apply (most are skipped by their precondition)
      .filter((steps) => [...steps].length >= GENERATED_MIN),
    async (lang, steps) => {
      const stats = newStatistics();
      const visit = await openVisit(options.browser, options.baseUrl, lang, stats);
      lastStats = stats;
      try {
        await fc.asyncModelRun(() => ({ model: newVisitor(lang), real: visit }), steps);
      } finally {
        lastLog = visit.log;
        await visit.close();
      }
    },
  );
  const first = await fc.check(property, { seed, numRuns: 1, endOnFailure: true, ...(options.path ? { path: options.path } : {}) });
  if (!first.failed) {
    merge(options.stats, lastStats);
    return { seed, ok: true, steps: lastStats.steps, ms: Date.now() - started };
  }
  merge(options.stats, lastStats);
  const firstLog = lastLog;
  let details: fc.RunDetails<[Lang, Iterable<fc.AsyncCommand<Visitor, Visit>>]> = first;
  if (options.shrinkMs > 0 && !options.path) {
    const shrunk = await fc.check(property, { seed, numRuns: 1, interruptAfterTimeLimit: options.shrinkMs, markInterruptAsFailure: true });
    if (shrunk.failed && shrunk.counterexample) details = shrunk;
  }
  const [lang, steps] = details.counterexample ?? [];
  const replay = String(steps ?? '').match(/replayPath="([^"]*)"/)?.[1];
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const env = [options.replayEnv ?? '', `SESSION_SEED=${details.seed}`, `SESSION_PATH=${details.counterexamplePath ?? ''}`, replay ? `SESSION_REPLAY='${replay}'` : ''].filter(Boolean).join(' ');
  const report = [
    `Visitor session ${seed} failed: ${error}`,
    `Replay: ${env} npx vitest run --config tests/vitest.config.ts --project e2e ${options.replayFile ?? 'tests/e2e/sessions.test.ts'}`,
    `The ${details === first ? 'unshrunk' : `shrunk (${details.numShrinks} shrinks)`} session, starting at /${String(lang)} in a fresh browser:`,
    ...(details === first ? firstLog : lastLog).map((line) => `  ${line}`),
  ].join('\n');
  return { seed, ok: false, steps: lastStats.steps, ms: Date.now() - started, report };
}

/** Runs the seeds `parallel` at a time (one browser context each). */
export async function runSessions(seeds: readonly number[], parallel: number, options: SessionOptions, onDone?: (result: SessionResult) => void): Promise<SessionResult[]> {
  const results: SessionResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < seeds.length) {
      const seed = seeds[next]!;
      next += 1;
      const result = await runSession(seed, options);
      results.push(result);
      onDone?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  return results.sort((a, b) => a.seed - b.seed);
}
