/**
 * Who may open an order's documents (issue 42): the holder of its key, or its logged-in owner;
 * and what the order review adds for them. Used by the order routes and the order review, so it
 * lives outside the route modules (each route module is imported by the route table alone).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestContext } from '../api/router.js';
import { HttpError } from '../api/http-error.js';
import { optionalCustomer } from '../auth.js';
import { documentsOf, type BookingRow } from './delivery.js';

export const digest = (text: string) => createHash('sha256').update(text).digest();

/** The key matches the order's (compared in constant time). */
export function keyMatches(given: string | undefined, booking: Pick<BookingRow, 'order_key'>): boolean {
  if (!given || !booking.order_key) return false;
  return timingSafeEqual(digest(given), digest(booking.order_key));
}

/**
 * May this request see the order's documents? With the order's key, or as its logged-in owner.
 * A token that has run out only opens nothing: the order review by its id still answers.
 */
export async function mayOpen(ctx: RequestContext, booking: BookingRow): Promise<boolean> {
  if (keyMatches(ctx.query.key, booking)) return true;
  if (booking.customer_id === null || !ctx.query._) return false;
  try {
    return (await optionalCustomer(ctx)) === booking.customer_id;
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return false;
    throw error;
  }
}

/** What order/review adds for the holder of the key or the owner: documents, visits, vouchers bought. */
export function orderExtras(ctx: RequestContext, booking: BookingRow) {
  const documents = documentsOf(ctx.origin, ctx.lang, booking);
  const doc = booking.document;
  if (!documents || !doc) return {};
  return {
    documents,
    visits: doc.visits,
    vouchers: doc.admissions.flatMap((a) => (a.voucher ? [{ code: a.voucher.code, value: a.voucher.value, valid_until: a.voucher.validUntil }] : [])),
  };
}

