/**
 * Starts `node dist/server/main.mjs` (the bundle `npm start` runs) as a child process and
 * waits for its "Museum shop on <url>/de" line. Used by the e2e global setup and by tests
 * that restart the server on the same data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const STARTUP_TIMEOUT_MS = 120_000;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then waits for the exit; resolves with the exit code (SIGKILL after 10 s). */
  stop(): Promise<number | null>;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Runs the bundle with `args` to completion (e.g. `--reset-db`); resolves with code and output. */
export async function runServerCommand(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['dist/server/main.mjs', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', SHOP_API_URL: '', JWT_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const code = await exited(child);
  return { code, output };
}

/**
 * Starts the built server on a free port with `env`. It renders pages only when `env` says
 * SERVER_RENDERING=true (on by default for `npm start`): most browser tests drive the first load's
 * API requests themselves (the replays hold them, others answer them otherwise), which a rendered
 * page does not make; tests/e2e/server-rendering.test.ts and half the session walks ask for it.
 */
export async function startServer(env: Record<string, string>, options: { seed?: boolean } = {}): Promise<ServerProcess> {
  fromTemplate(env.DATA_DIR, options.seed === true);
  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd: repoRoot,
    // every browser test pays and registers from 127.0.0.1 on one server: the per-address limits of
    // payments and registrations (60 and 30 a minute, issue 44 item 7) are raised here, as in
    // tests/server/harness.ts; tests/server/anonymous-writes.test.ts holds the defaults
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      SHOP_API_URL: '',
      JWT_SECRET: '',
      SERVER_RENDERING: 'false',
      RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000000',
      RATE_LIMIT_REGISTRATIONS_PER_MINUTE: '1000000',
      TEST_ONLY_SCRYPT_LOG2_N: '14',
      // the browser lane shares two cores with Chromium and the unit tests: a render there can take
      // longer than the 1.5 s after which a visitor gets the shell (tests/server/render.test.ts and
      // static.test.ts hold that bound); here a page is rendered, however long it takes
      RENDER_TIME_BOUND_MS: '20000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // the start of the log (start-up lines, first requests): a bench writes a request line per call,
  // hundreds of MB that must not pile up in this process
  let output = '';
  const keep = (c: Buffer) => {
    if (output.length < 1_000_000) output += c.toString();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const done = exited(child);
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    const code = await done;
    clearTimeout(timer);
    return code;
  };

  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`The server did not start within ${STARTUP_TIMEOUT_MS / 1000} s. Its output:\n${output}`));
      }, STARTUP_TIMEOUT_MS);
      const onData = () => {
        const match = /Museum shop on (http:\/\/\S+?)\/de\b/.exec(output);
        if (match?.[1]) {
          cleanup();
          resolve(match[1]);
        }
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`The server exited (code ${code}) before it was ready. Its output:\n${output}`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.off('exit', onExit);
      };
      child.stdout.on('data', onData);
      child.on('exit', onExit);
    });
    return { url, child, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The seeded demo database the e2e global setup made once (E2E_PGLITE_TEMPLATE: a stopped server's
 * `pglite` folder). A server started on a new data folder gets a copy of it instead of seeding its
 * own: seeding is 6 of the 9 CPU seconds of a start, and a browser run starts about ten servers.
 * `seed: true` (tests/e2e/restart.test.ts, which watches the first start seed) skips the copy.
 */
function fromTemplate(dataDir: string | undefined, seed: boolean): void {
  const template = process.env.E2E_PGLITE_TEMPLATE;
  if (seed || !template || !dataDir || !fs.existsSync(template)) return;
  const target = path.join(dataDir, 'pglite');
  if (fs.existsSync(target)) return;
  fs.cpSync(template, target, { recursive: true });
}
