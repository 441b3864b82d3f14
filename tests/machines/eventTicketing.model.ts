/**
 * Model of the event ticketing machine. Three starts:
 * - the event list (no `eventId`): load the list, filter it, open an event, go back, open another;
 * - the ticket page of event 7 with a requested date (route tickets/7?date=…): the calendar has
 *   places that day, so the tickets of the day load at once;
 * - the ticket page of event 9 without a date: the whole booking (calendar months, dates, times,
 *   counts, adding to the cart).
 *
 * Today is 2026-06-10. The calendar of June/July has 12 June with places, 13 June sold out and
 * 15 June with places. The tickets of a date are one of: nothing, another date's answer, a day
 * ticket only, one open time, or two open times with a sold-out one between (a timed ticket, a
 * family ticket with a fixed-count child component and a hidden ticket without places).
 *
 * The cart is a fake actor ref with the snapshot shape of the cart machine: it already holds two
 * tickets of event 9 at 10:00 (so 10:00 with 4 places has 2 left and adding 3 there overbooks)
 * and records what is sent to it.
 *
 * Kept finite: the list is left only from the unfiltered list and the ticket page opened from
 * the list only goes back or opens another event; the booking of event 7 ends at its requested
 * date's tickets; months are changed only from the first month while choosing a date; dates are
 * chosen only while choosing one, times only while choosing one; counts only on an empty
 * selection (or the other component of the same family); adding only while editing.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { EventTicket, ShopEvent, TicketCollection, Timeslot } from '../../src/api/schemas/catalog.js';
import type { CartLine } from '../../src/domain/cart-lines.js';
import { isFixedSubticket } from '../../src/domain/tickets.js';
import { eventTicketingMachine, type CartRef, type EventLifetime, type EventTicketingContext } from '../../machines/eventTicketing.machine.js';
import { defineModel } from './model.js';

export const TODAY = '2026-06-10';
/** the event opened from the route without a date: the booking is walked on it */
export const BOOKING_EVENT = 9;
/** the event opened from the route with a requested date */
export const DATED_EVENT = 7;
export const REQUESTED_DATE = '2026-06-15';
export const FREE_DAY = '2026-06-12';
export const SOLD_OUT_DAY = '2026-06-13';

function shopEvent(id: number, name: string, venue: { id: number; name: string }, groups: { id: number; name: string }[], sequence: number): ShopEvent {
  return {
    id, name, description: `${name} (description)`, venue, sequence_no: sequence, sorting_datetime: '2026-05-01 10:00',
    custom_groups: groups, start: '2026-05-01', end: '2026-12-31', expired: false, image: null,
  };
}
const museum = { id: 1, name: 'Main building' };
const annex = { id: 3, name: 'Annex' };
const family = { id: 2, name: 'Families' };
export const events: ShopEvent[] = [
  shopEvent(8, 'Impressionists', annex, [], 0),
  shopEvent(DATED_EVENT, 'Dinosaurs', museum, [family], 2),
  shopEvent(BOOKING_EVENT, 'Night at the museum', museum, [], 1),
];
export const bookingEvent = events[2]!;

/** The lifetime answers (the event itself comes with them in the app; tests/domain covers that). */
export const lifetime: EventLifetime = { first: '2026-05-01', last: '2026-12-31', event: null };
export const pastLifetime: EventLifetime = { first: '2026-01-01', last: '2026-05-31', event: null };

/** the calendar answer of June/July (keys as the server sends them) */
export const calendar = { '20260612': 8, '20260613': 0, '20260615': 5, '20260702': 3 };
/** the calendar answer of August/September */
export const laterCalendar = { '20260803': 4 };

export const at10 = `${FREE_DAY} 10:00`;
export const at11 = `${FREE_DAY} 11:00`;
export const at14 = `${FREE_DAY} 14:00`;
const slot = (datetime: string, places: number): Timeslot => ({ datetime, datetime_end: datetime.replace(/\d\d:00$/, (h) => `${String(Number(h.slice(0, 2)) + 1).padStart(2, '0')}:00`), max_tickets: places });
export const SLOT_PLACES: Record<string, number> = { [at10]: 4, [at11]: 0, [at14]: 6 };
const slots = [slot(at10, 4), slot(at11, 0), slot(at14, 6)];

