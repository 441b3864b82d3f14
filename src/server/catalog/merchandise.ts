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

export async function listMerchandise(q: Queryable, lang: Language, productKind: number | undefined): Promise<Merchandise[]> {
  const rows = await q.query<MerchandiseRow>(
    productKind === undefined ? 'SELECT * FROM merchandise ORDER BY sequence_no, id' : 'SELECT * FROM merchandise WHERE product_kind_ref = $1 ORDER BY sequence_no, id',
    productKind === undefined ? [] : [productKind],
  );
  const groups = await groupMap(q, lang);
  return rows.map((r) => shapeMerchandise(r, lang, groups));
}

export async function getMerchandiseRow(q: Queryable, id: number): Promise<MerchandiseRow | null> {
  return (await q.query<MerchandiseRow>('SELECT * FROM merchandise WHERE id = $1', [id]))[0] ?? null;
}

export async function getMerchandise(q: Queryable, lang: Language, id: number): Promise<Merchandise | null> {
  const row = await getMerchandiseRow(q, id);
  return row ? shapeMerchandise(row, lang, await groupMap(q, lang)) : null;
}
