/**
 * What the bindings of the two booking pages share: the ticket page (eventTicketing.ts) and the
 * tour page (tourBooking.ts) place the same calendar region (machines/calendar-region.ts, states
 * `… Booking.Calendar.Shown | Loading month | Month failed`) and show it with the same date grid
 * (src/app/components/calendar/), so its events and states are bound here once:
 *
 * - `calendarRegion(region, options)`: the region's events (SHOW_MONTH with its guards,
 *   `done:loadMoreCalendar`, `error:loadMoreCalendar`) and state checks, spread into a binding;
 * - `watchCalendar(r, matches)`: which months the page has the days of (from the calendar answers
 *   it received), so a month is asked for the way the chart needs: one the page has (shown at
 *   once), one it has not (loaded first), one it cannot show (nothing happens);
 * - the locators and visitor actions both pages use (notices, buttons, Try again).
 *
 * The months a visitor reaches in one action from the month shown: the previous and next month
 * buttons, and the grid's Page Up / Page Down with Shift (a year back or ahead). Which one plays a
 * model's SHOW_MONTH is chosen by what the page has loaded, in the model's direction first.
 */
import type { Locator } from 'playwright-core';
import { addMonths, monthOf } from '../../../src/domain/dates.js';
import { museumToday } from '../../../src/domain/museum-clock.js';
import { Mismatch, type EventAction, type Replay, type StateCheck } from '../binding.js';

export const main = (r: Replay): Locator => r.page.locator('main');
export const button = (r: Replay, id: string): Locator => main(r).getByRole('button', { name: r.words(id, { whole: true }) });
export const alert = (r: Replay, id: string): Locator => main(r).getByRole('alert').filter({ hasText: r.words(id) });
export const status = (r: Replay, id: string): Locator => main(r).getByRole('status').filter({ hasText: r.words(id) });
export const dateGrid = (r: Replay): Locator => main(r).getByRole('grid');
export const dayButton = (r: Replay, date: string): Locator => main(r).locator(`button[data-date="${date}"]`);
export const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Try again" in the notice of what failed. */
export async function pressRetry(r: Replay, failedId: string): Promise<void> {
  await alert(r, failedId).getByRole('button', { name: r.words('page.retry', { whole: true }) }).click();
}

// ---------------------------------------------------------------------------------------------
// The calendar region

/** Records the months whose days the page received (each calendar answer names its range). */
export function watchCalendar(r: Replay, matches: (url: URL) => boolean): void {
  const loaded = (r.memo.loadedMonths ??= new Set<string>()) as Set<string>;
  r.page.on('response', (response) => {
    const url = new URL(response.url());
    const range = /\/range\/(\d{4})(\d\d)\d\d;(\d{4})(\d\d)\d\d/.exec(url.pathname);
    if (!response.ok() || !range || !matches(url)) return;
    for (let month = `${range[1]}-${range[2]}`; month <= `${range[3]}-${range[4]}`; month = addMonths(month, 1)) loaded.add(month);
  });
}

const loadedMonths = (r: Replay): Set<string> => (r.memo.loadedMonths ?? new Set<string>()) as Set<string>;

/** The month the grid shows. */
export async function shownMonth(r: Replay): Promise<string> {
  const first = await dateGrid(r).locator('button[data-date]').first().getAttribute('data-date');
  if (!first) throw new Mismatch('the calendar shows no day');
  return monthOf(first);
}

interface Move {
  month: string;
  how: string;
  go(r: Replay): Promise<void>;
}

/** Page Up / Page Down (with Shift: a year) from the first day of the month shown. */
const key = (keys: string): ((r: Replay) => Promise<void>) => async (r) => {
  await dateGrid(r).locator('button[data-date]').first().focus();
  await r.page.keyboard.press(keys);
};

/** Every month one action away from the one shown, in the model's direction first. */
function movesFrom(shown: string, forward: boolean): Move[] {
  const ahead: Move[] = [
    { month: addMonths(shown, 1), how: 'the next month button', go: async (r) => button(r, 'calendar.nextMonth').click() },
    { month: addMonths(shown, 12), how: 'Shift+Page Down in the grid', go: key('Shift+PageDown') },
  ];
  const behind: Move[] = [
    { month: addMonths(shown, -1), how: 'the previous month button', go: async (r) => button(r, 'calendar.previousMonth').click() },
    { month: addMonths(shown, -12), how: 'Shift+Page Up in the grid', go: key('Shift+PageUp') },
  ];
  return forward ? [...ahead, ...behind] : [...behind, ...ahead];
}

