import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  selectDayAvailability,
  selectLimitNotice,
  selectMonthDays,
  selectOverbooking,
  selectSelectionPlaces,
  selectSelectionProblem,
  selectTicketRows,
  selectTimeslots,
  selectVenues,
  selectVisibleEvents,
} from '../../machines/eventTicketing.selectors.js';
import type { EventTicketingContext } from '../../machines/eventTicketing.machine.js';
import { describeModel } from './describe-model.js';
import {
  ADULT,
  BOOKING_EVENT,
  DATED_EVENT,
  DAY_PASS,
  FAMILY,
  FAMILY_ADULT,
  FAMILY_CHILDREN,
  FREE_DAY,
  PLACES_IN_CART_AT_10,
  REQUESTED_DATE,
  SLOT_PLACES,
  SOLD_OUT_DAY,
  TODAY,
  at10,
  at11,
  at14,
  bookingEvent,
  events,
  eventTicketingModel,
  fakeCart,
  lifetime,
  pastLifetime,
} from './eventTicketing.model.js';
import type { Invocation, RunContext } from './model.js';

type Event = {
  type: string;
  eventId?: number;
  date?: string;
  month?: string;
  datetime?: string;
  ticketId?: number;
  subticketId?: number;
  count?: unknown;
  error?: { status?: number };
};

const ctx = (s: AnyMachineSnapshot) => s.context as EventTicketingContext;
const ev = (run: RunContext) => run.event as Event;
const invoked = (run: RunContext, id: string): Invocation[] => run.invocations.filter((i) => i.id === id);
const pending = (run: RunContext, id: string) => {
  const last = invoked(run, id).at(-1);
  expect(last, `${id} was invoked`).toBeDefined();
  expect(last).toMatchObject({ settled: false, aborted: false });
  return last!;
};
/** The calendar region loads a month beside the selection: the one 'loading' tag of a selection state that loads nothing. */
const monthLoading = (s: AnyMachineSnapshot) => s.matches({ 'Ticket page': { Booking: { Calendar: 'Loading month' } } });
const isEmptySelection = (s: AnyMachineSnapshot) => expect(ctx(s).selection).toEqual({ counts: {}, subtickets: {} });
/** what the visitor typed, as the counters read it (§5: not a number is 0) */
const asked = (count: unknown) => (count === 'two' ? 0 : Number(count));

