/**
 * Reads the catalogue from the database and shapes it as the API of §7 sends it, in one language.
 * Shared by the catalogue routes (src/server/api/catalog.ts) and the inventory (pricing, booking).
 */
import type { Queryable } from './db/index.js';
import type { Language } from '../api/languages.js';
import type {
  EventTicket, Merchandise, Named, PriceListEntry, ShopEvent, Subticket, Timeslot, Tour, TourDetail, TourQuestion, TourSlot, TourTicket, Voucher,
} from '../api/schemas/catalog.js';
import { addDays, museumLocal } from '../domain/dates.js';
import { sortEvents } from '../domain/tickets.js';
import { loadRules, resolveDate, slotsInRange, type Lifetime, type Slot } from './schedule.js';

export type Texts = Record<string, string>;

/** The text in `lang`, else German, else English, else any. */
export function tr(texts: Texts | null | undefined, lang: Language): string {
  if (!texts) return '';
  return texts[lang] ?? texts.de ?? texts.en ?? Object.values(texts)[0] ?? '';
}

export const LANGUAGE_NAMES: Record<string, Texts> = {
  de: { de: 'Deutsch', en: 'German', fr: 'Allemand', it: 'Tedesco', nl: 'Duits', es: 'Alemán', sv: 'Tyska', da: 'Tysk' },
  en: { de: 'Englisch', en: 'English', fr: 'Anglais', it: 'Inglese', nl: 'Engels', es: 'Inglés', sv: 'Engelska', da: 'Engelsk' },
  fr: { de: 'Französisch', en: 'French', fr: 'Français', it: 'Francese', nl: 'Frans', es: 'Francés', sv: 'Franska', da: 'Fransk' },
  it: { de: 'Italienisch', en: 'Italian', fr: 'Italien', it: 'Italiano', nl: 'Italiaans', es: 'Italiano', sv: 'Italienska', da: 'Italiensk' },
  nl: { de: 'Niederländisch', en: 'Dutch', fr: 'Néerlandais', it: 'Olandese', nl: 'Nederlands', es: 'Neerlandés', sv: 'Nederländska', da: 'Nederlandsk' },
  es: { de: 'Spanisch', en: 'Spanish', fr: 'Espagnol', it: 'Spagnolo', nl: 'Spaans', es: 'Español', sv: 'Spanska', da: 'Spansk' },
  sv: { de: 'Schwedisch', en: 'Swedish', fr: 'Suédois', it: 'Svedese', nl: 'Zweeds', es: 'Sueco', sv: 'Svenska', da: 'Svensk' },
  da: { de: 'Dänisch', en: 'Danish', fr: 'Danois', it: 'Danese', nl: 'Deens', es: 'Danés', sv: 'Danska', da: 'Dansk' },
};

const flag = (n: number): 0 | 1 => (n ? 1 : 0);

export function today(now: Date): string {
  return museumLocal(now).date;
}

// ---------- lookups ----------

async function groupMap(q: Queryable, lang: Language): Promise<Map<number, Named>> {
  const rows = await q.query<{ id: number; name: Texts }>('SELECT id, name FROM custom_groups ORDER BY sequence_no, id');
  return new Map(rows.map((r) => [r.id, { id: r.id, name: tr(r.name, lang) }]));
}

async function venueMap(q: Queryable, lang: Language): Promise<Map<number, Named>> {
  const rows = await q.query<{ id: number; name: Texts }>('SELECT id, name FROM venues ORDER BY id');
  return new Map(rows.map((r) => [r.id, { id: r.id, name: tr(r.name, lang) }]));
}

export async function listGroups(q: Queryable, lang: Language, kind: string): Promise<Named[]> {
  const rows = await q.query<{ id: number; name: Texts }>('SELECT id, name FROM custom_groups WHERE kind = $1 ORDER BY sequence_no, id', [kind]);
  return rows.map((r) => ({ id: r.id, name: tr(r.name, lang) }));
}

export async function listVenues(q: Queryable, lang: Language): Promise<Named[]> {
  return [...(await venueMap(q, lang)).values()];
}

const groupsOf = (ids: number[], groups: Map<number, Named>): Named[] => ids.map((id) => groups.get(id)).filter((g): g is Named => g !== undefined);

// ---------- events ----------

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

export interface SubticketRow {
  id: number;
  parent_kind: string;
  parent_id: number;
  name: Texts;
  price: number;
  vat_value: number;
  min_quantity: number;
  max_quantity: number;
  sequence_no: number;
}

export async function ticketRows(q: Queryable, eventId: number): Promise<TicketRow[]> {
  return q.query<TicketRow>('SELECT * FROM event_tickets WHERE event_id = $1 ORDER BY sequence_no, id', [eventId]);
}

