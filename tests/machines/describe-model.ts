/**
 * Vitest glue for ./model.ts: one test per path of the machine's path set (`modelWalks`: the
 * generated paths, named in plain words, then the model's scenarios), then one test that fails
 * naming every transition no path took, one that fails when statecharts/coverage.md lists other
 * paths or another coverage figure (so the report and this gate agree), one that fails naming
 * every state no assertion looked at, and one that holds every path to its reviewed record.
 *
 * The reviewed record (tests/machines/records/<machine>.json) keeps, for every path, what each
 * step did: the state it reached and its tags, the effects the app provides (with their parameters), the
 * services started (with their input), the simulated time and a digest of the context. A
 * change in any of them fails the test with the difference; after reviewing a deliberate change,
 * write the record anew with `UPDATE_RECORDS=1 npx vitest run --config tests/vitest.config.ts
 * tests/machines` and commit it with the change. (It is what makes a changed delay, a removed
 * action or a retargeted transition visible even where no hand-written assertion looks.)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type AnyMachineSnapshot } from 'xstate';
import {
  coverageFigure,
  coverageMessage,
  coverageOf,
  modelWalks,
  runWalk,
  unassertedLeaves,
  type MachineModel,
  type StateAssertions,
  type StepRecord,
  type PathRun,
} from './model.js';
import { reportedPaths } from '../charts/report.js';

export interface ModelChecks {
  /**
   * The route (`meta.route`) each top-level state's page has, for machines that name their pages
   * (the URL the visitor sees): checked on every state under it that an assertion looks at.
   */
  routes?: Record<string, string | null>;
  /** App-provided effects whose default in the machine does something (the console), not "not provided". */
  effectsWithDefault?: string[];
}

/** The route of the deepest state that names one (`meta.route`), undefined when none does. */
function routeOf(s: AnyMachineSnapshot): unknown {
  let route: unknown;
  for (const meta of Object.values(s.getMeta()) as ({ route?: unknown } | undefined)[]) if (meta && 'route' in meta) route = meta.route;
  return route;
}

/** The assertions, each preceded by the route check of its top-level state. */
function withRoutes(assertions: StateAssertions, routes: Record<string, string | null> | undefined): StateAssertions {
  if (!routes) return assertions;
  return Object.fromEntries(
    Object.entries(assertions).map(([key, check]) => {
      const top = key.split('.')[0]!;
      if (!(top in routes)) return [key, check];
      return [key, (s: AnyMachineSnapshot, run: Parameters<typeof check>[1]) => {
        expect(routeOf(s), `route of ${key}`).toBe(routes[top]);
        return check(s, run);
      }];
    }),
  );
}

/** What a service or an effect of the machine does when the app does not provide it: its error message, or what else happened. */
async function unprovidedOutcome(name: string, logic: AnyActorLogic): Promise<string> {
  const actor = createActor(logic, { input: {} });
  const outcome = new Promise<string>((resolve) => {
    actor.subscribe({ error: (e) => resolve(e instanceof Error ? e.message : String(e)), complete: () => resolve(`${name} completed`) });
  });
  actor.start();
  const result = await Promise.race([outcome, new Promise<string>((resolve) => setTimeout(() => resolve(`${name} gave no answer`), 100))]);
  actor.stop();
  return result;
}

