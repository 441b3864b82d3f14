/**
 * The event ticketing journey (spec §2 event list and ticket selection, §5 event ticket rules,
 * §7 events and tickets, §8 errors): from the list of events to timed tickets in the cart.
 *
 * Event list: loading, showing (filters by venue and custom group; order by sequence_no, then
 * sorting_datetime where it is 0), failed.
 * Ticket page of one event: its lifetime (expired event), the calendar of the month plus the
 * following month (`deep=1`; a count of 0 is a sold-out day; a non-200 answer means not found),
 * then choosing a date (sold-out days cannot be chosen), loading that date's tickets and
 * timeslots (no results when nothing is offered), choosing a time (sold-out times cannot be
 * chosen), setting counts (the rules of src/domain/tickets.ts) and adding to the cart, which is
 * refused with the available count when it would overbook the timeslot.
 *
 * Services are `fromPromise` actors whose defaults throw "not provided" (src/app provides the
 * catalogue client, tests provide fakes). Adding to the cart is the named action `addToCart`:
 * it sends `{ type: 'ADD', lines }` to the cart actor given in the input.
 */
import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { EventTicket, Lifetime, ShopEvent, TicketCalendar as ApiTicketCalendar, TicketCollection, Timeslot } from '../src/api/schemas/catalog.js';
import type { CartLine, DayTicketLine, TicketLine } from '../src/domain/cart-lines.js';
import type { Minor } from '../src/domain/money.js';
import { calendarRange, canShowCalendarMonth, initialCalendarMonth } from '../src/domain/calendar.js';
import { EMPTY_SELECTION, NO_EVENT_FILTERS, checkSelectionOverbooking, dayAvailability, effectiveTicketCount, eventCustomGroups, eventVenues, filterEvents, findTimeslot, incompleteFamilyTickets, isDayTicket, isEventExpired, isFixedSubticket, isTimeslotSoldOut, normaliseCalendar, selectionPlaces, selectionPrice, selectionProblem, selectionToCartLines, setSubticketCount, setTicketCount, subticketCount, subticketLimit, ticketCount, ticketLimit, timeOf, toggleFixedSubticket, ticketsOfferedAt, timesOfDate, visibleTickets, type CounterLimit, type DayAvailability, type EventFilters, type LimitReason, type NamedInput, type SelectionProblem, type TicketCalendar, type TicketSelection } from '../src/domain/tickets.js';
import { addMonths, daysInMonth, monthOf, museumToday, toIsoDate } from '../src/domain/dates.js';
import type { cartMachine } from './cart.machine.js';
import { asErrorLike, notProvided } from './support.js';
import type { PageMeta } from '../src/domain/routes.js';

export type CartRef = ActorRefFrom<typeof cartMachine>;

export interface EventTicketingInput {
  /** the app's cart actor; adding sends it `{ type: 'ADD', lines }` */
  cart?: CartRef | null;
  /** today at the museum, 'YYYY-MM-DD' (default: now, UTC+1) */
  today?: string;
  /** open this event's ticket page at once (route tickets/{id}) */
  eventId?: number | null;
  /** preselect this date when it is bookable */
  date?: string | null;
}

export interface LimitNotice {
  ticketId: number;
  subticketId: number | null;
  max: number | null;
  reason: LimitReason | null;
}

