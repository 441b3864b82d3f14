import type { Migration } from '../migrate.js';

export const catalogMigrations: Migration[] = [];
