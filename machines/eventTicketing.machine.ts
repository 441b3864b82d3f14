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
 * refused with the available count when it would overbook the timeslot. The calendar of months
 * beside the selection is the region of machines/calendar-region.ts, which the tour page shares.
 *
 * Services are `fromPromise` actors whose defaults throw "not provided" (src/app provides the
 * catalogue client, tests provide fakes). Adding to the cart is the named action `addToCart`:
 * it sends `{ type: 'ADD', lines }` to the cart actor given in the input.
 */
import { assertEvent, assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { EventTicket, Lifetime, ShopEvent, TicketCalendar as ApiTicketCalendar, TicketCollection, Timeslot } from '../src/api/schemas/catalog.js';
import type { CartLine, DayTicketLine, TicketLine } from '../src/domain/cart-lines.js';
import { calendarRange, initialCalendarMonth, isEventExpired, withCalendarRange } from '../src/domain/calendar.js';
import { EMPTY_SELECTION, NO_EVENT_FILTERS, calendarOpeningMonth, checkSelectionOverbooking, dayAvailability, findTimeslot, incompleteFamilyTickets, isDayTicket, isTimeslotSoldOut, normaliseCalendar, selectionProblem, selectionToCartLines, setSubticketCount, setTicketCount, toggleFixedSubticket, ticketsOfferedAt, timesOfDate, visibleTickets, type EventFilters, type LimitReason, type TicketCalendar, type TicketSelection } from '../src/domain/tickets.js';
import { monthOf, toIsoDate } from '../src/domain/dates.js';
import { museumToday } from '../src/domain/museum-clock.js';
import type { cartMachine } from './cart.machine.js';
import { calendarGuards, calendarRegion } from './calendar-region.js';
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
  /** a month asked for whose days are still loading: the grid keeps showing `month` until they are there */
  monthToShow: string | null;
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
export function currentSlot(context: Pick<EventTicketingContext, 'datetime' | 'sharedSlots' | 'timeslots'>): Timeslot | null {
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
    monthToShow: null,
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
    assignVenueFilter: assign(({ context }, venue: number | null) => ({ filters: { ...context.filters, venue } })),
    assignGroupFilter: assign(({ context }, customGroup: number | null) => ({ filters: { ...context.filters, customGroup } })),
    assignEventToOpen: assign(({ context, event }) => {
      assertEvent(event, 'OPEN_EVENT');
      return ticketPageReset(event.eventId, event.date ? toIsoDate(event.date) : null, context.events);
    }),
    assignLifetime: assign(({ context }, loaded: EventLifetime) => {
      const lifetime: Lifetime = { first: loaded.first, last: loaded.last };
      const month = initialCalendarMonth(context.today, lifetime, context.requestedDate);
      return { lifetime, month, event: context.event ?? loaded.event };
    }),
    /** The days of the month shown and the one after (the calendar region's answer). */
    assignCalendar: assign(({ context }, raw: ApiTicketCalendar) => ({
      calendar: { ...context.calendar, ...normaliseCalendar(raw) },
      calendarMonths: withCalendarRange(context.calendarMonths, context.month),
    })),
    /** A month whose days are loaded is shown at once. */
    assignVisibleMonth: assign((_, month: string) => ({ month, monthToShow: null })),
    /** A month not loaded yet: remembered, and shown only once its days are there (drawn once, with its data; issue 45). */
    assignMonthToShow: assign((_, month: string) => ({ monthToShow: month })),
    showLoadedMonth: assign(({ context }) => ({ month: context.monthToShow ?? context.month, monthToShow: null })),
    /** Without a date in the address, the calendar opens on a month with places (the next one when this one has none left). */
    showMonthWithPlaces: assign(({ context }) => (context.requestedDate !== null ? {} : { month: calendarOpeningMonth(context.calendar, context.month, context.today) })),
    assignRequestedDate: assign(({ context }) => ({ date: context.requestedDate, requestedDate: null, ...NO_OFFER })),
    assignDate: assign(({ event }) => {
      assertEvent(event, 'SELECT_DATE');
      return { date: event.date, soldOutChoice: null, ...NO_OFFER, limitNotice: null, overbooking: null, incompleteFamilies: [] };
    }),
    assignSoldOutDate: assign(({ event }) => {
      assertEvent(event, 'SELECT_DATE');
      return { soldOutChoice: event.date };
    }),
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
    assignTime: assign(({ context, event }) => {
      assertEvent(event, 'SELECT_TIME');
      return {
        datetime: event.datetime,
        tickets: ticketsOfferedAt(context.dateTickets, context.sharedSlots, event.datetime),
        soldOutChoice: null,
        selection: EMPTY_SELECTION,
        limitNotice: null,
        overbooking: null,
        incompleteFamilies: [],
      };
    }),
    // as before any time was chosen: the time before, its tickets and counts are dropped while the notice shows (it can be chosen again)
    assignSoldOutTime: assign(({ context, event }) => {
      assertEvent(event, 'SELECT_TIME');
      return {
        soldOutChoice: event.datetime,
        datetime: null,
        tickets: ticketsOfferedAt(context.dateTickets, context.sharedSlots, null),
        selection: EMPTY_SELECTION,
        limitNotice: null,
        overbooking: null,
        incompleteFamilies: [],
      };
    }),
    assignCount: assign(({ context, event }) => {
      assertEvent(event, 'SET_COUNT');
      const change = setTicketCount(context.tickets, context.selection, event.ticketId, event.count, currentSlot(context));
      return {
        selection: change.selection,
        limitNotice: change.limited ? { ticketId: event.ticketId, subticketId: null, max: change.limit.max, reason: change.limit.reason } : null,
        overbooking: null,
        incompleteFamilies: [],
      };
    }),
    assignSubticketCount: assign(({ context, event }) => {
      assertEvent(event, ['SET_SUBTICKET_COUNT', 'TOGGLE_SUBTICKET']);
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
    /** The calendar region's (machines/calendar-region.ts), for the month asked for (params). */
    isMonthLoaded: ({ context }, month: string) => calendarGuards.isMonthLoaded(context, month),
    isMonthBookable: ({ context }, month: string) => calendarGuards.isMonthBookable(context, month),
    /** The day asked for (params) has no places left. */
    isDaySoldOut: ({ context }, date: string) => dayAvailability(context.calendar, date, context.today) === 'soldOut',
    /** The day asked for (params) has places. */
    isDayAvailable: ({ context }, date: string) => dayAvailability(context.calendar, date, context.today) === 'available',
    hasNoTickets: ({ context }) => context.dateTickets.length === 0 || (context.dateTickets.every((t) => !isDayTicket(t)) && openTimeslots(context).length === 0),
    needsNoTime: ({ context }) => context.timeslots.length === 0 || context.dateTickets.every(isDayTicket),
    hasOneOpenTime: ({ context }) => openTimeslots(context).length === 1,
    /** The time asked for (params) is one of the date's and has no places left. */
    isTimeSoldOut: ({ context }, datetime: string) => {
      const slot = findTimeslot(context.timeslots, datetime);
      return slot !== undefined && isTimeslotSoldOut(slot);
    },
    /** The time asked for (params) is one of the date's and has places. */
    isTimeOffered: ({ context }, datetime: string) => {
      const slot = findTimeslot(context.timeslots, datetime);
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
    monthToShow: null,
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
            SET_VENUE_FILTER: { actions: { type: 'assignVenueFilter', params: ({ event }) => event.venue } },
            SET_GROUP_FILTER: { actions: { type: 'assignGroupFilter', params: ({ event }) => event.group } },
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
            onDone: { target: 'Checking requested date', actions: [{ type: 'assignCalendar', params: ({ event }) => event.output }, 'showMonthWithPlaces'] },
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
            Calendar: calendarRegion({
              whenMonthAsked: 'assignMonthToShow',
              whenMonthLoaded: ['showLoadedMonth'],
              input: ({ context }: { context: EventTicketingContext }) => ({ eventId: context.eventId ?? 0, ...calendarRange(context.monthToShow ?? context.month) }),
              loadingDescription: 'The days of the month asked for (and the one after); the grid keeps showing the current month, whose days can still be chosen, until they are there.',
            }),
            Selection: {
              initial: 'Choosing date',
              on: {
                SELECT_DATE: [
                  { guard: { type: 'isDaySoldOut', params: ({ event }) => event.date }, target: '.Day sold out', actions: 'assignSoldOutDate' },
                  { guard: { type: 'isDayAvailable', params: ({ event }) => event.date }, target: '.Loading tickets', actions: 'assignDate' },
                ],
                SELECT_TIME: [
                  { guard: { type: 'isTimeSoldOut', params: ({ event }) => event.datetime }, target: '.Time sold out', actions: 'assignSoldOutTime' },
                  { guard: { type: 'isTimeOffered', params: ({ event }) => event.datetime }, target: '.Setting counts', actions: 'assignTime' },
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
