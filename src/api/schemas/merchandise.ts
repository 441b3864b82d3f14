/**
 * Merchandise and annual passes (spec §3, §7): what merchandise/… answers.
 */
import * as v from 'valibot';
import { MinorUnitsSchema } from './common.js';
import { Id, Int, CustomGroupSchema } from './catalog-common.js';

export const MerchandiseSchema = v.object({
  id: Id,
  name: v.string(),
  description: v.string(),
  price: MinorUnitsSchema,
  vat_value: v.number(),
  /** null: not limited */
  stock: v.nullable(Int),
  sequence_no: Int,
  custom_groups: v.array(CustomGroupSchema),
  product_kind_ref: Int,
  /** grams, for shipping */
  weight: Int,
  image: v.nullable(v.string()),
});
export type Merchandise = v.InferOutput<typeof MerchandiseSchema>;
export const MerchandiseListSchema = v.array(MerchandiseSchema);
export const MerchandiseAttrSchema = v.object({ category: v.array(CustomGroupSchema) });
