/**
 * Purging what anonymous visitors leave behind (issue 44, item 7; docs/reliability.md "Purging"):
 * every hour (and once at start) each shop process removes
 *
 * - payment carts nobody paid: open or cancelled, no money recorded, no booking, and the provider
 *   knows no payment for them (`ProviderApi.paidCarts` or `paymentOfCart`, asked under the cart's row lock, the
 *   lock the provider's pay takes too), a week (`RETENTION.abandonedCartMs`) after their hold
 *   ended and a week after they last changed; with their holds (long run out);
 * - recovery links that were used or have expired (they answer as an invented one already);
 * - e-mail change links (issue 44) that were used or replaced (they answer as an invented one
 *   already), and expired ones a week after they expired (`RETENTION.expiredEmailLinkMs`: until
 *   then the page says "expired", not "not valid");
 * - guest customers a week old with no cart and no booking left (their token ended after 2 hours).
 *
 * A booked, refunded or paid cart, one whose payment's notice is still on its way, and the guest
 * of any cart that stays are never touched. Rows are taken in batches with `FOR UPDATE SKIP
 * LOCKED`, so several processes on one PostgreSQL share the work; runs at once share one run
 * (due-rows.ts `createDueRunner`, the runner of the mail sender and the provider's notices).
 */
import type { Db, Queryable } from './db/index.js';
import { createDueRunner, type DueRunner } from './due-rows.js';
import { CART_TTL_MS } from './carts.js';
import { simulatedProviderApi, type ProviderApi } from './provider-books.js';
import type { ServerServices } from './services.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long what is purged is kept (docs/reliability.md). */
export interface Retention {
  /** after the end of its hold (created + CART_TTL_SECONDS) and after its last change: an unpaid cart */
  abandonedCartMs: number;
  /** after its creation and last change: a guest customer with no cart or booking */
  unusedGuestMs: number;
  /** after it expired: an e-mail change link nobody followed (a used or replaced one goes at once) */
  expiredEmailLinkMs: number;
}

export const RETENTION: Retention = { abandonedCartMs: 7 * DAY_MS, unusedGuestMs: 7 * DAY_MS, expiredEmailLinkMs: 7 * DAY_MS };

/** How often a process purges: every hour. */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Rows taken per transaction: short locks, and a backlog is worked off batch by batch. */
const BATCH = 200;

export interface PurgeOptions {
  now: Date;
  /** CART_TTL_SECONDS in ms; default the 20 minutes of §4 */
  cartTtlMs?: number | undefined;
  /** who is asked whether a cart was paid; default the simulated provider */
  provider?: ProviderApi | undefined;
  retention?: Retention | undefined;
}

export interface Purged {
  carts: number;
  resetTokens: number;
  emailChanges: number;
  guests: number;
}

/** Which of the carts the provider has a payment for: in one call where it can, else cart by cart. */
async function paidAmong(provider: ProviderApi, q: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  if (provider.paidCarts) return provider.paidCarts(q, ids);
  const paid = new Set<string>();
  for (const id of ids) if (await provider.paymentOfCart(q, id)) paid.add(id);
  return paid;
}

/** Unpaid carts past their hold and the retention, batch by batch; answers how many went. */
async function purgeCarts(db: Db, options: PurgeOptions, retention: Retention): Promise<number> {
  const now = options.now.getTime();
  const heldBefore = new Date(now - (options.cartTtlMs ?? CART_TTL_MS) - retention.abandonedCartMs).toISOString();
  const changedBefore = new Date(now - retention.abandonedCartMs).toISOString();
  const provider = options.provider ?? simulatedProviderApi;
  let removed = 0;
  let after = '';
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const candidates = await tx.query<{ id: string }>(
        `SELECT c.id FROM carts c
          WHERE c.status IN ('open', 'cancelled') AND c.paid_at IS NULL AND c.created_at < $1 AND c.updated_at < $2 AND c.id > $3
            AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.cart_id = c.id)
          ORDER BY c.id LIMIT $4 FOR UPDATE OF c SKIP LOCKED`,
        [heldBefore, changedBefore, after, BATCH],
      );
      // money the shop has not heard of yet (its notice on the way): the cart stays to be booked or refunded
      const ids = candidates.map((row) => row.id);
      const paid = await paidAmong(provider, tx, ids);
      const unpaid = ids.filter((id) => !paid.has(id));
      if (unpaid.length > 0) {
        await tx.query('DELETE FROM holds WHERE cart_id = ANY($1::text[])', [unpaid]);
        await tx.query('DELETE FROM carts WHERE id = ANY($1::text[])', [unpaid]);
      }
      return { seen: candidates.length, last: candidates.at(-1)?.id ?? after, removed: unpaid.length };
    });
    removed += batch.removed;
    after = batch.last;
    if (batch.seen < BATCH) return removed;
  }
}

