/**
 * Events and their tickets as the API of §7 sends them, in one language, with the places left per
 * slot. Shared by the catalogue routes and the inventory (pricing, booking).
 */
import type { Queryable } from '../db/index.js';
import type { Language } from '../../api/languages.js';
import type { EventTicket, Named, ShopEvent, Timeslot } from '../../api/schemas/catalog.js';
import { addDays } from '../../domain/dates.js';
import { sortEvents } from '../../domain/tickets.js';
import { loadRules, resolveDate, slotsInRange, type Lifetime, type Slot } from '../schedule.js';
import { tr, type Texts } from './texts.js';
import { flag, groupMap, groupsOf, shapeSub, subticketRows, today, venueMap } from './common.js';

export interface EventRow {
  id: number;
  name: Texts;
  description: Texts;
  venue_id: number;
  sequence_no: number;
  sorting_datetime: string;
  custom_groups: number[];
  start_date: string | null;
  start_rel_days: number | null;
  end_date: string | null;
  end_rel_days: number | null;
  image: string | null;
}

const EVENT_COLUMNS = `id, name, description, venue_id, sequence_no, sorting_datetime, custom_groups,
  start_date::text AS start_date, start_rel_days, end_date::text AS end_date, end_rel_days, image`;

export function eventLifetime(row: Pick<EventRow, 'start_date' | 'start_rel_days' | 'end_date' | 'end_rel_days'>, now: Date): Lifetime {
  const t = today(now);
  return { first: resolveDate(row.start_date, row.start_rel_days, t, -30), last: resolveDate(row.end_date, row.end_rel_days, t, 365) };
}

function shapeEvent(row: EventRow, lang: Language, groups: Map<number, Named>, venues: Map<number, Named>, now: Date): ShopEvent {
  const life = eventLifetime(row, now);
  return {
    id: row.id,
    name: tr(row.name, lang),
    description: tr(row.description, lang),
    venue: venues.get(row.venue_id) ?? { id: row.venue_id, name: '' },
    sequence_no: row.sequence_no,
    sorting_datetime: row.sorting_datetime,
    custom_groups: groupsOf(row.custom_groups, groups),
    start: life.first,
    end: life.last,
    expired: life.last < today(now),
    image: row.image,
  };
}

export async function listEvents(q: Queryable, lang: Language, now: Date): Promise<ShopEvent[]> {
  const [rows, groups, venues] = await Promise.all([
    q.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events`),
    groupMap(q, lang),
    venueMap(q, lang),
  ]);
  // the list order of §2, the same function the app sorts with
  return sortEvents(rows.map((r) => shapeEvent(r, lang, groups, venues, now)));
}

export async function getEventRow(q: Queryable, id: number): Promise<EventRow | null> {
  return (await q.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = $1`, [id]))[0] ?? null;
}

export async function getEvent(q: Queryable, lang: Language, id: number, now: Date): Promise<ShopEvent | null> {
  const row = await getEventRow(q, id);
  if (!row) return null;
  return shapeEvent(row, lang, await groupMap(q, lang), await venueMap(q, lang), now);
}

export interface TicketRow {
  id: number;
  event_id: number;
  name: Texts;
  mode: 1 | 3 | 5;
  price: number;
  vat_value: number;
  family: number;
  group_id: number | null;
  group_name: Texts | null;
  print_separately: number;
  unique_barcode: number;
  scan_separately: number;
  book_with_cost: number;
  book_with_cost_warn: number;
  sequence_no: number;
}

export async function ticketRows(q: Queryable, eventId: number): Promise<TicketRow[]> {
  return q.query<TicketRow>('SELECT * FROM event_tickets WHERE event_id = $1 ORDER BY sequence_no, id', [eventId]);
}

export async function getTicketRow(q: Queryable, id: number): Promise<TicketRow | null> {
  return (await q.query<TicketRow>('SELECT * FROM event_tickets WHERE id = $1', [id]))[0] ?? null;
}

const toTimeslot = (s: Slot): Timeslot => ({ datetime: s.datetime, datetime_end: s.datetime_end, max_tickets: s.remaining });

/** Capacity owner of a ticket: mode 1 shares the event's slots, modes 3 and 5 have their own. */
export function ticketSlotOwner(ticket: Pick<TicketRow, 'mode' | 'id' | 'event_id'>): { kind: 'event' | 'ticket'; id: number } {
  return ticket.mode === 1 ? { kind: 'event', id: ticket.event_id } : { kind: 'ticket', id: ticket.id };
}

/** Slots (with places left) of an event's ticket owners from `from` to `to`. */
async function eventSlots(q: Queryable, event: EventRow, tickets: TicketRow[], from: string, to: string, now: Date) {
  const life = eventLifetime(event, now);
  const shared = await slotsInRange(q, 'event', event.id, await loadRules(q, 'event', event.id), life, from, to, now);
  const own = new Map<number, Slot[]>();
  for (const t of tickets) {
    if (t.mode === 1) continue;
    own.set(t.id, await slotsInRange(q, 'ticket', t.id, await loadRules(q, 'ticket', t.id), life, from, to, now, t.mode === 3));
  }
  return { shared, own };
}

export async function ticketCalendar(q: Queryable, event: EventRow, from: string, to: string, now: Date): Promise<Record<string, number>> {
  const tickets = await ticketRows(q, event.id);
  const { shared, own } = await eventSlots(q, event, tickets, from, to, now);
  const out: Record<string, number> = {};
  const hasMode1 = tickets.some((t) => t.mode === 1);
  const add = (s: Slot) => {
    out[s.date] = (out[s.date] ?? 0) + s.remaining;
  };
  if (hasMode1) shared.forEach(add);
  for (const slots of own.values()) slots.forEach(add);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** The next day from today with places left (within a year), else the next day with slots, else null. */
export async function nextEventDate(q: Queryable, event: EventRow, now: Date): Promise<string | null> {
  const t = today(now);
  const cal = await ticketCalendar(q, event, t, addDays(t, 366), now);
  const entries = Object.entries(cal);
  return entries.find(([, n]) => n > 0)?.[0] ?? entries[0]?.[0] ?? null;
}

export async function collectTickets(q: Queryable, lang: Language, event: EventRow, date: string | null, now: Date) {
  const tickets = await ticketRows(q, event.id);
  const subs = await subticketRows(q, 'event_ticket', tickets.map((t) => t.id));
  const slots = date ? await eventSlots(q, event, tickets, date, date, now) : { shared: [], own: new Map<number, Slot[]>() };
  const shaped: EventTicket[] = tickets.map((t) => ({
    id: t.id,
    name: tr(t.name, lang),
    mode: t.mode,
    price: t.price,
    vat_value: t.vat_value,
    schedule: (t.mode === 1 ? slots.shared : slots.own.get(t.id) ?? []).map(toTimeslot),
    family: flag(t.family),
    subtickets: subs.filter((s) => s.parent_id === t.id).map((s) => shapeSub(s, lang)),
    group_id: t.group_id,
    group_name: t.group_name ? tr(t.group_name, lang) : null,
    print_separately: flag(t.print_separately),
    unique_barcode: flag(t.unique_barcode),
    scan_separately: flag(t.scan_separately),
    book_with_cost: flag(t.book_with_cost),
    book_with_cost_warn: flag(t.book_with_cost_warn),
    sequence_no: t.sequence_no,
    eventId: t.event_id,
  }));
  return { tickets: shaped, timeslot: slots.shared.map(toTimeslot) };
}
