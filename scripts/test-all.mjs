#!/usr/bin/env node
/**
 * `npm test`: every check, in two lanes that run side by side so a 2-core machine is kept busy.
 *
 *   checks:  typecheck → statecharts:check → vitest unit + ui (one Node process at a time)
 *   browser: vitest e2e (the browser tests and replays, one file at a time, Chromium beside it)
 *
 * The browser lane is the long one and streams its output; the checks lane's output is printed
 * whole when it ends, so its lines do not mix with the browser lane's. Each lane's vitest prints
 * its own "Test Files" and "Tests" summary (.ci/run adds them up). Exits non-zero when either
 * lane failed. `npm test -- --sequential` runs the lanes one after the other.
 */
import { spawn } from 'node:child_process';

const sequential = process.argv.includes('--sequential');
const vitest = ['vitest', 'run', '--config', 'tests/vitest.config.ts'];

/** Runs the commands one after the other (stopping at the first failure); resolves with the exit code and output. */
function lane(name, commands, stream) {
  return new Promise((resolve) => {
    const chunks = [];
    const write = (chunk) => (stream ? process.stdout.write(chunk) : chunks.push(chunk));
    const next = (i) => {
      if (i === commands.length) return resolve({ name, code: 0, output: Buffer.concat(chunks) });
      const [command, ...args] = commands[i];
      write(Buffer.from(`\n> ${[command, ...args].join(' ')}\n`));
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
      child.stdout.on('data', write);
      child.stderr.on('data', write);
      child.on('close', (code) => (code === 0 ? next(i + 1) : resolve({ name, code: code ?? 1, output: Buffer.concat(chunks) })));
    };
    next(0);
  });
}

// Beside the browser lane, the unit and UI tests run in one worker: the browser lane is the long
// one (its files run one after another), and with two workers here it had two thirds of a core
// for its first files, which then took 20–50 s longer each. Alone (--sequential) they use both.
const checks = [
  ['npm', 'run', '--silent', 'typecheck'],
  ['npm', 'run', '--silent', 'statecharts:check'],
  ['npx', ...vitest, '--project', 'unit', '--project', 'ui', ...(sequential ? [] : ['--maxWorkers=1'])],
];
const browser = [['npx', ...vitest, '--project', 'e2e']];

const started = Date.now();
let results;
if (sequential) {
  results = [await lane('checks', checks, true), await lane('browser', browser, true)];
} else {
  const browserLane = lane('browser', browser, true);
  const checksLane = lane('checks', checks, false).then((result) => {
    process.stdout.write(`\n===== checks lane (typecheck, statecharts, unit, ui): ${result.code === 0 ? 'passed' : `FAILED (${result.code})`} =====\n`);
    process.stdout.write(result.output);
    process.stdout.write('\n===== end of the checks lane; the browser lane goes on =====\n');
    return result;
  });
  results = await Promise.all([checksLane, browserLane]);
}
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\nnpm test: ${failed.length ? `FAILED in ${failed.join(' and ')}` : 'every lane passed'} (${seconds} s)`);
process.exit(failed.length ? 1 : 0);
