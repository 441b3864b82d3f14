/**
 * What the tour screens (src/app/screens/tours/) read of the tour booking machine
 * (machines/tourBooking.machine.ts), in one place and without rules of its own (those are
 * src/domain/tours.ts and src/domain/calendar.ts):
 *
 * - the view of every state, in tables keyed by the machine's own typed state paths: the page
 *   (TOUR_VIEWS), the calendar region (CALENDAR_VIEWS of calendar-region.ts) and the selection
 *   region (TOUR_SELECTION_VIEWS), read by catalogue-views.ts. A state added or renamed in the
 *   machine does not compile until it has a view here; a state a table does not know throws
 *   rather than showing nothing.
 * - the selectors of its context (object results need a shallow compare in useSelector).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Named, Tour } from '../src/api/schemas/catalog.js';
import type { Minor } from '../src/domain/money.js';
import {
  asksGroupSize,
  bookingModes,
  effectivePriceList,
  filterTours,
  formPrice,
  groupSize,
  nextDays,
  participantLimit,
  subticketLimit,
  ticketLimit,
  tourCategories,
  tourCountLimit,
  tourDayAvailability,
  tourDayPlaces,
  tourLanguages,
  tourMonthOffer,
  tourVenues,
  type BookingMode,
  type NextDay,
  type TourLanguage,
  type TourLimit,
  type TourMonthOffer,
} from '../src/domain/tours.js';
import { CALENDAR_VIEWS, monthDays, type CalendarDay, type CalendarView } from './calendar-region.js';
import { currentSlot, type TourBookingContext, type tourBookingMachine } from './tourBooking.machine.js';
import { catalogueViews, itemView, listView, type CatalogueView, type SelectionView } from './catalogue-views.js';
import type { PagePaths, RegionPaths } from './state-paths.js';

/** The tour booking journey's actor (src/app/journeys/tourBooking.ts). */
export type TourActor = ActorRefFrom<typeof tourBookingMachine>;
type StateValueOf = SnapshotFrom<typeof tourBookingMachine>['value'];
type View = { context: TourBookingContext };

// ---------------------------------------------------------------------------------------------
// The view of each state

/** The paths of the states a page is in ('Tour list.Showing tours', 'Tour page.Booking'). */
export type TourPagePath = PagePaths<StateValueOf>;
/** The paths of the states of the selection region ('Setting counts.Editing'). */
export type TourSelectionPath = RegionPaths<StateValueOf, 'Selection'>;

export type TourPageStage = 'loading' | 'notFound' | 'over' | 'failed' | 'booking';
/** What the tour page shows ('list' while the journey is on the tour list). */
export type TourPageState = TourPageStage | 'list';

/** Every page state's view (one object each, so a selector returns the same value while the view stays). */
export const TOUR_VIEWS = {
  Starting: listView('loading'),
  'Tour list.Checking list': listView('loading'),
  'Tour list.Loading list': listView('loading'),
  'Tour list.Showing tours': listView('showing'),
  'Tour list.List failed': listView('failed'),
  'Tour page.Loading limits': itemView('loading'),
  'Tour page.Loading calendar': itemView('loading'),
  'Tour page.Choosing start date': itemView('loading'),
  'Tour page.Tour not found': itemView('notFound'),
  'Tour page.Tour over': itemView('over'),
  'Tour page.Page failed': itemView('failed'),
  'Tour page.Booking': itemView('booking'),
} as const satisfies Record<TourPagePath, CatalogueView<TourPageStage>>;

/** The step of the selection region; 'none' outside the booking of a tour page. */
export type TourSelectionState = 'nothingToBook' | 'daySoldOut' | 'loadingDay' | 'dayFailed' | 'counts' | 'added' | 'none';
/** The notice of the counts step; 'none' outside it. */
export type TourCountsState = 'editing' | 'timeSoldOut' | 'countsInvalid' | 'answersMissing' | 'none';

const step = <const T extends Exclude<TourSelectionState, 'counts' | 'none'>>(state: T) => ({ step: state, counts: 'none' }) as const;
const counts = <const T extends Exclude<TourCountsState, 'none'>>(state: T) => ({ step: 'counts', counts: state }) as const;

/** Every state of the selection region's view. */
export const TOUR_SELECTION_VIEWS = {
  'Nothing to book': step('nothingToBook'),
  'Day sold out': step('daySoldOut'),
  'Loading single': step('loadingDay'),
  'Checking times': step('loadingDay'),
  'Single failed': step('dayFailed'),
  'Setting counts.Editing': counts('editing'),
  'Setting counts.Time sold out': counts('timeSoldOut'),
  'Setting counts.Counts invalid': counts('countsInvalid'),
  'Setting counts.Answers missing': counts('answersMissing'),
  'Added to cart': step('added'),
} as const satisfies Record<TourSelectionPath, SelectionView<TourSelectionState, TourCountsState>>;

