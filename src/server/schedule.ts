/**
 * Time slots derived from recurring opening rules (table schedule_rules) and the places taken so
 * far (table slot_bookings). Owners: 'event' (slots shared by the event's mode 1 tickets),
 * 'ticket' (own contingent of a mode 3 day ticket or a mode 5 ticket), 'tour'.
 * remaining = capacity − prebooked − taken − held; tours_remaining likewise for guided tours.
 * `held` is what the live holds of open payment carts take (table holds, issue 41): a hold counts
 * while its expires_at lies ahead of `now`, so a hold that ran out frees its places by itself.
 */
import type { Queryable } from './db/index.js';
import { addDays, addMinutes, isoWeekday } from '../domain/dates.js';
import { museumLocal } from '../domain/museum-clock.js';

export type OwnerKind = 'event' | 'ticket' | 'tour';

export interface ScheduleRule {
  id: number;
  weekdays: number[];
  times: string[];
  duration_min: number;
  capacity: number;
  prebooked: number;
  tours: number;
  prebooked_tours: number;
  /** price list override of a tour for the slots of this rule: [{id, price}] */
  price_list: { id: number; price: number }[] | null;
}

export interface Slot {
  date: string;
  time: string;
  /** 'YYYY-MM-DD HH:mm' */
  datetime: string;
  datetime_end: string;
  capacity: number;
  remaining: number;
  tours: number;
  tours_remaining: number;
  price_list: { id: number; price: number }[] | null;
}

export interface Lifetime {
  first: string;
  last: string;
}

/** Max days a calendar or overview request may span. */
export const MAX_RANGE_DAYS = 400;

export function resolveDate(absolute: string | null, relDays: number | null, today: string, fallbackRel: number): string {
  if (absolute) return absolute;
  return addDays(today, relDays ?? fallbackRel);
}

export async function loadRules(q: Queryable, kind: OwnerKind, id: number): Promise<ScheduleRule[]> {
  return q.query<ScheduleRule>(
    `SELECT id, weekdays, times, duration_min, capacity, prebooked, tours, prebooked_tours, price_list
       FROM schedule_rules WHERE owner_kind = $1 AND owner_id = $2 ORDER BY id`,
    [kind, id],
  );
}

interface RawSlot extends Omit<Slot, 'remaining' | 'tours_remaining'> {
  prebooked: number;
  prebooked_tours: number;
}

function rawSlotsOn(rules: ScheduleRule[], date: string): RawSlot[] {
  const weekday = isoWeekday(date);
  const byTime = new Map<string, RawSlot>();
  for (const rule of rules) {
    if (!rule.weekdays.includes(weekday)) continue;
    for (const time of rule.times) {
      if (byTime.has(time)) continue;
      byTime.set(time, {
        date,
        time,
        datetime: `${date} ${time}`,
        datetime_end: `${date} ${addMinutes(time, rule.duration_min)}`,
        capacity: rule.capacity,
        tours: rule.tours,
        price_list: rule.price_list,
        prebooked: rule.prebooked,
        prebooked_tours: rule.prebooked_tours,
      });
    }
  }
  return [...byTime.values()].sort((a, b) => a.time.localeCompare(b.time));
}

/**
 * Bookable slots from `from` to `to` (inclusive dates) within the lifetime: only dates not before
 * today and slots that have not started yet (museum local time) — or, with `openUntilEnd` (day
 * tickets), that have not ended yet.
 */
