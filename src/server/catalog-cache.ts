/**
 * Catalog reads that hold a sales rush (issue 14). The answers of the catalog GETs (events, ticket
 * calendars and collections, tours, merchandise, vouchers, config and static content) are the same
 * for every visitor, so they are
 *
 * - sent with a strong ETag and `cache-control: no-cache`: a browser revalidates and gets 304
 *   without a body when nothing changed (always on, whatever the database);
 * - kept in memory, serialised, keyed by language, route and what the route reads: its path
 *   parameters (decoded) and the query keys its handler reads (`CACHEABLE_QUERIES`), never the raw
 *   URL, so `?z=<random>` finds the kept answer instead of computing a new one (issue 44);
 * - least recently used first out, bounded in entries and in bytes (`lru-cache`).
 *
 * Places left must never be stale after a booking. Every write that can change them goes through
 * this process: a database transaction (booking, reservation, stock, voucher codes) or a non-GET
 * request (API or provider page). A transaction that wrote and committed, and a write request that
 * succeeded (2xx, or the provider's 303 after a payment), bump the generation once they are done;
 * an entry is only stored when no bump happened while it was computed, and a bump drops every
 * entry. A refused request (4xx, an unknown path, a wrong method) or a transaction that rolled
 * back or only read drops nothing (issue 44: a refused `POST /anything` emptied the cache). Time
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
import LRUCache from 'lru-cache';
import type { Db, Queryable } from './db/index.js';

/**
 * Router patterns of the catalog reads whose answers do not depend on who asks, each with the
 * query keys its handler reads (the keys of its query schema in src/api/schemas). The kept answer
 * is keyed by these alone, and the handler is given only these (`catalogRead`): a key missing here
 * is a handler that does not see its parameter (a test fails), never one answer served for another.
 */
export const CACHEABLE_QUERIES: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ['tour/select/event', []],
  ['tour/overview', ['date', 'lookahead']],
  ['tour/attr', []],
  ['tour', ['tour', 'date']],
  ['tour/soldout/tour/:id/range/:start;:end', []],
  ['tour/soldoutTimeslots/tour/:id/date/:date', []],
  ['tour/calendar/tour/:id/range/:start;:end', []],
  ['tour/lifetime/tour/:id', []],
  ['event/select', []],
  ['ticket/collect/event/:id', []],
  ['ticket/collect/event/:id/date/:date', []],
  ['ticket/calendar/event/:id/range/:start;:end', ['deep']],
  ['ticket/lifetime', ['event']],
  ['merchandise/select', ['product_kind']],
  ['merchandise', ['article']],
  ['merchandise/attr', ['product_kind']],
  ['voucher/select/event', []],
  ['voucher/selectOne/price/:id', []],
  ['voucher/attr', []],
  ['shopinfo/config', ['shop']],
  ['shopinfo', ['shop']],
  ['static/content', []],
  ['static/page/:id', []],
  ['countries', []],
]);

/** Router patterns of the catalog reads whose answers do not depend on who asks. */
export const CACHEABLE_PATTERNS: ReadonlySet<string> = new Set(CACHEABLE_QUERIES.keys());

/**
 * The key of a catalog read and the query its handler is given: language, the route's pattern
 * with its (decoded) path parameters, and only the query keys the route reads, in the route's
 * order. `?z=1`, a reordered query or a percent-encoded id is the same key (issue 44); the API's
 * answers (app.ts) and the pages' heads (seo/readers.ts) share it.
 */
export function catalogRead(lang: string, pattern: string, params: Readonly<Record<string, string>>, query: Readonly<Record<string, string>>): { key: string; query: Record<string, string> } {
  const path = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? segment.split(';').map((name) => encodeURIComponent(params[name.slice(1)] ?? '')).join(';') : segment))
    .join('/');
  const read: Record<string, string> = {};
  const search = new URLSearchParams();
  for (const name of CACHEABLE_QUERIES.get(pattern) ?? []) {
    const value = query[name];
    if (value === undefined) continue;
    read[name] = value;
    search.append(name, value);
  }
  const text = search.toString();
  return { key: `${lang}/${path}${text ? `?${text}` : ''}`, query: read };
}

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

/** Default bound of the kept answers' bytes (`CatalogCacheOptions.maxBytes`). */
export const CATALOG_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The bytes an entry is counted for: its key and body, and room for its two compressed forms
 * (each is only kept when smaller than the body, and they are made after the entry is stored,
 * so they are counted at their largest from the start).
 */
export function entryBytes(key: string, answer: SerialisedAnswer): number {
  return Buffer.byteLength(key) + 3 * answer.body.length + 64;
}

export interface CatalogCacheOptions {
  /** Longest life of an entry on the server's clock; default 2000 ms. */
  ttlMs?: number;
  /** Most entries kept (least recently used dropped first); default 2000. */
  maxEntries?: number;
  /** Most bytes kept (`entryBytes`; least recently used dropped first); default 64 MB. */
  maxBytes?: number;
  /** Other processes write to the same database: check and bump the shared version. */
  shared?: SharedCatalogVersion | undefined;
}

export class CatalogCache {
  private readonly entries: LRUCache<string, Entry>;
  private generationValue = 0;
  readonly ttlMs: number;
  readonly maxEntries: number;
  readonly maxBytes: number;
  private readonly shared: SharedCatalogVersion | undefined;

  constructor(options: CatalogCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 2000;
    this.maxEntries = options.maxEntries ?? 2000;
    this.maxBytes = options.maxBytes ?? CATALOG_CACHE_MAX_BYTES;
    this.shared = options.shared;
    // time is checked here on the server's clock (`get`), not by the cache's own
    this.entries = new LRUCache<string, Entry>({ max: this.maxEntries, maxSize: this.maxBytes, sizeCalculation: (entry, key) => entryBytes(key, entry) });
  }

  get generation(): number {
    return this.generationValue;
  }

  /** How many answers are kept. */
  get size(): number {
    return this.entries.size;
  }

  /** The bytes the kept answers are counted for (`entryBytes`). */
  get bytes(): number {
    return this.entries.calculatedSize ?? 0;
  }

  private computedCount = 0;

  /** How many answers were computed (a render, a database read): what the requests that found none cost. */
  get computations(): number {
    return this.computedCount;
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
    const entry = fresh ? this.entries.peek(key) : undefined;
    if (entry && entry.version === version && now >= entry.at && now - entry.at < this.ttlMs + staleMs) {
      this.entries.get(key); // used: the least recently used go first
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
    this.computedCount += 1;
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
    // beyond its bounds the least recently used answers make way (one larger than all of them is not kept)
    this.entries.set(key, { ...answer, at: now, version });
  }

  /**
   * The database as handlers see it: a transaction that wrote invalidates once it has committed
   * (bookings, reservations, stock and voucher codes all change in one). One that only read (or
   * locked rows to read them) or rolled back changed nothing and drops nothing: a refused payment
   * does not empty the cache (issue 44). Every statement but a SELECT counts as a write; one whose
   * commit failed counts too (it may have committed).
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
        let wrote = false;
        // fn ended without an error: the transaction commits (or its commit fails, and may have committed)
        let ran = false;
        try {
          return await db.transaction(async (tx) => {
            const value = await fn({
              query: <R>(sql: string, params?: unknown[]) => {
                if (!/^\s*select\b/i.test(sql)) wrote = true;
                return tx.query<R>(sql, params);
              },
            });
            ran = true;
            return value;
          });
        } finally {
          if (wrote && ran) {
            invalidate();
            // after the commit, before the caller answers: the other processes' next read recomputes
            if (shared) await shared.bump();
          }
        }
      },
    };
  }
}