export const {
  viewOf: tourBookingViewOf,
  pageStateOf: tourPageStateOf,
  selectListFailed,
  selectionViewOf: tourSelectionViewOf,
  selectionStateOf: tourSelectionStateOf,
  countsStateOf: tourCountsStateOf,
  calendarViewOf: tourCalendarViewOf,
} = catalogueViews('tourBooking', {
  pages: TOUR_VIEWS,
  selections: TOUR_SELECTION_VIEWS,
  calendar: CALENDAR_VIEWS satisfies Record<RegionPaths<StateValueOf, 'Calendar'>, CalendarView>,
});

// ---------------------------------------------------------------------------------------------
// The context, as the screens show it

export type { CalendarDay };
/** Every day of a month ('YYYY-MM') with its availability and the places left on its open times, for the date grid. */
export const selectMonthDays = (s: View, month: string): CalendarDay[] =>
  monthDays(month, (date) => ({ availability: tourDayAvailability(s.context.calendar, date, s.context.today), places: tourDayPlaces(s.context.calendar, date) }));

/** What the shown month offers: a day to book, only sold-out days, or no tour dates (not "sold out"); null while it loads. */
export const selectMonthOffer = (s: View): TourMonthOffer | null =>
  s.context.calendarMonths.includes(s.context.month) ? tourMonthOffer(s.context.calendar, s.context.month, s.context.today) : null;

/** The tour list as shown: filtered by language, date, category and venue. */
export const selectVisibleTours = (s: View): Tour[] => filterTours(s.context.tours, s.context.filters, s.context.overview);
export const selectTourLanguages = (s: View): TourLanguage[] => tourLanguages(s.context.tours);
/** §4: categories without tours are not offered. */
export const selectCategories = (s: View): Named[] => tourCategories(s.context.tours, s.context.categories);
/** The venues; the screen offers the filter only when there are two or more. */
export const selectVenues = (s: View): Named[] => tourVenues(s.context.tours);
/** §4 next-days flags: today, tomorrow and the next days, each with whether it has tours. */
export const selectNextDays = (s: View): NextDay[] => nextDays(s.context.overview, s.context.today);

export interface TimeView {
  time: string;
  remaining: number;
  soldOut: boolean;
  selected: boolean;
}
export const selectTimes = (s: View): TimeView[] =>
  (s.context.tour?.schedule ?? []).map((slot) => ({ time: slot.time, remaining: Math.max(0, slot.remaining), soldOut: slot.soldout, selected: slot.time === s.context.time }));

export interface CountRow {
  id: number;
  name: string;
  price: Minor;
  count: number;
  limit: TourLimit;
}
export interface TicketCountRow extends CountRow {
  subtickets: CountRow[];
}
export interface CountsView {
  modes: BookingMode[];
  mode: BookingMode;
  /** price list entries at the chosen slot's prices (complete tour) */
  tours: CountRow[];
  tickets: TicketCountRow[];
  /** the group size: typed when `asked`, else the tickets' sum (shown, §5 and WCAG 3.3.7) */
  participants: { count: number; limit: TourLimit; asked: boolean };
  price: Minor;
  minParticipants: number;
  /** tickets may be left empty (booking without tickets) */
  ticketsOptional: boolean;
}
export const selectCounts = (s: View): CountsView | null => {
  const { tour, form } = s.context;
  if (!tour) return null;
  const slot = currentSlot(s.context);
  const prices = effectivePriceList(tour.priceList, slot?.priceList);
  const totalTours = tourCountLimit(tour, slot);
  const booked = Object.values(form.tours).reduce((a, b) => a + b, 0);
  return {
    modes: bookingModes(tour),
    mode: form.mode,
    tours: prices.map((p) => {
      const count = form.tours[p.id] ?? 0;
      return { id: p.id, name: p.name, price: p.price, count, limit: { max: Math.max(0, totalTours.max - (booked - count)), reason: totalTours.reason } };
    }),
    tickets: tour.tickets.map((t) => ({
      id: t.id,
      name: t.name,
      price: t.price,
      count: form.tickets[t.id] ?? 0,
      limit: ticketLimit(tour, slot, form, t.id),
      subtickets: t.subtickets.map((sub) => ({
        id: sub.id,
        name: sub.name,
        price: sub.price,
        count: form.subtickets[t.id]?.[sub.id] ?? 0,
        limit: subticketLimit(tour, slot, form, t.id, sub.id),
      })),
    })),
    participants: { count: groupSize(tour, form), limit: participantLimit(tour, slot, 'complete', booked), asked: asksGroupSize(tour, form.mode) },
    price: formPrice(tour, slot, form),
    minParticipants: tour.min_participants,
    ticketsOptional: tour.booking_without_tickets === 1,
  };
};
