import type { Db } from '../db/index.js';
import { seedCatalog } from './catalog.js';
import { seedAccounts } from './accounts.js';
import { seedCheckout } from './checkout.js';

/** Fills an empty database with the demo data (docs/api.md lists what it holds). Runs once per database. */
export async function seedIfEmpty(db: Db, now: Date): Promise<boolean> {
  const seeded = await db.query<{ value: unknown }>("SELECT value FROM settings WHERE key = 'seeded_at'");
  if (seeded.length > 0) return false;
  await seedCatalog(db, now);
  await seedAccounts(db, now);
  await seedCheckout(db, now);
  await db.query("INSERT INTO settings (key, value) VALUES ('seeded_at', $1)", [JSON.stringify(now.toISOString())]);
  return true;
}