export interface CalendarRegionOptions {
  /** the held request of the region's `loadCalendar` (the binding's `requests` name) */
  request: string;
  /** the model's today: its first month is where the model's SHOW_MONTH events start from */
  modelToday: string;
  /** the last day of the event or tour the page shows (its lifetime, from the server), null: no end */
  lastDay(r: Replay): Promise<string | null>;
}

/**
 * The calendar region's events and states for a binding (`region`: the region's state path,
 * `Ticket page.Booking.Calendar`).
 */
export function calendarRegion(region: string, options: CalendarRegionOptions): { events: Record<string, EventAction>; states: Record<string, StateCheck> } {
  /** Which way the model goes (later or earlier than the month it showed), and remember the model's month. */
  const direction = (r: Replay, month: unknown): boolean => {
    const from = String(r.memo.modelMonth ?? monthOf(options.modelToday));
    r.memo.modelMonth = month;
    return String(month) > from;
  };
  const showable = async (r: Replay, month: string): Promise<boolean> => {
    const last = await options.lastDay(r);
    return month >= monthOf(museumToday()) && (last === null || month <= monthOf(last));
  };
  const pick = async (r: Replay, month: unknown, wanted: (move: Move, canShow: boolean) => boolean): Promise<Move | undefined> => {
    for (const move of movesFrom(await shownMonth(r), direction(r, month))) if (wanted(move, await showable(r, move.month))) return move;
    return undefined;
  };
  return {
    events: {
      'SHOW_MONTH [isMonthLoaded]': async (r, step) => {
        // a month whose days the page has: shown at once
        const move = await pick(r, step.event.month, (m, canShow) => canShow && loadedMonths(r).has(m.month));
        await (move ?? r.cannot('no month one action away from the one shown has its days loaded')).go(r);
      },
      'SHOW_MONTH [isMonthBookable]': async (r, step) => {
        // a month the page may show but has not the days of: they are loaded first
        const move = await pick(r, step.event.month, (m, canShow) => canShow && !loadedMonths(r).has(m.month));
        await (move ?? r.cannot('every month one action away from the one shown is loaded already or cannot be shown')).go(r);
      },
      SHOW_MONTH: async (r, step) => {
        // a month the event or tour does not have (before this one, after its last): the grid does
        // not go there and sends nothing (the buttons to it are disabled; the keys do nothing)
        const forward = direction(r, step.event.month);
        const shown = await shownMonth(r);
        const keys = forward ? [{ delta: 1, keys: 'PageDown' }, { delta: 12, keys: 'Shift+PageDown' }] : [{ delta: -1, keys: 'PageUp' }, { delta: -12, keys: 'Shift+PageUp' }];
        let tried: (typeof keys)[number] | undefined;
        for (const k of keys) if (!(await showable(r, addMonths(shown, k.delta)))) tried ??= k;
        if (!tried) return r.cannot(`every month one key ${forward ? 'ahead of' : 'behind'} the one shown can be shown`);
        await key(tried.keys)(r);
        if ((await shownMonth(r)) !== shown) throw new Mismatch(`the calendar went to ${await shownMonth(r)}, a month the page cannot show`);
      },
      'done:loadMoreCalendar': async (r) => r.answer(options.request, { server: true }),
      'error:loadMoreCalendar': async (r) => r.answer(options.request, { drop: true }),
    },
    states: {
      [`${region}.Shown`]: async (r) => {
        await r.lacks(status(r, 'calendar.loadingMonth'), 'the "loading more days" notice');
        await r.lacks(alert(r, 'calendar.monthFailed'), 'the "months failed" notice');
      },
      [`${region}.Loading month`]: async (r) => {
        await r.shows(status(r, 'calendar.loadingMonth'), 'the "loading more days" notice');
      },
      [`${region}.Month failed`]: async (r) => {
        await r.shows(alert(r, 'calendar.monthFailed'), 'the "months failed" notice');
      },
    },
  };
}
