/**
 * Event ticket rules of spec §5 (with the event list of §2 and the calendar of §7/§9).
 *
 * Readings this module fixes (the spec leaves them open; documented in docs/flows when screens land):
 * - Ticket modes: 1 = timed ticket counted against the timeslot; 3 = day ticket, valid the whole
 *   date, not bound to a time (cart line `dayTicket`); 5 = timed ticket with its own quota. When a
 *   mode 3 or 5 ticket is on offer, the timeslot's max_tickets does not cap the counters (§5); the
 *   overbooking check on adding still applies to the timeslot.
 * - A ticket with subtickets (e.g. a family ticket whose subtickets are its components) counts 1
 *   when any subticket count is above 0; its places are the sum of its subticket counts.
 * - Places counted against the timeslot: counts of timed tickets without subtickets plus the
 *   subticket counts of timed tickets with subtickets. Day tickets take no timeslot place.
 * - Event list: events with a sequence_no above 0 come first, ascending; events with sequence_no 0
 *   follow, ordered by sorting_datetime; ties by name.
 *
 * The input types are the minimum the rules read, so the catalogue schemas (src/api/schemas/
 * catalog.ts) only need to be structurally assignable to them.
 */
import type { CartLine, DayTicketLine, TicketLine } from './cart-lines.js';
import type { Minor } from './money.js';
import { monthOf, toIsoDate } from './dates.js';
import { parseCount } from './limits.js';

// ---------------------------------------------------------------------------------------------
// Input shapes

export interface ScheduleSlotInput {
  datetime: string;
  max_tickets: number;
}

export interface SubticketInput {
  id: number;
  name: string;
  price: number;
  vat_value?: number | undefined;
  min_quantity: number;
  max_quantity: number;
}

export interface EventTicketInput {
  id: number;
  name: string;
  mode: number;
  price: number;
  vat_value?: number | undefined;
  schedule?: readonly ScheduleSlotInput[] | undefined;
  /** 0/1 (or boolean): a family ticket needs a quantity for every component (its subtickets) */
  family?: number | boolean | undefined;
  subtickets?: readonly SubticketInput[] | undefined;
}

export interface TimeslotInput {
  datetime: string;
  /** places left in this slot */
  max_tickets: number;
}

export interface NamedInput {
  id: number;
  name: string;
}
export type CustomGroupInput = NamedInput;
export type VenueInput = NamedInput;

export interface EventInput {
  id: number;
  name: string;
  venue?: VenueInput | null | undefined;
  sequence_no: number;
  sorting_datetime?: string | null | undefined;
  custom_groups?: readonly CustomGroupInput[] | undefined;
  /** last day of the event (YYYY-MM-DD…), if known */
  end?: string | null | undefined;
}

/** Modes of §9 ("Event ticket modes 1, 3, 5 special"). */
export const TIMED_TICKET_MODE = 1;
export const DAY_TICKET_MODE = 3;
export const OWN_QUOTA_TICKET_MODE = 5;

// ---------------------------------------------------------------------------------------------
// Counts

/** What the visitor has chosen: ticket id -> count, and ticket id -> subticket id -> count. */
export interface TicketSelection {
  counts: Record<number, number>;
  subtickets: Record<number, Record<number, number>>;
}

export const EMPTY_SELECTION: TicketSelection = { counts: {}, subtickets: {} };

export function isDayTicket(ticket: Pick<EventTicketInput, 'mode'>): boolean {
  return ticket.mode === DAY_TICKET_MODE;
}

function subticketsOf(ticket: EventTicketInput): readonly SubticketInput[] {
  return ticket.subtickets ?? [];
}

function isFamily(ticket: EventTicketInput): boolean {
  return ticket.family === 1 || ticket.family === true;
}

/** Fixed-count subticket (min = max): the counter is a toggle between max_quantity and 0. */
export function isFixedSubticket(sub: SubticketInput): boolean {
  return sub.max_quantity > 0 && sub.min_quantity === sub.max_quantity;
}

/** Mode 1 and 5 tickets with no schedule slot whose max_tickets is above 0 are hidden (§5). */
export function isTicketVisible(ticket: EventTicketInput): boolean {
  if (ticket.mode !== TIMED_TICKET_MODE && ticket.mode !== OWN_QUOTA_TICKET_MODE) return true;
  return (ticket.schedule ?? []).some((slot) => slot.max_tickets > 0);
}

