/**
 * vitest globalSetup of the e2e project: builds the app once exactly as `npm start` does
 * (`node build.mjs`), starts `node dist/server/main.mjs` on a free port with a fresh data
 * folder (so this first start creates and seeds its own PGlite database), waits until it
 * answers, hands the base URL to the tests (`inject('baseUrl')`) and stops it afterwards.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startServer, type ServerProcess } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://127.0.0.1:<port>` of the server started for this run. */
    baseUrl: string;
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ['build.mjs'], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-shop-e2e-'));
  const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
  let server: ServerProcess | undefined;
  try {
    server = await startServer({ DATA_DIR: dataDir });
    await waitUntilAnswering(`${server.url}/de`);
  } catch (error) {
    await server?.stop();
    cleanup();
    throw error;
  }
  project.provide('baseUrl', server.url);
  const running = server;
  return async () => {
    await running.stop();
    cleanup();
  };
}
