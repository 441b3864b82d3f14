/**
 * Guided tour rules of spec §4 and §5, shared by the tour booking machine (machines/
 * tourBooking.machine.ts), its screens and the reference server (src/server/inventory.ts prices
 * and checks tour lines with the same functions, so a tour line costs the same on both sides).
 *
 * - The list (§4): the language filter starts on the interface language when tours exist in it,
 *   else on the configured default tour language; categories without tours are not offered; the
 *   venue filter only with more than one venue; the next-days flags (today, tomorrow, in two,
 *   three and four days) are set when tours exist that day. The reference implementation checked
 *   the "in four days" flag against the three-day date; here every flag reads its own date.
 * - The calendar (§4): a day is available when one of its times has places, sold out when every
 *   time is; opening the page picks the requested date when available, else the first available
 *   day; choosing a date selects its only time, keeps the current time when still offered, else
 *   takes the first.
 * - Counts (§5): participants limited to min(max_participants, places left); with single
 *   ticketing and complete-tour booking both on, the limit is the places left; non-numeric input
 *   is 0; participants of a complete booking ≤ max_participants × tours; tours ≤ tours left at
 *   that time (one whole tour when single tickets are sold too); a ticket with subtickets counts
 *   1 when any subticket is chosen and brings Σ subtickets participants; tickets and participants
 *   must match (too many and too few both said) unless the tour books without tickets and none
 *   are given; a tour needs its minimum group size.
 * - Prices (§4): the tour's price list, overridden entry by entry by the chosen slot's list.
 * - Answers (§4, §5): radio and select hold one value, checkbox a list that toggles, text,
 *   textarea and number the entered value; a mandatory question without an answer is
 *   'Please answer all mandatory fields.'; numbers within min/max; answers can be cleared.
 * - The §7 cart item: {type, answers, datetime, tourId, prices[{id, count}], tickets[{id, count,
 *   subtickets}]}.
 */
import { subticketPartName, type TourLine, type TourPart, type TourPartRef } from './cart-lines.js';
import { addDays } from './dates.js';
import { mainVatRate, type Minor, type TaxedItem } from './money.js';
import { parseCount, TOUR_OVERVIEW_DAYS } from './limits.js';

// ---------------------------------------------------------------------------------------------
// Shapes (structural: the API's Tour / TourSlot / TourQuestion and the server's rows both fit)

export interface PriceEntryInput {
  id: number;
  name?: string;
  price: Minor;
  vat_value?: number;
}
export interface TourSubticketInput {
  id: number;
  name?: string;
  price: Minor;
  /** VAT percent; missing: the ticket's */
  vat_value?: number;
  min_quantity: number;
  max_quantity: number;
}
export interface TourTicketInput {
  id: number;
  name?: string;
  price: Minor;
  vat_value?: number;
  subtickets?: readonly TourSubticketInput[];
}
export interface TourRulesInput {
  max_participants: number;
  min_participants: number;
  single_ticketing: number;
  book_complete_tour: number;
  booking_without_tickets: number;
}
export interface TourInput extends TourRulesInput {
  id: number;
  name: string;
  priceList: readonly PriceEntryInput[];
  tickets: readonly TourTicketInput[];
}
export interface TourSlotInput {
  time: string;
  remaining: number;
  tours_remaining: number;
  soldout: boolean;
  priceList?: readonly { id: number; price: Minor }[] | null;
}
export type QuestionType = 'radio' | 'select' | 'checkbox' | 'text' | 'textarea' | 'number';
export interface QuestionInput {
  id: number;
  type: QuestionType;
  label?: string;
  mandatory: boolean;
  options: readonly { value: string }[];
  min: number | null;
  max: number | null;
}
export interface ListTourInput {
  id: number;
  langIdentifier: string;
  langName: string;
  custom_groups: readonly { id: number; name: string }[];
  venue: { id: number; name: string };
}

// ---------------------------------------------------------------------------------------------
// The list: languages, categories, venues, next days, filters

export interface Named {
  id: number;
  name: string;
}
export interface TourLanguage {
  id: string;
  name: string;
}

/** Languages the tours are held in, in list order, each once. */
export function tourLanguages(tours: readonly ListTourInput[]): TourLanguage[] {
  const seen = new Map<string, TourLanguage>();
  for (const tour of tours) if (!seen.has(tour.langIdentifier)) seen.set(tour.langIdentifier, { id: tour.langIdentifier, name: tour.langName });
  return [...seen.values()];
}

