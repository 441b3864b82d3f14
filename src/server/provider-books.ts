/**
 * The simulated payment provider's own books (issue 41): the payments it took, the refunds it
 * made, and the notices it owes the shop. The provider pages (provider.ts) write them; the shop
 * reads them only through `ProviderApi`, the calls a real provider offers its merchants (look a
 * payment up, refund it), and learns of a payment from the signed notice the dispatcher sends
 * (webhook-signature.ts) — retried until the shop answers 2xx, kept in the database so that a
 * restart loses none, and claimed row by row so that several processes never send one twice.
 */
import type { Db, Queryable } from './db/index.js';
import type { ServerServices } from './services.js';
import { signNotice, SIGNATURE_HEADER } from './webhook-signature.js';
import { backOffMs, createDueRunner } from './due-rows.js';
import type { RefundReason } from '../api/schemas/checkout.js';

export interface ProviderPayment {
  us: string;
  cart_id: string;
  amount: number;
  currency: string;
  status: 'paid' | 'refunded';
  paid_at: Date;
  refunded_at: Date | null;
  refund_reason: RefundReason | null;
  /** the address the payer gave on the provider's page (issue 42), or null */
  payer_email: string | null;
}

/** What the shop may ask of the provider: the calls a real provider's merchant API has. */
export interface ProviderApi {
  /** The payment with this transaction id, or null. */
  payment(q: Queryable, us: string): Promise<ProviderPayment | null>;
  /** The payment made for a cart (the merchant's reference), or null. */
  paymentOfCart(q: Queryable, cartId: string): Promise<ProviderPayment | null>;
  /**
   * Of these carts, the ones with a payment (the purge's question, issue 44 item 7: one call for a
   * batch); a provider without such a search is asked `paymentOfCart` cart by cart.
   */
  paidCarts?(q: Queryable, cartIds: readonly string[]): Promise<Set<string>>;
  /** Gives the whole payment back; a payment refunded already stays as it is. */
  refund(q: Queryable, us: string, reason: RefundReason, now: Date): Promise<void>;
}

export const simulatedProviderApi: ProviderApi = {
  async payment(q, us) {
    return (await q.query<ProviderPayment>('SELECT * FROM provider_payments WHERE us = $1', [us]))[0] ?? null;
  },
  async paymentOfCart(q, cartId) {
    return (await q.query<ProviderPayment>('SELECT * FROM provider_payments WHERE cart_id = $1 ORDER BY paid_at LIMIT 1', [cartId]))[0] ?? null;
  },
  async paidCarts(q, cartIds) {
    const rows = await q.query<{ cart_id: string }>('SELECT DISTINCT cart_id FROM provider_payments WHERE cart_id = ANY($1::text[])', [[...cartIds]]);
    return new Set(rows.map((row) => row.cart_id));
  },
  async refund(q, us, reason, now) {
    await q.query("UPDATE provider_payments SET status = 'refunded', refunded_at = $2, refund_reason = $3 WHERE us = $1 AND status = 'paid'", [us, now.toISOString(), reason]);
  },
};

/** The notice's body: what was paid, for which cart. */
export interface PaymentNotice {
  id: string;
  type: 'payment.paid';
  cart_id: string;
  us: string;
  amount: number;
  currency: string;
  paid_at: string;
}

/**
 * The provider took a payment (its Pay button): records it and the notice it owes the shop, in
 * the caller's transaction. The dispatcher sends the notice.
 */
