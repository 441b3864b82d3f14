/**
 * vitest globalSetup of the e2e project: builds the app once exactly as `npm start` does
 * (`node build.mjs`; skipped with E2E_PREBUILT=1 when the build is there already), seeds the demo
 * database once into a template, starts `node dist/server/main.mjs` on a free port with a fresh
 * data folder holding a copy of it, waits until it answers, hands the base URL to the tests
 * (`inject('baseUrl')`) and stops it afterwards.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startServer, type ServerProcess } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://127.0.0.1:<port>` of the server started for this run; '' when it could not start. */
    baseUrl: string;
    /** Why the build or the server failed ('' when all is well); the e2e tests fail with it. */
    e2eSetupError: string;
    /** File the running server's log (stdout and stderr) is copied to, e.g. for the recovery link. */
    serverLogFile: string;
    /** The server's mail outbox (no SMTP_URL: one .eml file per mail), e.g. for the recovery link. */
    outboxDir: string;
  }
}

async function waitUntilAnswering(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} does not answer.`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The seeded demo database, once: a server seeds a folder of its own and stops, and every server
 * of this run starts on a copy of its `pglite` folder (server-process.ts, E2E_PGLITE_TEMPLATE).
 */
async function seededTemplate(dir: string): Promise<string> {
  const seeding = await startServer({ DATA_DIR: dir }, { seed: true });
  const code = await seeding.stop();
  if (code !== 0) throw new Error(`The server that seeds the template stopped with ${String(code)}:\n${seeding.output()}`);
  return path.join(dir, 'pglite');
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-shop-e2e-'));
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-shop-e2e-template-'));
  let server: ServerProcess | undefined;
  const teardown = async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(templateDir, { recursive: true, force: true });
  };
  try {
    // E2E_PREBUILT=1: the build is there already (a second e2e run on the same build)
    if (process.env.E2E_PREBUILT !== '1') execFileSync(process.execPath, ['build.mjs'], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
    // the test files' workers inherit it (they are started after this setup)
    process.env.E2E_PGLITE_TEMPLATE = await seededTemplate(templateDir);
    // "send again" comes back after 15 s here, not a minute: tests/e2e/orders.test.ts waits for it
    server = await startServer({ DATA_DIR: dataDir, ORDER_RESEND_INTERVAL_SECONDS: '15' });
    const logFile = path.join(dataDir, 'server.log');
    fs.writeFileSync(logFile, server.output());
    const append = (chunk: Buffer) => fs.appendFileSync(logFile, chunk);
    server.child.stdout?.on('data', append);
    server.child.stderr?.on('data', append);
    project.provide('serverLogFile', logFile);
    project.provide('outboxDir', path.join(dataDir, 'outbox'));
    await waitUntilAnswering(`${server.url}/de`);
    project.provide('baseUrl', server.url);
    project.provide('e2eSetupError', '');
  } catch (error) {
    // Reported by every e2e test instead of aborting the whole run (unit and ui results still show).
    project.provide('baseUrl', '');
    project.provide('serverLogFile', '');
    project.provide('outboxDir', '');
    project.provide('e2eSetupError', error instanceof Error ? error.message : String(error));
  }
  return teardown;
}
