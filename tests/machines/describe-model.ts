/**
 * Vitest glue for ./model.ts: one test per generated path (named in plain words), then one
 * test that fails naming every transition no path took, one that fails naming every state
 * no assertion looked at, and one that holds every path to its reviewed record.
 *
 * The reviewed record (tests/machines/records/<machine>.json) keeps, for every path, what each
 * step did: the state it reached, the effects the app provides (with their parameters), the
 * services started (with their input), the simulated time and a digest of the context. A
 * change in any of them fails the test with the difference; after reviewing a deliberate change,
 * write the record anew with `UPDATE_RECORDS=1 npx vitest run --config tests/vitest.config.ts
 * tests/machines` and commit it with the change. (It is what makes a changed delay, a removed
 * action or a retargeted transition visible even where no hand-written assertion looks.)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  coverageMessage,
  coverageOf,
  describePath,
  runPath,
  runScenario,
  transitionPaths,
  unassertedLeaves,
  type MachineModel,
  type StateAssertions,
  type StepRecord,
  type PathRun,
} from './model.js';

export function describeModel(model: MachineModel, assertions: StateAssertions): void {
  describe(`${model.name} machine, model-based`, () => {
    const paths = transitionPaths(model);
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

    paths.forEach((path, i) => {
      const name = `path ${i + 1}/${paths.length}: ${describePath(model, path)}`;
      it(name, async () => {
        collect(name, await runPath(model, path, assertions));
      });
    });

    for (const scenario of model.scenarios ?? []) {
      const name = `scenario: ${scenario.name}`;
      it(name, async () => {
        collect(name, await runScenario(model, scenario, assertions));
      });
    }

    it('takes every transition of the machine (100% transition coverage)', () => {
      const coverage = coverageOf(model, taken, paths.length);
      if (coverage.missing.length) throw new Error(coverageMessage(coverage));
      expect(coverage.covered).toBe(coverage.transitions);
    });

    it('checks every state it reaches with an assertion', () => {
      expect(unassertedLeaves(model, visited, asserted)).toEqual([]);
    });

    it('sees every guard answer both ways', () => {
      const missing = Object.keys(model.machine.implementations.guards ?? {})
        .flatMap((name) => [`${name}=true`, `${name}=false`])
        .filter((outcome) => !guardOutcomes.has(outcome) && !(model.oneSidedGuards ?? []).includes(outcome.split('=')[0]!));
      expect(missing).toEqual([]);
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