export function visibleTickets<T extends EventTicketInput>(tickets: readonly T[]): T[] {
  return tickets.filter(isTicketVisible);
}

/** A mode 3 or 5 ticket on offer lifts the timeslot cap of the counters (§5). */
export function hasUncappedTicket(tickets: readonly EventTicketInput[]): boolean {
  return tickets.some((ticket) => ticket.mode === DAY_TICKET_MODE || ticket.mode === OWN_QUOTA_TICKET_MODE);
}

export function subticketCount(selection: TicketSelection, ticketId: number, subId: number): number {
  return selection.subtickets[ticketId]?.[subId] ?? 0;
}

export function ticketCount(selection: TicketSelection, ticketId: number): number {
  return selection.counts[ticketId] ?? 0;
}

/** Number of tickets of this kind: with subtickets 1 if any is above 0, else the count. */
export function effectiveTicketCount(ticket: EventTicketInput, selection: TicketSelection): number {
  const subs = subticketsOf(ticket);
  if (subs.length > 0) return subs.some((sub) => subticketCount(selection, ticket.id, sub.id) > 0) ? 1 : 0;
  return ticketCount(selection, ticket.id);
}

/** Places a ticket takes: the sum of its subticket counts, or its count. */
export function placesOf(ticket: EventTicketInput, selection: TicketSelection): number {
  const subs = subticketsOf(ticket);
  if (subs.length > 0) return subs.reduce((sum, sub) => sum + subticketCount(selection, ticket.id, sub.id), 0);
  return ticketCount(selection, ticket.id);
}

/** Places of all timed tickets (day tickets take no timeslot place). */
export function timeslotPlaces(tickets: readonly EventTicketInput[], selection: TicketSelection): number {
  return tickets.filter((ticket) => !isDayTicket(ticket)).reduce((sum, ticket) => sum + placesOf(ticket, selection), 0);
}

/** The cap the timeslot puts on the counters, or null when a mode 3/5 ticket lifts it. */
export function timeslotCap(tickets: readonly EventTicketInput[], slot: TimeslotInput | null): number | null {
  if (hasUncappedTicket(tickets)) return null;
  return slot ? Math.max(0, slot.max_tickets) : 0;
}

export type LimitReason = 'timeslot' | 'subticket';

export interface CounterLimit {
  /** highest count the counter accepts now; null = no limit */
  max: number | null;
  /** why the limit applies (for the visible explanation) */
  reason: LimitReason | null;
}

/** The limit of a ticket's counter given everything else already chosen. */
export function ticketLimit(tickets: readonly EventTicketInput[], selection: TicketSelection, ticketId: number, slot: TimeslotInput | null): CounterLimit {
  const ticket = tickets.find((t) => t.id === ticketId);
  if (!ticket || isDayTicket(ticket)) return { max: null, reason: null };
  const cap = timeslotCap(tickets, slot);
  if (cap === null) return { max: null, reason: null };
  const others = timeslotPlaces(tickets, selection) - placesOf(ticket, selection);
  return { max: Math.max(0, cap - others), reason: 'timeslot' };
}

/** The limit of a subticket counter: its max_quantity and what the timeslot leaves. */
export function subticketLimit(
  tickets: readonly EventTicketInput[],
  selection: TicketSelection,
  ticketId: number,
  subId: number,
  slot: TimeslotInput | null,
): CounterLimit {
  const ticket = tickets.find((t) => t.id === ticketId);
  const sub = ticket ? subticketsOf(ticket).find((s) => s.id === subId) : undefined;
  if (!ticket || !sub) return { max: 0, reason: null };
  const own = sub.max_quantity > 0 ? sub.max_quantity : null;
  const cap = isDayTicket(ticket) ? null : timeslotCap(tickets, slot);
  const room = cap === null ? null : Math.max(0, cap - (timeslotPlaces(tickets, selection) - subticketCount(selection, ticketId, subId)));
  if (room !== null && (own === null || room < own)) return { max: room, reason: 'timeslot' };
  if (own !== null) return { max: own, reason: 'subticket' };
  return { max: null, reason: null };
}

export interface CountChange {
  selection: TicketSelection;
  /** the count actually set */
  count: number;
  /** true when the asked count was lowered by a limit */
  limited: boolean;
  limit: CounterLimit;
}