export interface EventTicketingContext {
  cart: CartRef | null;
  today: string;
  events: ShopEvent[];
  filters: EventFilters;
  eventId: number | null;
  /** the event as the list or the ticket collection described it */
  event: ShopEvent | null;
  requestedDate: string | null;
  lifetime: Lifetime | null;
  /** month the calendar shows, 'YYYY-MM' */
  month: string;
  /** months whose calendar is loaded */
  calendarMonths: string[];
  /** ISO date -> places left (0 = sold out) */
  calendar: TicketCalendar;
  /** chosen date */
  date: string | null;
  /** tickets on offer that date (hidden ones already removed) */
  dateTickets: EventTicket[];
  /** the event's shared timeslots of the date (mode 1 tickets) */
  sharedSlots: Timeslot[];
  /** the times to choose from: shared timeslots plus the own slots of mode 5 tickets */
  timeslots: Timeslot[];
  /** tickets bookable at the chosen time (day tickets only until a time is chosen) */
  tickets: EventTicket[];
  /** chosen timeslot, 'YYYY-MM-DD HH:mm' */
  datetime: string | null;
  selection: TicketSelection;
  /** the last count change that a limit lowered (to say why), null otherwise */
  limitNotice: LimitNotice | null;
  /** the date or time a visitor tried that is sold out */
  soldOutChoice: string | null;
  overbooking: { available: number; requested: number } | null;
  incompleteFamilies: number[];
  /** the lines of the last add */
  addedLines: CartLine[];
}

export type EventTicketingEvent =
  | { type: 'RETRY' }
  | { type: 'SET_VENUE_FILTER'; venue: number | null }
  | { type: 'SET_GROUP_FILTER'; group: number | null }
  | { type: 'OPEN_EVENT'; eventId: number; date?: string | null }
  | { type: 'BACK_TO_LIST' }
  | { type: 'SHOW_MONTH'; month: string }
  | { type: 'SELECT_DATE'; date: string }
  | { type: 'SELECT_TIME'; datetime: string }
  | { type: 'SET_COUNT'; ticketId: number; count: unknown }
  | { type: 'SET_SUBTICKET_COUNT'; ticketId: number; subticketId: number; count: unknown }
  | { type: 'TOGGLE_SUBTICKET'; ticketId: number; subticketId: number }
  | { type: 'ADD_TO_CART' }
  | { type: 'BUY_MORE' };


/**
 * What the ticket page loads first: the event's first and last day, and the event itself (name,
 * venue, description), so a page opened by link, reload or language switch names its event at once.
 */
export interface EventLifetime extends Lifetime {
  event: ShopEvent | null;
}

export interface CalendarInput {
  eventId: number;
  /** YYYYMMDD */
  start: string;
  /** YYYYMMDD */
  end: string;
}



function cartLinesOf(context: EventTicketingContext): readonly CartLine[] {
  return context.cart?.getSnapshot().context.lines ?? [];
}

/** The shared timeslot of the chosen time: its places cap the counters (§5). */
function currentSlot(context: EventTicketingContext): Timeslot | null {
  return context.datetime ? (findTimeslot(context.sharedSlots, context.datetime) ?? findTimeslot(context.timeslots, context.datetime) ?? null) : null;
}

function openTimeslots(context: EventTicketingContext): Timeslot[] {
  return context.timeslots.filter((slot) => !isTimeslotSoldOut(slot));
}

function linesToAdd(context: EventTicketingContext): (TicketLine | DayTicketLine)[] {
  if (context.eventId === null || context.date === null) return [];
  return selectionToCartLines({
    event: { id: context.eventId, name: context.event?.name ?? '' },
    tickets: context.tickets,
    selection: context.selection,
    date: context.date,
    datetime: context.datetime,
  });
}

function overbookingOf(context: EventTicketingContext) {
  if (context.datetime === null || context.eventId === null) return { ok: true as const };
  return checkSelectionOverbooking({
    eventId: context.eventId,
    tickets: context.tickets,
    selection: context.selection,
    sharedSlots: context.sharedSlots,
    datetime: context.datetime,
    cartLines: cartLinesOf(context),
  });
}

function ticketPageReset(eventId: number, date: string | null, events: readonly ShopEvent[]): Partial<EventTicketingContext> {
  return {
    eventId,
    requestedDate: date,
    event: events.find((event) => event.id === eventId) ?? null,
    lifetime: null,
    calendar: {},
    calendarMonths: [],
    date: null,
    ...NO_OFFER,
    limitNotice: null,
    soldOutChoice: null,
    overbooking: null,
    incompleteFamilies: [],
    addedLines: [],
  };
}

