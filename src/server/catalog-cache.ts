/**
 * Catalog reads that hold a sales rush (issue 14). The answers of the catalog GETs (events, ticket
 * calendars and collections, tours, merchandise, vouchers, config and static content) are the same
 * for every visitor, so they are
 *
 * - sent with a strong ETag and `cache-control: no-cache`: a browser revalidates and gets 304
 *   without a body when nothing changed (always on, whatever the database);
 * - kept in memory, serialised, keyed by method + language + path + query.
 *
 * Places left must never be stale after a booking. Every write that can change them goes through
 * this process: a database transaction (booking, reservation, stock, voucher codes) or a non-GET
 * request (API or provider page). Both bump the generation before and after they run; an entry is
 * only stored when no bump happened while it was computed, and a bump drops every entry. Time
 * alone changes some answers too (a slot's booking closes, "today" moves on): an entry lives at
 * most `ttlMs` (default 2 s) of the server's clock and never serves a clock that went backwards.
 *
 * Several processes on one PostgreSQL (`shared`): a process cannot see another's bookings without
 * asking, so each committed write transaction also bumps the database sequence `catalog_version`
 * (after its commit, before its answer is sent), and every catalog read first reads it (one tiny
 * query): an entry made at another version is not served, and a computation is only shared by
 * requests that read the same version. A booking answered by one process is therefore seen by the
 * next read on any process.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Db, Queryable } from './db/index.js';

/** Router patterns of the catalog reads whose answers do not depend on who asks. */
export const CACHEABLE_PATTERNS: ReadonlySet<string> = new Set([
  'tour/select/event',
  'tour/overview',
  'tour/attr',
  'tour',
  'tour/soldout/tour/:id/range/:start;:end',
  'tour/soldoutTimeslots/tour/:id/date/:date',
  'tour/calendar/tour/:id/range/:start;:end',
  'tour/lifetime/tour/:id',
  'event/select',
  'ticket/collect/event/:id',
  'ticket/collect/event/:id/date/:date',
  'ticket/calendar/event/:id/range/:start;:end',
  'ticket/lifetime',
  'merchandise/select',
  'merchandise',
  'merchandise/attr',
  'voucher/select/event',
  'voucher/selectOne/price/:id',
  'voucher/attr',
  'shopinfo/config',
  'shopinfo',
  'static/content',
  'static/page/:id',
  'countries',
]);

/** What a cacheable answer becomes once: the JSON text and its validator. */
export interface SerialisedAnswer {
  body: Buffer;
  etag: string;
  /** The body compressed, made once when first asked for (kept with the entry). */
  encoded?: { br?: Buffer | null; gzip?: Buffer | null };
}

/** Smaller answers go as they are: compression would not pay for itself. */
const MIN_COMPRESS = 1024;

/**
 * The body in the best encoding the client accepts (brotli at a fast level: answers are made
 * while visitors wait), or as it is. Made once per answer, so a kept answer is compressed once.
 */
export function encodedBody(answer: SerialisedAnswer, accepted: readonly ('br' | 'gzip')[]): { body: Buffer; encoding?: 'br' | 'gzip' } {
  if (answer.body.length < MIN_COMPRESS) return { body: answer.body };
  for (const encoding of accepted) {
    answer.encoded ??= {};
    let body = answer.encoded[encoding];
    if (body === undefined) {
      const made = encoding === 'br'
        ? brotliCompressSync(answer.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: answer.body.length } })
        : gzipSync(answer.body, { level: 6 });
      body = made.length < answer.body.length ? made : null;
      answer.encoded[encoding] = body;
    }
    if (body) return { body, encoding };
  }
  return { body: answer.body };
}

interface Entry extends SerialisedAnswer {
  /** Server clock (ms) when it was computed. */
  at: number;
  /** The shared catalog version it was computed at (0 without one). */
  version: string;
}

/** The catalog version several processes share through their database (PostgreSQL). */
export interface SharedCatalogVersion {
  /** The current version, read from the database. */
  read(): Promise<string>;
  /** A write was committed: every process must compute its answers anew. */
  bump(): Promise<void>;
}

/** The version in `db`'s sequence `catalog_version` (migration 910). */
export function databaseCatalogVersion(db: Pick<Db, 'query'>): SharedCatalogVersion {
  return {
    async read() {
      const [row] = await db.query<{ last_value: string | number; is_called: boolean }>('SELECT last_value, is_called FROM catalog_version');
      return row ? `${row.last_value}${row.is_called ? '' : '-'}` : '';
    },
    async bump() {
      await db.query("SELECT nextval('catalog_version')");
    },
  };
}

