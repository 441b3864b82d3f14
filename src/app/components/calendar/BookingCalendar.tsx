/**
 * The date step of a booking page, read from its journey's actor: the month the calendar region
 * shows (machines/calendar-region.ts, the same region on the ticket and the tour page), that
 * month's days, the chosen date, whether more months are loading or failed, and where the month
 * buttons go; SHOW_MONTH, SELECT_DATE and RETRY go back to the actor. What differs per journey
 * (how its calendar names a day, which state its regions are in) comes from the journey's
 * selectors module, passed in by its screen.
 */
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRef, Snapshot, StateValue } from 'xstate';
import { monthNavigationOf, type CalendarContext, type CalendarDay, type CalendarView } from '../../../../machines/calendar-region.js';
import { canShowCalendarMonth } from '../../../domain/calendar.js';
import { CalendarSection } from './CalendarSection.js';

/** What the date step reads of a booking journey's snapshot. */
export type BookingCalendarSnapshot = Snapshot<unknown> & {
  value: StateValue;
  context: CalendarContext & { date: string | null };
};

/** The events the date step sends (each booking journey has them). */
export type BookingCalendarEvent = { type: 'SHOW_MONTH'; month: string } | { type: 'SELECT_DATE'; date: string } | { type: 'RETRY' };

export interface BookingCalendarProps<TSnapshot extends BookingCalendarSnapshot> {
  actor: Pick<ActorRef<TSnapshot, BookingCalendarEvent>, 'getSnapshot' | 'subscribe' | 'send'>;
  /** message id of the step's heading */
  titleId: string;
  /** the journey's days of a month (its selectors module's selectMonthDays) */
  monthDays: (snapshot: TSnapshot, month: string) => CalendarDay[];
  /** the journey's view of its calendar region's state */
  calendarView: (snapshot: TSnapshot) => CalendarView;
}

function sameDays(a: readonly CalendarDay[], b: readonly CalendarDay[]): boolean {
  return a.length === b.length && a.every((day, i) => day.date === b[i]?.date && day.availability === b[i]?.availability && day.places === b[i]?.places);
}

export function BookingCalendar<TSnapshot extends BookingCalendarSnapshot>({ actor, titleId, monthDays, calendarView }: BookingCalendarProps<TSnapshot>) {
  // One month is shown; the machine has already fetched it together with the following one (§9).
  const month = useSelector(actor, (s) => s.context.month);
  const days = useSelector(actor, (s) => monthDays(s, month), sameDays);
  const selected = useSelector(actor, (s) => s.context.date);
  const bounds = useSelector(actor, (s) => ({ today: s.context.today, last: s.context.lifetime?.last ?? null }), shallowEqual);
  const { loadingMonth, monthFailed } = useSelector(actor, calendarView);
  const navigation = useSelector(actor, monthNavigationOf, shallowEqual);
  return (
    <CalendarSection
      titleId={titleId}
      month={month}
      days={days}
      selected={selected}
      navigation={navigation}
      canShowMonth={(m) => canShowCalendarMonth(m, bounds.today, bounds.last)}
      loadingMonth={loadingMonth}
      monthFailed={monthFailed}
      onShowMonth={(first) => actor.send({ type: 'SHOW_MONTH', month: first })}
      onChoose={(date) => actor.send({ type: 'SELECT_DATE', date })}
      onRetry={() => actor.send({ type: 'RETRY' })}
    />
  );
}
