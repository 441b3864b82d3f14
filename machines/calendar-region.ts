/**
 * The month calendar of a booking page (spec §7, §9), one region for both booking journeys: the
 * ticket page (machines/eventTicketing.machine.ts) and the tour page (machines/tourBooking.machine.ts)
 * place `calendarRegion(…)` as the 'Calendar' region of their parallel 'Booking' state, beside
 * their own 'Selection'. Both charts show the same states under the same names:
 *
 *   Shown ──SHOW_MONTH [isMonthLoaded]──▶ Shown
 *   Shown ──SHOW_MONTH [isMonthBookable]──▶ Loading month ──done──▶ Shown
 *                                                     └──error──▶ Month failed ──RETRY──▶ Loading month
 *
 * The region names its guards and actions; each machine's setup implements them, so its chart
 * keeps every name and a machine without one of them does not compile: the guards are
 * `calendarGuards` of this module (spread into the setup), `assignVisibleMonth` and
 * `assignCalendar` (a month and the calendar answer as params: the answer's shape differs per
 * machine), and what the machine does when a month not loaded yet is asked for (`whenMonthAsked`)
 * and once its days are there (`whenMonthLoaded`). The rules themselves are src/domain/calendar.ts.
 */
import type { Lifetime } from '../src/api/schemas/catalog.js';
import { calendarNavigation, canShowCalendarMonth, datesOfMonth } from '../src/domain/calendar.js';

/** What the region reads of the machine's context. */
export interface CalendarContext {
  /** today at the museum, 'YYYY-MM-DD' */
  today: string;
  /** the month the calendar shows, 'YYYY-MM' */
  month: string;
  /** the months whose days are loaded */
  calendarMonths: string[];
  /** the first and last day of the event or tour (none yet: no end) */
  lifetime: Lifetime | null;
}

/**
 * The guards of the region: each machine's setup names them and answers with these, for the
 * month asked for (the guard's params).
 */
export const calendarGuards = {
  /** The month may be shown and its days are loaded: it is shown at once. */
  isMonthLoaded: (context: CalendarContext, month: string): boolean =>
    canShowCalendarMonth(month, context.today, context.lifetime?.last) && context.calendarMonths.includes(month),
  /** The month may be shown (not before this month, not after the last day's month). */
  isMonthBookable: (context: CalendarContext, month: string): boolean => canShowCalendarMonth(month, context.today, context.lifetime?.last),
};

/** The month a SHOW_MONTH event asks for: the params of the region's guards and month actions. */
const monthAskedFor = ({ event }: { event: { month: string } }): string => event.month;
/** The calendar a loading service answered: the params of `assignCalendar`. */
const calendarAnswer = <TCalendar>({ event }: { event: { output: TCalendar } }): TCalendar => event.output;

export interface CalendarRegionOptions<TAsked extends string, TLoaded extends string, TInput> {
  /** The action of SHOW_MONTH for a month that may be shown but is not loaded yet (params: the month). */
  whenMonthAsked: TAsked;
  /** Actions once the days of that month are there, before `assignCalendar` (none: []). */
  whenMonthLoaded: readonly TLoaded[];
  /** The input of the `loadCalendar` service for the month asked for (the month plus the following month). */
  input: TInput;
  /** What 'Loading month' shows meanwhile, for the designer reading the chart. */
  loadingDescription: string;
}

/**
 * The 'Calendar' region: its config with the machine's own names, checked against the machine's
 * setup where the machine places it (a name the setup lacks, or params of another type, do not
 * compile).
 */
export function calendarRegion<const TAsked extends string, const TLoaded extends string, TInput>(options: CalendarRegionOptions<TAsked, TLoaded, TInput>) {
  return {
    description: 'The month shown, and more months loaded on the way (§9: the month plus the following month).',
    initial: 'Shown',
    on: {
      SHOW_MONTH: [
        {
          guard: { type: 'isMonthLoaded', params: monthAskedFor },
          target: '.Shown',
          actions: { type: 'assignVisibleMonth', params: monthAskedFor },
        },
        {
          guard: { type: 'isMonthBookable', params: monthAskedFor },
          target: '.Loading month',
          actions: { type: options.whenMonthAsked, params: monthAskedFor },
        },
      ],
    },
    states: {
      Shown: {},
      'Loading month': {
        tags: ['loading'],
        description: options.loadingDescription,
        invoke: {
          id: 'loadMoreCalendar',
          src: 'loadCalendar',
          input: options.input,
          onDone: { target: 'Shown', actions: [...options.whenMonthLoaded, { type: 'assignCalendar', params: calendarAnswer }] },
          onError: { target: 'Month failed' },
        },
      },
      'Month failed': {
        description: 'More months of the calendar could not be loaded.',
        on: { RETRY: 'Loading month' },
      },
    },
  } as const;
}

// ---------------------------------------------------------------------------------------------
// What the date grid reads (each machine's selectors module passes it on to its screen)

/** The states of the region, as both charts name them. */
export type CalendarState = keyof ReturnType<typeof calendarRegion>['states'];

/** What the date grid shows for a state of the region. */
export interface CalendarView {
  readonly loadingMonth: boolean;
  readonly monthFailed: boolean;
}

/** Every state's view (one object each, so a selector returns the same value while the state stays). */
export const CALENDAR_VIEWS = {
  Shown: { loadingMonth: false, monthFailed: false },
  'Loading month': { loadingMonth: true, monthFailed: false },
  'Month failed': { loadingMonth: false, monthFailed: true },
} as const satisfies Record<CalendarState, CalendarView>;

/** A day of the date grid. */
export interface CalendarDay {
  date: string;
  availability: 'available' | 'soldOut' | 'unavailable' | 'past';
  /** places left (0 when sold out or not offered) */
  places: number;
}

/** Every day of a month ('YYYY-MM') with what the machine's calendar says of it; none for anything else. */
export function monthDays(month: string, dayOf: (date: string) => Omit<CalendarDay, 'date'>): CalendarDay[] {
  return datesOfMonth(month).map((date) => ({ date, ...dayOf(date) }));
}

/** The months the calendar's previous and next buttons go to; null where the event or tour has none. */
export function monthNavigationOf(s: { context: CalendarContext }): { previous: string | null; next: string | null } {
  return calendarNavigation(s.context.month, s.context.today, s.context.lifetime?.last);
}
