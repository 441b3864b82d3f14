import type { Migration } from '../migrate.js';

/**
 * Issue 15: a token version per customer (a password change ends every earlier session) and the
 * counters of the rate limits, in the database so that several shop processes on one PostgreSQL
 * share them (docs/reliability.md).
 */
export const reliabilityMigrations: Migration[] = [
  {
    id: '900_token_version',
    sql: `
ALTER TABLE customers ADD COLUMN token_version integer NOT NULL DEFAULT 0;
CREATE TABLE rate_limit_hits (
  bucket text NOT NULL,
  window_start bigint NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
)`,
  },
  {
    // issue 14: bumped after every committed write transaction of any shop process, read by every
    // process before it serves a kept catalog answer (src/server/catalog-cache.ts)
    id: '910_catalog_version',
    sql: 'CREATE SEQUENCE catalog_version',
  },
];
