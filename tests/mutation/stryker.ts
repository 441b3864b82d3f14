/**
 * Automatic mutation testing of machines/ with Stryker (mutants nobody chose):
 *
 *   npm run mutation                      every machine, smallest first
 *   npm run mutation -- cart checkout     some machines
 *   npm run mutation -- cart --full       run every mutant again (after a change of this runner or config)
 *   npm run mutation -- cart --lines 120-130,250
 *                                         only the mutants of those lines (to check a fix quickly;
 *                                         reported as reports/mutation/<machine>.lines.md)
 *
 * One Stryker run per machine: it mutates `machines/<machine>.machine.ts` only (the selectors
 * and shared regions are not mutated here; the hand-written mutants of `npm run mutation:hand`
 * reach those) and runs that machine's model test alone (tests/mutation/vitest.config.ts with
 * MUTATION_MACHINE). A string that is only a description is not mutated
 * (./description-ignorer.mjs); everything else is. Stryker works in a sandbox copy, so the work
 * tree is never touched.
 *
 * Writes per machine, under reports/mutation/ (git-ignored): `<machine>.md` (score and every
 * survivor), `<machine>.json` (Stryker's full report), `<machine>.partial.jsonl` (each mutant as it
 * is tested, for a run stopped halfway) and `<machine>.incremental.json` (what
 * the next run reuses: only mutants whose code or covering tests changed run again).
 * Prints the table docs/testing.md records. Exits 1 when a machine is below 90 %.
 */
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Stryker } from '@stryker-mutator/core';
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';

const root = fileURLToPath(new URL('../..', import.meta.url));
const THRESHOLD = 90;
const args = process.argv.slice(2);
const full = args.includes('--full');
const linesAt = args.indexOf('--lines');
const lines = linesAt >= 0 ? (args[linesAt + 1] ?? '').split(',').filter(Boolean) : [];
if (linesAt >= 0) args.splice(linesAt, 2);
const concurrency = Number(process.env.MUTATION_CONCURRENCY ?? 2);
const all = readdirSync(`${root}machines`)
  .filter((f) => f.endsWith('.machine.ts'))
  .map((f) => f.slice(0, -'.machine.ts'.length))
  .sort((a, b) => statSync(`${root}machines/${a}.machine.ts`).size - statSync(`${root}machines/${b}.machine.ts`).size);
const named = args.filter((a) => !a.startsWith('--'));
const unknown = named.filter((m) => !all.includes(m));
if (unknown.length) {
  console.error(`mutation: no machine ${unknown.join(', ')} (machines: ${all.join(', ')})`);
  process.exit(2);
}
const chosen = named.length ? all.filter((m) => named.includes(m)) : all;
const outDir = `${root}reports/mutation`;
mkdirSync(outDir, { recursive: true });

