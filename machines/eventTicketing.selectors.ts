/**
 * What the ticket screens (src/app/screens/tickets/) read of the event ticketing machine
 * (machines/eventTicketing.machine.ts), in one place and without rules of its own (those are
 * src/domain/tickets.ts and src/domain/calendar.ts):
 *
 * - the view of every state, in tables keyed by the machine's own typed state paths: the page
 *   (TICKETING_VIEWS), the calendar region (CALENDAR_VIEWS of calendar-region.ts) and the
 *   selection region (SELECTION_VIEWS). A state added or renamed in the machine does not compile
 *   until it has a view here; a state a table does not know throws rather than showing nothing.
 * - the selectors of its context (object results need a shallow compare in useSelector).
 */
import type { ActorRefFrom, SnapshotFrom, StateValue } from 'xstate';
import type { EventTicket, ShopEvent } from '../src/api/schemas/catalog.js';
import type { Minor } from '../src/domain/money.js';
import {
  dayAvailability,
  effectiveTicketCount,
  eventCustomGroups,
  eventVenues,
  filterEvents,
  incompleteFamilyTickets,
  isDayTicket,
  isFixedSubticket,
  isTimeslotSoldOut,
  selectionPlaces,
  selectionPrice,
  selectionProblem,
  subticketCount,
  subticketLimit,
  ticketCount,
  ticketLimit,
  timeOf,
  type CounterLimit,
  type DayAvailability,
  type NamedInput,
  type SelectionProblem,
} from '../src/domain/tickets.js';
import { CALENDAR_VIEWS, monthDays, monthNavigationOf as calendarMonthNavigation, type CalendarDay, type CalendarView } from './calendar-region.js';
import { currentSlot, type EventTicketingContext, type eventTicketingMachine } from './eventTicketing.machine.js';
import { pagePathOf, regionPathOf, unreachable, viewOf, type PagePaths, type RegionPaths } from './state-paths.js';

/** The event ticketing journey's actor (src/app/journeys/eventTicketing.ts). */
export type TicketingActor = ActorRefFrom<typeof eventTicketingMachine>;
type StateValueOf = SnapshotFrom<typeof eventTicketingMachine>['value'];
type View = { context: EventTicketingContext };
type Value = { value: StateValue };

// ---------------------------------------------------------------------------------------------
// The view of each state

/** The paths of the states a page is in ('Event list.Showing events', 'Ticket page.Booking'). */
export type TicketingPagePath = PagePaths<StateValueOf>;
/** The paths of the states of the selection region ('Setting counts.Editing'). */
export type SelectionPath = RegionPaths<StateValueOf, 'Selection'>;

export type ListStage = 'loading' | 'showing' | 'failed';
export type TicketPageStage = 'loading' | 'notFound' | 'expired' | 'failed' | 'booking';
/** Which page the journey shows, and at which stage. */
export type TicketingView = { readonly kind: 'list'; readonly list: ListStage } | { readonly kind: 'ticket'; readonly page: TicketPageStage };

const list = (stage: ListStage) => ({ kind: 'list', list: stage }) as const;
const ticketPage = (stage: TicketPageStage) => ({ kind: 'ticket', page: stage }) as const;

/** Every page state's view (one object each, so a selector returns the same value while the view stays). */
export const TICKETING_VIEWS = {
  Starting: list('loading'),
  'Event list.Checking list': list('loading'),
  'Event list.Loading events': list('loading'),
  'Event list.Showing events': list('showing'),
  'Event list.Events failed': list('failed'),
  'Ticket page.Loading lifetime': ticketPage('loading'),
  'Ticket page.Loading calendar': ticketPage('loading'),
  'Ticket page.Checking requested date': ticketPage('loading'),
  'Ticket page.Event not found': ticketPage('notFound'),
  'Ticket page.Event expired': ticketPage('expired'),
  'Ticket page.Page failed': ticketPage('failed'),
  'Ticket page.Booking': ticketPage('booking'),
} as const satisfies Record<TicketingPagePath, TicketingView>;

export function ticketingViewOf(s: Value): TicketingView {
  return viewOf('eventTicketing', TICKETING_VIEWS, pagePathOf(s.value));
}

/** What the ticket page shows ('list' while the journey is on the event list). */
export type PageState = TicketPageStage | 'list';

export function pageStateOf(s: Value): PageState {
  const view = ticketingViewOf(s);
  switch (view.kind) {
    case 'list':
      return 'list';
    case 'ticket':
      return view.page;
    default:
      return unreachable(view);
  }
}

/** The event list could not be loaded. */
export const selectListFailed = (s: Value): boolean => {
  const view = ticketingViewOf(s);
  return view.kind === 'list' && view.list === 'failed';
};

/** The step of the selection region; 'none' outside the booking of a ticket page. */
export type SelectionState = 'choosingDate' | 'daySoldOut' | 'loadingTickets' | 'ticketsFailed' | 'noResults' | 'choosingTime' | 'timeSoldOut' | 'counts' | 'added' | 'none';
/** The notice of the counts step; 'none' outside it. */
export type CountsState = 'editing' | 'nothingChosen' | 'familyIncomplete' | 'overbooked' | 'none';
export interface SelectionView {
  readonly step: SelectionState;
  readonly counts: CountsState;
}

const step = (state: Exclude<SelectionState, 'counts' | 'none'>) => ({ step: state, counts: 'none' }) as const;
const counts = (state: Exclude<CountsState, 'none'>) => ({ step: 'counts', counts: state }) as const;