function ticket(fields: Partial<EventTicket> & Pick<EventTicket, 'id' | 'name' | 'mode' | 'price'>): EventTicket {
  return {
    vat_value: 8.1, schedule: [], family: 0, subtickets: [], group_id: null, group_name: null, print_separately: 0,
    unique_barcode: 0, scan_separately: 0, book_with_cost: 0, book_with_cost_warn: 0, sequence_no: 1, eventId: BOOKING_EVENT,
    ...fields,
  };
}
export const ADULT = 101;
export const FAMILY = 102;
export const HIDDEN = 103;
export const DAY_PASS = 104;
export const FAMILY_ADULT = 201;
export const FAMILY_CHILDREN = 202;
export const adult = ticket({ id: ADULT, name: 'Adult', mode: 1, price: 2500, schedule: slots });
export const familyTicket = ticket({
  id: FAMILY, name: 'Family', mode: 1, price: 0, family: 1, schedule: slots,
  subtickets: [
    { id: FAMILY_ADULT, name: 'Parent', price: 2000, vat_value: 8.1, min_quantity: 1, max_quantity: 2 },
    { id: FAMILY_CHILDREN, name: 'Children', price: 1000, vat_value: 8.1, min_quantity: 2, max_quantity: 2 },
  ],
});
/** mode 1 without a slot with places: hidden (§5) */
export const hidden = ticket({ id: HIDDEN, name: 'Members', mode: 1, price: 0, schedule: [slot(at10, 0)] });
export const dayPass = ticket({ id: DAY_PASS, name: 'Day pass', mode: 3, price: 1800 });

const collection = (fields: Partial<TicketCollection>): TicketCollection => ({ event: bookingEvent, date: FREE_DAY, tickets: [], timeslot: [], ...fields });
export const offers = {
  nothing: collection({}),
  otherDay: collection({ date: '2026-06-14', tickets: [adult], timeslot: slots }),
  dayOnly: collection({ tickets: [dayPass] }),
  oneTime: collection({ tickets: [ticket({ ...adult, schedule: slots.slice(0, 2) })], timeslot: slots.slice(0, 2) }),
  times: collection({ tickets: [adult, familyTicket, hidden], timeslot: slots }),
};

/** Two adults of the booking event already in the cart at 10:00. */
export const cartLines: CartLine[] = [
  {
    type: 'ticket', id: ADULT, eventId: BOOKING_EVENT, name: 'Adult', price: 2500, totalPrice: 5000, totalCount: 2,
    datetime: at10, vat_value: 8.1, single_ticketing: 0, subtickets: [],
  },
];
export const PLACES_IN_CART_AT_10 = 2;

/** A stand-in for the app's cart actor: the cart machine's snapshot shape, records what it is sent. */
export const fakeCart = {
  id: 'cart',
  sessionId: 'fake-cart',
  sent: [] as EventObject[],
  send(event: EventObject) {
    this.sent.push(event);
  },
  _send(event: EventObject) {
    this.sent.push(event);
  },
  getSnapshot: () => ({ context: { lines: cartLines } }),
};
const cart = fakeCart as unknown as CartRef;

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });
const networkError = () => Object.assign(new TypeError('Failed to fetch'), { status: 0 });

const ctx = (s: AnyMachineSnapshot) => s.context as EventTicketingContext;
const selectionIsEmpty = (c: EventTicketingContext) =>
  Object.keys(c.selection.counts).length === 0 && Object.keys(c.selection.subtickets).length === 0;

