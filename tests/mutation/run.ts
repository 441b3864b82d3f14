/**
 * Mutation testing of machines/ with the hand-written mutants of ./mutants.ts:
 *
 *   npm run mutation:hand                 every machine
 *   npm run mutation:hand -- cart app     some machines
 *   npm run mutation:hand -- --replay checkout eventTicketing
 *                                         the same mutants against the browser replays of those
 *                                         machines (tests/replay/<machine>.replay.test.ts: a build,
 *                                         the shared server, every path in Chromium; stops at the
 *                                         first failing path), so the score says whether the
 *                                         bindings see on the page what the mutant changed
 *   npm run mutation:hand -- --replay checkout --from 13
 *                                         from the 13th chosen mutant on (a run stopped halfway)
 *
 * (`npm run mutation` is the automatic kind: Stryker, ./stryker.ts.)
 *
 * Each mutant is applied to its machine file (or the file of machines/ it names: a shared region,
 * a selectors module), that machine's model test runs
 * (tests/machines/<machine>.model.test.ts), and the file is restored whatever happens. A mutant
 * is "killed" when the test fails. Refuses to start while machines/ has uncommitted changes, so a
 * crash can never leave a mutant behind unnoticed (`git checkout machines/` undoes one).
 * Prints the score per machine and the survivors, as docs/testing.md records them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MUTANTS, type Mutant } from './mutants.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const replay = args.includes('--replay');
const fromAt = args.indexOf('--from');
const from = fromAt >= 0 ? Number(args[fromAt + 1]) : 1;
if (!Number.isInteger(from) || from < 1) {
  console.error('mutation: --from takes the number of the first mutant to run (1 is the first)');
  process.exit(2);
}
// without --from (fromAt -1) no argument is its value: `i !== fromAt + 1` alone dropped the first machine named
const only = args.filter((a, i) => a !== '--replay' && !(fromAt >= 0 && (i === fromAt || i === fromAt + 1)));
const chosen = MUTANTS.filter((m) => only.length === 0 || only.includes(m.machine)).slice(from - 1);

const dirty = execFileSync('git', ['status', '--porcelain', 'machines/'], { cwd: root, encoding: 'utf8' }).trim();
if (dirty) {
  console.error(`mutation: machines/ has uncommitted changes; commit or stash them first:\n${dirty}`);
  process.exit(2);
}

function runModelTest(machine: string): boolean {
  const result = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/mutation/vitest.config.ts', `tests/machines/${machine}.model.test.ts`, '--reporter=dot'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true' } },
  );
  return result.status === 0;
}

/** The machine's browser replays, built with the mutant (the e2e setup builds the app); stops at the first failure. */
function runReplay(machine: string): boolean {
  const result = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/vitest.config.ts', '--project', 'e2e', `tests/replay/${machine}.replay.test.ts`, '--bail', '1', '--reporter=dot'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true' } },
  );
  return result.status === 0;
}

interface Outcome {
  mutant: Mutant;
  killed: boolean;
}

const outcomes: Outcome[] = [];
let problem = false;
for (const mutant of chosen) {
  const file = `${root}machines/${mutant.file ?? `${mutant.machine}.machine.ts`}`;
  const original = readFileSync(file, 'utf8');
  const occurrences = original.split(mutant.search).length - 1;
  if (occurrences !== 1) {
    console.error(`mutation: "${mutant.description}" (${mutant.machine}${mutant.file ? `, ${mutant.file}` : ''}) matches ${occurrences} times; fix its search text`);
    problem = true;
    continue;
  }
  try {
    writeFileSync(file, original.replace(mutant.search, mutant.replace));
    const passed = replay ? runReplay(mutant.machine) : runModelTest(mutant.machine);
    outcomes.push({ mutant, killed: !passed });
    console.log(`${passed ? 'SURVIVED' : 'killed  '}  ${mutant.machine} #${from + outcomes.length - 1}: ${mutant.description}`);
  } finally {
    writeFileSync(file, original);
  }
}

const machines = [...new Set(chosen.map((m) => m.machine))];
console.log(`\n| machine | mutants | killed by ${replay ? 'the browser replays' : 'the model test'} | score |\n| --- | ---: | ---: | ---: |`);
let all = 0;
let killedAll = 0;
for (const machine of machines) {
  const mine = outcomes.filter((o) => o.mutant.machine === machine);
  const killed = mine.filter((o) => o.killed).length;
  all += mine.length;
  killedAll += killed;
  console.log(`| ${machine} | ${mine.length} | ${killed} | ${mine.length ? Math.round((killed / mine.length) * 100) : 0} % |`);
}
console.log(`| all | ${all} | ${killedAll} | ${all ? Math.round((killedAll / all) * 100) : 0} % |`);
const survivors = outcomes.filter((o) => !o.killed);
if (survivors.length) console.log(`\nSurvivors:\n${survivors.map((o) => `- ${o.mutant.machine}: ${o.mutant.description}`).join('\n')}`);
if (problem) process.exit(2);
