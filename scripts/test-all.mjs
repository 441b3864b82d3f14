#!/usr/bin/env node
/**
 * `npm test`: every check, in lanes that run side by side so a 2-core machine is kept busy.
 *
 *   checks:   typecheck → statecharts:check → vitest unit + ui (one Node process) → vitest e2e, the
 *             replays (tests/replay: the charts' paths in the browser)
 *   browser:  build → vitest e2e, the browser tests (tests/e2e)
 *
 * The build is made once, first in the browser lane; the replays start after it and after the
 * unit tests, by which time it is long done. Each browser vitest run has its own server (global
 * setup, E2E_PREBUILT=1: no second build). Most browser test files walk one page at a time and
 * leave part of the two cores idle, which the unit tests and then the replays (several paths at
 * once) fill; one browser lane alone took 31 minutes on the CI machine.
 *
 * The browser lane streams its output; the checks lane's output is printed whole when it ends, so
 * its lines do not mix with the browser lane's. Each vitest prints its own "Test Files" and
 * "Tests" summary (.ci/run adds them up). Exits non-zero when any command failed. Every command
 * runs even when an earlier one failed (a red typecheck still shows the tests' results), except
 * that nothing runs in the browser after a failed build. `npm test -- --sequential` runs
 * everything one after the other.
 */
import { spawn } from 'node:child_process';

const sequential = process.argv.includes('--sequential');
const vitest = ['vitest', 'run', '--config', 'tests/vitest.config.ts'];
const prebuilt = { E2E_PREBUILT: '1' };

/** An output: streamed to stdout, or kept to be printed whole at the end. */
function output(stream) {
  const chunks = [];
  return { write: (chunk) => (stream ? process.stdout.write(chunk) : chunks.push(chunk)), text: () => Buffer.concat(chunks) };
}

/** Runs one command; resolves with its exit code. */
function run([command, ...args], out, env = {}) {
  return new Promise((resolve) => {
    out.write(Buffer.from(`\n> ${[command, ...args].join(' ')}\n`));
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env } });
    child.stdout.on('data', out.write);
    child.stderr.on('data', out.write);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Runs the commands one after the other, each whatever the one before gave; resolves with the first failure's code (0: all passed). */
async function runAll(commands, out, env) {
  let first = 0;
  for (const command of commands) {
    const code = await run(command, out, env);
    first ||= code;
  }
  return first;
}

// Beside a browser lane, the unit and UI tests run in one worker: with two workers there the browser
// lane had two thirds of a core for its first files, which then took 20–50 s longer each.
const checks = [
  ['npm', 'run', '--silent', 'typecheck'],
  ['npm', 'run', '--silent', 'statecharts:check'],
  ['npx', ...vitest, '--project', 'unit', '--project', 'ui', ...(sequential ? [] : ['--maxWorkers=1'])],
];
// the build the browser tests run against, exactly as `npm start` builds it
const build = ['node', 'build.mjs'];
const browserTests = ['npx', ...vitest, '--project', 'e2e', 'tests/e2e/'];
const replays = ['npx', ...vitest, '--project', 'e2e', 'tests/replay/'];

/** A failed build fails the browser tests and the replays without running them. */
const afterBuild = async (built, commands, out) => ((await built) === 0 ? runAll(commands, out, prebuilt) : 1);

const started = Date.now();
let results;
if (sequential) {
  const out = output(true);
  const checked = await runAll(checks, out);
  const built = await run(build, out);
  const browsed = await afterBuild(built, [browserTests, replays], out);
  results = [
    { name: 'checks', code: checked },
    { name: 'browser', code: built || browsed },
  ];
} else {
  const streamed = output(true);
  const kept = output(false);
  const built = run(build, streamed);
  const browserLane = afterBuild(built, [browserTests], streamed).then(async (code) => ({ name: 'browser', code: (await built) || code }));
  const checksLane = (async () => {
    const checked = await runAll(checks, kept);
    // the build is long done by now; the replays run beside the rest of the browser tests
    const replayed = await afterBuild(built, [replays], kept);
    process.stdout.write(`\n===== checks lane (typecheck, statecharts, unit, ui, replays): ${checked || replayed ? 'FAILED' : 'passed'} =====\n`);
    process.stdout.write(kept.text());
    process.stdout.write('\n===== end of the checks lane =====\n');
    return { name: 'checks', code: checked || replayed };
  })();
  results = await Promise.all([checksLane, browserLane]);
}
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\nnpm test: ${failed.length ? `FAILED in ${failed.join(' and ')}` : 'every lane passed'} (${seconds} s)`);
process.exit(failed.length ? 1 : 0);