interface Score {
  machine: string;
  mutants: number;
  killed: number;
  /** killed by a timeout: the test ran past Stryker's limit (an endless loop, a path search that no longer ends) */
  timedOut: number;
  survived: number;
  noCoverage: number;
  ignored: number;
  errors: number;
  score: number;
  seconds: number;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

async function mutate(machine: string): Promise<Score> {
  const file = `machines/${machine}.machine.ts`;
  const report = lines.length ? `${machine}.lines` : machine;
  process.env.MUTATION_MACHINE = machine;
  process.env.MUTATION_REPORT = report;
  const options: PartialStrykerOptions = {
    testRunner: 'vitest-model',
    vitest: { configFile: 'tests/mutation/vitest.config.ts', related: false },
    plugins: ['@stryker-mutator/vitest-runner', `${root}tests/mutation/model-runner.mjs`, `${root}tests/mutation/description-ignorer.mjs`, `${root}tests/mutation/partial-reporter.mjs`],
    ignorers: ['description'],
    mutate: lines.length ? lines.map((range) => `${file}:${range.includes('-') ? range : `${range}-${range}`}`) : [file],
    coverageAnalysis: 'perTest',
    concurrency,
    incremental: true,
    force: full,
    incrementalFile: `reports/mutation/${report}.incremental.json`,
    reporters: ['progress', 'json', 'partial'],
    jsonReporter: { fileName: `reports/mutation/${report}.json` },
    tempDirName: '.stryker-tmp',
    ignorePatterns: ['dist', 'reports', '.data', '.e2e-data', 'coverage', 'scratch', 'tests/e2e', 'tests/replay', 'docs'],
    thresholds: { high: 95, low: THRESHOLD, break: null },
    // Stryker's limit for a mutant is 5 s plus 1.5 × the time the covering tests took in the dry
    // run, not counting the loading of the test file; a model test builds its path set while it
    // loads (2 to 6 s, more on a busy machine), and nearly every mutant of a machine file is
    // static (its config is built at import), so each mutant loads the file again. With the
    // default every such mutant of the bigger machines "timed out" and counted as killed.
    timeoutMS: 30_000,
    disableTypeChecks: 'machines/**/*.ts',
    cleanTempDir: true,
    logLevel: 'warn' as PartialStrykerOptions['logLevel'],
  };
  const started = Date.now();
  const results = await new Stryker(options).runMutationTest();
  const seconds = Math.round((Date.now() - started) / 1000);
  const source = readFileSync(`${root}${file}`, 'utf8').split('\n');
  const counted = results.filter((r) => DETECTED.has(r.status) || UNDETECTED.has(r.status));
  const killed = counted.filter((r) => DETECTED.has(r.status)).length;
  const survivors = results
    .filter((r) => UNDETECTED.has(r.status))
    .sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
  const score: Score = {
    machine,
    mutants: counted.length,
    killed,
    timedOut: counted.filter((r) => r.status === 'Timeout').length,
    survived: survivors.filter((r) => r.status === 'Survived').length,
    noCoverage: survivors.filter((r) => r.status === 'NoCoverage').length,
    ignored: results.filter((r) => r.status === 'Ignored').length,
    errors: results.filter((r) => r.status === 'CompileError' || r.status === 'RuntimeError').length,
    score: counted.length ? Math.round((killed / counted.length) * 1000) / 10 : 100,
    seconds,
  };
  const original = (r: (typeof results)[number]): string => {
    const { start, end } = r.location;
    const lines = source.slice(start.line - 1, end.line);
    if (lines.length === 1) return lines[0]!.slice(start.column - 1, end.column - 1);
    lines[lines.length - 1] = lines[lines.length - 1]!.slice(0, end.column - 1);
    lines[0] = lines[0]!.slice(start.column - 1);
    return lines.join('\n');
  };
  const oneLine = (text: string): string => {
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat.length > 90 ? `${flat.slice(0, 87)}…` : flat;
  };
  writeFileSync(
    `${outDir}/${report}.md`,
    [
      `# ${machine}${lines.length ? ` (lines ${lines.join(', ')} only)` : ''}: ${score.score} % (${killed} of ${score.mutants} mutants killed)`,
      '',
      `Mutated: ${file}. Model test: tests/machines/${machine}.model.test.ts. Killed ${killed - score.timedOut} by a failing test, ${score.timedOut} by a timeout. ${score.ignored} description strings ignored, ${score.errors} mutants that do not run (compile or runtime errors) not counted. ${seconds} s.`,
      '',
      survivors.length ? '## Survivors' : 'No survivors.',
      '',
      ...survivors.map(
        (r) => `- ${file}:${r.location.start.line}:${r.location.start.column} ${r.mutatorName}${r.status === 'NoCoverage' ? ' (no test reaches it)' : ''}: \`${oneLine(original(r))}\` → \`${oneLine(r.replacement ?? '')}\``,
      ),
      '',
    ].join('\n'),
  );
  return score;
}

const scores: Score[] = [];
for (const machine of chosen) {
  console.log(`\nmutation: ${machine} (machines/${machine}.machine.ts)`);
  scores.push(await mutate(machine));
  console.log(`mutation: ${machine} ${scores.at(-1)!.score} %, survivors in reports/mutation/${machine}.md`);
}

console.log('\n| machine | mutants | killed | of which by timeout | survived | no coverage | score | time |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const s of scores) console.log(`| ${s.machine} | ${s.mutants} | ${s.killed} | ${s.timedOut} | ${s.survived} | ${s.noCoverage} | ${s.score} % | ${s.seconds} s |`);
const below = scores.filter((s) => s.score < THRESHOLD);
if (below.length) {
  console.error(`\nmutation: below ${THRESHOLD} %: ${below.map((s) => `${s.machine} ${s.score} %`).join(', ')}`);
  process.exit(1);
}