/** Guests a retention old whose carts and bookings are all gone (or never were). */
async function purgeGuests(db: Db, options: PurgeOptions, retention: Retention): Promise<number> {
  const before = new Date(options.now.getTime() - retention.unusedGuestMs).toISOString();
  let removed = 0;
  for (;;) {
    const rows = await db.query<{ id: number }>(
      `DELETE FROM customers WHERE id IN (
         SELECT c.id FROM customers c
          WHERE c.is_guest AND c.created_at < $1 AND c.updated_at < $1
            AND NOT EXISTS (SELECT 1 FROM carts k WHERE k.customer_id = c.id)
            AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.customer_id = c.id)
          ORDER BY c.id LIMIT $2 FOR UPDATE OF c SKIP LOCKED)
       RETURNING id`,
      [before, BATCH],
    );
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

/** One purge: carts first (a guest's last abandoned cart goes before the guest), then links and guests. */
export async function purgeOnce(db: Db, options: PurgeOptions): Promise<Purged> {
  const retention = options.retention ?? RETENTION;
  const carts = await purgeCarts(db, options, retention);
  // a used or expired link answers as an invented one: nothing to keep it for
  const resetTokens = (await db.query('DELETE FROM password_resets WHERE used_at IS NOT NULL OR expires_at <= $1 RETURNING token_hash', [options.now.toISOString()])).length;
  // a used or replaced e-mail change link answers as an invented one; an expired one says so for a week
  const expiredBefore = new Date(options.now.getTime() - retention.expiredEmailLinkMs).toISOString();
  const emailChanges = (await db.query('DELETE FROM email_changes WHERE used_at IS NOT NULL OR expires_at <= $1 RETURNING token_hash', [expiredBefore])).length;
  const guests = await purgeGuests(db, options, retention);
  return { carts, resetTokens, emailChanges, guests };
}

export interface PurgerOptions {
  db: Db;
  services: Pick<ServerServices, 'now' | 'log' | 'cartTtlMs' | 'paymentProvider'>;
  /** Run by itself every `intervalMs` (default PURGE_INTERVAL_MS), and once soon after `kick`; off in tests that step it. */
  timer: boolean;
  intervalMs?: number;
  retention?: Retention;
}

/** The schedule: `runDue` purges once and answers how many rows went; main.ts kicks it at start. */
export function createPurger(options: PurgerOptions): DueRunner {
  const { db, services } = options;
  return createDueRunner({
    timer: options.timer,
    intervalMs: options.intervalMs ?? PURGE_INTERVAL_MS,
    once: async () => {
      const purged = await purgeOnce(db, { now: services.now(), cartTtlMs: services.cartTtlMs, provider: services.paymentProvider, retention: options.retention });
      const total = purged.carts + purged.resetTokens + purged.emailChanges + purged.guests;
      if (total > 0) {
        services.log(
          `Purge: removed ${purged.carts} unpaid carts, ${purged.resetTokens} used or expired recovery links, ${purged.emailChanges} used or expired e-mail change links, ${purged.guests} unused guest records`,
        );
      }
      return total;
    },
    onError: (error) => services.log(`Purge: failed (${error instanceof Error ? error.message : String(error)}); tried again at the next run`),
  });
}