export function serialise(payload: unknown): SerialisedAnswer {
  const body = Buffer.from(JSON.stringify(payload), 'utf8');
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** True when If-None-Match names this ETag (or `*`), weak or strong. */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.trim() === '*') return true;
  return text.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export interface CatalogCacheOptions {
  /** Longest life of an entry on the server's clock; default 2000 ms. */
  ttlMs?: number;
  /** Most entries kept (oldest dropped first); default 2000. */
  maxEntries?: number;
  /** Other processes write to the same database: check and bump the shared version. */
  shared?: SharedCatalogVersion | undefined;
}

export class CatalogCache {
  private entries = new Map<string, Entry>();
  private generationValue = 0;
  readonly ttlMs: number;
  readonly maxEntries: number;
  private readonly shared: SharedCatalogVersion | undefined;

  constructor(options: CatalogCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 2000;
    this.maxEntries = options.maxEntries ?? 2000;
    this.shared = options.shared;
  }

  get generation(): number {
    return this.generationValue;
  }

  get size(): number {
    return this.entries.size;
  }

  /** A write happened or is about to: nothing computed before may be served again. */
  invalidate(): void {
    this.generationValue += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  private inFlight = new Map<string, Promise<SerialisedAnswer>>();

  /**
   * The kept answer, or one computation shared by every request for the same key that arrives
   * while it runs (a rush right after a booking asks the database once, not a hundred times).
   * A request arriving after a write never joins a computation that started before it.
   */
  async answer(key: string, now: number, compute: () => unknown): Promise<SerialisedAnswer> {
    const generation = this.generationValue;
    const version = this.shared ? await this.shared.read() : '';
    // a local write while the version was read: nothing kept or running may serve this request
    const fresh = generation === this.generationValue;
    const kept = fresh ? this.get(key, now, version) : undefined;
    if (kept) return kept;
    return this.compute(key, now, compute, { generation, version, fresh });
  }

  /**
   * Like `answer`, for an answer that takes long to make (a server-rendered page): once its time
   * is up, the kept answer is still served for up to `staleMs` more while one new computation runs
   * for the next request. Only time makes it stale this way: a write drops it as every entry, and
   * the request after a write waits for an answer computed after it.
   */
  async answerWhileRenewing(key: string, now: number, compute: () => unknown, staleMs: number): Promise<SerialisedAnswer> {
    const generation = this.generationValue;
    const version = this.shared ? await this.shared.read() : '';
    const fresh = generation === this.generationValue;
    const entry = fresh ? this.entries.get(key) : undefined;
    if (entry && entry.version === version && now >= entry.at && now - entry.at < this.ttlMs + staleMs) {
      if (now - entry.at >= this.ttlMs && !this.inFlight.has(`${version} ${key}`)) {
        // renewed in the background; a failure keeps the stale one until its bound
        this.compute(key, now, compute, { generation, version, fresh }).catch(() => undefined);
      }
      return entry;
    }
    return this.compute(key, now, compute, { generation, version, fresh });
  }

  /** One computation per key and version, shared by the requests that arrive while it runs. */
  private compute(key: string, now: number, compute: () => unknown, at: { generation: number; version: string; fresh: boolean }): Promise<SerialisedAnswer> {
    const { generation, version, fresh } = at;
    const flightKey = `${version} ${key}`;
    const running = fresh ? this.inFlight.get(flightKey) : undefined;
    if (running) return running;
    const flight = Promise.resolve().then(compute).then((data) => {
      const made = serialise({ data: data ?? null });
      this.set(key, made, now, generation, version);
      return made;
    });
    this.inFlight.set(flightKey, flight);
    const forget = () => {
      if (this.inFlight.get(flightKey) === flight) this.inFlight.delete(flightKey);
    };
    flight.then(forget, forget);
    return flight;
  }

  get(key: string, now: number, version = ''): SerialisedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now < entry.at || now - entry.at >= this.ttlMs || entry.version !== version) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Stores an answer computed since `generation` (and at `version`); dropped when a write happened meanwhile. */
  set(key: string, answer: SerialisedAnswer, now: number, generation: number, version = ''): void {
    if (generation !== this.generationValue) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { ...answer, at: now, version });
  }

  /**
   * The database as handlers see it: every transaction invalidates before and after it runs
   * (bookings, reservations, stock and voucher codes all change in one).
   */
  wrapDb(db: Db): Db {
    const invalidate = () => this.invalidate();
    const shared = this.shared;
    return {
      kind: db.kind,
      query: (sql, params) => db.query(sql, params),
      exec: (sql) => db.exec(sql),
      close: () => db.close(),
      async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
        invalidate();
        try {
          return await db.transaction(fn);
        } finally {
          invalidate();
          // after the commit (or rollback), before the caller answers: the other processes' next read recomputes
          if (shared) await shared.bump();
        }
      },
    };
  }
}
