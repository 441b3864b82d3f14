/** Which part of the tour booking chart a screen is in, read from the machine's state (no rules here). */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { tourBookingMachine } from '../../../../machines/tourBooking.machine.js';
import { calendarNavigation } from '../../../domain/calendar.js';

/** The tour booking journey's actor (src/app/journeys/tourBooking.ts). */
export type TourActor = ActorRefFrom<typeof tourBookingMachine>;
type Snapshot = SnapshotFrom<typeof tourBookingMachine>;

export type TourPageState = 'loading' | 'notFound' | 'over' | 'failed' | 'booking' | 'list';

export function tourPageStateOf(s: Snapshot): TourPageState {
  if (!s.matches('Tour page')) return 'list';
  if (s.matches({ 'Tour page': 'Tour not found' })) return 'notFound';
  if (s.matches({ 'Tour page': 'Tour over' })) return 'over';
  if (s.matches({ 'Tour page': 'Page failed' })) return 'failed';
  if (s.matches({ 'Tour page': 'Booking' })) return 'booking';
  return 'loading';
}

export type TourSelectionState = 'nothingToBook' | 'daySoldOut' | 'loadingDay' | 'dayFailed' | 'counts' | 'added' | 'none';

const SELECTION: [string, TourSelectionState][] = [
  ['Nothing to book', 'nothingToBook'],
  ['Day sold out', 'daySoldOut'],
  ['Loading single', 'loadingDay'],
  ['Checking times', 'loadingDay'],
  ['Single failed', 'dayFailed'],
  ['Setting counts', 'counts'],
  ['Added to cart', 'added'],
];

export function tourSelectionStateOf(s: Snapshot): TourSelectionState {
  for (const [name, state] of SELECTION) {
    if (s.matches({ 'Tour page': { Booking: { Selection: name as 'Nothing to book' } } })) return state;
  }
  return 'none';
}

export type TourCountsState = 'editing' | 'timeSoldOut' | 'countsInvalid' | 'answersMissing' | 'none';

export function tourCountsStateOf(s: Snapshot): TourCountsState {
  const at = (name: 'Editing' | 'Time sold out' | 'Counts invalid' | 'Answers missing') => s.matches({ 'Tour page': { Booking: { Selection: { 'Setting counts': name } } } });
  if (at('Time sold out')) return 'timeSoldOut';
  if (at('Counts invalid')) return 'countsInvalid';
  if (at('Answers missing')) return 'answersMissing';
  if (at('Editing')) return 'editing';
  return 'none';
}

export function tourMonthNavigationOf(s: Snapshot): { previous: string | null; next: string | null } {
  return calendarNavigation(s.context.month, s.context.today, s.context.lifetime?.last);
}
