import type { Migration } from '../migrate.js';

export const accountMigrations: Migration[] = [];