export async function getTicketRow(q: Queryable, id: number): Promise<TicketRow | null> {
  return (await q.query<TicketRow>('SELECT * FROM event_tickets WHERE id = $1', [id]))[0] ?? null;
}

export async function subticketRows(q: Queryable, kind: 'event_ticket' | 'tour_ticket', parentIds: number[]): Promise<SubticketRow[]> {
  if (parentIds.length === 0) return [];
  return q.query<SubticketRow>('SELECT * FROM subtickets WHERE parent_kind = $1 AND parent_id = ANY($2::int[]) ORDER BY sequence_no, id', [kind, parentIds]);
}

const shapeSub = (s: SubticketRow, lang: Language): Subticket => ({
  id: s.id,
  name: tr(s.name, lang),
  price: s.price,
  vat_value: s.vat_value,
  min_quantity: s.min_quantity,
  max_quantity: s.max_quantity,
});

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

// ---------- tours ----------

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

// ---------- merchandise and vouchers ----------

export interface MerchandiseRow {
  id: number;
  name: Texts;
  description: Texts;
  price: number;
  vat_value: number;
  stock: number | null;
  sequence_no: number;
  custom_groups: number[];
  product_kind_ref: number;
  weight: number;
  image: string | null;
}

export function shapeMerchandise(r: MerchandiseRow, lang: Language, groups: Map<number, Named>): Merchandise {
  return {
    id: r.id,
    name: tr(r.name, lang),
    description: tr(r.description, lang),
    price: r.price,
    vat_value: r.vat_value,
    stock: r.stock,
    sequence_no: r.sequence_no,
    custom_groups: groupsOf(r.custom_groups, groups),
    product_kind_ref: r.product_kind_ref,
    weight: r.weight,
    image: r.image,
  };
}

export async function listMerchandise(q: Queryable, lang: Language, productKind: number | undefined): Promise<Merchandise[]> {
  const rows = await q.query<MerchandiseRow>(
    productKind === undefined ? 'SELECT * FROM merchandise ORDER BY sequence_no, id' : 'SELECT * FROM merchandise WHERE product_kind_ref = $1 ORDER BY sequence_no, id',
    productKind === undefined ? [] : [productKind],
  );
  const groups = await groupMap(q, lang);
  return rows.map((r) => shapeMerchandise(r, lang, groups));
}

export async function getMerchandiseRow(q: Queryable, id: number): Promise<MerchandiseRow | null> {
  return (await q.query<MerchandiseRow>('SELECT * FROM merchandise WHERE id = $1', [id]))[0] ?? null;
}

export async function getMerchandise(q: Queryable, lang: Language, id: number): Promise<Merchandise | null> {
  const row = await getMerchandiseRow(q, id);
  return row ? shapeMerchandise(row, lang, await groupMap(q, lang)) : null;
}

export interface VoucherRow {
  id: number;
  name: Texts;
  description: Texts;
  price: number;
  vat_value: number;
  variable_amount: number;
  min_amount: number | null;
  max_amount: number | null;
  group_id: number;
  sequence_no: number;
  image: string | null;
}

export function shapeVoucher(r: VoucherRow, lang: Language): Voucher {
  return {
    id: r.id,
    name: tr(r.name, lang),
    description: tr(r.description, lang),
    price: r.price,
    vat_value: r.vat_value,
    variable_amount: flag(r.variable_amount),
    min_amount: r.min_amount,
    max_amount: r.max_amount,
    groupId: r.group_id,
    sequence_no: r.sequence_no,
    image: r.image,
  };
}

export async function getVoucherRow(q: Queryable, id: number): Promise<VoucherRow | null> {
  return (await q.query<VoucherRow>('SELECT * FROM vouchers WHERE id = $1', [id]))[0] ?? null;
}

export interface VoucherCodeRow {
  barcode: string;
  name: Texts;
  amount: number;
  used_amount: number;
  valid_from: string | null;
  valid_from_rel_days: number | null;
  valid_to: string | null;
  valid_to_rel_days: number | null;
}

export const VOUCHER_CODE_COLUMNS = `barcode, name, amount, used_amount, valid_from::text AS valid_from, valid_from_rel_days,
  valid_to::text AS valid_to, valid_to_rel_days`;

/** Effective validity dates of a code (absolute, else relative to today, else unbounded). */
export function voucherCodeDates(r: VoucherCodeRow, now: Date): { valid_from: string | null; valid_to: string | null } {
  const t = today(now);
  return {
    valid_from: r.valid_from ?? (r.valid_from_rel_days === null ? null : addDays(t, r.valid_from_rel_days)),
    valid_to: r.valid_to ?? (r.valid_to_rel_days === null ? null : addDays(t, r.valid_to_rel_days)),
  };
}