/** §4: the interface language when tours exist in it, else the configured default tour language (null: no such tours either). */
export function initialTourLanguage(tours: readonly ListTourInput[], interfaceLanguage: string, defaultTourLanguage: string): string | null {
  if (tours.some((t) => t.langIdentifier === interfaceLanguage)) return interfaceLanguage;
  if (tours.some((t) => t.langIdentifier === defaultTourLanguage)) return defaultTourLanguage;
  return null;
}

/** §4: categories without tours are removed. */
export function tourCategories(tours: readonly ListTourInput[], categories: readonly Named[]): Named[] {
  return categories.filter((c) => tours.some((t) => t.custom_groups.some((g) => g.id === c.id)));
}

/** Venues of the tours, each once; the venue filter is offered only when there are two or more. */
export function tourVenues(tours: readonly ListTourInput[]): Named[] {
  const seen = new Map<number, Named>();
  for (const tour of tours) if (!seen.has(tour.venue.id)) seen.set(tour.venue.id, { id: tour.venue.id, name: tour.venue.name });
  return [...seen.values()];
}
export const hasMultipleVenues = (tours: readonly ListTourInput[]): boolean => tourVenues(tours).length > 1;

/** Tour overview: ISO date -> ids of tours bookable that day (GET tour/overview). */
export type TourOverview = Readonly<Record<string, readonly number[]>>;

/** The last day the list's date filter offers. */
export const lastOverviewDate = (today: string): string => addDays(today, TOUR_OVERVIEW_DAYS);

/** The quick dates of the list, days from today. */
export const NEXT_DAYS = [
  { key: 'today', offset: 0 },
  { key: 'tomorrow', offset: 1 },
  { key: 'inTwoDays', offset: 2 },
  { key: 'inThreeDays', offset: 3 },
  { key: 'inFourDays', offset: 4 },
] as const;
export type NextDayKey = (typeof NEXT_DAYS)[number]['key'];

export interface NextDay {
  key: NextDayKey;
  date: string;
  hasTours: boolean;
}

/**
 * §4 next-few-days flags: set when tours exist on that date. Each flag reads its own date; the
 * reference implementation checked "in four days" against the three-day date (a defect).
 */
export function nextDays(overview: TourOverview, today: string): NextDay[] {
  return NEXT_DAYS.map(({ key, offset }) => {
    const date = addDays(today, offset);
    return { key, date, hasTours: (overview[date]?.length ?? 0) > 0 };
  });
}

export interface TourFilters {
  language: string | null;
  date: string | null;
  category: number | null;
  venue: number | null;
}
export const NO_TOUR_FILTERS: TourFilters = { language: null, date: null, category: null, venue: null };

/** The tours the filters let through (a date keeps the tours the overview lists for it). */
export function filterTours<T extends ListTourInput>(tours: readonly T[], filters: TourFilters, overview: TourOverview): T[] {
  return tours.filter(
    (t) =>
      (filters.language === null || t.langIdentifier === filters.language) &&
      (filters.date === null || (overview[filters.date] ?? []).includes(t.id)) &&
      (filters.category === null || t.custom_groups.some((g) => g.id === filters.category)) &&
      (filters.venue === null || t.venue.id === filters.venue),
  );
}

// ---------------------------------------------------------------------------------------------
// The calendar and the time of day

/** GET tour/calendar: ISO date -> 'HH:mm' -> slot state. */
export type TourCalendar = Readonly<Record<string, Readonly<Record<string, { remaining: number; tours_remaining: number; soldout: boolean }>>>>;
export type TourDayAvailability = 'available' | 'soldOut' | 'unavailable' | 'past';

export function tourDayAvailability(calendar: TourCalendar, date: string, today: string): TourDayAvailability {
  if (date < today) return 'past';
  const times = Object.values(calendar[date] ?? {});
  if (times.length === 0) return 'unavailable';
  return times.every((t) => t.soldout) ? 'soldOut' : 'available';
}

export type TourMonthOffer = 'available' | 'soldOut' | 'noDates';

/**
 * What a month of the calendar offers from today on: a day that can be booked; only days whose
 * every time is sold out; or no tour dates at all (a month without tours is not "sold out").
 */
