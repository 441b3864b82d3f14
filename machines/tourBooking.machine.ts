/**
 * The guided tour booking journey (spec §2 tour list and tour detail, §4 tour page flags, §5 tour
 * counts, §7 tour calls, §8 errors): from the tour list to a tour in the cart.
 *
 * Tour list: loading the list (tours, categories and the overview of the next days at once),
 * showing it with filters by tour language, date (today, tomorrow, the next days that have tours,
 * or any date), category and venue; failed.
 * Tour page: loading its limits (lifetime), then its calendar (month plus following month; a
 * non-200 answer means not found), then the requested date when bookable, else the first
 * available day (saying that the requested one is not bookable); loading the single tour of
 * that date (schedule with places and the slot price lists, questions); choosing the time by §4;
 * setting counts (src/domain/tours.ts), answering the group questions and adding to the cart.
 * Sold-out days and times cannot be chosen. The calendar of months beside the selection is the
 * region of machines/calendar-region.ts, which the ticket page shares.
 *
 * Services are `fromPromise` actors whose defaults throw "not provided" (src/app provides the
 * catalogue client, tests provide fakes). Adding to the cart sends `{ type: 'ADD', lines }` to
 * the cart actor given in the input.
 */
import { assertEvent, assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { Lifetime, Named, TourCalendar as ApiTourCalendar, Tour, TourDetail, TourSlot } from '../src/api/schemas/catalog.js';
import type { TourLine } from '../src/domain/cart-lines.js';
import { monthOf, toIsoDate } from '../src/domain/dates.js';
import { museumToday } from '../src/domain/museum-clock.js';
import { calendarRange, initialCalendarMonth, withCalendarRange } from '../src/domain/calendar.js';
import { isEventExpired } from '../src/domain/calendar.js';
import {
  NO_TOUR_FILTERS,
  answerProblems,
  asksGroupSize,
  chooseTourTime,
  clearAnswer,
  countProblem,
  emptyTourForm,
  heldInCart,
  initialTourDate,
  initialTourLanguage,
  setAnswer,
  setBookingMode,
  setParticipants,
  setTourCount,
  setTourSubticketCount,
  setTourTicketCount,
  slotAfterCart,
  tourCartLine,
  tourDayAvailability,
  type AnswerProblem,
  type BookingMode,
  type CountProblem,
  type TourCalendar,
  type TourFilters,
  type TourForm,
  type TourLimitReason,
  type TourOverview,
} from '../src/domain/tours.js';
import type { cartMachine } from './cart.machine.js';
import { calendarGuards, calendarRegion } from './calendar-region.js';
import { asErrorLike, notProvided } from './support.js';
import type { PageMeta } from '../src/domain/routes.js';

export type CartRef = ActorRefFrom<typeof cartMachine>;

export interface TourBookingInput {
  /** the app's cart actor; adding sends it `{ type: 'ADD', lines }` */
  cart?: CartRef | null;
  /** today at the museum, 'YYYY-MM-DD' (default: now, UTC+1) */
  today?: string;
  /** the interface language (the language filter starts on it when tours exist in it) */
  lang?: string;
  /** guided_tour_default_language of the configuration */
  defaultTourLanguage?: string;
  /** open this tour's page at once (route guided-tours/{id}) */
  tourId?: number | null;
  /** preselect this date when it is bookable */
  date?: string | null;
}

/** What the list needs, loaded at once: GET tour/select/event, tour/attr, tour/overview. */
export interface TourListData {
  tours: Tour[];
  categories: Named[];
  overview: TourOverview;
}

export type CountField = { kind: 'tours'; id: number } | { kind: 'ticket'; id: number } | { kind: 'subticket'; id: number; subId: number } | { kind: 'participants' };

export interface LimitNotice {
  field: CountField;
  max: number;
  reason: TourLimitReason;
}

export interface TourBookingContext {
  cart: CartRef | null;
  today: string;
  lang: string;
  defaultTourLanguage: string;
  tours: Tour[];
  categories: Named[];
  overview: TourOverview;
  filters: TourFilters;
  listLoaded: boolean;
  tourId: number | null;
  /** the single tour of the chosen date (schedule, questions) */
  tour: TourDetail | null;
  requestedDate: string | null;
  /** the requested date when it could not be booked (the page names the next available one) */
  unavailableDate: string | null;
  lifetime: Lifetime | null;
  /** month the calendar shows, 'YYYY-MM' */
  month: string;
  /** a month asked for whose days are still loading: the grid keeps showing `month` until they are there */
  monthToShow: string | null;
  calendarMonths: string[];
  calendar: TourCalendar;
  date: string | null;
  /** chosen time 'HH:mm' (kept when the next date still offers it, §4) */
  time: string | null;
  form: TourForm;
  limitNotice: LimitNotice | null;
  /** the date or time a visitor tried that is sold out */
  soldOutChoice: string | null;
  countProblem: CountProblem | null;
  answerProblems: Record<number, AnswerProblem>;
  addedLine: TourLine | null;
}

export type TourBookingEvent =
  | { type: 'RETRY' }
  | { type: 'SET_LANGUAGE_FILTER'; language: string | null }
  | { type: 'SET_DATE_FILTER'; date: string | null }
  | { type: 'SET_CATEGORY_FILTER'; category: number | null }
  | { type: 'SET_VENUE_FILTER'; venue: number | null }
  | { type: 'CLEAR_FILTERS' }
  | { type: 'OPEN_TOUR'; tourId: number; date?: string | null }
  | { type: 'BACK_TO_LIST' }
  | { type: 'SHOW_MONTH'; month: string }
  | { type: 'SELECT_DATE'; date: string }
  | { type: 'SELECT_TIME'; time: string }
  | { type: 'SET_MODE'; mode: BookingMode }
  | { type: 'SET_TOURS'; priceId: number; count: unknown }
  | { type: 'SET_TICKETS'; ticketId: number; count: unknown }
  | { type: 'SET_SUBTICKETS'; ticketId: number; subticketId: number; count: unknown }
  | { type: 'SET_PARTICIPANTS'; count: unknown }
  | { type: 'SET_ANSWER'; questionId: number; value: string }
  | { type: 'CLEAR_ANSWER'; questionId: number }
  | { type: 'ADD_TO_CART' }
  | { type: 'BUY_MORE' };

export interface CalendarInput {
  tourId: number;
  /** YYYYMMDD */
  start: string;
  /** YYYYMMDD */
  end: string;
}

/** The chosen slot as this visitor can still book it (less what the cart already holds there). */
export function currentSlot(context: Pick<TourBookingContext, 'tour' | 'time' | 'date' | 'tourId' | 'cart'>): TourSlot | null {
  const slot = context.tour?.schedule.find((s) => s.time === context.time) ?? null;
  if (!slot || context.date === null || context.tourId === null) return slot;
  return slotAfterCart(slot, heldInCart(context.cart?.getSnapshot().context.lines ?? [], context.tourId, context.date, slot.time));
}

const NO_PROBLEMS = { limitNotice: null, countProblem: null, answerProblems: {} } satisfies Partial<TourBookingContext>;

function tourPageReset(tourId: number, date: string | null): Partial<TourBookingContext> {
  return {
    tourId,
    requestedDate: date ? toIsoDate(date) : null,
    unavailableDate: null,
    tour: null,
    lifetime: null,
    calendar: {},
    calendarMonths: [],
    monthToShow: null,
    date: null,
    time: null,
    form: emptyTourForm(null),
    soldOutChoice: null,
    addedLine: null,
    ...NO_PROBLEMS,
  };
}

function normaliseTourCalendar(raw: ApiTourCalendar): TourCalendar {
  const out: Record<string, ApiTourCalendar[string]> = {};
  for (const [key, times] of Object.entries(raw)) {
    const date = toIsoDate(key);
    if (date) out[date] = times;
  }
  return out;
}

type CountEvent = Extract<TourBookingEvent, { type: 'SET_TOURS' | 'SET_TICKETS' | 'SET_SUBTICKETS' | 'SET_PARTICIPANTS' }>;

/** What a count event changes (§5): the field it names, the form after it, and whether a limit lowered it. */
function countChange(tour: TourDetail, slot: TourSlot | null, form: TourForm, event: CountEvent) {
  switch (event.type) {
    case 'SET_TOURS':
      return { field: { kind: 'tours', id: event.priceId } satisfies CountField, ...setTourCount(tour, slot, form, event.priceId, event.count) };
    case 'SET_TICKETS':
      return { field: { kind: 'ticket', id: event.ticketId } satisfies CountField, ...setTourTicketCount(tour, slot, form, event.ticketId, event.count) };
    case 'SET_SUBTICKETS':
      return {
        field: { kind: 'subticket', id: event.ticketId, subId: event.subticketId } satisfies CountField,
        ...setTourSubticketCount(tour, slot, form, event.ticketId, event.subticketId, event.count),
      };
    case 'SET_PARTICIPANTS':
      return { field: { kind: 'participants' } satisfies CountField, ...setParticipants(tour, slot, form, event.count) };
    default:
      return unexpectedEvent(event);
  }
}

function unexpectedEvent(event: never): never {
  throw new Error(`tourBooking: unexpected count event ${JSON.stringify(event)}`);
}

export const tourBookingMachine = setup({
  types: {
    meta: {} as PageMeta,
    tags: {} as 'loading',
    context: {} as TourBookingContext,
    events: {} as TourBookingEvent,
    input: {} as TourBookingInput,
  },
  actors: {
    /** GET tour/select/event, tour/attr and tour/overview?date&lookahead */
    loadList: fromPromise<TourListData, { today: string }>(async () => notProvided('loadList')),
    /** GET tour/lifetime/tour/{id} */
    loadLimits: fromPromise<Lifetime, { tourId: number }>(async () => notProvided('loadLimits')),
    /** GET tour/calendar/tour/{id}/range/{start};{end} */
    loadCalendar: fromPromise<ApiTourCalendar, CalendarInput>(async () => notProvided('loadCalendar')),
    /** GET tour?tour=ID&date */
    loadSingle: fromPromise<TourDetail, { tourId: number; date: string }>(async () => notProvided('loadSingle')),
  },
  actions: {
    assignList: assign(({ context }, data: TourListData) => ({
      tours: data.tours,
      categories: data.categories,
      overview: data.overview,
      listLoaded: true,
      filters: { ...NO_TOUR_FILTERS, language: initialTourLanguage(data.tours, context.lang, context.defaultTourLanguage) },
    })),
    assignLanguageFilter: assign(({ context }, language: string | null) => ({ filters: { ...context.filters, language } })),
    assignDateFilter: assign(({ context }, date: string | null) => ({ filters: { ...context.filters, date: date === null ? null : toIsoDate(date) } })),
    assignCategoryFilter: assign(({ context }, category: number | null) => ({ filters: { ...context.filters, category } })),
    assignVenueFilter: assign(({ context }, venue: number | null) => ({ filters: { ...context.filters, venue } })),
    clearFilters: assign({ filters: NO_TOUR_FILTERS }),
    assignTourToOpen: assign(({ event }) => {
      assertEvent(event, 'OPEN_TOUR');
      return tourPageReset(event.tourId, event.date ?? null);
    }),
    forgetTourPage: assign(({ context }) => ({ ...tourPageReset(0, null), tourId: null, month: monthOf(context.today) })),
    assignLimits: assign(({ context }, lifetime: Lifetime) => ({ lifetime, month: initialCalendarMonth(context.today, lifetime, context.requestedDate) })),
    /** The days of the month shown and the one after (the calendar region's answer). */
    assignCalendar: assign(({ context }, raw: ApiTourCalendar) => ({
      calendar: { ...context.calendar, ...normaliseTourCalendar(raw) },
      calendarMonths: withCalendarRange(context.calendarMonths, context.month),
    })),
    /** A month whose days are loaded is shown at once. */
    assignVisibleMonth: assign((_, month: string) => ({ month, monthToShow: null })),
    /** A month not loaded yet: remembered, and shown only once its days are there (drawn once, with its data). */
    assignMonthToShow: assign((_, month: string) => ({ monthToShow: month })),
    showLoadedMonth: assign(({ context }) => ({ month: context.monthToShow ?? context.month, monthToShow: null })),
    /** §4: the requested date when available, else the first available day (the requested one is then named as not bookable). */
    assignStartDate: assign(({ context }) => {
      const date = initialTourDate(context.calendar, context.requestedDate, context.today);
      return {
        date,
        month: date ? monthOf(date) : context.month,
        unavailableDate: context.requestedDate !== null && context.requestedDate !== date ? context.requestedDate : null,
        requestedDate: null,
      };
    }),
    assignDate: assign(({ event }) => {
      assertEvent(event, 'SELECT_DATE');
      return { date: event.date, soldOutChoice: null, unavailableDate: null, ...NO_PROBLEMS };
    }),
    assignSoldOutDate: assign(({ event }) => {
      assertEvent(event, 'SELECT_DATE');
      return { soldOutChoice: event.date };
    }),
    assignSingle: assign(({ context }, tour: TourDetail) => ({
      tour,
      // a new tour starts its form afresh; another date of the same tour keeps the mode and answers
      form: context.tour?.id === tour.id ? { ...emptyTourForm(tour), mode: context.form.mode, answers: context.form.answers } : emptyTourForm(tour),
    })),
    /** §4: the only open time; else the current time when still offered; else the first. */
    assignChosenTime: assign(({ context }) => ({ time: chooseTourTime(context.tour?.schedule ?? [], context.time) })),
    assignSoldOutDay: assign(({ context }) => ({ soldOutChoice: context.date })),
    /** The time chosen: the counts start afresh (mode and answers stay); a page without its tour keeps what it has. */
    assignTime: assign(({ context, event }) => {
      assertEvent(event, 'SELECT_TIME');
      if (!context.tour) return {};
      return { time: event.time, soldOutChoice: null, form: { ...emptyTourForm(context.tour), mode: context.form.mode, answers: context.form.answers }, ...NO_PROBLEMS };
    }),
    assignSoldOutTime: assign(({ event }) => {
      assertEvent(event, 'SELECT_TIME');
      return { soldOutChoice: event.time };
    }),
    assignCount: assign(({ context, event }) => {
      assertEvent(event, ['SET_TOURS', 'SET_TICKETS', 'SET_SUBTICKETS', 'SET_PARTICIPANTS']);
      const tour = context.tour;
      if (!tour) return {};
      const change = countChange(tour, currentSlot(context), context.form, event);
      return {
        form: change.form,
        limitNotice: change.limited ? { field: change.field, max: change.limit.max, reason: change.limit.reason } : null,
        countProblem: null,
      };
    }),
    assignMode: assign(({ context, event }) => {
      assertEvent(event, 'SET_MODE');
      if (!context.tour) return {};
      return { form: setBookingMode(context.tour, context.form, event.mode), limitNotice: null, countProblem: null };
    }),
    /** An answer given or cleared; a question the tour does not ask is ignored. */
    assignAnswer: assign(({ context, event }) => {
      assertEvent(event, ['SET_ANSWER', 'CLEAR_ANSWER']);
      const question = context.tour?.questions.find((q) => q.id === event.questionId);
      if (!question) return {};
      const answers = event.type === 'SET_ANSWER' ? setAnswer(context.form.answers, question, event.value) : clearAnswer(context.form.answers, question.id);
      const { [question.id]: _fixed, ...others } = context.answerProblems;
      return { form: { ...context.form, answers }, answerProblems: others };
    }),
    assignProblems: assign(({ context }) => ({
      countProblem: context.tour ? countProblem(context.tour, currentSlot(context), context.form) : null,
      answerProblems: answerProblems(context.tour?.questions ?? [], context.form.answers),
      limitNotice: null,
    })),
    assignAddedLine: assign(({ context }) => {
      const slot = context.tour?.schedule.find((s) => s.time === context.time);
      return { addedLine: context.tour && slot && context.date ? tourCartLine(context.tour, slot, context.date, context.form, context.tour.questions) : null };
    }),
    forgetAddedLine: assign({ addedLine: null }),
    resetForm: assign(({ context }) => ({ form: emptyTourForm(context.tour), ...NO_PROBLEMS })),
    /** Sends the added line to the cart actor (when there is one). */
    addToCart: enqueueActions(({ context, enqueue }) => {
      if (context.cart && context.addedLine) enqueue.sendTo(context.cart, { type: 'ADD', lines: [context.addedLine] });
    }),
  },
  guards: {
    hasTourToOpen: ({ context }) => context.tourId !== null,
    isListLoaded: ({ context }) => context.listLoaded,
    /** An HTTP answer other than 2xx; a network failure (status 0) is not. */
    isHttpFailure: (_, error: unknown) => asErrorLike(error).status > 0,
    isLifetimeOver: ({ context }, lifetime: Lifetime) => isEventExpired(lifetime, null, context.today),
    hasStartDate: ({ context }) => initialTourDate(context.calendar, context.requestedDate, context.today) !== null,
    /** The calendar region's (machines/calendar-region.ts), for the month asked for (params). */
    isMonthLoaded: ({ context }, month: string) => calendarGuards.isMonthLoaded(context, month),
    isMonthBookable: ({ context }, month: string) => calendarGuards.isMonthBookable(context, month),
    /** The day asked for (params) has tour times, all sold out. */
    isDaySoldOut: ({ context }, date: string) => tourDayAvailability(context.calendar, date, context.today) === 'soldOut',
    /** The day asked for (params) has a tour time with places. */
    isDayAvailable: ({ context }, date: string) => tourDayAvailability(context.calendar, date, context.today) === 'available',
    hasOpenTime: ({ context }) => chooseTourTime(context.tour?.schedule ?? [], context.time) !== null,
    /** The time asked for (params) is one of the day's and sold out. */
    isTimeSoldOut: ({ context }, time: string) => context.tour?.schedule.some((s) => s.time === time && s.soldout) ?? false,
    /** §5: the group size is typed only when the tickets do not make it (asksGroupSize). */
    asksGroupSize: ({ context }) => context.tour !== null && asksGroupSize(context.tour, context.form.mode),
    /** The time asked for (params) is one of the day's and has places. */
    isTimeOffered: ({ context }, time: string) => context.tour?.schedule.some((s) => s.time === time && !s.soldout) ?? false,
    hasCountProblem: ({ context }) => context.tour !== null && countProblem(context.tour, currentSlot(context), context.form) !== null,
    hasAnswerProblem: ({ context }) => Object.keys(answerProblems(context.tour?.questions ?? [], context.form.answers)).length > 0,
  },
}).createMachine({
  id: 'tourBooking',
  description: 'Guided tours: from the tour list to a date, a time, counts and group answers, into the cart (§2, §4, §5).',
  context: ({ input }) => ({
    cart: input.cart ?? null,
    today: input.today ?? museumToday(),
    lang: input.lang ?? 'de',
    defaultTourLanguage: input.defaultTourLanguage ?? 'de',
    tours: [],
    categories: [],
    overview: {},
    filters: NO_TOUR_FILTERS,
    listLoaded: false,
    month: monthOf(input.today ?? museumToday()),
    ...tourPageReset(input.tourId ?? 0, input.date ?? null),
    tourId: input.tourId ?? null,
  }) as TourBookingContext,
  initial: 'Starting',
  states: {
    Starting: {
      description: "Opens the tour's page when the route names a tour, else the tour list.",
      always: [{ guard: 'hasTourToOpen', target: 'Tour page' }, { target: 'Tour list' }],
    },
    'Tour list': {
      meta: { route: 'guidedTours' },
      initial: 'Checking list',
      on: {
        OPEN_TOUR: { target: 'Tour page', actions: 'assignTourToOpen' },
      },
      states: {
        'Checking list': {
          description: 'Coming back to the list shows the tours already loaded.',
          always: [{ guard: 'isListLoaded', target: 'Showing tours' }, { target: 'Loading list' }],
        },
        'Loading list': {
          tags: ['loading'],
          description: 'Tours, categories and which tours each of the next days has.',
          invoke: {
            id: 'loadList',
            src: 'loadList',
            input: ({ context }) => ({ today: context.today }),
            onDone: { target: 'Showing tours', actions: { type: 'assignList', params: ({ event }) => event.output } },
            onError: { target: 'List failed' },
          },
        },
        'Showing tours': {
          description: 'Filtered by tour language, date, category and venue; an empty result offers the way back to every tour.',
          on: {
            SET_LANGUAGE_FILTER: { actions: { type: 'assignLanguageFilter', params: ({ event }) => event.language } },
            SET_DATE_FILTER: { actions: { type: 'assignDateFilter', params: ({ event }) => event.date } },
            SET_CATEGORY_FILTER: { actions: { type: 'assignCategoryFilter', params: ({ event }) => event.category } },
            SET_VENUE_FILTER: { actions: { type: 'assignVenueFilter', params: ({ event }) => event.venue } },
            CLEAR_FILTERS: { actions: 'clearFilters' },
          },
        },
        'List failed': {
          description: 'The tour list could not be loaded (unexpected error).',
          on: { RETRY: 'Loading list' },
        },
      },
    },
    'Tour page': {
      meta: { route: 'guidedTour' },
      initial: 'Loading limits',
      on: {
        BACK_TO_LIST: { target: 'Tour list', actions: 'forgetTourPage' },
        OPEN_TOUR: { target: 'Tour page', reenter: true, actions: 'assignTourToOpen' },
      },
      states: {
        'Loading limits': {
          tags: ['loading'],
          description: 'First and last day of the tour: is it over, and which month does the calendar open on?',
          invoke: {
            id: 'loadLimits',
            src: 'loadLimits',
            input: ({ context }) => ({ tourId: context.tourId ?? 0 }),
            onDone: [
              { guard: { type: 'isLifetimeOver', params: ({ event }) => event.output }, target: 'Tour over', actions: { type: 'assignLimits', params: ({ event }) => event.output } },
              { target: 'Loading calendar', actions: { type: 'assignLimits', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: { type: 'isHttpFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'Tour not found' },
              { target: 'Page failed' },
            ],
          },
        },
        'Loading calendar': {
          tags: ['loading'],
          description: 'Times with places per day for the month plus the following month.',
          invoke: {
            id: 'loadCalendar',
            src: 'loadCalendar',
            input: ({ context }) => ({ tourId: context.tourId ?? 0, ...calendarRange(context.month) }),
            onDone: { target: 'Choosing start date', actions: { type: 'assignCalendar', params: ({ event }) => event.output } },
            onError: [
              { guard: { type: 'isHttpFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'Tour not found' },
              { target: 'Page failed' },
            ],
          },
        },
        'Choosing start date': {
          description: '§4: the requested date when available, else the first available day.',
          always: [
            { guard: 'hasStartDate', target: 'Booking.Selection.Loading single', actions: 'assignStartDate' },
            { target: 'Booking' },
          ],
        },
        'Tour not found': { description: 'The tour, its limits, its calendar or its day does not exist (non-200, §8).' },
        'Tour over': { description: 'The last day of the tour is past: nothing can be booked any more.' },
        'Page failed': {
          description: 'The tour page could not be loaded (network failure).',
          on: { RETRY: 'Loading limits' },
        },
        Booking: {
          type: 'parallel',
          states: {
            Calendar: calendarRegion({
              whenMonthAsked: 'assignMonthToShow',
              whenMonthLoaded: ['showLoadedMonth'],
              input: ({ context }: { context: TourBookingContext }) => ({ tourId: context.tourId ?? 0, ...calendarRange(context.monthToShow ?? context.month) }),
              loadingDescription: 'The days of the month asked for (and the one after); the grid keeps showing the current month, whose days can still be chosen, until they are there.',
            }),
            Selection: {
              initial: 'Nothing to book',
              on: {
                SELECT_DATE: [
                  { guard: { type: 'isDaySoldOut', params: ({ event }) => event.date }, target: '.Day sold out', actions: 'assignSoldOutDate' },
                  { guard: { type: 'isDayAvailable', params: ({ event }) => event.date }, target: '.Loading single', actions: 'assignDate' },
                ],
              },
              states: {
                'Nothing to book': {
                  description: 'No day of the loaded months can be booked: the days with tours are sold out, or the months have no tour dates; later months may be shown and chosen.',
                },
                'Day sold out': { description: 'The visitor tried a sold-out day; another day can be chosen.' },
                'Loading single': {
                  tags: ['loading'],
                  description: 'The tour on the chosen date: its times with places, slot price lists and group questions.',
                  invoke: {
                    id: 'loadSingle',
                    src: 'loadSingle',
                    input: ({ context }) => ({ tourId: context.tourId ?? 0, date: context.date ?? context.today }),
                    onDone: { target: 'Checking times', actions: { type: 'assignSingle', params: ({ event }) => event.output } },
                    onError: [
                      { guard: { type: 'isHttpFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, target: '#tourBooking.Tour page.Tour not found' },
                      { target: 'Single failed' },
                    ],
                  },
                },
                'Single failed': {
                  description: 'The tour of the chosen date could not be loaded (network failure).',
                  on: { RETRY: 'Loading single' },
                },
                'Checking times': {
                  description: '§4: the only open time, else the current time when still offered, else the first open time.',
                  always: [
                    { guard: 'hasOpenTime', target: 'Setting counts', actions: 'assignChosenTime' },
                    { target: 'Day sold out', actions: 'assignSoldOutDay' },
                  ],
                },
                'Setting counts': {
                  initial: 'Editing',
                  on: {
                    SELECT_TIME: [
                      { guard: { type: 'isTimeSoldOut', params: ({ event }) => event.time }, target: '.Time sold out', actions: 'assignSoldOutTime' },
                      { guard: { type: 'isTimeOffered', params: ({ event }) => event.time }, target: '.Editing', actions: 'assignTime' },
                    ],
                    SET_MODE: { target: '.Editing', actions: 'assignMode' },
                    SET_TOURS: { target: '.Editing', actions: 'assignCount' },
                    SET_TICKETS: { target: '.Editing', actions: 'assignCount' },
                    SET_SUBTICKETS: { target: '.Editing', actions: 'assignCount' },
                    SET_PARTICIPANTS: { guard: 'asksGroupSize', target: '.Editing', actions: 'assignCount' },
                    SET_ANSWER: { target: '.Editing', actions: 'assignAnswer' },
                    CLEAR_ANSWER: { target: '.Editing', actions: 'assignAnswer' },
                    ADD_TO_CART: [
                      { guard: 'hasCountProblem', target: '.Counts invalid', actions: 'assignProblems' },
                      { guard: 'hasAnswerProblem', target: '.Answers missing', actions: 'assignProblems' },
                      { target: 'Added to cart', actions: ['assignAddedLine', 'addToCart', 'resetForm'] },
                    ],
                  },
                  states: {
                    Editing: { description: 'Counters are capped by the limits of §5, each shown with its reason.' },
                    'Time sold out': { description: 'The visitor tried a sold-out time; another time can be chosen.' },
                    'Counts invalid': { description: 'Adding was refused: no tours or participants, too many or too few, below the minimum group, tickets and participants differ.' },
                    'Answers missing': { description: "A mandatory group question has no answer, or an answer is not valid: said on its field ('Please answer all mandatory fields.')." },
                  },
                },
                'Added to cart': {
                  description: 'The tour is in the cart.',
                  exit: 'forgetAddedLine',
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
