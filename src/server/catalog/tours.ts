/**
 * Guided tours as the API of §7 sends them, in one language: prices, tickets, questions and the
 * slots of a day. Shared by the catalogue routes and the inventory (pricing, booking).
 */
import type { Queryable } from '../db/index.js';
import type { Language } from '../../api/languages.js';
import type { Named, PriceListEntry, Tour, TourDetail, TourQuestion, TourSlot, TourTicket } from '../../api/schemas/catalog.js';
import { addDays } from '../../domain/dates.js';
import { loadRules, slotsInRange, type Slot } from '../schedule.js';
import { LANGUAGE_NAMES, tr, type Texts } from './texts.js';
import { flag, groupMap, groupsOf, shapeSub, subticketRows, today, venueMap } from './common.js';
import { eventLifetime } from './events.js';

export interface TourRow {
  id: number;
  event_id: number | null;
  name: Texts;
  description: Texts;
  sequence_no: number;
  duration_min: number;
  max_participants: number;
  min_participants: number;
  single_ticketing: number;
  book_complete_tour: number;
  booking_without_tickets: number;
  lang_identifier: string;
  museum_id: number;
  venue_id: number;
  custom_groups: number[];
  start_date: string | null;
  start_rel_days: number | null;
  end_date: string | null;
  end_rel_days: number | null;
}

const TOUR_COLUMNS = `id, event_id, name, description, sequence_no, duration_min, max_participants, min_participants,
  single_ticketing, book_complete_tour, booking_without_tickets, lang_identifier, museum_id, venue_id, custom_groups,
  start_date::text AS start_date, start_rel_days, end_date::text AS end_date, end_rel_days`;

export const tourLifetime = eventLifetime;

export async function getTourRow(q: Queryable, id: number): Promise<TourRow | null> {
  return (await q.query<TourRow>(`SELECT ${TOUR_COLUMNS} FROM tours WHERE id = $1`, [id]))[0] ?? null;
}

export async function tourRows(q: Queryable): Promise<TourRow[]> {
  return q.query<TourRow>(`SELECT ${TOUR_COLUMNS} FROM tours ORDER BY sequence_no, id`);
}

export interface TourPriceRow { id: number; tour_id: number; name: Texts; price: number; vat_value: number; sequence_no: number }
export type TourTicketRow = TourPriceRow;

export async function tourPriceRows(q: Queryable, tourId: number): Promise<TourPriceRow[]> {
  return q.query<TourPriceRow>('SELECT * FROM tour_prices WHERE tour_id = $1 ORDER BY sequence_no, id', [tourId]);
}

export async function tourTicketRows(q: Queryable, tourId: number): Promise<TourTicketRow[]> {
  return q.query<TourTicketRow>('SELECT * FROM tour_tickets WHERE tour_id = $1 ORDER BY sequence_no, id', [tourId]);
}

export interface QuestionRow {
  id: number;
  tour_id: number;
  type: TourQuestion['type'];
  label: Texts;
  mandatory: boolean;
  options: { value: string; label: Texts }[];
  min_value: number | null;
  max_value: number | null;
}

export async function questionRows(q: Queryable, tourId: number): Promise<QuestionRow[]> {
  return q.query<QuestionRow>('SELECT * FROM tour_questions WHERE tour_id = $1 ORDER BY sequence_no, id', [tourId]);
}

const shapePrice = (p: TourPriceRow, lang: Language): PriceListEntry => ({ id: p.id, name: tr(p.name, lang), price: p.price, vat_value: p.vat_value, sequence_no: p.sequence_no });