export function tourMonthOffer(calendar: TourCalendar, month: string, today: string): TourMonthOffer {
  let soldOut = false;
  for (const date of Object.keys(calendar)) {
    if (!date.startsWith(`${month}-`)) continue;
    const day = tourDayAvailability(calendar, date, today);
    if (day === 'available') return 'available';
    if (day === 'soldOut') soldOut = true;
  }
  return soldOut ? 'soldOut' : 'noDates';
}

/** Places left on a day (the times not sold out). */
export function tourDayPlaces(calendar: TourCalendar, date: string): number {
  return Object.values(calendar[date] ?? {})
    .filter((t) => !t.soldout)
    .reduce((sum, t) => sum + Math.max(0, t.remaining), 0);
}

/** First available day on or after `today`, or null. */
export function firstAvailableTourDate(calendar: TourCalendar, today: string): string | null {
  return Object.keys(calendar).filter((date) => tourDayAvailability(calendar, date, today) === 'available').sort()[0] ?? null;
}

/** §4 calendar load: the requested date when available, else the first available day (null: none). */
export function initialTourDate(calendar: TourCalendar, requested: string | null, today: string): string | null {
  if (requested !== null && tourDayAvailability(calendar, requested, today) === 'available') return requested;
  return firstAvailableTourDate(calendar, today);
}

/** §4: the only open time of the day; else the current time when still offered; else the first open time. */
export function chooseTourTime(slots: readonly TourSlotInput[], current: string | null): string | null {
  const open = slots.filter((s) => !s.soldout);
  if (open.length === 1) return open[0]?.time ?? null;
  if (current !== null && open.some((s) => s.time === current)) return current;
  return open[0]?.time ?? null;
}

// ---------------------------------------------------------------------------------------------
// Prices

/** §4: the tour's price list, each entry's price overridden by the chosen slot's list. */
export function effectivePriceList<P extends { id: number; price: Minor }>(priceList: readonly P[], slotPriceList: readonly { id: number; price: Minor }[] | null | undefined): P[] {
  return priceList.map((entry) => {
    const override = slotPriceList?.find((o) => o.id === entry.id);
    return override ? { ...entry, price: override.price } : entry;
  });
}

/** What the §7 tour item asks for: tours per price list entry, tickets with subtickets. */
export interface TourItemCounts {
  prices: readonly { id: number; count: number }[];
  tickets: readonly { id: number; count: number; subtickets?: readonly { id: number; count: number }[] }[];
}

export interface TourItemTotals {
  amount: Minor;
  tours: number;
  participants: number;
}

/**
 * Amount, tours and participants of a tour item, the way app and server both count them: each
 * price list entry at the slot's price; a ticket with subtickets is max(1, count) units of
 * (ticket price + Σ subticket count × price) and brings Σ subtickets participants per unit;
 * a ticket without subtickets count × price and count participants. Unknown ids add nothing
 * (the server refuses them before).
 */
export function tourItemTotals(
  tour: {
    priceList: readonly { id: number; price: Minor }[];
    tickets: readonly { id: number; price: Minor; subtickets?: readonly { id: number; price: Minor }[] }[];
  },
  slotPriceList: readonly { id: number; price: Minor }[] | null | undefined,
  item: TourItemCounts,
): TourItemTotals {
  const prices = effectivePriceList(tour.priceList, slotPriceList);
  let amount = 0;
  let tours = 0;
  let participants = 0;
  for (const p of item.prices) {
    const entry = prices.find((e) => e.id === p.id);
    if (!entry) continue;
    amount += p.count * entry.price;
    tours += p.count;
  }
  for (const t of item.tickets) {
    const ticket = tour.tickets.find((x) => x.id === t.id);
    if (!ticket) continue;
    const subs = ticket.subtickets ?? [];
    const chosen = t.subtickets ?? [];
    if (subs.length > 0) {
      if (t.count === 0 && chosen.every((s) => s.count === 0)) continue;
      const units = Math.max(1, t.count);
      let persons = 0;
      let subPrice = 0;
      for (const c of chosen) {
        const sub = subs.find((s) => s.id === c.id);
        if (!sub) continue;
        persons += c.count;
        subPrice += c.count * sub.price;
      }
      participants += units * persons;
      amount += units * (ticket.price + subPrice);
    } else {
      participants += t.count;
      amount += t.count * ticket.price;
    }
  }
  return { amount, tours, participants };
}