function allowed(s: AnyMachineSnapshot, e: EventObject): boolean {
  const c = ctx(s);
  const fromList = c.events.length > 0;
  if (s.matches('Event list')) {
    if (e.type === 'SET_VENUE_FILTER') return c.filters.venue === null;
    if (e.type === 'SET_GROUP_FILTER') return c.filters.customGroup === null;
    if (e.type === 'OPEN_EVENT') return s.matches('Event list.Showing events') && fromList && c.filters.venue === null && c.filters.customGroup === null;
    return true;
  }
  // the ticket page opened from the list: only leave it again (its booking is walked on event 9)
  if (fromList) return (e.type === 'BACK_TO_LIST' || e.type === 'OPEN_EVENT') && s.matches('Ticket page.Loading lifetime');
  if (e.type === 'BACK_TO_LIST' || e.type === 'OPEN_EVENT') return false;
  if (!s.matches('Ticket page.Booking')) return true;
  if (c.eventId !== BOOKING_EVENT) return false;
  const firstMonth = c.month === '2026-06' && c.calendarMonths.length === 2;
  switch (e.type) {
    case 'SHOW_MONTH':
      return firstMonth && s.matches('Ticket page.Booking.Selection.Choosing date');
    case 'SELECT_DATE':
      return firstMonth && (s.matches('Ticket page.Booking.Selection.Choosing date') || s.matches('Ticket page.Booking.Selection.Day sold out'));
    case 'SELECT_TIME':
      return s.matches('Ticket page.Booking.Selection.Choosing time') || s.matches('Ticket page.Booking.Selection.Time sold out');
    case 'SET_COUNT':
      return selectionIsEmpty(c);
    case 'SET_SUBTICKET_COUNT':
    case 'TOGGLE_SUBTICKET': {
      const { ticketId, subticketId } = e as EventObject & { ticketId: number; subticketId: number };
      const chosen = c.selection.subtickets[ticketId] ?? {};
      return Object.keys(c.selection.counts).length === 0 && Object.keys(c.selection.subtickets).every((id) => Number(id) === ticketId) && !(subticketId in chosen);
    }
    case 'ADD_TO_CART':
      return s.matches('Ticket page.Booking.Selection.Setting counts.Editing');
    default:
      return true;
  }
}

/**
 * What a tester does for each event, in the page's words (`npm run paths -- eventTicketing --steps`);
 * keys are the chart's labels, a guard's key before the event's.
 */
type Sent = EventObject & Record<string, unknown>;
const eventName = (id: unknown) => events.find((e) => e.id === id)?.name ?? `event ${String(id)}`;
const dayWords = (date: unknown) => {
  const [y, m, d] = String(date).split('-');
  return `${Number(d)} ${['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][Number(m) - 1]} ${y}`;
};
const monthWords = (month: unknown) => dayWords(`${String(month)}-01`).replace(/^1 /, '');
const time = (datetime: unknown) => String(datetime).slice(11, 16);
const allTickets = [adult, familyTicket, hidden, dayPass];
const ticketName = (id: unknown) => allTickets.find((t) => t.id === id)?.name ?? `ticket ${String(id)}`;
const partName = (ticketId: unknown, subticketId: unknown) =>
  allTickets.find((t) => t.id === ticketId)?.subtickets.find((x) => x.id === subticketId)?.name ?? `part ${String(subticketId)}`;
