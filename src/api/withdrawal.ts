/**
 * The withdrawal function's calls (issue 46; shapes and codes: ./schemas/withdrawal.ts, docs/api.md
 * "Withdrawal"). The order is opened by its key, its logged-in owner's token (`?_=`, §6) or the
 * e-mail address of the purchase, which travels in the body, never in the address (logs).
 */
import type { Http } from './http.js';
import { WithdrawalOrderSchema, WithdrawResultSchema, type WithdrawalLookup, type WithdrawRequest } from './schemas/withdrawal.js';

/** The body of a lookup: only what identifies the order (no empty key or address). */
const lookupBody = ({ id, key, email }: WithdrawalLookup) => ({ id, ...(key ? { key } : {}), ...(email ? { email } : {}) });

export function withdrawalApi(http: Http) {
  return {
    /**
     * POST order/withdrawal {id, key?, email?}: the order as the withdrawal journey sees it, each
     * line with its standing. 404 WITHDRAWAL_ORDER_NOT_FOUND (an unknown number and a wrong address
     * alike), 404 WITHDRAWAL_OFF.
     */
    getWithdrawalOrder: (lookup: WithdrawalLookup, token?: string | null, signal?: AbortSignal) =>
      http.request('POST', 'order/withdrawal', { schema: WithdrawalOrderSchema, query: { _: token ?? undefined }, body: lookupBody(lookup), signal }),
    /**
     * POST order/withdraw {id, key?, email?, lines, name, ack_email, request_id}: records one
     * statement; a repeat (the same request id, or lines already withdrawn) answers the statement
     * that holds them (`repeated`). 422 WITHDRAWAL_NOTHING_OPEN, 422 VALIDATION_FAILED (fields).
     */
    withdraw: (request: WithdrawRequest, token?: string | null, signal?: AbortSignal) =>
      http.request('POST', 'order/withdraw', {
        schema: WithdrawResultSchema,
        query: { _: token ?? undefined },
        body: { ...lookupBody(request), lines: request.lines, name: request.name, ack_email: request.ack_email, request_id: request.request_id },
        signal,
      }),
  };
}