/** A taxed item of a tour booking and what it stands for (a price list entry, a ticket, a subticket). */
export interface TourTaxedItem extends TaxedItem {
  vatPercent: number;
  ref: TourPartRef;
}

/**
 * §9 VAT per item for a tour booking, the one rule of app (the cart line's parts) and server
 * (PricedLine.tax): each price list entry at the slot's price and its own rate; each ticket at its
 * own rate; each subticket at its own rate (missing: its ticket's), max(1, count) × its count per
 * ticket unit, the way tourItemTotals counts. Σ price × count is tourItemTotals' amount; items
 * with count 0 and unknown ids are left out.
 */
export function tourTaxedItems(
  tour: {
    priceList: readonly { id: number; price: Minor; vat_value?: number }[];
    tickets: readonly { id: number; price: Minor; vat_value?: number; subtickets?: readonly { id: number; price: Minor; vat_value?: number }[] }[];
  },
  slotPriceList: readonly { id: number; price: Minor }[] | null | undefined,
  item: TourItemCounts,
): TourTaxedItem[] {
  const prices = effectivePriceList(tour.priceList, slotPriceList);
  const items: TourTaxedItem[] = [];
  for (const p of item.prices) {
    const entry = prices.find((e) => e.id === p.id);
    if (entry && p.count > 0) items.push({ price: entry.price, count: p.count, vatPercent: entry.vat_value ?? 0, ref: { kind: 'price', id: entry.id } });
  }
  for (const t of item.tickets) {
    const ticket = tour.tickets.find((x) => x.id === t.id);
    if (!ticket) continue;
    const vat = ticket.vat_value ?? 0;
    const subs = ticket.subtickets ?? [];
    const chosen = t.subtickets ?? [];
    if (subs.length === 0) {
      if (t.count > 0) items.push({ price: ticket.price, count: t.count, vatPercent: vat, ref: { kind: 'ticket', id: ticket.id } });
      continue;
    }
    if (t.count === 0 && chosen.every((s) => s.count === 0)) continue;
    const units = Math.max(1, t.count);
    items.push({ price: ticket.price, count: units, vatPercent: vat, ref: { kind: 'ticket', id: ticket.id } });
    for (const c of chosen) {
      const sub = subs.find((s) => s.id === c.id);
      if (sub && c.count > 0) items.push({ price: sub.price, count: units * c.count, vatPercent: sub.vat_value ?? vat, ref: { kind: 'subticket', ticketId: ticket.id, id: sub.id } });
    }
  }
  return items;
}

// ---------------------------------------------------------------------------------------------
// The booking form and its limits

export type BookingMode = 'single' | 'complete';
export type AnswerValue = string | string[];

export interface TourForm {
  mode: BookingMode;
  /** tours booked per price list entry id (complete tour) */
  tours: Readonly<Record<number, number>>;
  /** count per ticket id (tickets without subtickets) */
  tickets: Readonly<Record<number, number>>;
  /** count per subticket id, per ticket id */
  subtickets: Readonly<Record<number, Readonly<Record<number, number>>>>;
  /** the group size of a complete-tour booking */
  participants: number;
  /** answer per question id */
  answers: Readonly<Record<number, AnswerValue>>;
}

/** The booking modes a tour offers: single tickets, the complete tour, or both. */
export function bookingModes(tour: TourRulesInput): BookingMode[] {
  const modes: BookingMode[] = [];
  if (tour.single_ticketing === 1) modes.push('single');
  if (tour.book_complete_tour === 1) modes.push('complete');
  return modes;
}

export function emptyTourForm(tour: TourRulesInput | null): TourForm {
  return { mode: tour ? (bookingModes(tour)[0] ?? 'single') : 'single', tours: {}, tickets: {}, subtickets: {}, participants: 0, answers: {} };
}

const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const v of values) total += v;
  return total;
};

export const subticketCountOf = (form: TourForm, ticketId: number, subId: number): number => form.subtickets[ticketId]?.[subId] ?? 0;

/** §5: a ticket with subtickets counts 1 when any subticket count is nonzero; else its own count. */
export function effectiveTourTicketCount(ticket: TourTicketInput, form: TourForm): number {
  if ((ticket.subtickets ?? []).length > 0) return sum(Object.values(form.subtickets[ticket.id] ?? {})) > 0 ? 1 : 0;
  return form.tickets[ticket.id] ?? 0;
}