/** Sets a ticket's count: non-numeric -> 0, capped by the timeslot (§5). */
export function setTicketCount(
  tickets: readonly EventTicketInput[],
  selection: TicketSelection,
  ticketId: number,
  raw: unknown,
  slot: TimeslotInput | null,
): CountChange {
  const asked = parseCount(raw);
  const limit = ticketLimit(tickets, selection, ticketId, slot);
  const count = limit.max === null ? asked : Math.min(asked, limit.max);
  return {
    selection: { ...selection, counts: { ...selection.counts, [ticketId]: count } },
    count,
    limited: count < asked,
    limit,
  };
}

/**
 * Sets a subticket's count: non-numeric -> 0; a fixed-count subticket toggles between
 * max_quantity and 0 (on only if the whole max_quantity fits); others are capped by max_quantity
 * and, with the other places, by the timeslot (§5), and are 0 or at least min_quantity (a count
 * below the minimum becomes the minimum, or 0 when stepping down from it), as the server checks.
 */
export function setSubticketCount(
  tickets: readonly EventTicketInput[],
  selection: TicketSelection,
  ticketId: number,
  subId: number,
  raw: unknown,
  slot: TimeslotInput | null,
): CountChange {
  const ticket = tickets.find((t) => t.id === ticketId);
  const sub = ticket ? subticketsOf(ticket).find((s) => s.id === subId) : undefined;
  const limit = subticketLimit(tickets, selection, ticketId, subId, slot);
  const asked = parseCount(raw);
  let count: number;
  let limited: boolean;
  if (!sub) {
    count = 0;
    limited = asked > 0;
  } else if (isFixedSubticket(sub)) {
    const wanted = asked > 0 ? sub.max_quantity : 0;
    count = limit.max === null || wanted <= limit.max ? wanted : 0;
    limited = count < wanted;
  } else {
    // a non-zero count below min_quantity jumps to the minimum, or to 0 when stepping down from it
    const min = Math.max(0, sub.min_quantity);
    const previous = subticketCount(selection, ticketId, subId);
    const wanted = asked > 0 && asked < min ? (previous >= min ? 0 : min) : asked;
    count = limit.max === null ? wanted : Math.min(wanted, limit.max);
    if (count > 0 && count < min) count = 0;
    limited = count < wanted;
  }
  const forTicket = { ...(selection.subtickets[ticketId] ?? {}), [subId]: count };
  return { selection: { ...selection, subtickets: { ...selection.subtickets, [ticketId]: forTicket } }, count, limited, limit };
}

/** Toggles a fixed-count subticket (convenience for a checkbox). */
export function toggleFixedSubticket(
  tickets: readonly EventTicketInput[],
  selection: TicketSelection,
  ticketId: number,
  subId: number,
  slot: TimeslotInput | null,
): CountChange {
  const on = subticketCount(selection, ticketId, subId) > 0;
  return setSubticketCount(tickets, selection, ticketId, subId, on ? 0 : 1, slot);
}

/** Family tickets with a quantity for some but not every component (§5). */
export function incompleteFamilyTickets(tickets: readonly EventTicketInput[], selection: TicketSelection): number[] {
  return tickets
    .filter((ticket) => {
      if (!isFamily(ticket)) return false;
      const counts = subticketsOf(ticket).map((sub) => subticketCount(selection, ticket.id, sub.id));
      return counts.some((c) => c > 0) && counts.some((c) => c === 0);
    })
    .map((ticket) => ticket.id);
}

/** Price of what is chosen, minor units: tickets times price plus subtickets times price. */
export function selectionPrice(tickets: readonly EventTicketInput[], selection: TicketSelection): Minor {
  let total = 0;
  for (const ticket of tickets) {
    total += ticket.price * effectiveTicketCount(ticket, selection);
    for (const sub of subticketsOf(ticket)) total += sub.price * subticketCount(selection, ticket.id, sub.id);
  }
  return total;
}

/** Number of tickets chosen (tickets with subtickets count their places). */
export function selectionPlaces(tickets: readonly EventTicketInput[], selection: TicketSelection): number {
  return tickets.reduce((sum, ticket) => sum + placesOf(ticket, selection), 0);
}

export type SelectionProblem = { kind: 'empty' } | { kind: 'familyIncomplete'; ticketIds: number[] };

