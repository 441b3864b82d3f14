/**
 * What the browser replays took, as tests/replay/results/<machine>.json records it: written by the
 * replay test (tests/replay/describe-replay.ts, with UPDATE_RECORDS=1), read by the coverage report
 * (`npm run paths`, the "in the browser" column) so the report never gives a figure no replay
 * measured. A machine without a results file has no browser replays: the report says "—".
 *
 * Framework-free (no vitest, no Playwright).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
export const resultsFile = (machine: string): string => `${resultsDir}${machine}.json`;

export interface PathResult {
  /** the name the model test gives the walk */
  name: string;
  steps: number;
  /** steps replayed in the browser, each with the page showing the chart's state afterwards */
  replayed: number;
  /** where the replay had to stop, and why (a step no visitor can do in a browser) */
  stopped?: { step: number; event: string; reason: string };
}

export interface ReplayResults {
  machine: string;
  /** every transition of the chart (one per transition and target, as the model test counts them) */
  transitions: number;
  /** the transitions the replays took, by name (`source --EVENT[guard]--> target`) */
  taken: string[];
  /** the others, each with why no replay takes it */
  notTaken: { transition: string; reason: string }[];
  paths: PathResult[];
}

/** The recorded results of a machine's replays; null when it has none. */
export function readResults(machine: string): ReplayResults | null {
  const file = resultsFile(machine);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ReplayResults) : null;
}

/**
 * Why each transition no replay took is not taken: the reason of the step that would take it,
 * else the stop of a path that takes it later, else "no replayed path takes it".
 */
export function reasonsNotTaken(
  edges: string[],
  taken: Set<string>,
  stops: { plan: string; step: number; reason: string; transitions: string[]; later: string[] }[],
): { transition: string; reason: string }[] {
  return edges
    .filter((e) => !taken.has(e))
    .map((transition) => {
      const here = stops.find((s) => s.transitions.includes(transition));
      if (here) return { transition, reason: here.reason };
      const before = stops.find((s) => s.later.includes(transition));
      if (before) return { transition, reason: `${before.plan} stops before it, at step ${before.step}: ${before.reason}` };
      return { transition, reason: 'no replayed path takes it' };
    });
}