export async function shapeTour(q: Queryable, lang: Language, row: TourRow, groups: Map<number, Named>, venues: Map<number, Named>): Promise<Tour> {
  const [prices, tickets] = await Promise.all([tourPriceRows(q, row.id), tourTicketRows(q, row.id)]);
  const subs = await subticketRows(q, 'tour_ticket', tickets.map((t) => t.id));
  const eventName = row.event_id ? (await q.query<{ name: Texts }>('SELECT name FROM events WHERE id = $1', [row.event_id]))[0]?.name : undefined;
  return {
    id: row.id,
    name: tr(row.name, lang),
    description: tr(row.description, lang),
    eventName: eventName ? tr(eventName, lang) : null,
    sequence_no: row.sequence_no,
    duration: row.duration_min,
    max_participants: row.max_participants,
    min_participants: row.min_participants,
    single_ticketing: flag(row.single_ticketing),
    book_complete_tour: flag(row.book_complete_tour),
    booking_without_tickets: flag(row.booking_without_tickets),
    priceList: prices.map((p) => shapePrice(p, lang)),
    tickets: tickets.map((t): TourTicket => ({
      id: t.id,
      name: tr(t.name, lang),
      price: t.price,
      vat_value: t.vat_value,
      sequence_no: t.sequence_no,
      subtickets: subs.filter((s) => s.parent_id === t.id).map((s) => shapeSub(s, lang)),
    })),
    custom_groups: groupsOf(row.custom_groups, groups),
    langIdentifier: row.lang_identifier,
    langName: tr(LANGUAGE_NAMES[row.lang_identifier], lang) || row.lang_identifier,
    museumId: row.museum_id,
    venue: venues.get(row.venue_id) ?? { id: row.venue_id, name: '' },
  };
}

export async function listTours(q: Queryable, lang: Language): Promise<Tour[]> {
  const [rows, groups, venues] = await Promise.all([tourRows(q), groupMap(q, lang), venueMap(q, lang)]);
  const out: Tour[] = [];
  for (const row of rows) out.push(await shapeTour(q, lang, row, groups, venues));
  return out;
}

/** A slot is sold out when no participant place is left, or, for complete-tour booking without single tickets, no tour. */
export function tourSlotSoldOut(row: Pick<TourRow, 'single_ticketing' | 'book_complete_tour'>, s: Slot): boolean {
  if (s.remaining <= 0) return true;
  return row.book_complete_tour === 1 && row.single_ticketing === 0 && s.tours_remaining <= 0;
}

export async function tourSlots(q: Queryable, row: TourRow, from: string, to: string, now: Date): Promise<Slot[]> {
  return slotsInRange(q, 'tour', row.id, await loadRules(q, 'tour', row.id), tourLifetime(row, now), from, to, now);
}

export function timeslotId(datetime: string): number {
  return Number(datetime.replace(/\D/g, ''));
}

export function shapeTourSlot(row: TourRow, s: Slot, prices: PriceListEntry[]): TourSlot {
  return {
    time: s.time,
    datetime: s.datetime,
    datetime_end: s.datetime_end,
    timeslotId: timeslotId(s.datetime),
    tours: s.tours,
    tours_remaining: s.tours_remaining,
    remaining: s.remaining,
    soldout: tourSlotSoldOut(row, s),
    priceList: s.price_list ? prices.map((p) => ({ ...p, price: s.price_list?.find((o) => o.id === p.id)?.price ?? p.price })) : null,
  };
}

export async function nextTourDate(q: Queryable, row: TourRow, now: Date): Promise<string | null> {
  const t = today(now);
  const slots = await tourSlots(q, row, t, addDays(t, 366), now);
  return (slots.find((s) => !tourSlotSoldOut(row, s)) ?? slots[0])?.date ?? null;
}

export async function tourDetail(q: Queryable, lang: Language, row: TourRow, date: string | null, now: Date): Promise<TourDetail> {
  const [groups, venues] = await Promise.all([groupMap(q, lang), venueMap(q, lang)]);
  const tour = await shapeTour(q, lang, row, groups, venues);
  const day = date ?? (await nextTourDate(q, row, now));
  const slots = day ? await tourSlots(q, row, day, day, now) : [];
  const questions = (await questionRows(q, row.id)).map((qr): TourQuestion => ({
    id: qr.id,
    type: qr.type,
    label: tr(qr.label, lang),
    mandatory: qr.mandatory,
    options: qr.options.map((o) => ({ value: o.value, label: tr(o.label, lang) })),
    min: qr.min_value,
    max: qr.max_value,
  }));
  return { ...tour, date: day, schedule: slots.map((s) => shapeTourSlot(row, s, tour.priceList)), questions };
}
