/**
 * Vouchers and voucher code calls of spec §7.
 */
import type { Http } from './http.js';
import { VoucherListSchema, VoucherSchema, VoucherAttrSchema, VoucherCodeSchema } from './schemas/vouchers.js';

export function vouchersApi(http: Http) {
  return {
    getVouchers: (signal?: AbortSignal) => http.request('GET', 'voucher/select/event/', { schema: VoucherListSchema, signal }),
    getVoucher: (id: number, signal?: AbortSignal) => http.request('GET', `voucher/selectOne/price/${id}`, { schema: VoucherSchema, signal }),
    getVoucherAttributes: (signal?: AbortSignal) => http.request('GET', 'voucher/attr', { schema: VoucherAttrSchema, signal }),
    /** 422 with VOUCHER_NOT_FOUND / VOUCHER_NOW_IS_BEFORE_VALID_FROM / VOUCHER_NOW_IS_AFTER_VALID_TO / VOUCHER_NO_AMOUNT_LEFT */
    lookUpVoucherCode: (code: string, signal?: AbortSignal) =>
      http.request('GET', 'voucher', { schema: VoucherCodeSchema, query: { voucher: code.trim() }, signal }),
  };
}