export function describeModel(model: MachineModel, stateAssertions: StateAssertions, checks: ModelChecks = {}): void {
  const assertions = withRoutes(stateAssertions, checks.routes);
  describe(`${model.name} machine, model-based`, () => {
    // The path set: generated paths, then the model's scenarios (tests/machines/model.ts).
    const walks = modelWalks(model);
    const generated = walks.filter((w) => w.kind === 'path').length;
    const taken = new Set<string>();
    const asserted = new Set<string>();
    const visited = new Set<string>();
    const records = new Map<string, StepRecord[]>();
    const guardOutcomes = new Set<string>();
    /** What one path or scenario adds to the checks that look at all of them. */
    const collect = (name: string, run: PathRun) => {
      records.set(name, run.record);
      for (const g of run.guardOutcomes) guardOutcomes.add(g);
      for (const k of run.taken) taken.add(k);
      for (const st of run.asserted) asserted.add(st);
      for (const st of run.visited) visited.add(st);
    };

    for (const walk of walks) {
      it(walk.name, async () => {
        collect(walk.name, await runWalk(model, walk, assertions));
      });
    }

    it('takes every transition of the machine (100% transition coverage)', () => {
      const coverage = coverageOf(model, taken, generated, walks.length - generated);
      if (coverage.missing.length) throw new Error(coverageMessage(coverage));
      expect(coverage.covered).toBe(coverage.transitions);
    });

    // statecharts/coverage.md (npm run paths) must speak of this very path set and figure
    // (for the machines of machines/; the helper's own fixtures are not in the report).
    if (existsSync(fileURLToPath(new URL(`../../machines/${model.name}.machine.ts`, import.meta.url)))) {
      it('is the path set statecharts/coverage.md lists, with the figure it reports', () => {
        const report = reportedPaths(model.name);
        const coverage = coverageOf(model, taken, generated, walks.length - generated);
        const stale = ' (statecharts/coverage.md is stale: run `npm run paths` and commit it)';
        expect(report, `a section for ${model.name}${stale}`).not.toBeNull();
        expect(report!.paths, `paths listed${stale}`).toEqual(walks.map((w) => w.name));
        expect(report!.modelTest, `model test coverage reported${stale}`).toBe(coverageFigure(coverage));
      });
    }

    it('checks every state it reaches with an assertion', () => {
      expect(unassertedLeaves(model, visited, asserted)).toEqual([]);
    });

    it('sees every guard answer both ways', () => {
      const missing = Object.keys(model.machine.implementations.guards ?? {})
        .flatMap((name) => [`${name}=true`, `${name}=false`])
        .filter((outcome) => !guardOutcomes.has(outcome) && !(model.oneSidedGuards ?? []).includes(outcome.split('=')[0]!));
      expect(missing).toEqual([]);
    });

    // The model provides every service and effect; the machine's own defaults must fail loudly,
    // naming what is missing, so an app that forgets one learns it at once (and a default that
    // quietly answers cannot slip in).
    it('fails, naming it, on a service or an effect the app does not provide', async () => {
      const { actors = {}, actions = {} } = model.machine.implementations;
      const outcomes: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const [name, logic] of Object.entries(actors)) {
        if ('root' in (logic as object)) continue; // a machine of machines/ (the checkout's voucher code entry): tested on its own
        outcomes[name] = await unprovidedOutcome(name, logic as AnyActorLogic);
        expected[name] = `${name} not provided`;
      }
      for (const [name, action] of Object.entries(actions)) {
        // assign, raise, emit, enqueueActions … are XState's own action objects; the plain functions are the app's effects
        if (typeof action !== 'function' || 'type' in action || checks.effectsWithDefault?.includes(name)) continue;
        try {
          (action as (args: unknown, params: unknown) => void)({ context: {}, event: { type: 'test' } }, undefined);
          outcomes[name] = `${name} did nothing`;
        } catch (e) {
          outcomes[name] = e instanceof Error ? e.message : String(e);
        }
        expected[name] = `${name} not provided`;
      }
      expect(outcomes).toEqual(expected);
    });

    it('does on every path what its reviewed record says', () => {
      const file = fileURLToPath(new URL(`./records/${model.name}.json`, import.meta.url));
      const actual = Object.fromEntries([...records].sort(([a], [b]) => a.localeCompare(b, 'en')));
      if (process.env.UPDATE_RECORDS === '1' || !existsSync(file)) {
        if (process.env.CI === 'true' && !existsSync(file)) throw new Error(`no reviewed record ${file}: write it with UPDATE_RECORDS=1 and commit it`);
        mkdirSync(fileURLToPath(new URL('./records/', import.meta.url)), { recursive: true });
        writeFileSync(file, `${JSON.stringify(actual, null, 1)}\n`);
      }
      const reviewed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, StepRecord[]>;
      expect(actual).toEqual(reviewed);
    });
  });
}
