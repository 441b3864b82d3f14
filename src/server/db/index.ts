/**
 * One database interface for the reference server: PGlite (embedded PostgreSQL, persisted in a
 * folder or in memory) or a real PostgreSQL through `pg` when DATABASE_URL is set. The same SQL
 * (PostgreSQL dialect, $1 placeholders) runs on both.
 */
import { runMigrations } from './migrate.js';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  /** Runs `fn` in one transaction; on PGlite transactions are serialised, on pg use row locks (FOR UPDATE). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

export interface OpenDbOptions {
  /** postgres://… ; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite; undefined means in memory (tests). */
  dataDir?: string | undefined;
  /** In-memory PGlite started from a dump of another one (`dumpPglite`): skips initdb, migrations and seeding. */
  snapshot?: Blob | undefined;
  /** Told of a connection that failed while idle (PostgreSQL restarted): the pool drops it and goes on. */
  onConnectionError?: ((error: Error) => void) | undefined;
}

/**
 * Time limits on PostgreSQL (issue 44, item 8): a connection that cannot be had within 5 s, a
 * statement that runs 15 s and a transaction left idle 30 s end with an error, not a hang that
 * holds the pool; `pg` ends the client-side wait after 20 s in any case.
 */
export const POSTGRES_LIMITS = { connectionTimeoutMillis: 5_000, statement_timeout: 15_000, idle_in_transaction_session_timeout: 30_000, query_timeout: 20_000 } as const;

/** The seconds a visitor is asked to wait (Retry-After) while the database cannot be reached: the API's 503 and the pages' (static.ts). */
export const UNREACHABLE_RETRY_AFTER_SECONDS = 5;

/** SQLSTATE classes and node errors that mean "the database is not reachable now" (not a bad query). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300']);

/**
 * Whether `error` says the database cannot be reached at the moment (refused, restarting, shut
 * down, too many connections, a connection that ended or timed out): the API answers 503 for it
 * and the visitor tries again (app.ts). Any other error stays a 500.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (/Connection terminated|timeout exceeded when trying to connect|Query read timeout|connect ECONNREFUSED|connection error and is not queryable/i.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnreachable(inner))) return true;
  }
  return false;
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<Db & { dump(): Promise<Blob> }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = snapshot ? await PGlite.create({ loadDataDir: snapshot }) : dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  // PGlite has one connection: a queue keeps a transaction from interleaving with other statements.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };
  return {
    kind: 'pglite',
    query: <T>(sql: string, params: unknown[] = []) => serial(async () => (await pg.query<T>(sql, params)).rows),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      serial(() =>
        pg.transaction(async (tx) =>
          fn({ query: async <R>(sql: string, params: unknown[] = []) => (await tx.query<R>(sql, params)).rows }),
        ),
      ),
    exec: (sql: string) => serial(async () => { await pg.exec(sql); }),
    close: () => pg.close(),
    dump: () => serial(() => pg.dumpDataDir('none')),
  };
}

/**
 * A pool on PostgreSQL, without migrations (openDb runs them). A client that fails while idle
 * (PostgreSQL restarted or ended the connection) is dropped by the pool; without a listener its
 * 'error' event would end the process.
 */
export async function connectPostgres(url: string, onConnectionError: (error: Error) => void = () => undefined): Promise<Db> {
  const { default: pgModule } = await import('pg');
  const pool = new pgModule.Pool({ connectionString: url, max: 10, ...POSTGRES_LIMITS });
  pool.on('error', onConnectionError);
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken = false;
      // A client the pool has lent out has no 'error' listener of the pool's: PostgreSQL ending the
      // connection (stopped, restarted) between two statements of this transaction, or its socket
      // failing during one, would end the process. It is told, and the client is not given back.
      const onError = (error: Error) => {
        broken = true;
        onConnectionError(error);
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn({ query: async <R>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as R[] });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        // a connection that broke is not given back to the pool
        broken ||= isDatabaseUnreachable(error);
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    exec: async (sql: string) => { await pool.query(sql); },
    close: () => pool.end(),
  };
}

/** Key of the advisory lock that start-up work (migrations, seeding) takes on PostgreSQL. */
const STARTUP_LOCK = 715_015;

/**
 * Runs `fn` while no other shop process on the same PostgreSQL does start-up work: several
 * processes started at once (scale-out, README) migrate and seed one after the other, never
 * side by side. The lock is held by a transaction of its own and ends with it. PGlite has one
 * process anyway.
 */
export async function withStartupLock<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return fn();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
    return fn();
  });
}

/** Opens the database and brings its schema up to date (migrations are idempotent). */
export async function openDb(options: OpenDbOptions): Promise<Db> {
  const db = options.databaseUrl ? await connectPostgres(options.databaseUrl, options.onConnectionError) : await openPglite(options.dataDir, options.snapshot);
  await withStartupLock(db, () => runMigrations(db));
  return db;
}

/** A tarball of an in-memory PGlite database, to start others from (`snapshot`); PGlite only. */
export async function dumpPglite(db: Db): Promise<Blob> {
  const dumpable = db as Db & { dump?: () => Promise<Blob> };
  if (db.kind !== 'pglite' || !dumpable.dump) throw new Error('Only a PGlite database can be dumped.');
  return dumpable.dump();
}
