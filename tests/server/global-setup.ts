/**
 * vitest globalSetup of the unit project: creates one in-memory PGlite database, migrates and
 * seeds it with the demo data, and dumps it to a temporary tarball. Every server test file then
 * starts its own independent copy from that tarball (tests/server/harness.ts) instead of running
 * initdb, the migrations and the seed again, which is most of a server test's start-up time.
 * The seed does not depend on the clock (schedules are resolved at request time), so one dump
 * serves tests with any `now`.
 *
 * It also lowers scrypt's cost for the test run (TEST_ONLY_SCRYPT_LOG2_N=14, src/server/auth.ts): the
 * tests log in hundreds of times, and OWASP's cost takes 128 MiB and most of a second per hash.
 * The workers and the servers the tests spawn inherit it; `security.test.ts` "password hashing"
 * checks the default without it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDb } from '../../src/server/db/index.js';
import { seedIfEmpty } from '../../src/server/seed/index.js';
import { TEST_COST_VARIABLE } from '../../src/server/auth.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the seeded PGlite dump; '' when the tests should create their own database. */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  process.env[TEST_COST_VARIABLE] ??= '14';
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
