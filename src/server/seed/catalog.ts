import type { Db } from '../db/index.js';

export async function seedCatalog(db: Db, now: Date): Promise<void> {
  void db;
  void now;
}
