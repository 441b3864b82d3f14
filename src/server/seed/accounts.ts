import type { Db } from '../db/index.js';

export async function seedAccounts(db: Db, now: Date): Promise<void> {
  void db;
  void now;
}