/** Participants a ticket brings: Σ subtickets, or its count. */
export function ticketParticipants(ticket: TourTicketInput, form: TourForm): number {
  if ((ticket.subtickets ?? []).length > 0) return sum(Object.values(form.subtickets[ticket.id] ?? {}));
  return form.tickets[ticket.id] ?? 0;
}

/** Participants the tickets of the form bring. */
export function ticketedParticipants(tour: Pick<TourInput, 'tickets'>, form: TourForm): number {
  return sum(tour.tickets.map((t) => ticketParticipants(t, form)));
}

/** Tours booked (complete tour). */
export const toursBooked = (form: TourForm): number => (form.mode === 'complete' ? sum(Object.values(form.tours)) : 0);

/**
 * §5 asks tickets and participants to be equal: the group size is entered only for a complete
 * tour that has no tickets or books without them (tickets optional); whenever tickets must be
 * chosen (single tickets, or a complete tour with required tickets) the group is their sum,
 * shown and never asked twice (WCAG 3.3.7).
 */
export function asksGroupSize(tour: Pick<TourInput, 'tickets' | 'booking_without_tickets'>, mode: BookingMode): boolean {
  return mode === 'complete' && (tour.tickets.length === 0 || tour.booking_without_tickets === 1);
}

/** The group: the entered group size when it is asked (asksGroupSize), else the tickets' participants. */
export function groupSize(tour: Pick<TourInput, 'tickets' | 'booking_without_tickets'>, form: TourForm): number {
  return asksGroupSize(tour, form.mode) ? form.participants : ticketedParticipants(tour, form);
}

export type TourLimitReason = 'placesLeft' | 'maxParticipants' | 'perTour' | 'toursLeft' | 'wholeTour' | 'subticket';
export interface TourLimit {
  max: number;
  reason: TourLimitReason;
}

/**
 * §5 participants of the chosen time: min(max_participants, places left); with single ticketing
 * and complete-tour booking both on, the places left; a complete tour holds max_participants per
 * tour booked (at least one counted, so the group size can be typed first).
 */
export function participantLimit(tour: TourRulesInput, slot: Pick<TourSlotInput, 'remaining'> | null, mode: BookingMode, tours: number): TourLimit {
  const left = Math.max(0, slot?.remaining ?? 0);
  if (tour.single_ticketing === 1 && tour.book_complete_tour === 1) return { max: left, reason: 'placesLeft' };
  const cap = mode === 'complete' ? tour.max_participants * Math.max(1, tours) : tour.max_participants;
  return cap <= left ? { max: cap, reason: mode === 'complete' ? 'perTour' : 'maxParticipants' } : { max: left, reason: 'placesLeft' };
}

/** §5 tours of a complete booking: ≤ tours left at that time; one whole tour when single tickets are sold too. */
export function tourCountLimit(tour: TourRulesInput, slot: Pick<TourSlotInput, 'tours_remaining' | 'remaining'> | null): TourLimit {
  if (tour.single_ticketing === 1) return { max: (slot?.remaining ?? 0) > 0 ? 1 : 0, reason: 'wholeTour' };
  return { max: Math.max(0, slot?.tours_remaining ?? 0), reason: 'toursLeft' };
}

/** The cap of one ticket counter: the participant limit less what the other tickets bring. */
export function ticketLimit(tour: TourInput, slot: TourSlotInput | null, form: TourForm, ticketId: number): TourLimit {
  const limit = participantLimit(tour, slot, form.mode, toursBooked(form));
  const ticket = tour.tickets.find((t) => t.id === ticketId);
  const others = ticketedParticipants(tour, form) - (ticket ? ticketParticipants(ticket, form) : 0);
  return { max: Math.max(0, limit.max - others), reason: limit.reason };
}

/** The cap of a subticket counter: its max_quantity, and what the participant limit leaves. */
export function subticketLimit(tour: TourInput, slot: TourSlotInput | null, form: TourForm, ticketId: number, subId: number): TourLimit {
  const limit = participantLimit(tour, slot, form.mode, toursBooked(form));
  const sub = tour.tickets.find((t) => t.id === ticketId)?.subtickets?.find((s) => s.id === subId);
  const room = Math.max(0, limit.max - (ticketedParticipants(tour, form) - subticketCountOf(form, ticketId, subId)));
  if (sub && sub.max_quantity > 0 && sub.max_quantity <= room) return { max: sub.max_quantity, reason: 'subticket' };
  return { max: room, reason: limit.reason };
}

