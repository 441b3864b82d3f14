import type { Migration } from '../migrate.js';

export const orderMigrations: Migration[] = [];
