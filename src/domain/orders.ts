/**
 * The rules of "My orders" and an order's page (issue 42), shared by the orders machine and its
 * screens: what an order offers (its documents, the confirmation sent again), how long to wait
 * after "too soon", and a visit's date and time as the museum's clock writes them.
 */
import type { OrderReview } from '../api/schemas/checkout.js';
import type { OrderVisit } from '../api/schemas/orders.js';

/** The wait a 429 ORDER_RESEND_TOO_SOON names when its `retry_after` cannot be read: the server's interval. */
export const RESEND_WAIT_FALLBACK_SECONDS = 60;
/** At most this long a page waits before offering "send again" once more (a server that names hours is read as this). */
const RESEND_WAIT_LIMIT_SECONDS = 3600;

/**
 * The seconds to wait after a 429, from the error's `data` ({retry_after}), read structurally so the
 * machine never imports the client: a whole number of at least one second.
 */
export function resendWaitSeconds(details: unknown): number {
  const raw = typeof details === 'object' && details !== null ? (details as { retry_after?: unknown }).retry_after : undefined;
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return RESEND_WAIT_FALLBACK_SECONDS;
  return Math.min(RESEND_WAIT_LIMIT_SECONDS, Math.max(1, Math.ceil(raw)));
}

/**
 * Whether an order's page offers "send the confirmation again": the back end delivers documents
 * (issue 42) and knows an address to send them to. A back end without issue 42 answers no
 * documents, and the page stays as it was.
 */
export function offersResend(order: Pick<OrderReview, 'documents'> | null): boolean {
  return order?.documents !== undefined && order.documents.mail_to !== null;
}

/** The key that opens an order's documents: the one it answered with, else the one of the link. */
export function orderKeyOf(order: Pick<OrderReview, 'documents'> | null, linkKey: string | null): string | null {
  return order?.documents?.key ?? linkKey;
}

/** A visit's start or end ('YYYY-MM-DD HH:MM:SS', the museum's wall clock) as its day and time. */
export function visitMoment(value: string): { date: string; time: string } {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(value);
  return match ? { date: match[1]!, time: match[2]! } : { date: value.slice(0, 10), time: '' };
}

/** The time a visit ends, when it ends on the day it starts (else null: only the start is said). */
export function visitEndTime(visit: OrderVisit): string | null {
  if (!visit.end) return null;
  const start = visitMoment(visit.start);
  const end = visitMoment(visit.end);
  return end.date === start.date && end.time !== '' ? end.time : null;
}