export interface TourCountChange {
  form: TourForm;
  /** the asked value was lowered by the limit */
  limited: boolean;
  limit: TourLimit;
}

const capped = (raw: unknown, limit: TourLimit) => {
  const asked = parseCount(raw);
  const count = Math.min(asked, limit.max);
  return { count, limited: count < asked };
};

/** Tours of a price list entry: non-numeric -> 0, capped by the tours left (others counted). */
export function setTourCount(tour: TourInput, slot: TourSlotInput | null, form: TourForm, priceId: number, raw: unknown): TourCountChange {
  const total = tourCountLimit(tour, slot);
  const others = toursBooked(form) - (form.tours[priceId] ?? 0);
  const limit = { max: Math.max(0, total.max - others), reason: total.reason };
  const { count, limited } = capped(raw, limit);
  return { form: { ...form, tours: { ...form.tours, [priceId]: count } }, limited, limit };
}

/** A ticket's count: non-numeric -> 0, capped by the participant limit. */
export function setTourTicketCount(tour: TourInput, slot: TourSlotInput | null, form: TourForm, ticketId: number, raw: unknown): TourCountChange {
  const limit = ticketLimit(tour, slot, form, ticketId);
  const { count, limited } = capped(raw, limit);
  return { form: { ...form, tickets: { ...form.tickets, [ticketId]: count } }, limited, limit };
}

/** A subticket's count: non-numeric -> 0, capped by its max_quantity and the participant limit. */
export function setTourSubticketCount(tour: TourInput, slot: TourSlotInput | null, form: TourForm, ticketId: number, subId: number, raw: unknown): TourCountChange {
  const limit = subticketLimit(tour, slot, form, ticketId, subId);
  const { count, limited } = capped(raw, limit);
  return { form: { ...form, subtickets: { ...form.subtickets, [ticketId]: { ...(form.subtickets[ticketId] ?? {}), [subId]: count } } }, limited, limit };
}

/** The group size of a complete booking: non-numeric -> 0, capped by the participant limit. */
export function setParticipants(tour: TourInput, slot: TourSlotInput | null, form: TourForm, raw: unknown): TourCountChange {
  const limit = participantLimit(tour, slot, 'complete', toursBooked(form));
  const { count, limited } = capped(raw, limit);
  return { form: { ...form, participants: count }, limited, limit };
}

/** Switching between single tickets and the complete tour starts the counts afresh (answers stay). */
export function setBookingMode(tour: TourRulesInput, form: TourForm, mode: BookingMode): TourForm {
  if (!bookingModes(tour).includes(mode)) return form;
  return { ...emptyTourForm(tour), mode, answers: form.answers };
}

export type CountProblem =
  | { kind: 'noTours' }
  | { kind: 'tooManyTours'; max: number }
  | { kind: 'noParticipants' }
  | { kind: 'tooManyParticipants'; max: number; reason: TourLimitReason }
  | { kind: 'belowMinimum'; min: number }
  | { kind: 'tooManyTickets'; tickets: number; participants: number }
  | { kind: 'tooFewTickets'; tickets: number; participants: number }
  | { kind: 'subticketRange'; ticketId: number; subticketId: number; min: number; max: number };

