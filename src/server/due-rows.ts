/**
 * What a sender of the reference server does with work kept in a table until it is done (the
 * mails of mail/outbox.ts; the payment notices of provider-books.ts run on the same runner and
 * back-off, with a claim of their own that tests can narrow to one cart): a row
 * waits with its `next_attempt_at`; a run claims the due ones with `FOR UPDATE SKIP LOCKED` and
 * a lease (its `next_attempt_at` moved ahead), so that several processes on one PostgreSQL never
 * take one row twice and a row whose sender died is taken again once the lease ends; a failed
 * try is retried with back-off. Everything lives in the database: a restart loses nothing.
 */
import type { Db } from './db/index.js';

/** Milliseconds before the next try after `attempts` failed ones: 1, 2, 4 … seconds, at most 5 minutes. */
export function backOffMs(attempts: number): number {
  return Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

export interface ClaimOptions {
  /** The table: one of the server's own, never a caller's value. */
  table: 'mail_outbox';
  /** Columns returned besides `id` and `attempts`. */
  columns: readonly string[];
  now: Date;
  /** How long the claimed rows are this process's: longer than one try can take. */
  leaseMs: number;
  limit: number;
}

/**
 * Claims up to `limit` due rows (not delivered, not given up, `next_attempt_at` reached), oldest
 * first: counts the try and leases them. Rows another transaction holds are skipped.
 */
export async function claimDueRows<T extends { id: number; attempts: number }>(db: Db, options: ClaimOptions): Promise<T[]> {
  const { table, now } = options;
  const columns = ['id', 'attempts', ...options.columns].join(', ');
  return db.query<T>(
    `UPDATE ${table} SET attempts = attempts + 1, next_attempt_at = $2
      WHERE id IN (SELECT id FROM ${table}
                    WHERE delivered_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= $1
                    ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING ${columns}`,
    [now.toISOString(), new Date(now.getTime() + options.leaseMs).toISOString(), options.limit],
  );
}

export interface DueRunner {
  /** Work was stored: run soon (no-op without the timer). */
  kick(): void;
  /** Runs until nothing is due; answers how many rows were delivered. Calls at once share one run. */
  runDue(): Promise<number>;
  stop(): void;
}

/**
 * Runs `once` (one pass over the due rows, answering how many it delivered) when asked, every
 * `intervalMs` with the timer, and again at once when asked during a run.
 */
export function createDueRunner(options: { once: () => Promise<number>; timer: boolean; intervalMs?: number; onError: (error: unknown) => void }): DueRunner {
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  const runDue = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await options.once();
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const runQuietly = () => {
    if (!stopped) runDue().catch(options.onError);
  };

  const interval = options.timer ? setInterval(runQuietly, options.intervalMs ?? 1000) : undefined;
  interval?.unref();
  return {
    kick() {
      if (options.timer && !stopped) setImmediate(runQuietly);
    },
    runDue,
    stop() {
      stopped = true;
      if (interval) clearInterval(interval);
    },
  };
}