export async function recordPayment(tx: Queryable, payment: { us: string; cartId: string; amount: number; currency: string; payerEmail?: string | null }, now: Date): Promise<void> {
  await tx.query('INSERT INTO provider_payments (us, cart_id, amount, currency, status, paid_at, payer_email) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    payment.us,
    payment.cartId,
    payment.amount,
    payment.currency,
    'paid',
    now.toISOString(),
    payment.payerEmail ?? null,
  ]);
  const [row] = await tx.query<{ id: number }>(
    'INSERT INTO provider_notices (us, cart_id, body, next_attempt_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [payment.us, payment.cartId, '', now.toISOString()],
  );
  const notice: PaymentNotice = {
    id: `ntc_${row?.id ?? 0}`,
    type: 'payment.paid',
    cart_id: payment.cartId,
    us: payment.us,
    amount: payment.amount,
    currency: payment.currency,
    paid_at: now.toISOString(),
  };
  await tx.query('UPDATE provider_notices SET body = $2 WHERE id = $1', [row?.id ?? 0, JSON.stringify(notice)]);
}

/** How long a claimed notice waits before another process may send it (the sender died meanwhile). */
const LEASE_MS = 60_000;

export interface NoticeDispatcher {
  /** A notice was recorded: send it soon (no-op without the timer). */
  kick(): void;
  /** Sends every notice due now; answers how many the shop accepted (2xx). */
  runDue(): Promise<number>;
  /** Sends the due notices of one cart only (tests). */
  runDueFor(cartId: string): Promise<number>;
  stop(): void;
}

export interface NoticeDispatcherOptions {
  db: Db;
  services: Pick<ServerServices, 'now' | 'log'>;
  secret: Uint8Array;
  /** Where the shop receives notices (known once the server listens). */
  url: () => string;
  /** Sends one request; default: fetch with a 10 s limit. */
  send?: (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string }) => Promise<{ status: number }>;
  /** Run by itself (a timer every second, and at once after kick); off in tests that step it. */
  timer?: boolean;
}

async function defaultSend(url: string, init: { method: 'POST'; headers: Record<string, string>; body: string }): Promise<{ status: number }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer().catch(() => undefined);
  return { status: res.status };
}

export function createNoticeDispatcher(options: NoticeDispatcherOptions): NoticeDispatcher {
  const { db, services, secret } = options;
  const send = options.send ?? defaultSend;

  const deliver = async (cartId: string | null): Promise<number> => {
    const now = services.now();
    const claimed = await db.query<{ id: number; body: string; attempts: number; cart_id: string }>(
      `UPDATE provider_notices SET attempts = attempts + 1, next_attempt_at = $2
        WHERE id IN (SELECT id FROM provider_notices
                      WHERE delivered_at IS NULL AND next_attempt_at <= $1 ${cartId === null ? '' : 'AND cart_id = $3'}
                      ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
        RETURNING id, body, attempts, cart_id`,
      cartId === null ? [now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()] : [now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString(), cartId],
    );
    let accepted = 0;
    for (const notice of claimed) {
      let status = 0;
      try {
        const at = services.now();
        status = (await send(options.url(), {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signNotice(secret, notice.body, at) },
          body: notice.body,
        })).status;
      } catch {
        status = 0;
      }
      const after = services.now();
      if (status >= 200 && status < 300) {
        accepted += 1;
        await db.query('UPDATE provider_notices SET delivered_at = $2, last_status = $3 WHERE id = $1', [notice.id, after.toISOString(), String(status)]);
      } else {
        const next = new Date(after.getTime() + backOffMs(notice.attempts));
        await db.query('UPDATE provider_notices SET next_attempt_at = $2, last_status = $3 WHERE id = $1', [notice.id, next.toISOString(), status === 0 ? 'no answer' : String(status)]);
        services.log(`Provider: the notice ${notice.id} of cart ${notice.cart_id} was not accepted (${status === 0 ? 'no answer' : status}); try ${notice.attempts + 1} at ${next.toISOString()}`);
      }
    }
    return accepted;
  };

  // one run at a time, every second and at once after a payment (the mail sender's runner, due-rows.ts)
  const runner = createDueRunner({
    once: () => deliver(null),
    timer: options.timer ?? false,
    onError: (error) => services.log(`Provider: sending notices failed: ${String(error)}`),
  });

  return {
    kick: () => runner.kick(),
    runDue: () => runner.runDue(),
    runDueFor: (cartId) => deliver(cartId),
    stop: () => runner.stop(),
  };
}
