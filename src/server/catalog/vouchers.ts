/**
 * Vouchers (sold) and voucher codes (redeemed) as the API of §7 sends them, in one language.
 * Shared by the catalogue routes and the inventory (pricing, codes taken at booking).
 */
import type { Queryable } from '../db/index.js';
import type { Language } from '../../api/languages.js';
import type { Voucher } from '../../api/schemas/catalog.js';
import { addDays } from '../../domain/dates.js';
import { tr, type Texts } from './texts.js';
import { flag, today } from './common.js';
import { voucherCodeValidity } from '../../domain/voucher-code.js';

export interface VoucherRow {
  id: number;
  name: Texts;
  description: Texts;
  price: number;
  vat_value: number;
  variable_amount: number;
  min_amount: number | null;
  max_amount: number | null;
  group_id: number;
  sequence_no: number;
  image: string | null;
}

export function shapeVoucher(r: VoucherRow, lang: Language): Voucher {
  return {
    id: r.id,
    name: tr(r.name, lang),
    description: tr(r.description, lang),
    price: r.price,
    vat_value: r.vat_value,
    variable_amount: flag(r.variable_amount),
    min_amount: r.min_amount,
    max_amount: r.max_amount,
    groupId: r.group_id,
    sequence_no: r.sequence_no,
    image: r.image,
  };
}

export async function getVoucherRow(q: Queryable, id: number): Promise<VoucherRow | null> {
  return (await q.query<VoucherRow>('SELECT * FROM vouchers WHERE id = $1', [id]))[0] ?? null;
}

export interface VoucherCodeRow {
  barcode: string;
  name: Texts;
  amount: number;
  used_amount: number;
  valid_from: string | null;
  valid_from_rel_days: number | null;
  valid_to: string | null;
  valid_to_rel_days: number | null;
  /** what live holds of open payment carts take of the code (issue 41), when selected with voucherCodeColumns */
  held?: number;
}

export const VOUCHER_CODE_COLUMNS = `barcode, name, amount, used_amount, valid_from::text AS valid_from, valid_from_rel_days,
  valid_to::text AS valid_to, valid_to_rel_days`;

/**
 * VOUCHER_CODE_COLUMNS and `held`: the value the live holds of open payment carts take at the time
 * given as parameter $nowParam (issue 41), so that a code's value is never promised twice.
 */
export const voucherCodeColumns = (nowParam: number) => `${VOUCHER_CODE_COLUMNS},
  COALESCE((SELECT sum(h.places) FROM holds h WHERE h.kind = 'voucherCode' AND h.barcode = voucher_codes.barcode AND h.expires_at > $${nowParam}), 0)::int AS held`;

/** §5 validity of a code at `now`, its value left counting what live holds take (used + held). */
export function voucherCodeStanding(r: VoucherCodeRow, now: Date): ReturnType<typeof voucherCodeValidity> {
  return voucherCodeValidity({ amount: r.amount, used_amount: r.used_amount + (r.held ?? 0), ...voucherCodeDates(r, now) }, now);
}

/** Effective validity dates of a code (absolute, else relative to today, else unbounded). */
export function voucherCodeDates(r: VoucherCodeRow, now: Date): { valid_from: string | null; valid_to: string | null } {
  const t = today(now);
  return {
    valid_from: r.valid_from ?? (r.valid_from_rel_days === null ? null : addDays(t, r.valid_from_rel_days)),
    valid_to: r.valid_to ?? (r.valid_to_rel_days === null ? null : addDays(t, r.valid_to_rel_days)),
  };
}
