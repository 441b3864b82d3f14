/**
 * Vitest glue for ./model.ts: one test per path of the machine's path set (`modelWalks`: the
 * generated paths, named in plain words, then the model's scenarios), then one test that fails
 * naming every transition no path took, one that fails when statecharts/coverage.md lists other
 * paths or another coverage figure (so the report and this gate agree), one that fails naming
 * every state no assertion looked at, and one that holds every path to its reviewed record.
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

export function describeModel(model: MachineModel, assertions: StateAssertions): void {
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