/** Every state of the selection region's view. */
export const SELECTION_VIEWS = {
  'Choosing date': step('choosingDate'),
  'Day sold out': step('daySoldOut'),
  'Loading tickets': step('loadingTickets'),
  'Checking offer': step('loadingTickets'),
  'Tickets failed': step('ticketsFailed'),
  'No results': step('noResults'),
  'Choosing time': step('choosingTime'),
  'Time sold out': step('timeSoldOut'),
  'Setting counts.Editing': counts('editing'),
  'Setting counts.Nothing chosen': counts('nothingChosen'),
  'Setting counts.Family incomplete': counts('familyIncomplete'),
  'Setting counts.Overbooked': counts('overbooked'),
  'Added to cart': step('added'),
} as const satisfies Record<SelectionPath, SelectionView>;

const NO_SELECTION: SelectionView = { step: 'none', counts: 'none' };

export function selectionViewOf(s: Value): SelectionView {
  const path = regionPathOf(s.value, 'Selection');
  return path === null ? NO_SELECTION : viewOf('eventTicketing', SELECTION_VIEWS, path);
}
export const selectionStateOf = (s: Value): SelectionState => selectionViewOf(s).step;
export const countsStateOf = (s: Value): CountsState => selectionViewOf(s).counts;

/** The calendar region's views, checked against this machine's states of the region. */
const CALENDAR: Record<RegionPaths<StateValueOf, 'Calendar'>, CalendarView> = CALENDAR_VIEWS;
const NO_CALENDAR: CalendarView = { loadingMonth: false, monthFailed: false };

/** Whether the date grid's month is loading or failed to load. */
export function calendarViewOf(s: Value): CalendarView {
  const path = regionPathOf(s.value, 'Calendar');
  return path === null ? NO_CALENDAR : viewOf('eventTicketing', CALENDAR, path);
}

// ---------------------------------------------------------------------------------------------
// The context, as the screens show it

/** The event list as shown: filtered and ordered. */
export const selectVisibleEvents = (s: View): ShopEvent[] => filterEvents(s.context.events, s.context.filters);
export const selectVenues = (s: View): NamedInput[] => eventVenues(s.context.events);
export const selectCustomGroups = (s: View): NamedInput[] => eventCustomGroups(s.context.events);

/** A calendar day: available, soldOut, unavailable (not offered) or past. */
export const selectDayAvailability = (s: View, date: string): DayAvailability => dayAvailability(s.context.calendar, date, s.context.today);

export type { CalendarDay };
/** Every day of a month ('YYYY-MM') with its availability and places, for the date grid. */
export const selectMonthDays = (s: View, month: string): CalendarDay[] =>
  monthDays(month, (date) => ({ availability: dayAvailability(s.context.calendar, date, s.context.today), places: s.context.calendar[date] ?? 0 }));

/** The months the calendar's previous and next buttons go to; null where the event has none. */
export const monthNavigationOf = (s: View): { previous: string | null; next: string | null } => calendarMonthNavigation(s);

export interface TimeslotView {
  datetime: string;
  time: string;
  /** places left */
  available: number;
  soldOut: boolean;
  selected: boolean;
}
export const selectTimeslots = (s: View): TimeslotView[] =>
  s.context.timeslots.map((slot) => ({
    datetime: slot.datetime,
    time: timeOf(slot.datetime),
    available: Math.max(0, slot.max_tickets),
    soldOut: isTimeslotSoldOut(slot),
    selected: s.context.datetime === slot.datetime,
  }));

export interface SubticketRow {
  id: number;
  name: string;
  price: Minor;
  count: number;
  /** fixed count (min = max): shown as a toggle between max_quantity and 0 */
  fixed: boolean;
  limit: CounterLimit;
}
export interface TicketRow {
  ticket: EventTicket;
  dayTicket: boolean;
  count: number;
  limit: CounterLimit;
  subtickets: SubticketRow[];
  /** a family ticket with some but not every component chosen */
  incompleteFamily: boolean;
}
export const selectTicketRows = (s: View): TicketRow[] => {
  const { tickets, selection } = s.context;
  const slot = currentSlot(s.context);
  const incomplete = new Set(incompleteFamilyTickets(tickets, selection));
  return tickets.map((ticket) => ({
    ticket,
    dayTicket: isDayTicket(ticket),
    /** with subtickets: 1 when any subticket is chosen (the counter is per subticket then) */
    count: ticket.subtickets.length > 0 ? effectiveTicketCount(ticket, selection) : ticketCount(selection, ticket.id),
    limit: ticketLimit(tickets, selection, ticket.id, slot),
    subtickets: ticket.subtickets.map((sub) => ({
      id: sub.id,
      name: sub.name,
      price: sub.price,
      count: subticketCount(selection, ticket.id, sub.id),
      fixed: isFixedSubticket(sub),
      limit: subticketLimit(tickets, selection, ticket.id, sub.id, slot),
    })),
    incompleteFamily: incomplete.has(ticket.id),
  }));
};
export const selectSelectionPrice = (s: View): Minor => selectionPrice(s.context.tickets, s.context.selection);
export const selectSelectionPlaces = (s: View): number => selectionPlaces(s.context.tickets, s.context.selection);
export const selectSelectionProblem = (s: View): SelectionProblem | null => selectionProblem(s.context.tickets, s.context.selection);
export const selectOverbooking = (s: View) => s.context.overbooking;
export const selectLimitNotice = (s: View) => s.context.limitNotice;
