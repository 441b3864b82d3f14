/**
 * Vouchers and voucher codes (spec §3, §7): what voucher/… answers.
 */
import * as v from 'valibot';
import { FlagSchema, MinorUnitsSchema } from './common.js';
import { Id, Int, DateString, CustomGroupSchema } from './catalog-common.js';

export const VoucherSchema = v.object({
  id: Id,
  name: v.string(),
  description: v.string(),
  price: MinorUnitsSchema,
  vat_value: v.number(),
  variable_amount: FlagSchema,
  /** bounds of a variable amount in minor units (null for fixed vouchers) */
  min_amount: v.nullable(Int),
  max_amount: v.nullable(Int),
  groupId: Id,
  sequence_no: Int,
  image: v.nullable(v.string()),
});
export type Voucher = v.InferOutput<typeof VoucherSchema>;
export const VoucherListSchema = v.array(VoucherSchema);
export const VoucherAttrSchema = v.object({ group: v.array(CustomGroupSchema) });

export const VoucherCodeSchema = v.object({
  barcode: v.string(),
  name: v.string(),
  amount: MinorUnitsSchema,
  used_amount: MinorUnitsSchema,
  available_amount: MinorUnitsSchema,
  valid_from: v.nullable(DateString),
  valid_to: v.nullable(DateString),
});
export type VoucherCode = v.InferOutput<typeof VoucherCodeSchema>;