/** §5 checks of the counts before adding, in the order a visitor fixes them; null when fine. */
export function countProblem(tour: TourInput, slot: TourSlotInput | null, form: TourForm): CountProblem | null {
  for (const ticket of tour.tickets) {
    for (const sub of ticket.subtickets ?? []) {
      const n = subticketCountOf(form, ticket.id, sub.id);
      const fixed = sub.min_quantity === sub.max_quantity;
      if (n !== 0 && (fixed ? n !== sub.max_quantity : n < sub.min_quantity || n > sub.max_quantity)) {
        return { kind: 'subticketRange', ticketId: ticket.id, subticketId: sub.id, min: sub.min_quantity, max: sub.max_quantity };
      }
    }
  }
  const tickets = ticketedParticipants(tour, form);
  if (form.mode === 'complete') {
    const tours = toursBooked(form);
    if (tours === 0) return { kind: 'noTours' };
    const tourLimit = tourCountLimit(tour, slot);
    if (tours > tourLimit.max) return { kind: 'tooManyTours', max: tourLimit.max };
  }
  const group = groupSize(tour, form);
  if (group === 0) return { kind: 'noParticipants' };
  const limit = participantLimit(tour, slot, form.mode, toursBooked(form));
  if (group > limit.max) return { kind: 'tooManyParticipants', max: limit.max, reason: limit.reason };
  if (group < tour.min_participants) return { kind: 'belowMinimum', min: tour.min_participants };
  // only a group size that was typed can differ from the tickets (a tour whose tickets are optional)
  if (asksGroupSize(tour, form.mode) && tour.tickets.length > 0 && tickets > 0) {
    if (tickets > group) return { kind: 'tooManyTickets', tickets, participants: group };
    if (tickets < group) return { kind: 'tooFewTickets', tickets, participants: group };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Group questions

export type AnswerProblem = 'required' | 'invalid';

const isEmptyAnswer = (value: AnswerValue | number | undefined): boolean =>
  value === undefined || (Array.isArray(value) ? value.length === 0 : String(value).trim() === '');

/**
 * One answer against its question (app and server): a mandatory question needs one ('Please
 * answer all mandatory fields.'); radio/select one of the options, checkbox options only,
 * number within min/max, text and textarea at most 2000 characters.
 */
export function answerProblem(question: QuestionInput, value: AnswerValue | number | undefined): AnswerProblem | null {
  if (isEmptyAnswer(value)) return question.mandatory ? 'required' : null;
  const options = question.options.map((o) => o.value);
  switch (question.type) {
    case 'radio':
    case 'select':
      return typeof value === 'string' && options.includes(value) ? null : 'invalid';
    case 'checkbox':
      return Array.isArray(value) && value.every((x) => options.includes(x)) ? null : 'invalid';
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isFinite(n)) return 'invalid';
      return (question.min !== null && n < question.min) || (question.max !== null && n > question.max) ? 'invalid' : null;
    }
    default:
      return typeof value === 'string' && value.length <= 2000 ? null : 'invalid';
  }
}

/** Every question that lacks a valid answer, by id. */
export function answerProblems(questions: readonly QuestionInput[], answers: Readonly<Record<number, AnswerValue>>): Record<number, AnswerProblem> {
  const out: Record<number, AnswerProblem> = {};
  for (const q of questions) {
    const problem = answerProblem(q, answers[q.id]);
    if (problem) out[q.id] = problem;
  }
  return out;
}

/** §4: radio, select, text, textarea and number hold the given value; a checkbox toggles it in its list. */
export function setAnswer(answers: Readonly<Record<number, AnswerValue>>, question: QuestionInput, value: string): Record<number, AnswerValue> {
  if (question.type === 'checkbox') {
    const list = Array.isArray(answers[question.id]) ? (answers[question.id] as string[]) : [];
    return { ...answers, [question.id]: list.includes(value) ? list.filter((x) => x !== value) : [...list, value] };
  }
  return { ...answers, [question.id]: value };
}

/** §4: answers can be cleared. */
export function clearAnswer(answers: Readonly<Record<number, AnswerValue>>, questionId: number): Record<number, AnswerValue> {
  const { [questionId]: _cleared, ...rest } = answers;
  return rest;
}

export interface TourAnswer {
  qId: number;
  type: QuestionType;
  value: string | number | string[];
}

