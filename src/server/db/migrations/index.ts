import type { Migration } from '../migrate.js';
import { catalogMigrations } from './catalog.js';
import { accountMigrations } from './accounts.js';
import { orderMigrations } from './orders.js';
import { reliabilityMigrations } from './reliability.js';
import { mailMigrations } from './mail.js';
import { ticketMigrations } from './tickets.js';
import { withdrawalMigrations } from './withdrawal.js';

/** Every migration of the reference server. Each group owns its own file. */
export const MIGRATIONS: Migration[] = [
  { id: '000_settings', sql: 'CREATE TABLE settings (key text PRIMARY KEY, value jsonb NOT NULL)' },
  // issue 44: each applied migration's SHA-256, so that an edited one stops the start (migrate.ts)
  { id: '001_migration_checksums', sql: 'ALTER TABLE schema_migrations ADD COLUMN checksum text' },
  ...catalogMigrations,
  ...accountMigrations,
  ...orderMigrations,
  ...mailMigrations,
  ...reliabilityMigrations,
  ...ticketMigrations,
  ...withdrawalMigrations,
];