/** Why the selection cannot go to the cart yet, or null when it can. */
export function selectionProblem(tickets: readonly EventTicketInput[], selection: TicketSelection): SelectionProblem | null {
  if (tickets.every((ticket) => effectiveTicketCount(ticket, selection) === 0)) return { kind: 'empty' };
  const families = incompleteFamilyTickets(tickets, selection);
  if (families.length > 0) return { kind: 'familyIncomplete', ticketIds: families };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Overbooking

export type OverbookingCheck = { ok: true } | { ok: false; available: number; requested: number };

/**
 * Overbooking is rejected and states the available count (§5): the places asked for in this slot
 * plus those already in the cart for the same event and time must not exceed the slot's places.
 */
export function checkOverbooking(requested: number, slotPlaces: number, alreadyInCart = 0): OverbookingCheck {
  const available = Math.max(0, slotPlaces - alreadyInCart);
  return requested > available ? { ok: false, available, requested } : { ok: true };
}

/** A cart line as far as the overbooking check reads it. */
export interface CartLinePlaces {
  type: string;
  id?: number;
  eventId?: number | undefined;
  datetime?: string;
  totalCount?: number;
  subtickets?: readonly { count: number }[];
}

/** Places already in the cart for tickets of this event at this datetime (optionally only some tickets). */
export function placesInCart(lines: readonly CartLinePlaces[], eventId: number, datetime: string, includeTicket: (ticketId: number) => boolean = () => true): number {
  const at = toMinuteDateTime(datetime);
  return lines.reduce((sum, line) => {
    if (line.type !== 'ticket' || line.eventId !== eventId || !line.datetime || toMinuteDateTime(line.datetime) !== at) return sum;
    if (line.id !== undefined && !includeTicket(line.id)) return sum;
    const subs = line.subtickets ?? [];
    return sum + (subs.length > 0 ? subs.reduce((s, sub) => s + sub.count, 0) : (line.totalCount ?? 0));
  }, 0);
}

/**
 * The overbooking check of a selection at one time: mode 1 tickets share the event's timeslot,
 * a mode 5 ticket has its own contingent (its schedule slot). Each pool must hold what is asked plus
 * what the cart already holds there; the first pool that does not says how many are available.
 */
export function checkSelectionOverbooking(input: {
  eventId: number;
  tickets: readonly EventTicketInput[];
  selection: TicketSelection;
  sharedSlots: readonly TimeslotInput[];
  datetime: string;
  cartLines: readonly CartLinePlaces[];
}): OverbookingCheck {
  const { eventId, tickets, selection, sharedSlots, datetime, cartLines } = input;
  const ownQuota = new Set(tickets.filter((t) => t.mode === OWN_QUOTA_TICKET_MODE).map((t) => t.id));
  const shared = tickets.filter((t) => !isDayTicket(t) && !ownQuota.has(t.id));
  const sharedSlot = findTimeslot(sharedSlots, datetime);
  const sharedAsked = shared.reduce((sum, t) => sum + placesOf(t, selection), 0);
  if (sharedAsked > 0 && sharedSlot) {
    const check = checkOverbooking(sharedAsked, sharedSlot.max_tickets, placesInCart(cartLines, eventId, datetime, (id) => !ownQuota.has(id)));
    if (!check.ok) return check;
  }
  for (const ticket of tickets) {
    if (!ownQuota.has(ticket.id)) continue;
    const asked = placesOf(ticket, selection);
    const own = findTimeslot(ticket.schedule ?? [], datetime);
    if (asked === 0 || !own) continue;
    const check = checkOverbooking(asked, own.max_tickets, placesInCart(cartLines, eventId, datetime, (id) => id === ticket.id));
    if (!check.ok) return check;
  }
  return { ok: true };
}

/**
 * Whether a ticket can be booked at a time: day tickets always; mode 5 tickets at a slot of their
 * own schedule with places; mode 1 tickets at a shared timeslot with places (or their own schedule
 * slot when the event sends no shared one).
 */
export function isTicketOfferedAt(ticket: EventTicketInput, sharedSlots: readonly TimeslotInput[], datetime: string | null): boolean {
  if (isDayTicket(ticket)) return true;
  if (datetime === null) return false;
  const own = findTimeslot(ticket.schedule ?? [], datetime);
  if (ticket.mode === OWN_QUOTA_TICKET_MODE) return own !== undefined && own.max_tickets > 0;
  const slot = findTimeslot(sharedSlots, datetime) ?? own;
  return slot !== undefined && slot.max_tickets > 0;
}

export function ticketsOfferedAt<T extends EventTicketInput>(tickets: readonly T[], sharedSlots: readonly TimeslotInput[], datetime: string | null): T[] {
  return tickets.filter((ticket) => isTicketOfferedAt(ticket, sharedSlots, datetime));
}

/**
 * The times of a date: the event's shared timeslots plus the own slots of mode 5 tickets, by time;
 * a time shared by both keeps the larger number of places (sold out only when all are).
 */
export function timesOfDate<S extends TimeslotInput>(tickets: readonly { mode: number; schedule?: readonly S[] | undefined }[], sharedSlots: readonly S[]): S[] {
  const byTime = new Map<string, S>();
  const add = (slot: S) => {
    const key = toMinuteDateTime(slot.datetime);
    const known = byTime.get(key);
    if (!known || slot.max_tickets > known.max_tickets) byTime.set(key, slot);
  };
  sharedSlots.forEach(add);
  for (const ticket of tickets) if (ticket.mode === OWN_QUOTA_TICKET_MODE) (ticket.schedule ?? []).forEach(add);
  return [...byTime.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([, slot]) => slot);
}

// ---------------------------------------------------------------------------------------------
// Cart lines

/** 'YYYY-MM-DD HH:mm[:ss]' or 'YYYY-MM-DDTHH:mm…' -> 'YYYY-MM-DD HH:mm'. */
export function toMinuteDateTime(datetime: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(datetime);
  return match ? `${match[1]} ${match[2]}` : datetime;
}

/** 'HH:mm' of a datetime. */
/** Tickets in cart lines of the ticket page: a timed line counts its tickets, a day ticket line one. */
export function ticketCountOfLines(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + ('totalCount' in line ? line.totalCount : 1), 0);
}

