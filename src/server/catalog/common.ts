/**
 * What every catalogue area shares: 0/1 flags, the museum's today, the custom groups and venues an
 * item names, and the subtickets of event and tour tickets.
 */
import type { Queryable } from '../db/index.js';
import type { Language } from '../../api/languages.js';
import type { Named, Subticket } from '../../api/schemas/catalog.js';
import { museumLocal } from '../../domain/museum-clock.js';
import { tr, type Texts } from './texts.js';

export const flag = (n: number): 0 | 1 => (n ? 1 : 0);

export function today(now: Date): string {
  return museumLocal(now).date;
}

// ---------- lookups ----------

export async function groupMap(q: Queryable, lang: Language): Promise<Map<number, Named>> {
  const rows = await q.query<{ id: number; name: Texts }>('SELECT id, name FROM custom_groups ORDER BY sequence_no, id');
  return new Map(rows.map((r) => [r.id, { id: r.id, name: tr(r.name, lang) }]));
}

export async function venueMap(q: Queryable, lang: Language): Promise<Map<number, Named>> {
  const rows = await q.query<{ id: number; name: Texts }>('SELECT id, name FROM venues ORDER BY id');
  return new Map(rows.map((r) => [r.id, { id: r.id, name: tr(r.name, lang) }]));
}

export async function listGroups(q: Queryable, lang: Language, kind: string): Promise<Named[]> {
  const rows = await q.query<{ id: number; name: Texts }>('SELECT id, name FROM custom_groups WHERE kind = $1 ORDER BY sequence_no, id', [kind]);
  return rows.map((r) => ({ id: r.id, name: tr(r.name, lang) }));
}

export async function listVenues(q: Queryable, lang: Language): Promise<Named[]> {
  return [...(await venueMap(q, lang)).values()];
}

export const groupsOf = (ids: number[], groups: Map<number, Named>): Named[] => ids.map((id) => groups.get(id)).filter((g): g is Named => g !== undefined);

// ---------- subtickets ----------

export interface SubticketRow {
  id: number;
  parent_kind: string;
  parent_id: number;
  name: Texts;
  price: number;
  vat_value: number;
  min_quantity: number;
  max_quantity: number;
  sequence_no: number;
}

export async function subticketRows(q: Queryable, kind: 'event_ticket' | 'tour_ticket', parentIds: number[]): Promise<SubticketRow[]> {
  if (parentIds.length === 0) return [];
  return q.query<SubticketRow>('SELECT * FROM subtickets WHERE parent_kind = $1 AND parent_id = ANY($2::int[]) ORDER BY sequence_no, id', [kind, parentIds]);
}

export const shapeSub = (s: SubticketRow, lang: Language): Subticket => ({
  id: s.id,
  name: tr(s.name, lang),
  price: s.price,
  vat_value: s.vat_value,
  min_quantity: s.min_quantity,
  max_quantity: s.max_quantity,
});
