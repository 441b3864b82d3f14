/**
 * Migration checksums (issue 44 item 9): every applied migration's SHA-256 is kept in
 * `schema_migrations.checksum`; a start on a database whose applied migration has another text
 * now stops, naming the migration. A database migrated before there were checksums gets them on
 * its first start.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { dumpPglite, openDb, type Db } from '../../src/server/db/index.js';
import { MigrationChangedError, migrationChecksum, runMigrations } from '../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../src/server/db/migrations/index.js';

/** A migrated database as the tests' global setup made it (a fresh PGlite costs an initdb). */
async function migratedDb(): Promise<Db> {
  const file = inject('pgliteSnapshot');
  return openDb({ dataDir: undefined, snapshot: file ? new Blob([await readFile(file)]) : undefined });
}

const edited = (id: string) => MIGRATIONS.map((m) => (m.id === id ? { ...m, sql: `${m.sql}\n-- tidied up later` } : m));
const checksums = async (db: Db) => new Map((await db.query<{ id: string; checksum: string | null }>('SELECT id, checksum FROM schema_migrations')).map((r) => [r.id, r.checksum]));

describe('migration checksums', () => {
  it('a start on a database whose applied migration was edited stops, naming the migration', async () => {
    const db = await migratedDb();
    const recorded = await checksums(db);
    expect([...recorded.keys()].sort()).toEqual(MIGRATIONS.map((m) => m.id).sort());
    for (const m of MIGRATIONS) expect(recorded.get(m.id), m.id).toBe(migrationChecksum(m));

    const error = await runMigrations(db, edited('300_orders')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationChangedError);
    expect((error as Error).message).toBe(
      'The database was migrated with another text of migration 300_orders: an applied migration must never be edited. Restore its text and add a new migration for the change.',
    );

    // the same at a start (openDb runs the migrations) of a database whose stored checksums are other texts'
    await db.query("UPDATE schema_migrations SET checksum = 'edited' WHERE id IN ('200_accounts', '945_ended_tokens')");
    const copy = await dumpPglite(db);
    await db.close();
    await expect(openDb({ dataDir: undefined, snapshot: copy })).rejects.toThrow('another text of migration 200_accounts, migration 945_ended_tokens');
  });

  it('a database migrated before the checksums gets them on its first start, then guards them', async () => {
    const db = await migratedDb();
    // as before issue 44: no checksum column, no migration 001
    await db.exec("ALTER TABLE schema_migrations DROP COLUMN checksum; DELETE FROM schema_migrations WHERE id = '001_migration_checksums'");
    await runMigrations(db);
    const recorded = await checksums(db);
    for (const m of MIGRATIONS) expect(recorded.get(m.id), m.id).toBe(migrationChecksum(m));
    await expect(runMigrations(db, edited('010_catalog'))).rejects.toThrow('migration 010_catalog');
    // a new migration is applied and recorded as any other
    await runMigrations(db, [...MIGRATIONS, { id: '999_test_table', sql: 'CREATE TABLE test_table (id integer)' }]);
    expect((await checksums(db)).get('999_test_table')).toBe(migrationChecksum({ id: '999_test_table', sql: 'CREATE TABLE test_table (id integer)' }));
    await db.close();
  });
});