const NO_OFFER = { dateTickets: [], sharedSlots: [], timeslots: [], tickets: [], datetime: null, selection: EMPTY_SELECTION } satisfies Partial<EventTicketingContext>;

export const eventTicketingMachine = setup({
  types: {
    meta: {} as PageMeta,
    tags: {} as 'loading',
    context: {} as EventTicketingContext,
    events: {} as EventTicketingEvent,
    input: {} as EventTicketingInput,
  },
  actors: {
    /** GET event/select */
    loadEvents: fromPromise<ShopEvent[]>(async () => notProvided('loadEvents')),
    /** GET ticket/lifetime?event={id} */
    loadLifetime: fromPromise<EventLifetime, { eventId: number }>(async () => notProvided('loadLifetime')),
    /** GET ticket/calendar/event/{id}/range/{start};{end}?deep=1 */
    loadCalendar: fromPromise<ApiTicketCalendar, CalendarInput>(async () => notProvided('loadCalendar')),
    /** GET ticket/collect/event/{id}/date/{date} */
    loadTickets: fromPromise<TicketCollection, { eventId: number; date: string }>(async () => notProvided('loadTickets')),
  },
  actions: {
    assignEvents: assign((_, events: ShopEvent[]) => ({ events })),
    assignVenueFilter: assign(({ context, event }) => (event.type === 'SET_VENUE_FILTER' ? { filters: { ...context.filters, venue: event.venue } } : {})),
    assignGroupFilter: assign(({ context, event }) => (event.type === 'SET_GROUP_FILTER' ? { filters: { ...context.filters, customGroup: event.group } } : {})),
    assignEventToOpen: assign(({ context, event }) =>
      event.type === 'OPEN_EVENT' ? ticketPageReset(event.eventId, event.date ? toIsoDate(event.date) : null, context.events) : {},
    ),
    assignLifetime: assign(({ context }, loaded: EventLifetime) => {
      const lifetime: Lifetime = { first: loaded.first, last: loaded.last };
      const month = initialCalendarMonth(context.today, lifetime, context.requestedDate);
      return { lifetime, month, event: context.event ?? loaded.event };
    }),
    assignCalendar: assign(({ context }, raw: ApiTicketCalendar) => ({
      calendar: { ...context.calendar, ...normaliseCalendar(raw) },
      calendarMonths: [...new Set([...context.calendarMonths, context.month, addMonths(context.month, 1)])],
    })),
    assignVisibleMonth: assign(({ event }) => (event.type === 'SHOW_MONTH' ? { month: event.month } : {})),
    assignRequestedDate: assign(({ context }) => ({ date: context.requestedDate, requestedDate: null, ...NO_OFFER })),
    assignDate: assign(({ event }) =>
      event.type === 'SELECT_DATE'
        ? { date: event.date, soldOutChoice: null, ...NO_OFFER, limitNotice: null, overbooking: null, incompleteFamilies: [] }
        : {},
    ),
    assignSoldOutDate: assign(({ event }) => (event.type === 'SELECT_DATE' ? { soldOutChoice: event.date } : {})),
    /** The offer of the chosen date; an answer for another date (the server's "next bookable day") offers nothing. */
    assignCollection: assign(({ context }, collection: TicketCollection) => {
      if (collection.date !== context.date) return { ...NO_OFFER, event: collection.event };
      const dateTickets = visibleTickets(collection.tickets);
      return {
        dateTickets,
        sharedSlots: collection.timeslot,
        timeslots: timesOfDate(dateTickets, collection.timeslot),
        tickets: ticketsOfferedAt(dateTickets, collection.timeslot, null),
        event: collection.event,
      };
    }),
    assignOnlyTime: assign(({ context }) => {
      const datetime = openTimeslots(context)[0]?.datetime ?? null;
      return { datetime, tickets: ticketsOfferedAt(context.dateTickets, context.sharedSlots, datetime) };
    }),
    assignTime: assign(({ context, event }) =>
      event.type === 'SELECT_TIME'
        ? {
            datetime: event.datetime,
            tickets: ticketsOfferedAt(context.dateTickets, context.sharedSlots, event.datetime),
            soldOutChoice: null,
            selection: EMPTY_SELECTION,
            limitNotice: null,
            overbooking: null,
            incompleteFamilies: [],
          }
        : {},
    ),
    assignSoldOutTime: assign(({ event }) => (event.type === 'SELECT_TIME' ? { soldOutChoice: event.datetime } : {})),
    assignCount: assign(({ context, event }) => {
      if (event.type !== 'SET_COUNT') return {};
      const change = setTicketCount(context.tickets, context.selection, event.ticketId, event.count, currentSlot(context));
      return {
        selection: change.selection,
        limitNotice: change.limited ? { ticketId: event.ticketId, subticketId: null, max: change.limit.max, reason: change.limit.reason } : null,
        overbooking: null,
        incompleteFamilies: [],
      };
    }),
    assignSubticketCount: assign(({ context, event }) => {
      if (event.type !== 'SET_SUBTICKET_COUNT' && event.type !== 'TOGGLE_SUBTICKET') return {};
      const slot = currentSlot(context);
      const change =
        event.type === 'SET_SUBTICKET_COUNT'
          ? setSubticketCount(context.tickets, context.selection, event.ticketId, event.subticketId, event.count, slot)
          : toggleFixedSubticket(context.tickets, context.selection, event.ticketId, event.subticketId, slot);
      return {
        selection: change.selection,
        limitNotice: change.limited ? { ticketId: event.ticketId, subticketId: event.subticketId, max: change.limit.max, reason: change.limit.reason } : null,
        overbooking: null,
        incompleteFamilies: [],
      };
    }),
    assignIncompleteFamilies: assign(({ context }) => ({ incompleteFamilies: incompleteFamilyTickets(context.tickets, context.selection) })),
    assignOverbooking: assign(({ context }) => {
      const check = overbookingOf(context);
      return { overbooking: check.ok ? null : { available: check.available, requested: check.requested } };
    }),
    assignAddedLines: assign(({ context }) => ({ addedLines: linesToAdd(context) })),
    forgetAddedLines: assign({ addedLines: [] }),
    forgetTicketPage: assign(({ context }) => ({ ...ticketPageReset(0, null, []), eventId: null, event: null, month: monthOf(context.today) })),
    resetSelection: assign({ selection: EMPTY_SELECTION, limitNotice: null, overbooking: null, incompleteFamilies: [] }),
    /** Sends the added lines to the cart actor (when there is one). */
    addToCart: enqueueActions(({ context, enqueue }) => {
      if (context.cart) enqueue.sendTo(context.cart, { type: 'ADD', lines: context.addedLines });
    }),
  },
  guards: {
    hasEventToOpen: ({ context }) => context.eventId !== null,
    hasEvents: ({ context }) => context.events.length > 0,
    isLifetimeOver: ({ context }, lifetime: EventLifetime) => isEventExpired(lifetime, null, context.today),
    /** An HTTP answer other than 2xx; a network failure (status 0) is not. */
    isHttpFailure: (_, error: unknown) => asErrorLike(error).status > 0,
    isRequestedDateBookable: ({ context }) => context.requestedDate !== null && dayAvailability(context.calendar, context.requestedDate, context.today) === 'available',
    isMonthLoaded: ({ context, event }) => event.type === 'SHOW_MONTH' && canShowCalendarMonth(event.month, context.today, context.lifetime?.last) && context.calendarMonths.includes(event.month),
    isMonthBookable: ({ context, event }) => event.type === 'SHOW_MONTH' && canShowCalendarMonth(event.month, context.today, context.lifetime?.last),
    isDaySoldOut: ({ context, event }) => event.type === 'SELECT_DATE' && dayAvailability(context.calendar, event.date, context.today) === 'soldOut',
    isDayAvailable: ({ context, event }) => event.type === 'SELECT_DATE' && dayAvailability(context.calendar, event.date, context.today) === 'available',
    hasNoTickets: ({ context }) => context.dateTickets.length === 0 || (context.dateTickets.every((t) => !isDayTicket(t)) && openTimeslots(context).length === 0),
    needsNoTime: ({ context }) => context.timeslots.length === 0 || context.dateTickets.every(isDayTicket),
    hasOneOpenTime: ({ context }) => openTimeslots(context).length === 1,
    isTimeSoldOut: ({ context, event }) => {
      if (event.type !== 'SELECT_TIME') return false;
      const slot = findTimeslot(context.timeslots, event.datetime);
      return slot !== undefined && isTimeslotSoldOut(slot);
    },
    isTimeOffered: ({ context, event }) => {
      if (event.type !== 'SELECT_TIME') return false;
      const slot = findTimeslot(context.timeslots, event.datetime);
      return slot !== undefined && !isTimeslotSoldOut(slot);
    },
    hasNothingChosen: ({ context }) => selectionProblem(context.tickets, context.selection)?.kind === 'empty',
    hasIncompleteFamily: ({ context }) => selectionProblem(context.tickets, context.selection)?.kind === 'familyIncomplete',
    wouldOverbook: ({ context }) => !overbookingOf(context).ok,
  },
}).createMachine({
  id: 'eventTicketing',
  description: 'Timed tickets: from the event list to a date, a time and counts, into the cart (§2, §5).',
  context: ({ input }) => ({
    cart: input.cart ?? null,
    today: input.today ?? museumToday(),
    events: [],
    filters: NO_EVENT_FILTERS,
    eventId: input.eventId ?? null,
    event: null,
    requestedDate: input.date ? toIsoDate(input.date) : null,
    lifetime: null,
    month: monthOf(input.today ?? museumToday()),
    calendarMonths: [],
    calendar: {},
    date: null,
    ...NO_OFFER,
    limitNotice: null,
    soldOutChoice: null,
    overbooking: null,
    incompleteFamilies: [],
    addedLines: [],
  }),
  initial: 'Starting',
  states: {
    Starting: {
      description: 'Opens the ticket page when the route names an event, else the event list.',
      always: [{ guard: 'hasEventToOpen', target: 'Ticket page' }, { target: 'Event list' }],
    },
    'Event list': {
      meta: { route: 'tickets' },
      initial: 'Checking list',
      on: {
        OPEN_EVENT: { target: 'Ticket page', actions: 'assignEventToOpen' },
      },
      states: {
        'Checking list': {
          description: 'Coming back to the list shows the events already loaded.',
          always: [{ guard: 'hasEvents', target: 'Showing events' }, { target: 'Loading events' }],
        },
        'Loading events': {
          tags: ['loading'],
          invoke: {
            id: 'loadEvents',
            src: 'loadEvents',
            onDone: { target: 'Showing events', actions: { type: 'assignEvents', params: ({ event }) => event.output } },
            onError: { target: 'Events failed' },
          },
        },
        'Showing events': {
          description: 'Events ordered by sequence_no, then by sorting_datetime where it is 0; filtered by venue and custom group.',
          on: {
            SET_VENUE_FILTER: { actions: 'assignVenueFilter' },
            SET_GROUP_FILTER: { actions: 'assignGroupFilter' },
          },
        },
        'Events failed': {
          description: 'The event list could not be loaded (unexpected error).',
          on: { RETRY: 'Loading events' },
        },
      },
    },
    'Ticket page': {
      meta: { route: 'ticket' },
      initial: 'Loading lifetime',
      on: {
        BACK_TO_LIST: { target: 'Event list', actions: 'forgetTicketPage' },
        OPEN_EVENT: { target: 'Ticket page', reenter: true, actions: 'assignEventToOpen' },
      },
      states: {
        'Loading lifetime': {
          tags: ['loading'],
          description: 'The event and its first and last day: what is it, is it over, and which month does the calendar open on?',
          invoke: {
            id: 'loadLifetime',
            src: 'loadLifetime',
            input: ({ context }) => ({ eventId: context.eventId ?? 0 }),
            onDone: [
              { guard: { type: 'isLifetimeOver', params: ({ event }) => event.output }, target: 'Event expired', actions: { type: 'assignLifetime', params: ({ event }) => event.output } },
              { target: 'Loading calendar', actions: { type: 'assignLifetime', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: { type: 'isHttpFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'Event not found' },
              { target: 'Page failed' },
            ],
          },
        },
        'Loading calendar': {
          tags: ['loading'],
          description: 'Places per day for the month plus the following month (deep=1).',
          invoke: {
            id: 'loadCalendar',
            src: 'loadCalendar',
            input: ({ context }) => ({ eventId: context.eventId ?? 0, ...calendarRange(context.month) }),
            onDone: { target: 'Checking requested date', actions: { type: 'assignCalendar', params: ({ event }) => event.output } },
            onError: [
              { guard: { type: 'isHttpFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'Event not found' },
              { target: 'Page failed' },
            ],
          },
        },
        'Checking requested date': {
          always: [
            { guard: 'isRequestedDateBookable', target: 'Booking.Selection.Loading tickets', actions: 'assignRequestedDate' },
            { target: 'Booking' },
          ],
        },
        'Event not found': { description: 'The event or its calendar does not exist (non-200 calendar, §8).' },
        'Event expired': { description: 'The last day of the event is past (§8 "event expired").' },
        'Page failed': {
          description: 'The ticket page could not be loaded (network failure).',
          on: { RETRY: 'Loading lifetime' },
        },
        Booking: {
          type: 'parallel',
          states: {
            Calendar: {
              initial: 'Shown',
              on: {
                SHOW_MONTH: [
                  { guard: 'isMonthLoaded', target: '.Shown', actions: 'assignVisibleMonth' },
                  { guard: 'isMonthBookable', target: '.Loading month', actions: 'assignVisibleMonth' },
                ],
              },
              states: {
                Shown: {},
                'Loading month': {
                  tags: ['loading'],
                  invoke: {
                    id: 'loadMoreCalendar',
                    src: 'loadCalendar',
                    input: ({ context }) => ({ eventId: context.eventId ?? 0, ...calendarRange(context.month) }),
                    onDone: { target: 'Shown', actions: { type: 'assignCalendar', params: ({ event }) => event.output } },
                    onError: { target: 'Month failed' },
                  },
                },
                'Month failed': {
                  description: 'More months of the calendar could not be loaded.',
                  on: { RETRY: 'Loading month' },
                },
              },
            },
            Selection: {
              initial: 'Choosing date',
              on: {
                SELECT_DATE: [
                  { guard: 'isDaySoldOut', target: '.Day sold out', actions: 'assignSoldOutDate' },
                  { guard: 'isDayAvailable', target: '.Loading tickets', actions: 'assignDate' },
                ],
                SELECT_TIME: [
                  { guard: 'isTimeSoldOut', target: '.Time sold out', actions: 'assignSoldOutTime' },
                  { guard: 'isTimeOffered', target: '.Setting counts', actions: 'assignTime' },
                ],
              },
              states: {
                'Choosing date': { description: 'Days with places can be chosen; sold-out and closed days cannot.' },
                'Day sold out': { description: 'The visitor tried a sold-out day; another day can be chosen.' },
                'Loading tickets': {
                  tags: ['loading'],
                  invoke: {
                    id: 'loadTickets',
                    src: 'loadTickets',
                    input: ({ context }) => ({ eventId: context.eventId ?? 0, date: context.date ?? context.today }),
                    onDone: { target: 'Checking offer', actions: { type: 'assignCollection', params: ({ event }) => event.output } },
                    onError: { target: 'Tickets failed' },
                  },
                },
                'Checking offer': {
                  always: [
                    { guard: 'hasNoTickets', target: 'No results' },
                    { guard: 'needsNoTime', target: 'Setting counts' },
                    { guard: 'hasOneOpenTime', target: 'Setting counts', actions: 'assignOnlyTime' },
                    { target: 'Choosing time' },
                  ],
                },
                'Tickets failed': {
                  description: 'The tickets of the date could not be loaded.',
                  on: { RETRY: 'Loading tickets' },
                },
                'No results': { description: 'No tickets are offered for this selection (§8).' },
                'Choosing time': { description: 'Times with places can be chosen; sold-out times cannot.' },
                'Time sold out': { description: 'The visitor tried a sold-out time; another time can be chosen.' },
                'Setting counts': {
                  initial: 'Editing',
                  on: {
                    SET_COUNT: { target: '.Editing', actions: 'assignCount' },
                    SET_SUBTICKET_COUNT: { target: '.Editing', actions: 'assignSubticketCount' },
                    TOGGLE_SUBTICKET: { target: '.Editing', actions: 'assignSubticketCount' },
                    ADD_TO_CART: [
                      { guard: 'hasNothingChosen', target: '.Nothing chosen' },
                      { guard: 'hasIncompleteFamily', target: '.Family incomplete', actions: 'assignIncompleteFamilies' },
                      { guard: 'wouldOverbook', target: '.Overbooked', actions: 'assignOverbooking' },
                      { target: 'Added to cart', actions: ['assignAddedLines', 'addToCart', 'resetSelection'] },
                    ],
                  },
                  states: {
                    Editing: { description: 'Counters are capped by the timeslot and the subticket limits (§5).' },
                    'Nothing chosen': { description: 'Adding with no ticket chosen.' },
                    'Family incomplete': { description: 'A family ticket needs a quantity for every component (§5).' },
                    Overbooked: { description: 'More places asked for than the timeslot has left; the available count is stated (§5).' },
                  },
                },
                'Added to cart': {
                  description: 'The tickets are in the cart.',
                  exit: 'forgetAddedLines',
                  on: { BUY_MORE: 'Setting counts' },
                },
              },
            },
          },
        },
      },
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Selectors for the screens (object results need a shallow compare in useSelector)

type View = { context: EventTicketingContext };

/** The event list as shown: filtered and ordered. */
export const selectVisibleEvents = (s: View): ShopEvent[] => filterEvents(s.context.events, s.context.filters);
export const selectVenues = (s: View): NamedInput[] => eventVenues(s.context.events);
export const selectCustomGroups = (s: View): NamedInput[] => eventCustomGroups(s.context.events);

/** A calendar day: available, soldOut, unavailable (not offered) or past. */
export const selectDayAvailability = (s: View, date: string): DayAvailability => dayAvailability(s.context.calendar, date, s.context.today);

export interface CalendarDay {
  date: string;
  availability: DayAvailability;
  /** places left (0 when sold out or not offered) */
  places: number;
}
/** Every day of a month ('YYYY-MM') with its availability, for the date grid. */
export const selectMonthDays = (s: View, month: string): CalendarDay[] => {
  const days: CalendarDay[] = [];
  if (!/^\d{4}-\d{2}$/.test(month)) return days;
  for (let day = 1; day <= daysInMonth(month); day++) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    days.push({ date, availability: dayAvailability(s.context.calendar, date, s.context.today), places: s.context.calendar[date] ?? 0 });
  }
  return days;
};

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
