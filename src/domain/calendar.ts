/**
 * The month calendar of the ticket and the tour page (spec §7, §9): which months it fetches,
 * where it opens and which months it may show. One rule for both pages, used by their machines
 * (machines/eventTicketing.machine.ts, machines/tourBooking.machine.ts) and their screens.
 */
import { addMonths, daysInMonth, monthOf, toIsoDate } from './dates.js';

/**
 * The calendar fetch range (§9): the month plus the following month, as YYYYMMDD. The tour page
 * too, although §9 says its calendar covers the month: docs/decisions.md, "The tour calendar
 * fetches two months, measured" (issue 45).
 */
export function calendarRange(month: string): { start: string; end: string } {
  const next = addMonths(month, 1);
  return { start: `${month.replace('-', '')}01`, end: `${next.replace('-', '')}${String(daysInMonth(next)).padStart(2, '0')}` };
}

/** The months known once the range of `month` (the month plus the following month) is loaded besides `loaded`. */
export function withCalendarRange(loaded: readonly string[], month: string): string[] {
  return [...new Set([...loaded, month, addMonths(month, 1)])];
}

/** Every day of a month ('YYYY-MM') as 'YYYY-MM-DD', for the date grid; none for anything else. */
export function datesOfMonth(month: string): string[] {
  if (!/^\d{4}-\d{2}$/.test(month)) return [];
  return Array.from({ length: daysInMonth(month) }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** The month the calendar opens on: the requested date's, else the lifetime's first day if later than today, else today's. */
export function initialCalendarMonth(today: string, lifetime: { first?: string | null | undefined } | null, requestedDate?: string | null): string {
  if (requestedDate) {
    const day = toIsoDate(requestedDate);
    if (day && day >= today) return monthOf(day);
  }
  const first = lifetime?.first ? toIsoDate(lifetime.first) : null;
  return monthOf(first && first > today ? first : today);
}

/**
 * Whether the calendar may show this month ('YYYY-MM'): not before today's month, not after the
 * month of the last day of the event or tour (`lastDay` YYYYMMDD or YYYY-MM-DD…; none or
 * unreadable: no end).
 */
export function canShowCalendarMonth(month: string, today: string, lastDay: string | null | undefined): boolean {
  if (!/^\d{4}-\d{2}$/.test(month)) return false;
  if (month < monthOf(today)) return false;
  const last = lastDay ? toIsoDate(lastDay) : null;
  return last === null || month <= monthOf(last);
}

/** The months the calendar's previous and next buttons go to from `month`; null where it may not go. */
export function calendarNavigation(month: string, today: string, lastDay: string | null | undefined): { previous: string | null; next: string | null } {
  const to = (delta: number) => {
    const target = addMonths(month, delta);
    return canShowCalendarMonth(target, today, lastDay) ? target : null;
  };
  return { previous: to(-1), next: to(1) };
}

/** The first and last day an event or tour is offered (ticket/lifetime, tour/lifetime). */
export interface EventLifetime {
  first?: string | null | undefined;
  last?: string | null | undefined;
}

/** The event is over when its last day (lifetime last, else the event's end) is before today. */
export function isEventExpired(lifetime: EventLifetime | null, event: { end?: string | null | undefined } | null, today: string): boolean {
  const last = lifetime?.last ?? event?.end ?? null;
  if (!last) return false;
  const day = toIsoDate(last);
  return day !== null && day < today;
}