/** The answers of the §7 item: given ones only, numbers as numbers. */
export function answersPayload(questions: readonly QuestionInput[], answers: Readonly<Record<number, AnswerValue>>): TourAnswer[] {
  const out: TourAnswer[] = [];
  for (const q of questions) {
    const value = answers[q.id];
    if (value === undefined || isEmptyAnswer(value)) continue;
    out.push({ qId: q.id, type: q.type, value: q.type === 'number' && typeof value === 'string' ? Number(value) : value });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The cart: item, line and the places a cart already holds

/** Counts of the §7 item from the form: tours (complete booking) and tickets with subtickets. */
export function itemCounts(tour: TourInput, form: TourForm): TourItemCounts {
  const prices = form.mode === 'complete' ? tour.priceList.map((p) => ({ id: p.id, count: form.tours[p.id] ?? 0 })).filter((p) => p.count > 0) : [];
  const tickets = tour.tickets
    .map((t) => {
      const subs = t.subtickets ?? [];
      return subs.length > 0
        ? { id: t.id, count: effectiveTourTicketCount(t, form), subtickets: subs.map((s) => ({ id: s.id, count: subticketCountOf(form, t.id, s.id) })).filter((s) => s.count > 0) }
        : { id: t.id, count: form.tickets[t.id] ?? 0, subtickets: [] };
    })
    .filter((t) => t.count > 0);
  return { prices, tickets };
}

/** The §7 tour cart item: {type, answers, datetime, tourId, prices[{id, count}], tickets[{id, count, subtickets}]}. */
export function tourCartItem(tour: TourInput, date: string, time: string, form: TourForm, questions: readonly QuestionInput[]) {
  const counts = itemCounts(tour, form);
  return {
    type: 'guidedTour' as const,
    answers: answersPayload(questions, form.answers),
    datetime: `${date} ${time}`,
    tourId: tour.id,
    prices: counts.prices.map((p) => ({ id: p.id, count: p.count })),
    tickets: counts.tickets.map((t) => ({ id: t.id, count: t.count, subtickets: (t.subtickets ?? []).map((s) => ({ id: s.id, count: s.count })) })),
  };
}

/** The price of the form at the chosen slot (what the cart line and the server charge). */
export function formPrice(tour: TourInput, slot: TourSlotInput | null, form: TourForm): Minor {
  return tourItemTotals(tour, slot?.priceList, itemCounts(tour, form)).amount;
}

/**
 * The cart line of a tour booking: name, date, time, counts and price. Its parts are the booking's
 * taxed items (tourTaxedItems) with their names and VAT percents, so the cart taxes the line per
 * item as the server does (§9); the base of a ticket with subtickets is a part only when it costs
 * something. The line's own `vat_value` is the rate of the largest share (money.mainVatRate).
 */
export function tourCartLine(tour: TourInput, slot: TourSlotInput, date: string, form: TourForm, questions: readonly QuestionInput[]): TourLine {
  const item = tourCartItem(tour, date, slot.time, form, questions);
  const counts = itemCounts(tour, form);
  const totals = tourItemTotals(tour, slot.priceList, counts);
  const taxed = tourTaxedItems(tour, slot.priceList, counts);
  const parts: TourPart[] = [];
  for (const { price, count, vatPercent, ref } of taxed) {
    const ticket = ref.kind === 'price' ? undefined : tour.tickets.find((t) => t.id === (ref.kind === 'ticket' ? ref.id : ref.ticketId));
    let name = '';
    if (ref.kind === 'price') name = tour.priceList.find((e) => e.id === ref.id)?.name ?? '';
    else if (ref.kind === 'subticket') name = subticketPartName(ticket?.name ?? '', ticket?.subtickets?.find((s) => s.id === ref.id)?.name ?? '');
    else if (price > 0 || (ticket?.subtickets ?? []).length === 0) name = ticket?.name ?? '';
    else continue;
    parts.push({ name, count, price, vat_value: vatPercent, ref });
  }
  return {
    type: 'guidedTour',
    id: tour.id,
    name: tour.name,
    price: totals.amount,
    totalPrice: totals.amount,
    totalCount: Math.max(1, groupSize(tour, form)),
    date,
    time: slot.time,
    vat_value: mainVatRate(taxed),
    single_ticketing: tour.single_ticketing === 1 ? 1 : 0,
    prices: item.prices,
    tickets: item.tickets,
    answers: item.answers,
    parts,
  };
}

/** Places and tours the cart already holds at this tour's date and time (earlier lines of the same cart). */
export function heldInCart(lines: readonly { type: string }[], tourId: number, date: string, time: string): { places: number; tours: number } {
  let places = 0;
  let tours = 0;
  for (const line of lines) {
    if (line.type !== 'guidedTour') continue;
    const tour = line as TourLine;
    if (tour.id !== tourId || tour.date !== date || tour.time !== time) continue;
    places += tour.totalCount;
    tours += sum(tour.prices.map((p) => p.count));
  }
  return { places, tours };
}

/** The slot as this visitor can still book it: less what their cart already holds there. */
export function slotAfterCart<S extends TourSlotInput>(slot: S, held: { places: number; tours: number }): S {
  return { ...slot, remaining: Math.max(0, slot.remaining - held.places), tours_remaining: Math.max(0, slot.tours_remaining - held.tours) };
}
