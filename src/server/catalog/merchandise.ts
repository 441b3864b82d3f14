/**
 * Merchandise and annual passes as the API of §7 sends them, in one language. Shared by the
 * catalogue routes and the inventory (pricing, stock).
 */
import type { Queryable } from '../db/index.js';
import type { Language } from '../../api/languages.js';
import type { Merchandise, Named } from '../../api/schemas/catalog.js';
import { tr, type Texts } from './texts.js';
import { groupMap, groupsOf } from './common.js';

export interface MerchandiseRow {
  id: number;
  name: Texts;
  description: Texts;
  price: number;
  vat_value: number;
  stock: number | null;
  sequence_no: number;
  custom_groups: number[];
  product_kind_ref: number;
  weight: number;
  image: string | null;
}

export function shapeMerchandise(r: MerchandiseRow, lang: Language, groups: Map<number, Named>): Merchandise {
  return {
    id: r.id,
    name: tr(r.name, lang),
    description: tr(r.description, lang),
    price: r.price,
    vat_value: r.vat_value,
    stock: r.stock,
    sequence_no: r.sequence_no,
    custom_groups: groupsOf(r.custom_groups, groups),
    product_kind_ref: r.product_kind_ref,
    weight: r.weight,
    image: r.image,
  };
}

/**
 * The articles as they can be sold at `now` (parameter $1): the stock is what is left after the
 * live holds of open payment carts (issue 41), never below 0; null stays unlimited.
 */
const SELECT_FOR_SALE = `SELECT m.id, m.name, m.description, m.price, m.vat_value, m.sequence_no, m.custom_groups, m.product_kind_ref, m.weight, m.image,
  CASE WHEN m.stock IS NULL THEN NULL ELSE greatest(0, m.stock - COALESCE((SELECT sum(h.places) FROM holds h
    WHERE h.kind = 'stock' AND h.merchandise_id = m.id AND h.expires_at > $1), 0))::int END AS stock
  FROM merchandise m`;

export async function listMerchandise(q: Queryable, lang: Language, productKind: number | undefined, now: Date): Promise<Merchandise[]> {
  const rows = await q.query<MerchandiseRow>(
    productKind === undefined ? `${SELECT_FOR_SALE} ORDER BY m.sequence_no, m.id` : `${SELECT_FOR_SALE} WHERE m.product_kind_ref = $2 ORDER BY m.sequence_no, m.id`,
    productKind === undefined ? [now.toISOString()] : [now.toISOString(), productKind],
  );
  const groups = await groupMap(q, lang);
  return rows.map((r) => shapeMerchandise(r, lang, groups));
}

/** One article with the stock left for sale at `now` (live holds taken off). */
export async function getMerchandiseRow(q: Queryable, id: number, now: Date): Promise<MerchandiseRow | null> {
  return (await q.query<MerchandiseRow>(`${SELECT_FOR_SALE} WHERE m.id = $2`, [now.toISOString(), id]))[0] ?? null;
}

export async function getMerchandise(q: Queryable, lang: Language, id: number, now: Date): Promise<Merchandise | null> {
  const row = await getMerchandiseRow(q, id, now);
  return row ? shapeMerchandise(row, lang, await groupMap(q, lang)) : null;
}
