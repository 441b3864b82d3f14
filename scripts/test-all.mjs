#!/usr/bin/env node
/**
 * `npm test`: every check, in lanes that run side by side so a 2-core machine is kept busy.
 *
 *   browser: node build.mjs → vitest e2e, every browser test file but SECOND_HALF's
 *   checks:  typecheck → statecharts:check → vitest unit + ui (one worker)
 *   second browser lane, once the checks are done: vitest e2e, SECOND_HALF's files
 *
 * A browser test file keeps about one core busy (its Chromium, the server and the test process
 * mostly wait on each other: 44 % of the machine idle with one file running alone). While the checks
 * run beside it the machine is full; after that, a second browser lane with its own server and
 * Chromium takes the other core. Both browser lanes test the one build made first (E2E_PREBUILT,
 * tests/e2e/global-setup.ts), each on its own server and fresh database.
 *
 * The first browser lane streams its output; the others are printed whole when they end, so their
 * lines do not mix. Each vitest prints its own "Test Files" and "Tests" summary (.ci/run adds them
 * up). Exits non-zero when any lane failed. `npm test -- --sequential` runs everything one after
 * the other, the browser tests in one vitest run.
 */
import { spawn } from 'node:child_process';

const sequential = process.argv.includes('--sequential');
const vitest = ['npx', 'vitest', 'run', '--config', 'tests/vitest.config.ts'];

/**
 * The browser test files of the second lane: about a third of the browser lane's time (on the
 * AMD machine of 2026-11-29: 292 of 832 s), so that both lanes end together when the second starts
 * after the checks (about 300 of those seconds). A file missing here fails the lane (vitest finds
 * no test file); a new file runs in the first lane.
 */
const SECOND_HALF = ['tests/e2e/axe-journeys.test.ts', 'tests/e2e/sessions.test.ts', 'tests/e2e/server-rendering.test.ts', 'tests/e2e/shop.test.ts'];

/** Runs the steps one after the other (stopping at the first failure); resolves with the exit code and output. */
function lane(name, steps, stream) {
  return new Promise((resolve) => {
    const chunks = [];
    const write = (chunk) => (stream ? process.stdout.write(chunk) : chunks.push(chunk));
    const next = (i) => {
      if (i === steps.length) return resolve({ name, code: 0, output: Buffer.concat(chunks) });
      const { command: [command, ...args], env = {} } = steps[i];
      write(Buffer.from(`\n> ${[command, ...args].join(' ')}\n`));
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env } });
      child.stdout.on('data', write);
      child.stderr.on('data', write);
      child.on('close', (code) => (code === 0 ? next(i + 1) : resolve({ name, code: code ?? 1, output: Buffer.concat(chunks) })));
    };
    next(0);
  });
}

/** A buffered lane's output, printed whole once it ended. */
function printed(result) {
  process.stdout.write(`\n===== ${result.name}: ${result.code === 0 ? 'passed' : `FAILED (${result.code})`} =====\n`);
  process.stdout.write(result.output);
  process.stdout.write(`\n===== end of ${result.name} =====\n`);
  return result;
}

const checks = (workers) => [
  { command: ['npm', 'run', '--silent', 'typecheck'] },
  { command: ['npm', 'run', '--silent', 'statecharts:check'] },
  { command: [...vitest, '--project', 'unit', '--project', 'ui', ...workers] },
];
const prebuilt = { E2E_PREBUILT: '1' };

const started = Date.now();
let results;
if (sequential) {
  results = [await lane('checks', checks([]), true), await lane('browser', [{ command: [...vitest, '--project', 'e2e'] }], true)];
} else {
  // the build first, in the browser lane: both browser lanes test it
  let built;
  const buildDone = new Promise((resolve) => (built = resolve));
  const browserLane = lane('browser', [{ command: ['node', 'build.mjs'] }], true).then((build) => {
    built(build.code === 0);
    if (build.code !== 0) return build;
    return lane('browser', [{ command: [...vitest, '--project', 'e2e', ...SECOND_HALF.flatMap((file) => ['--exclude', file])], env: prebuilt }], true);
  });
  // Beside the first browser lane the unit and UI tests run in one worker: with two, the browser
  // files that ran beside them took 20–50 s longer each.
  const checksLane = lane('checks lane (typecheck, statecharts, unit, ui)', checks(['--maxWorkers=1']), false).then(printed);
  const secondLane = Promise.all([checksLane, buildDone]).then(([, ok]) =>
    ok
      ? lane('second browser lane', [{ command: [...vitest, '--project', 'e2e', ...SECOND_HALF], env: prebuilt }], false).then(printed)
      : { name: 'second browser lane', code: 1, output: Buffer.from('') },
  );
  results = await Promise.all([checksLane, browserLane, secondLane]);
}
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\nnpm test: ${failed.length ? `FAILED in ${failed.join(' and ')}` : 'every lane passed'} (${seconds} s)`);
process.exit(failed.length ? 1 : 0);
