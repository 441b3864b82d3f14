/**
 * vitest globalSetup of the unit project: creates one in-memory PGlite database, migrates and
 * seeds it with the demo data, and dumps it to a temporary tarball. Every server test file then
 * starts its own independent copy from that tarball (tests/server/harness.ts) instead of running
 * initdb, the migrations and the seed again, which is most of a server test's start-up time.
 * The seed does not depend on the clock (schedules are resolved at request time), so one dump
 * serves tests with any `now`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDb } from '../../src/server/db/index.js';
import { seedIfEmpty } from '../../src/server/seed/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the seeded PGlite dump; '' when the tests should create their own database. */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-shop-db-'));
  const file = path.join(dir, 'seeded.tar');
  const db = await openDb({ dataDir: undefined });
  await seedIfEmpty(db, new Date());
  const dump = await dumpPglite(db);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