export function timeOf(datetime: string): string {
  return toMinuteDateTime(datetime).slice(11, 16);
}

export interface CartLinesFor {
  event: Pick<EventInput, 'id' | 'name'>;
  tickets: readonly EventTicketInput[];
  selection: TicketSelection;
  /** the chosen date, YYYY-MM-DD */
  date: string;
  /** the chosen timeslot; null when only day tickets are chosen */
  datetime: string | null;
}

/**
 * The cart lines for a selection: one `ticket` line per timed ticket chosen (needs a datetime) and
 * one `dayTicket` line with every day ticket chosen for the date.
 */
export function selectionToCartLines(input: CartLinesFor): (TicketLine | DayTicketLine)[] {
  const { event, tickets, selection, date, datetime } = input;
  const lines: (TicketLine | DayTicketLine)[] = [];
  const dayEntries: DayTicketLine['dayTickets'] = [];
  for (const ticket of tickets) {
    const count = effectiveTicketCount(ticket, selection);
    if (count === 0) continue;
    if (isDayTicket(ticket)) {
      dayEntries.push({ id: ticket.id, count, name: ticket.name, price: ticket.price, vat_value: ticket.vat_value ?? 0 });
      continue;
    }
    if (datetime === null) continue;
    const subtickets = subticketsOf(ticket)
      .map((sub) => ({ id: sub.id, name: sub.name, count: subticketCount(selection, ticket.id, sub.id), price: sub.price, vat_value: sub.vat_value ?? 0 }))
      .filter((sub) => sub.count > 0);
    lines.push({
      type: 'ticket',
      id: ticket.id,
      eventId: event.id,
      ...(event.name ? { eventName: event.name } : {}),
      name: ticket.name,
      price: ticket.price,
      totalPrice: ticket.price * count + subtickets.reduce((sum, sub) => sum + sub.price * sub.count, 0),
      totalCount: count,
      datetime: toMinuteDateTime(datetime),
      vat_value: ticket.vat_value ?? 0,
      single_ticketing: 0,
      subtickets,
    });
  }
  if (dayEntries.length > 0) {
    lines.push({
      type: 'dayTicket',
      id: event.id,
      name: event.name,
      price: 0,
      totalPrice: dayEntries.reduce((sum, entry) => sum + entry.price * entry.count, 0),
      totalCount: dayEntries.reduce((sum, entry) => sum + entry.count, 0),
      date,
      dayTickets: dayEntries,
    });
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Event list

function datetimeKey(value: string | null | undefined): string {
  return value ?? '\uffff';
}

/** Event list order (§2): sequence_no > 0 ascending first, then sequence_no 0 by sorting_datetime. */
export function compareEvents(a: EventInput, b: EventInput): number {
  const aNumbered = a.sequence_no > 0;
  const bNumbered = b.sequence_no > 0;
  if (aNumbered !== bNumbered) return aNumbered ? -1 : 1;
  if (aNumbered && a.sequence_no !== b.sequence_no) return a.sequence_no - b.sequence_no;
  const byDate = datetimeKey(a.sorting_datetime).localeCompare(datetimeKey(b.sorting_datetime));
  if (byDate !== 0) return byDate;
  return a.name.localeCompare(b.name) || a.id - b.id;
}

export function sortEvents<T extends EventInput>(events: readonly T[]): T[] {
  return [...events].sort(compareEvents);
}

export interface EventFilters {
  /** venue id; null = all venues */
  venue: number | null;
  /** custom group id; null = all groups */
  customGroup: number | null;
}

export const NO_EVENT_FILTERS: EventFilters = { venue: null, customGroup: null };

export function filterEvents<T extends EventInput>(events: readonly T[], filters: EventFilters): T[] {
  return sortEvents(
    events.filter(
      (event) =>
        (filters.venue === null || event.venue?.id === filters.venue) &&
        (filters.customGroup === null || (event.custom_groups ?? []).some((group) => group.id === filters.customGroup)),
    ),
  );
}

function distinctByName(items: Iterable<NamedInput>): NamedInput[] {
  const byId = new Map<number, NamedInput>();
  for (const item of items) if (!byId.has(item.id)) byId.set(item.id, { id: item.id, name: item.name });
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** Distinct venues of the events, by name (the venue filter's options). */
export function eventVenues(events: readonly EventInput[]): VenueInput[] {
  return distinctByName(events.flatMap((event) => (event.venue ? [event.venue] : [])));
}

/** Distinct custom groups of the events, by name (the group filter's options). */
export function eventCustomGroups(events: readonly EventInput[]): CustomGroupInput[] {
  return distinctByName(events.flatMap((event) => event.custom_groups ?? []));
}

// ---------------------------------------------------------------------------------------------
// Dates and the calendar

/** Calendar of a range: ISO date -> places left (0 = sold out). */
export type TicketCalendar = Record<string, number>;

/** Normalises the calendar answer (date keys YYYYMMDD or YYYY-MM-DD; non-numeric counts 0). */
export function normaliseCalendar(raw: Readonly<Record<string, unknown>>): TicketCalendar {
  const out: TicketCalendar = {};
  for (const [key, value] of Object.entries(raw)) {
    const date = toIsoDate(key);
    if (date) out[date] = parseCount(value);
  }
  return out;
}

export type DayAvailability = 'available' | 'soldOut' | 'unavailable' | 'past';

/** A day of the calendar: offered with places, sold out (count 0), not offered, or in the past. */
export function dayAvailability(calendar: TicketCalendar, date: string, today: string): DayAvailability {
  if (date < today) return 'past';
  const count = calendar[date];
  if (count === undefined) return 'unavailable';
  return count === 0 ? 'soldOut' : 'available';
}

/** First date on or after `from` with places left, or null. */
export function firstAvailableDate(calendar: TicketCalendar, from: string): string | null {
  return Object.keys(calendar).filter((date) => date >= from && (calendar[date] ?? 0) > 0).sort()[0] ?? null;
}

/**
 * The month the event's calendar opens on (as the tour's opens on its first available day, §4):
 * the month asked for when one of its days has places, else the month of the first day with
 * places after it among the days loaded (the month and the following one), else the month asked
 * for. On the last evening of a month whose last days are gone, the visitor sees the next month's
 * days, not a month with nothing to choose.
 */
export function calendarOpeningMonth(calendar: TicketCalendar, month: string, today: string): string {
  const first = firstAvailableDate(calendar, today);
  return first !== null && monthOf(first) > month ? monthOf(first) : month;
}

/** Times of a date's timeslots: sold out when max_tickets is 0. */
export function isTimeslotSoldOut(slot: TimeslotInput): boolean {
  return slot.max_tickets <= 0;
}

export function findTimeslot<T extends TimeslotInput>(slots: readonly T[], datetime: string): T | undefined {
  const at = toMinuteDateTime(datetime);
  return slots.find((slot) => toMinuteDateTime(slot.datetime) === at);
}