export async function slotsInRange(
  q: Queryable,
  kind: OwnerKind,
  id: number,
  rules: ScheduleRule[],
  lifetime: Lifetime,
  from: string,
  to: string,
  now: Date,
  openUntilEnd = false,
): Promise<Slot[]> {
  const local = museumLocal(now);
  const start = [from, lifetime.first, local.date].sort().at(-1) ?? from;
  const end = [to, lifetime.last].sort()[0] ?? to;
  if (start > end || rules.length === 0) return [];
  const rows = await q.query<{ datetime: string; taken: number; tours_taken: number }>(
    `SELECT datetime, taken, tours_taken FROM slot_bookings
      WHERE owner_kind = $1 AND owner_id = $2 AND datetime >= $3 AND datetime <= $4`,
    [kind, id, `${start} 00:00`, `${end} 23:59`],
  );
  const held = await q.query<{ datetime: string; places: number; tours: number }>(
    `SELECT datetime, sum(places)::int AS places, sum(tours)::int AS tours FROM holds
      WHERE kind = 'slot' AND owner_kind = $1 AND owner_id = $2 AND datetime >= $3 AND datetime <= $4 AND expires_at > $5
      GROUP BY datetime`,
    [kind, id, `${start} 00:00`, `${end} 23:59`, now.toISOString()],
  );
  const taken = new Map(rows.map((r) => [r.datetime, r]));
  const holding = new Map(held.map((r) => [r.datetime, r]));
  const out: Slot[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) {
    for (const raw of rawSlotsOn(rules, date)) {
      if ((openUntilEnd ? raw.datetime_end : raw.datetime) <= local.datetime) continue;
      const booked = taken.get(raw.datetime);
      const { prebooked, prebooked_tours, ...slot } = raw;
      out.push({
        ...slot,
        remaining: Math.max(0, raw.capacity - prebooked - (booked?.taken ?? 0) - (holding.get(raw.datetime)?.places ?? 0)),
        tours_remaining: Math.max(0, raw.tours - prebooked_tours - (booked?.tours_taken ?? 0) - (holding.get(raw.datetime)?.tours ?? 0)),
      });
    }
  }
  return out;
}

/** The slot at `datetime` if it is a real, still bookable slot of the owner. */
export async function findSlot(
  q: Queryable,
  kind: OwnerKind,
  id: number,
  lifetime: Lifetime,
  datetime: string,
  now: Date,
  openUntilEnd = false,
): Promise<Slot | null> {
  const date = datetime.slice(0, 10);
  const rules = await loadRules(q, kind, id);
  const slots = await slotsInRange(q, kind, id, rules, lifetime, date, date, now, openUntilEnd);
  return slots.find((s) => s.datetime === datetime) ?? null;
}

/**
 * Locks the slot's row (created on first use) inside the caller's transaction, so that concurrent
 * holds and bookings of one slot queue here, and answers whether `places` and `tours` are left
 * (counting every live hold). Takes nothing: the caller books (`bookSlot`) or holds (inventory.ts).
 */
export async function lockSlot(
  tx: Queryable,
  kind: OwnerKind,
  id: number,
  lifetime: Lifetime,
  datetime: string,
  places: number,
  tours: number,
  now: Date,
  openUntilEnd = false,
): Promise<{ ok: true } | { ok: false; available: number; reason: 'places' | 'tours' | 'slot' }> {
  await tx.query(
    'INSERT INTO slot_bookings (owner_kind, owner_id, datetime) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [kind, id, datetime],
  );
  await tx.query('SELECT taken FROM slot_bookings WHERE owner_kind = $1 AND owner_id = $2 AND datetime = $3 FOR UPDATE', [kind, id, datetime]);
  const slot = await findSlot(tx, kind, id, lifetime, datetime, now, openUntilEnd);
  if (!slot) return { ok: false, available: 0, reason: 'slot' };
  if (places > slot.remaining) return { ok: false, available: slot.remaining, reason: 'places' };
  if (tours > slot.tours_remaining) return { ok: false, available: slot.tours_remaining, reason: 'tours' };
  return { ok: true };
}

/** Books `places` and `tours` of a slot locked and checked by lockSlot in the same transaction. */
export async function bookSlot(tx: Queryable, kind: OwnerKind, id: number, datetime: string, places: number, tours: number): Promise<void> {
  await tx.query(
    'UPDATE slot_bookings SET taken = taken + $4, tours_taken = tours_taken + $5 WHERE owner_kind = $1 AND owner_id = $2 AND datetime = $3',
    [kind, id, datetime, places, tours],
  );
}
