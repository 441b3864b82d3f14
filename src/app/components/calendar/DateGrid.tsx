/**
 * An accessible date grid (WAI-ARIA grid pattern), one table per shown month, Monday first.
 *
 * Keyboard: one day is in the tab order (roving tabindex); arrow keys move by day, up/down by
 * week, Home/End to the start/end of the week, Page Up/Page Down by month; Enter or Space
 * chooses. Moving past the shown months asks the owner to show others (`onShowMonths`) when
 * `canShowMonth` allows it; where it does not, Home and End stop at the month's first and last
 * day (a week that began last month still has a start to go to), and the other keys stay. Every
 * day says its availability in words (its accessible name and a visible mark with a legend), never
 * by colour alone; sold-out, closed and past days stay focusable, marked aria-disabled, and
 * announce their status.
 *
 * It only renders what it is given and reports choices: which days can be booked is the owner's
 * (the machine's) business.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { addDays, addMonthsToDate, dateForNames, isoWeekday, monthOf, monthWeeks, addMonths } from '../../../domain/dates.js';

export type DayState = 'available' | 'soldOut' | 'unavailable' | 'past';

export interface DateGridProps {
  /** consecutive months shown, 'YYYY-MM' */
  months: readonly string[];
  dayState: (date: string) => DayState;
  /** the day's status in words, e.g. "7 places left", "sold out" */
  dayStatus: (date: string) => string;
  selected: string | null;
  /** Enter, Space or a click on a day (any day: the owner decides what a sold-out day means) */
  onChoose: (date: string) => void;
  /** show the months starting at this one */
  onShowMonths: (firstMonth: string) => void;
  canShowMonth: (month: string) => boolean;
  /** id of the element that names the whole calendar */
  labelledBy?: string;
  /** id of a text that explains the keys */
  describedBy?: string;
  /** another month's days are loading: the grid keeps the month it shows meanwhile (aria-busy) */
  busy?: boolean;
}

const NAV_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

function targetOf(key: string, date: string, shift: boolean): string {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, 1 - isoWeekday(date));
    case 'End':
      return addDays(date, 7 - isoWeekday(date));
    case 'PageUp':
      return addMonthsToDate(date, shift ? -12 : -1);
    case 'PageDown':
      return addMonthsToDate(date, shift ? 12 : 1);
    default:
      return date;
  }
}

export function DateGrid({ months, dayState, dayStatus, selected, onChoose, onShowMonths, canShowMonth, labelledBy, describedBy, busy = false }: DateGridProps) {
  const intl = useIntl();
  const first = months[0] ?? '';
  const last = months[months.length - 1] ?? first;
  const shown = (date: string) => monthOf(date) >= first && monthOf(date) <= last;

  const defaultFocus = useMemo(() => {
    if (selected && shown(selected)) return selected;
    for (const month of months) {
      for (const week of monthWeeks(month)) for (const day of week) if (day && dayState(day) === 'available') return day;
    }
    return `${first}-01`;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [months.join(), selected, dayState]);

  const [focused, setFocused] = useState<string | null>(null);
  const active = focused && shown(focused) ? focused : defaultFocus;
  const moveFocus = useRef(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!moveFocus.current) return;
    // a month asked for by the keyboard is drawn once its days are there: the focus follows then
    if (focused && !shown(focused)) return;
    const button = root.current?.querySelector<HTMLButtonElement>(`button[data-date="${active}"]`);
    if (button) {
      button.focus();
      moveFocus.current = false;
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    if (!NAV_KEYS.has(event.key)) return;
    event.preventDefault();
    let target = targetOf(event.key, date, event.shiftKey);
    if (!shown(target) && !canShowMonth(monthOf(target)) && (event.key === 'Home' || event.key === 'End')) {
      // the week begins or ends in a month that cannot be shown: its first or last day in this month
      const month = monthOf(date);
      target = event.key === 'Home' ? `${month}-01` : addDays(`${addMonths(month, 1)}-01`, -1);
    }
    const month = monthOf(target);
    if (month < first) {
      if (!canShowMonth(month)) return;
      onShowMonths(month);
    } else if (month > last) {
      if (!canShowMonth(month)) return;
      onShowMonths(addMonths(month, -(months.length - 1)));
    }
    moveFocus.current = true;
    setFocused(target);
  };

  const weekdays = useMemo(
    () =>
      // 2024-01-01 is a Monday
      Array.from({ length: 7 }, (_, i) => {
        const d = dateForNames(`2024-01-0${i + 1}`);
        return {
          short: intl.formatDate(d, { weekday: 'short', timeZone: 'UTC' }),
          long: intl.formatDate(d, { weekday: 'long', timeZone: 'UTC' }),
        };
      }),
    [intl],
  );

  return (
    <div className="date-grid" ref={root} aria-busy={busy || undefined}>
      {months.map((month) => {
        const titleId = `date-grid-${month}`;
        return (
          <div className="date-grid__month" key={month}>
            <h3 className="date-grid__title" id={titleId}>
              {intl.formatDate(dateForNames(`${month}-01`), { month: 'long', year: 'numeric', timeZone: 'UTC' })}
            </h3>
            <table role="grid" className="date-grid__table" aria-labelledby={labelledBy ? `${labelledBy} ${titleId}` : titleId} aria-describedby={describedBy}>
              <thead>
                <tr>
                  {weekdays.map((day) => (
                    <th key={day.long} scope="col" abbr={day.long}>
                      {day.short}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthWeeks(month).map((week, w) => (
                  <tr key={w}>
                    {week.map((date, d) => {
                      if (date === null) return <td key={d} className="date-grid__blank" />;
                      const state = dayState(date);
                      const isSelected = date === selected;
                      const weekday = intl.formatDate(dateForNames(date), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
                      return (
                        <td key={date} role="gridcell" aria-selected={isSelected} className={`date-grid__cell date-grid__cell--${state}`}>
                          <button
                            type="button"
                            data-date={date}
                            className="date-grid__day"
                            tabIndex={date === active ? 0 : -1}
                            aria-disabled={state === 'available' ? undefined : true}
                            aria-label={`${weekday}, ${dayStatus(date)}`}
                            onFocus={() => setFocused(date)}
                            onKeyDown={(event) => onKeyDown(event, date)}
                            onClick={() => onChoose(date)}
                          >
                            <span aria-hidden="true">{Number(date.slice(8, 10))}</span>
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </div>
  );
}
