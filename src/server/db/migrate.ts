import { createHash } from 'node:crypto';
import type { Db } from './index.js';
import { MIGRATIONS } from './migrations/index.js';

export interface Migration {
  /** Unique, ordered id such as `001_catalog`. */
  id: string;
  sql: string;
}

/** SHA-256 of a migration's text, kept in `schema_migrations.checksum` when it is applied (issue 44). */
export function migrationChecksum(migration: Migration): string {
  return createHash('sha256').update(migration.sql).digest('hex');
}

/** A migration that was applied and has been edited since: the start stops (never run an edited schema silently). */
export class MigrationChangedError extends Error {
  constructor(readonly migrationIds: string[]) {
    super(
      `The database was migrated with another text of ${migrationIds.map((id) => `migration ${id}`).join(', ')}: ` +
        'an applied migration must never be edited. Restore its text and add a new migration for the change.',
    );
    this.name = 'MigrationChangedError';
  }
}

const hasChecksumColumn = async (db: Db): Promise<boolean> =>
  (await db.query("SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'schema_migrations' AND column_name = 'checksum'")).length > 0;

/**
 * Applies the migrations not applied yet, in id order, each in its own transaction. First the
 * applied ones are compared with their checksums: one whose text changed stops the start
 * (MigrationChangedError naming it). Rows without a checksum (applied before the checksums,
 * migration `001_migration_checksums`) get today's text's on this start.
 */
export async function runMigrations(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<void> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const checksums = new Map(migrations.map((m) => [m.id, migrationChecksum(m)]));
  let recorded = await hasChecksumColumn(db);
  const applied = await db.query<{ id: string; checksum: string | null }>(recorded ? 'SELECT id, checksum FROM schema_migrations' : 'SELECT id, NULL AS checksum FROM schema_migrations');
  const changed = applied.filter((row) => row.checksum !== null && checksums.has(row.id) && checksums.get(row.id) !== row.checksum).map((row) => row.id);
  if (changed.length > 0) throw new MigrationChangedError(changed.sort());
  const done = new Set(applied.map((r) => r.id));
  for (const migration of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
    if (done.has(migration.id)) continue;
    await db.transaction(async (tx) => {
      for (const statement of migration.sql.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
    });
    recorded ||= await hasChecksumColumn(db);
  }
  if (!recorded) return;
  // the migrations applied now, and those applied before there were checksums
  for (const row of await db.query<{ id: string }>('SELECT id FROM schema_migrations WHERE checksum IS NULL')) {
    const checksum = checksums.get(row.id);
    if (checksum) await db.query('UPDATE schema_migrations SET checksum = $2 WHERE id = $1 AND checksum IS NULL', [row.id, checksum]);
  }
}