describeModel(eventTicketingModel, {
  // ----- event list

  'Event list.Loading events': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    pending(run, 'loadEvents');
    expect(ctx(s).events).toEqual([]);
    expect(ctx(s).eventId).toBeNull();
  },
  'Event list.Showing events': (s, run) => {
    expect(s.hasTag('loading')).toBe(false);
    // the list is loaded once: coming back from a ticket page shows it without another request
    expect(invoked(run, 'loadEvents').every((i) => i.settled)).toBe(true);
    const { filters } = ctx(s);
    const loaded = ctx(s).events.length > 0;
    if (loaded) expect(ctx(s).events).toEqual(events);
    // order: sequence_no 1, 2, then sequence_no 0; filtered by venue 1 and by custom group 2
    const expected = !loaded ? [] : filters.customGroup === 2 ? [DATED_EVENT] : filters.venue === 1 ? [BOOKING_EVENT, DATED_EVENT] : [BOOKING_EVENT, DATED_EVENT, 8];
    expect(selectVisibleEvents(s).map((e) => e.id)).toEqual(expected);
    expect(selectVenues(s).map((v) => v.name)).toEqual(loaded ? ['Annex', 'Main building'] : []);
    if (ev(run).type === 'SET_VENUE_FILTER') expect(filters.venue).toBe(1);
    if (ev(run).type === 'SET_GROUP_FILTER') expect(filters.customGroup).toBe(2);
    if (ev(run).type === 'BACK_TO_LIST') {
      // the ticket page is forgotten and its pending request dropped
      expect(ctx(s)).toMatchObject({ eventId: null, event: null, lifetime: null, calendar: {}, date: null, datetime: null, month: '2026-06' });
      isEmptySelection(s);
      expect(invoked(run, 'loadLifetime').at(-1)?.aborted).toBe(true);
    }
  },
  'Event list.Events failed': (s) => {
    expect(s.hasTag('loading')).toBe(false);
    expect(ctx(s).events).toEqual([]);
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },

  // ----- ticket page

  'Ticket page.Loading lifetime': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    const { eventId } = ctx(s);
    expect(pending(run, 'loadLifetime').input).toEqual({ eventId });
    expect(ctx(s).calendar).toEqual({});
    const e = ev(run);
    if (e.type === 'xstate.init') {
      expect([DATED_EVENT, BOOKING_EVENT]).toContain(eventId);
      // the route's date (YYYYMMDD) is kept as an ISO date until the calendar says it is bookable
      expect(ctx(s).requestedDate).toBe(eventId === DATED_EVENT ? REQUESTED_DATE : null);
      expect(ctx(s).event).toBeNull();
    }
    if (e.type === 'OPEN_EVENT') {
      expect(eventId).toBe(e.eventId);
      expect(ctx(s).requestedDate).toBe(e.date ? `${e.date.slice(0, 4)}-${e.date.slice(4, 6)}-${e.date.slice(6)}` : null);
      // the list already describes the event
      expect(ctx(s).event).toEqual(events.find((x) => x.id === e.eventId));
      const all = invoked(run, 'loadLifetime');
      // opening another event from the ticket page drops the first event's request
      if (all.length > 1) expect(all.at(-2)?.aborted).toBe(true);
    }
  },
  'Ticket page.Loading calendar': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(ctx(s).lifetime).toEqual({ first: lifetime.first, last: lifetime.last });
    expect(ctx(s).month).toBe('2026-06');
    // the month plus the following month (deep=1, §9)
    expect(pending(run, 'loadCalendar').input).toEqual({ eventId: ctx(s).eventId, start: '20260601', end: '20260731' });
  },
  'Ticket page.Event not found': (s, run) => {
    expect(s.hasTag('loading')).toBe(false);
    expect(ev(run).error?.status).toBe(404);
    expect(ctx(s).calendarMonths).toEqual([]);
    expect(s.can({ type: 'RETRY' })).toBe(false);
  },
  'Ticket page.Event expired': (s) => {
    expect(s.hasTag('loading')).toBe(false);
    expect(ctx(s).lifetime).toEqual({ first: pastLifetime.first, last: pastLifetime.last });
    expect(pastLifetime.last < TODAY).toBe(true);
    expect(ctx(s).calendarMonths).toEqual([]);
    expect(s.can({ type: 'RETRY' })).toBe(false);
    expect(s.can({ type: 'SELECT_DATE', date: FREE_DAY })).toBe(false);
  },
  'Ticket page.Page failed': (s, run) => {
    expect(s.hasTag('loading')).toBe(false);
    // a network failure (no HTTP answer) can be retried
    expect(ev(run).error?.status).toBe(0);
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },

  // ----- the calendar region

  'Ticket page.Booking.Calendar.Shown': (s, run) => {
    const { month, calendarMonths } = ctx(s);
    expect(calendarMonths).toContain(month);
    const june = new Map(selectMonthDays(s, '2026-06').map((d) => [d.date, d]));
    expect(june.size).toBe(30);
    expect(june.get(FREE_DAY)).toEqual({ date: FREE_DAY, availability: 'available', places: 8 });
    expect(june.get(SOLD_OUT_DAY)).toEqual({ date: SOLD_OUT_DAY, availability: 'soldOut', places: 0 });
    expect(june.get('2026-06-11')?.availability).toBe('unavailable');
    expect(june.get('2026-06-09')?.availability).toBe('past');
    const e = ev(run);
    // §9: the calendar stays between this month and the event's last month (2026-06 … 2026-12)
    const inRange = (m: string) => m >= '2026-06' && m <= '2026-12';
    if (e.type === 'SHOW_MONTH') expect(month).toBe(inRange(e.month!) ? e.month : run.previous?.context.month);
    expect(ctx(s).monthToShow).toBeNull();
    if (e.type === 'xstate.done.actor.loadMoreCalendar') {
      // the month asked for is shown now that its days are there (issue 45)
      expect(run.previous?.context.month).not.toBe('2026-08');
      expect(month).toBe('2026-08');
      expect(calendarMonths).toEqual(['2026-06', '2026-07', '2026-08', '2026-09']);
      expect(selectDayAvailability(s, '2026-08-03')).toBe('available');
    }
    if (e.type !== 'SHOW_MONTH' && !e.type.endsWith('loadMoreCalendar')) {
      if (run.previous?.matches({ 'Ticket page': 'Booking' })) {
        // what the selection does leaves the month shown and the months loaded as they were
        expect(month).toBe(run.previous.context.month);
        expect(calendarMonths).toEqual(run.previous.context.calendarMonths);
      } else {
        expect(month).toBe('2026-06');
        expect(calendarMonths).toEqual(['2026-06', '2026-07']);
      }
    }
  },
  'Ticket page.Booking.Calendar.Loading month': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    // issue 45: the grid is not drawn for August before its days are there; it keeps the month it
    // showed (loaded, its days can be chosen meanwhile)
    expect(ctx(s).monthToShow).toBe('2026-08');
    expect(ctx(s).month).toBe(run.previous?.context.month);
    expect(ctx(s).calendarMonths).toContain(ctx(s).month);
    expect(pending(run, 'loadMoreCalendar')).toMatchObject({ src: 'loadCalendar', input: { eventId: BOOKING_EVENT, start: '20260801', end: '20260930' } });
  },
  'Ticket page.Booking.Calendar.Month failed': (s) => {
    expect(ctx(s).monthToShow).toBe('2026-08');
    expect(ctx(s).calendarMonths).toContain(ctx(s).month);
    expect(ctx(s).calendarMonths).toEqual(['2026-06', '2026-07']);
    expect(selectDayAvailability(s, '2026-08-03')).toBe('unavailable');
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },

  // ----- the selection region

  'Ticket page.Booking.Selection.Choosing date': (s) => {
    expect(ctx(s)).toMatchObject({ date: null, soldOutChoice: null, tickets: [], datetime: null });
    expect(s.can({ type: 'SELECT_DATE', date: FREE_DAY })).toBe(true);
    // days that are not offered or past cannot be chosen
    expect(s.can({ type: 'SELECT_DATE', date: '2026-06-11' })).toBe(false);
    expect(s.can({ type: 'SELECT_DATE', date: '2026-06-09' })).toBe(false);
  },
  'Ticket page.Booking.Selection.Day sold out': (s, run) => {
    expect(ctx(s).soldOutChoice).toBe(SOLD_OUT_DAY);
    expect(ctx(s).date).toBeNull();
    expect(invoked(run, 'loadTickets')).toEqual([]);
  },
  'Ticket page.Booking.Selection.Loading tickets': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    const { eventId, date } = ctx(s);
    // the requested date of the route is chosen at once when the calendar has places that day
    expect(date).toBe(eventId === DATED_EVENT ? REQUESTED_DATE : FREE_DAY);
    expect(ctx(s).requestedDate).toBeNull();
    expect(pending(run, 'loadTickets').input).toEqual({ eventId, date });
    expect(ctx(s)).toMatchObject({ tickets: [], timeslots: [], datetime: null });
  },
  'Ticket page.Booking.Selection.Tickets failed': (s) => {
    expect(s.hasTag('loading')).toBe(monthLoading(s));
    expect(ctx(s).date).toBe(FREE_DAY);
    expect(ctx(s).tickets).toEqual([]);
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
  'Ticket page.Booking.Selection.No results': (s) => {
    expect(s.hasTag('loading')).toBe(monthLoading(s));
    expect(selectTicketRows(s)).toEqual([]);
    expect(selectTimeslots(s)).toEqual([]);
    expect(ctx(s).event).toEqual(bookingEvent);
  },
  'Ticket page.Booking.Selection.Choosing time': (s) => {
    expect(ctx(s).datetime).toBeNull();
    expect(selectTimeslots(s)).toEqual([
      { datetime: at10, time: '10:00', available: 4, soldOut: false, selected: false },
      { datetime: at11, time: '11:00', available: 0, soldOut: true, selected: false },
      { datetime: at14, time: '14:00', available: 6, soldOut: false, selected: false },
    ]);
    // the ticket without a slot with places is hidden; timed tickets wait for a time
    expect(ctx(s).dateTickets.map((t) => t.id)).toEqual([ADULT, FAMILY]);
    expect(selectTicketRows(s)).toEqual([]);
  },
  'Ticket page.Booking.Selection.Time sold out': (s) => {
    expect(ctx(s).soldOutChoice).toBe(at11);
    expect(ctx(s).datetime).toBeNull();
    expect(selectTicketRows(s)).toEqual([]);
  },
  'Ticket page.Booking.Selection.Setting counts': (s) => {
    expect(s.hasTag('loading')).toBe(monthLoading(s));
    expect(ctx(s).tickets.length).toBeGreaterThan(0);
    expect(ctx(s).addedLines).toEqual([]);
    const { datetime } = ctx(s);
    // counters of timed tickets are capped by the timeslot's places (no mode 3/5 ticket on offer)
    if (datetime !== null) expect(selectSelectionPlaces(s)).toBeLessThanOrEqual(SLOT_PLACES[datetime]!);
    for (const row of selectTicketRows(s)) {
      if (row.limit.max !== null) expect(row.count).toBeLessThanOrEqual(row.limit.max);
      for (const sub of row.subtickets) if (sub.limit.max !== null) expect(sub.count).toBeLessThanOrEqual(sub.limit.max);
    }
  },
  'Ticket page.Booking.Selection.Setting counts.Editing': (s, run) => {
    const e = ev(run);
    const { datetime } = ctx(s);
    const rows = selectTicketRows(s);
    expect(ctx(s).overbooking).toBeNull();
    if (e.type === 'SELECT_TIME') {
      expect(datetime).toBe(e.datetime);
      expect(selectTimeslots(s).filter((t) => t.selected).map((t) => t.datetime)).toEqual([e.datetime]);
      expect(rows.map((r) => r.ticket.id)).toEqual([ADULT, FAMILY]);
      isEmptySelection(s);
    }
    if (e.type === 'xstate.done.actor.loadTickets') {
      // a day with day tickets only needs no time; a day with one open time takes it
      if (datetime === null) expect(rows.map((r) => [r.ticket.id, r.dayTicket])).toEqual([[DAY_PASS, true]]);
      else {
        expect(datetime).toBe(at10);
        expect(rows.map((r) => r.ticket.id)).toEqual([ADULT]);
      }
      isEmptySelection(s);
    }
    if (e.type === 'SET_COUNT') {
      const row = rows.find((r) => r.ticket.id === e.ticketId)!;
      const cap = row.dayTicket ? null : SLOT_PLACES[datetime!]!;
      const wanted = asked(e.count);
      const count = cap === null ? wanted : Math.min(wanted, cap);
      expect(row.count).toBe(count);
      expect(selectLimitNotice(s)).toEqual(count < wanted ? { ticketId: e.ticketId, subticketId: null, max: cap, reason: 'timeslot' } : null);
    }
    if (e.type === 'SET_SUBTICKET_COUNT') {
      const sub = rows.find((r) => r.ticket.id === FAMILY)!.subtickets.find((x) => x.id === e.subticketId)!;
      expect(e.subticketId).toBe(FAMILY_ADULT);
      // at most 2 parents (max_quantity)
      expect(sub.count).toBe(Math.min(Number(e.count), 2));
      expect(selectLimitNotice(s)).toEqual(Number(e.count) > 2 ? { ticketId: FAMILY, subticketId: FAMILY_ADULT, max: 2, reason: 'subticket' } : null);
    }
    if (e.type === 'TOGGLE_SUBTICKET') {
      expect(e.subticketId).toBe(FAMILY_CHILDREN);
      const family = rows.find((r) => r.ticket.id === FAMILY)!;
      // a fixed-count component is all (2 children) or nothing
      expect(family.subtickets.find((x) => x.id === FAMILY_CHILDREN)).toMatchObject({ fixed: true, count: 2 });
      expect(family.count).toBe(1);
      expect(selectLimitNotice(s)).toBeNull();
    }
    if (e.type === 'BUY_MORE') {
      isEmptySelection(s);
      expect(selectLimitNotice(s)).toBeNull();
    }
  },
  'Ticket page.Booking.Selection.Setting counts.Nothing chosen': (s) => {
    expect(selectSelectionProblem(s)).toEqual({ kind: 'empty' });
    expect(selectSelectionPlaces(s)).toBe(0);
    expect(ctx(s).overbooking).toBeNull();
  },
  'Ticket page.Booking.Selection.Setting counts.Family incomplete': (s) => {
    expect(ctx(s).incompleteFamilies).toEqual([FAMILY]);
    expect(selectSelectionProblem(s)).toEqual({ kind: 'familyIncomplete', ticketIds: [FAMILY] });
    expect(selectTicketRows(s).find((r) => r.ticket.id === FAMILY)?.incompleteFamily).toBe(true);
  },
  'Ticket page.Booking.Selection.Setting counts.Overbooked': (s) => {
    // 10:00 has 4 places and the cart already holds 2 of them: the places left are named
    expect(ctx(s).datetime).toBe(at10);
    const requested = selectSelectionPlaces(s);
    expect(requested).toBeGreaterThan(SLOT_PLACES[at10]! - PLACES_IN_CART_AT_10);
    expect(selectOverbooking(s)).toEqual({ available: SLOT_PLACES[at10]! - PLACES_IN_CART_AT_10, requested });
    expect(selectSelectionProblem(s)).toBeNull();
  },
  'Ticket page.Booking.Selection.Added to cart': (s) => {
    const lines = ctx(s).addedLines;
    expect(lines.length).toBeGreaterThan(0);
    // the lines went to the cart actor
    expect(fakeCart.sent.at(-1)).toEqual({ type: 'ADD', lines });
    // the counters start again from zero
    isEmptySelection(s);
    expect(ctx(s).overbooking).toBeNull();
    const { datetime } = ctx(s);
    for (const line of lines) {
      if (line.type === 'dayTicket') {
        expect(datetime).toBeNull();
        const n = line.totalCount;
        expect(line).toEqual({
          type: 'dayTicket', id: BOOKING_EVENT, name: bookingEvent.name, price: 0, totalPrice: 1800 * n, totalCount: n, date: FREE_DAY,
          dayTickets: [{ id: DAY_PASS, count: n, name: 'Day pass', price: 1800, vat_value: 8.1 }],
        });
      } else {
        expect(line).toMatchObject({ type: 'ticket', eventId: BOOKING_EVENT, datetime });
        if (line.type === 'ticket') {
          const subs = line.subtickets.reduce((sum, sub) => sum + sub.price * sub.count, 0);
          expect(line.totalPrice).toBe(line.price * line.totalCount + subs);
        }
      }
    }
    expect(s.can({ type: 'BUY_MORE' })).toBe(true);
  },
}, { routes: { 'Event list': 'tickets', 'Ticket page': 'ticket' } });
