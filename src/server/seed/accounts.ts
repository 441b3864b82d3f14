/**
 * Demo accounts data: the demo customer (README: demo@museum.example / Museum2026!), salutations in
 * the eight languages, and the registration form's required and visible fields. Countries are
 * seeded with the catalogue (seed/catalog.ts, table `countries`, US not shippable).
 */
import type { Db } from '../db/index.js';
import { digestOf, hashPasswordDigest } from '../auth.js';

export const DEMO_CUSTOMER = { email: 'demo@museum.example', password: 'Museum2026!' } as const;

const SALUTATIONS: Record<string, Record<string, string>> = {
  mr: { de: 'Herr', en: 'Mr', fr: 'Monsieur', it: 'Signor', nl: 'De heer', es: 'Señor', sv: 'Herr', da: 'Hr.' },
  ms: { de: 'Frau', en: 'Ms', fr: 'Madame', it: 'Signora', nl: 'Mevrouw', es: 'Señora', sv: 'Fru', da: 'Fru' },
  none: { de: 'Keine Anrede', en: 'No salutation', fr: 'Sans civilité', it: 'Nessun titolo', nl: 'Geen aanhef', es: 'Sin tratamiento', sv: 'Ingen titel', da: 'Ingen titel' },
};

/** `c` field names; visible ones are shown, required ones must be filled (customer/attr). */
export const CUSTOMER_FIELD_SETTINGS = {
  required: ['email', 'password', 'fname', 'lname', 'street', 'zip', 'city', 'country'],
  visible: ['email', 'password', 'salutation', 'fname', 'lname', 'company', 'phone', 'street', 'zip', 'city', 'country'],
};

export async function seedAccounts(db: Db, now: Date): Promise<void> {
  let seq = 0;
  for (const [key, names] of Object.entries(SALUTATIONS)) {
    await db.query('INSERT INTO salutations (key, names, sequence_no) VALUES ($1, $2, $3)', [key, JSON.stringify(names), ++seq]);
  }
  await db.query("INSERT INTO settings (key, value) VALUES ('customer_fields', $1)", [JSON.stringify(CUSTOMER_FIELD_SETTINGS)]);
  const stored = await hashPasswordDigest(digestOf(DEMO_CUSTOMER.password));
  await db.query(
    `INSERT INTO customers (email, password_hash, password_salt, password_params, salutation, fname, lname, company, phone, street, zip, city, country, created_at, updated_at)
     VALUES ($1, $2, $3, $5, 'ms', 'Anna', 'Muster', '', '+41 44 123 45 67', 'Museumstrasse 2', '8001', 'Zürich', 'CH', $4, $4)`,
    [DEMO_CUSTOMER.email, stored.hash, stored.salt, now.toISOString(), JSON.stringify(stored.cost)],
  );
}
