/**
 * Settings and reference data an operator changes with SQL (tables settings and countries), read
 * by the config, account and checkout routes and by the server start (main.ts).
 */
import type { Queryable } from './db/index.js';
import type { Language } from '../api/languages.js';
import type { Country } from '../api/schemas/config-requests.js';
import { HttpError } from './api/http-error.js';
import { tr } from './catalog/texts.js';
import type { HomeView } from '../domain/sections.js';

export async function readSetting(q: Queryable, key: string): Promise<unknown> {
  const rows = await q.query<{ value: unknown }>('SELECT value FROM settings WHERE key = $1', [key]);
  if (rows.length === 0) throw new HttpError(503, 'NOT_CONFIGURED', `The setting '${key}' is missing.`);
  return rows[0]?.value;
}

/**
 * GUEST_REGISTRATION at start: writes `has_guest_registration` into the stored remote config, the
 * same change an operator makes with SQL (the config route reads it on every request).
 */
export async function setGuestRegistration(q: Queryable, enabled: boolean): Promise<void> {
  await q.query("UPDATE settings SET value = jsonb_set(value, '{has_guest_registration}', $1::jsonb) WHERE key = 'remote_config'", [JSON.stringify(enabled)]);
}

/**
 * HOME_VIEW at start: writes `home_view` (what the home page shows) into the stored remote
 * config, as an operator would with SQL.
 */
export async function setHomeView(q: Queryable, view: HomeView): Promise<void> {
  await q.query("UPDATE settings SET value = jsonb_set(value, '{home_view}', $1::jsonb) WHERE key = 'remote_config'", [JSON.stringify(view)]);
}

/** Countries as {key, name} in `lang`, Switzerland first, then by name. Used by customer/attr too. */
export async function listCountries(q: Queryable, lang: Language): Promise<Country[]> {
  const rows = await q.query<{ key: string; name: Record<string, string>; sequence_no: number; shippable: boolean }>('SELECT key, name, sequence_no, shippable FROM countries');
  return rows
    .map((r) => ({ key: r.key, name: tr(r.name, lang), sequence_no: r.sequence_no, shippable: r.shippable }))
    .sort((a, b) => a.sequence_no - b.sequence_no || a.name.localeCompare(b.name, lang))
    .map(({ key, name, shippable }) => ({ key, name, shippable }));
}