const offerWords = (offer: TicketCollection) => {
  if (!offer.tickets.length) return 'No tickets are offered that day';
  const times = offer.timeslot.map((t) => time(t.datetime));
  return `The tickets of ${dayWords(offer.date)} show: ${offer.tickets.map((t) => t.name).join(', ')}${times.length ? ` at ${times.join(', ')}` : ' (no times)'}`;
};
export const eventTicketingWords: Record<string, string | ((e: Sent) => string)> = {
  OPEN_EVENT: (e) => `Open "${eventName(e.eventId)}"${e.date ? ` for ${dayWords(String(e.date).replace(/^(\d{4})(\d\d)(\d\d)$/, '$1-$2-$3'))}` : ''}`,
  'done:loadEvents': (e) => ((e.output as ShopEvent[]).length ? `The list shows ${(e.output as ShopEvent[]).length} events` : 'The list shows no events'),
  'error:loadEvents': 'The events cannot be loaded (no network)',
  SET_VENUE_FILTER: (e) => `Choose the venue "${[museum, annex].find((v) => v.id === e.venue)?.name ?? String(e.venue)}"`,
  SET_GROUP_FILTER: (e) => `Choose the category "${e.group === family.id ? family.name : String(e.group)}"`,
  RETRY: 'Press "Try again"',
  BACK_TO_LIST: 'Press "All events"',
  'done:loadLifetime [isLifetimeOver]': (e) => `The event turns out to be over (its last day was ${dayWords((e.output as EventLifetime).last)})`,
  'done:loadLifetime': (e) => `The event's dates load (${dayWords((e.output as EventLifetime).first)} to ${dayWords((e.output as EventLifetime).last)})`,
  'error:loadLifetime [isHttpFailure]': 'The event does not exist (404)',
  'error:loadLifetime': 'The event cannot be loaded (no network)',
  'done:loadCalendar': 'The calendar of this month and the next loads',
  'error:loadCalendar [isHttpFailure]': 'The calendar does not exist (404)',
  'error:loadCalendar': 'The calendar cannot be loaded (no network)',
  'SHOW_MONTH [isMonthLoaded]': (e) => `Show ${monthWords(e.month)} in the calendar`,
  'SHOW_MONTH [isMonthBookable]': (e) => `Show ${monthWords(e.month)} in the calendar (not loaded yet)`,
  'done:loadMoreCalendar': 'The further months of the calendar load',
  'error:loadMoreCalendar': 'The further months cannot be loaded (no network)',
  'SELECT_DATE [isDaySoldOut]': (e) => `Choose the sold-out day ${dayWords(e.date)}`,
  'SELECT_DATE [isDayAvailable]': (e) => `Choose a day with places left (${dayWords(e.date)})`,
  'SELECT_TIME [isTimeSoldOut]': (e) => `Choose the sold-out time ${time(e.datetime)}`,
  'SELECT_TIME [isTimeOffered]': (e) => `Choose the time ${time(e.datetime)}`,
  'done:loadTickets': (e) => offerWords(e.output as TicketCollection),
  'error:loadTickets': 'The tickets of the day cannot be loaded (500)',
  SET_COUNT: (e) => `Set "${ticketName(e.ticketId)}" to ${JSON.stringify(e.count)}`,
  SET_SUBTICKET_COUNT: (e) => `Set "${partName(e.ticketId, e.subticketId)}" of "${ticketName(e.ticketId)}" to ${JSON.stringify(e.count)}`,
  TOGGLE_SUBTICKET: (e) => `Tick "${partName(e.ticketId, e.subticketId)}" of "${ticketName(e.ticketId)}"`,
  'ADD_TO_CART [hasNothingChosen]': 'Press "Add to cart" with no ticket chosen',
  'ADD_TO_CART [hasIncompleteFamily]': 'Press "Add to cart" with a family ticket not complete',
  'ADD_TO_CART [wouldOverbook]': 'Press "Add to cart" with more tickets than the time has places',
  ADD_TO_CART: 'Press "Add to cart"',
  BUY_MORE: 'Press "Buy more tickets"',
};
const situation = (input: unknown) => {
  const i = input as { eventId?: number; date?: string; today: string };
  const page = i.eventId === undefined ? 'the event list' : `the ticket page of "${eventName(i.eventId)}"${i.date ? ` with the date ${dayWords(i.date.replace(/^(\d{4})(\d\d)(\d\d)$/, '$1-$2-$3'))} in the address` : ''}`;
  return `${page}, today ${dayWords(i.today)}, the cart holding ${PLACES_IN_CART_AT_10} × Adult of "${bookingEvent.name}" at 10:00`;
};

/** The booking event's page up to the times of its free day (the scenarios about times start there). */
const timesOfTheFreeDay = [
  { type: 'done:loadLifetime', output: lifetime },
  { type: 'done:loadCalendar', output: calendar },
  { type: 'SELECT_DATE', date: FREE_DAY },
  { type: 'done:loadTickets', output: offers.times },
] as const;

