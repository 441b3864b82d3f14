import type { Db } from './index.js';
import { MIGRATIONS } from './migrations/index.js';

export interface Migration {
  /** Unique, ordered id such as `001_catalog`. */
  id: string;
  sql: string;
}

export async function runMigrations(db: Db): Promise<void> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
  for (const migration of [...MIGRATIONS].sort((a, b) => a.id.localeCompare(b.id))) {
    if (done.has(migration.id)) continue;
    await db.transaction(async (tx) => {
      for (const statement of migration.sql.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
    });
  }
}
