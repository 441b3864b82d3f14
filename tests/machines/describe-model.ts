/**
 * Vitest glue for ./model.ts: one test per generated path (named in plain words), then one
 * test that fails naming every transition no path took, and one that fails naming every state
 * no assertion looked at.
 */
import { describe, expect, it } from 'vitest';
import {
  coverageMessage,
  coverageOf,
  describePath,
  runPath,
  transitionPaths,
  unassertedLeaves,
  type MachineModel,
  type StateAssertions,
} from './model.js';

export function describeModel(model: MachineModel, assertions: StateAssertions): void {
  describe(`${model.name} machine, model-based`, () => {
    const paths = transitionPaths(model);
    const taken = new Set<string>();
    const asserted = new Set<string>();
    const visited = new Set<string>();

    paths.forEach((path, i) => {
      it(`path ${i + 1}/${paths.length}: ${describePath(model, path)}`, async () => {
        const run = await runPath(model, path, assertions);
        for (const k of run.taken) taken.add(k);
        for (const s of run.asserted) asserted.add(s);
        for (const s of run.visited) visited.add(s);
      });
    });

    it('takes every transition of the machine (100% transition coverage)', () => {
      const coverage = coverageOf(model, taken, paths.length);
      if (coverage.missing.length) throw new Error(coverageMessage(coverage));
      expect(coverage.covered).toBe(coverage.transitions);
    });

    it('checks every state it reaches with an assertion', () => {
      expect(unassertedLeaves(model, visited, asserted)).toEqual([]);
    });
  });
}