export const eventTicketingModel = defineModel({
  name: 'eventTicketing',
  machine: eventTicketingMachine,
  inputs: [
    { cart, today: TODAY },
    { cart, today: TODAY, eventId: DATED_EVENT, date: REQUESTED_DATE.replaceAll('-', '') },
    { cart, today: TODAY, eventId: BOOKING_EVENT },
  ],
  events: {
    'done:loadEvents': [{ output: events }, { output: [] }],
    'error:loadEvents': { error: networkError() },
    RETRY: {},
    SET_VENUE_FILTER: { venue: museum.id },
    SET_GROUP_FILTER: { group: family.id },
    OPEN_EVENT: [{ eventId: DATED_EVENT }, { eventId: 8, date: '20260702' }],
    BACK_TO_LIST: {},
    'done:loadLifetime': [{ output: lifetime }, { output: pastLifetime }],
    'error:loadLifetime': [{ error: httpError(404) }, { error: networkError() }],
    'done:loadCalendar': { output: calendar },
    'error:loadCalendar': [{ error: httpError(404) }, { error: networkError() }],
    SHOW_MONTH: [{ month: '2026-07' }, { month: '2026-08' }],
    'done:loadMoreCalendar': { output: laterCalendar },
    'error:loadMoreCalendar': { error: networkError() },
    SELECT_DATE: [{ date: FREE_DAY }, { date: SOLD_OUT_DAY }],
    'done:loadTickets': Object.values(offers).map((output) => ({ output })),
    'error:loadTickets': { error: httpError(500) },
    SELECT_TIME: [{ datetime: at10 }, { datetime: at11 }, { datetime: at14 }],
    // timed tickets: more than the timeslot has (the counter stops at its places) or not a number;
    // day tickets: a count (no timeslot caps them). Few choices, so the walked paths are these.
    SET_COUNT: (s) =>
      ctx(s).tickets
        .filter((t) => t.subtickets.length === 0)
        .flatMap((t) => (t.mode === 3 ? [{ ticketId: t.id, count: 3 as unknown }] : [{ ticketId: t.id, count: '9' }, { ticketId: t.id, count: 'two' }])),
    // more parents than the family ticket allows (max_quantity 2)
    SET_SUBTICKET_COUNT: (s) =>
      ctx(s).tickets.flatMap((t) => t.subtickets.filter((sub) => !isFixedSubticket(sub)).map((sub) => ({ ticketId: t.id, subticketId: sub.id, count: 5 }))),
    TOGGLE_SUBTICKET: (s) =>
      ctx(s).tickets.flatMap((t) => t.subtickets.filter((sub) => isFixedSubticket(sub)).map((sub) => ({ ticketId: t.id, subticketId: sub.id }))),
    ADD_TO_CART: {},
    BUY_MORE: {},
  },
  filterEvents: allowed,
  eventDescriptions: eventTicketingWords,
  describeInput: situation,
  scenarios: [
    {
      // the generated paths filter an empty list only (no filters on the page then: tests/replay)
      name: 'the visitor narrows the list by category, then by venue',
      input: { cart, today: TODAY },
      events: [
        { type: 'done:loadEvents', output: events },
        { type: 'SET_GROUP_FILTER', group: family.id },
        { type: 'SET_VENUE_FILTER', venue: museum.id },
      ],
    },
    {
      // a ticket page to another event's without the list between: the browser's Back list, two pages at once
      name: "from one event's ticket page straight back to another's: the page starts over for that event",
      input: { cart, today: TODAY },
      events: [
        { type: 'done:loadEvents', output: events },
        { type: 'OPEN_EVENT', eventId: DATED_EVENT },
        { type: 'BACK_TO_LIST' },
        { type: 'OPEN_EVENT', eventId: 8 },
        { type: 'OPEN_EVENT', eventId: DATED_EVENT },
        { type: 'done:loadLifetime', output: lifetime },
        { type: 'done:loadCalendar', output: calendar },
      ],
    },
    {
      name: "the calendar goes no further than the event's last month, nor back before this month",
      input: { cart, today: TODAY, eventId: BOOKING_EVENT },
      events: [
        { type: 'done:loadLifetime', output: lifetime },
        { type: 'done:loadCalendar', output: calendar },
        { type: 'SHOW_MONTH', month: '2027-01' },
        { type: 'SHOW_MONTH', month: '2026-05' },
      ],
    },
    {
      name: 'a time the day does not offer is not taken',
      input: { cart, today: TODAY, eventId: BOOKING_EVENT },
      events: [
        ...timesOfTheFreeDay,
        { type: 'SELECT_TIME', datetime: `${FREE_DAY} 23:00` },
      ],
    },
    {
      // the page shows no time as chosen after a sold-out one was tried, so the time before can be chosen again (tests/replay)
      name: 'after trying a sold-out time the visitor chooses an open one, and after trying it again the time before: its tickets',
      input: { cart, today: TODAY, eventId: BOOKING_EVENT },
      events: [
        ...timesOfTheFreeDay,
        { type: 'SELECT_TIME', datetime: at11 },
        { type: 'SELECT_TIME', datetime: at10 },
        { type: 'SELECT_TIME', datetime: at11 },
        { type: 'SELECT_TIME', datetime: at10 },
      ],
    },
  ],
});
