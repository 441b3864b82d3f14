/**
 * What the ticket screens (src/app/screens/tickets/) read of the event ticketing machine
 * (machines/eventTicketing.machine.ts), in one place and without rules of its own (those are
 * src/domain/tickets.ts and src/domain/calendar.ts):
 *
 * - the view of every state, in tables keyed by the machine's own typed state paths: the page
 *   (TICKETING_VIEWS), the calendar region (CALENDAR_VIEWS of calendar-region.ts) and the
 *   selection region (SELECTION_VIEWS), read by catalogue-views.ts. A state added or renamed in
 *   the machine does not compile until it has a view here; a state a table does not know throws
 *   rather than showing nothing.
 * - the selectors of its context (object results need a shallow compare in useSelector).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
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
import { CALENDAR_VIEWS, monthDays, type CalendarDay, type CalendarView } from './calendar-region.js';
import { currentSlot, type EventTicketingContext, type eventTicketingMachine } from './eventTicketing.machine.js';
import { catalogueViews, itemView, listView, type CatalogueView, type SelectionView } from './catalogue-views.js';
import type { PagePaths, RegionPaths } from './state-paths.js';

/** The event ticketing journey's actor (src/app/journeys/eventTicketing.ts). */
export type TicketingActor = ActorRefFrom<typeof eventTicketingMachine>;
type StateValueOf = SnapshotFrom<typeof eventTicketingMachine>['value'];
type View = { context: EventTicketingContext };

// ---------------------------------------------------------------------------------------------
// The view of each state

/** The paths of the states a page is in ('Event list.Showing events', 'Ticket page.Booking'). */
export type TicketingPagePath = PagePaths<StateValueOf>;
/** The paths of the states of the selection region ('Setting counts.Editing'). */
export type SelectionPath = RegionPaths<StateValueOf, 'Selection'>;

export type TicketPageStage = 'loading' | 'notFound' | 'expired' | 'failed' | 'booking';
/** What the ticket page shows ('list' while the journey is on the event list). */
export type PageState = TicketPageStage | 'list';

/** Every page state's view (one object each, so a selector returns the same value while the view stays). */
export const TICKETING_VIEWS = {
  Starting: listView('loading'),
  'Event list.Checking list': listView('loading'),
  'Event list.Loading events': listView('loading'),
  'Event list.Showing events': listView('showing'),
  'Event list.Events failed': listView('failed'),
  'Ticket page.Loading lifetime': itemView('loading'),
  'Ticket page.Loading calendar': itemView('loading'),
  'Ticket page.Checking requested date': itemView('loading'),
  'Ticket page.Event not found': itemView('notFound'),
  'Ticket page.Event expired': itemView('expired'),
  'Ticket page.Page failed': itemView('failed'),
  'Ticket page.Booking': itemView('booking'),
} as const satisfies Record<TicketingPagePath, CatalogueView<TicketPageStage>>;

/** The step of the selection region; 'none' outside the booking of a ticket page. */
export type SelectionState = 'choosingDate' | 'daySoldOut' | 'loadingTickets' | 'ticketsFailed' | 'noResults' | 'choosingTime' | 'timeSoldOut' | 'counts' | 'added' | 'none';
/** The notice of the counts step; 'none' outside it. */
export type CountsState = 'editing' | 'nothingChosen' | 'familyIncomplete' | 'overbooked' | 'none';

const step = <const T extends Exclude<SelectionState, 'counts' | 'none'>>(state: T) => ({ step: state, counts: 'none' }) as const;
const counts = <const T extends Exclude<CountsState, 'none'>>(state: T) => ({ step: 'counts', counts: state }) as const;

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
} as const satisfies Record<SelectionPath, SelectionView<SelectionState, CountsState>>;

export const { viewOf: ticketingViewOf, pageStateOf, selectListFailed, selectionViewOf, selectionStateOf, countsStateOf, calendarViewOf } = catalogueViews('eventTicketing', {
  pages: TICKETING_VIEWS,
  selections: SELECTION_VIEWS,
  calendar: CALENDAR_VIEWS satisfies Record<RegionPaths<StateValueOf, 'Calendar'>, CalendarView>,
});

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
