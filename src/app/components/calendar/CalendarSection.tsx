/**
 * The date step of the ticket and the tour page: heading, month navigation, the date grid of one
 * month (sold-out days crossed out and said in words), the legend, and the month's loading and
 * failed notices. It only renders what the journey's screen selected from its machine and calls
 * back for the events (the screen sends SHOW_MONTH, SELECT_DATE, RETRY to its own actor).
 */
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RetryNotice } from '../RetryNotice.js';
import { DateGrid, type DayState } from './DateGrid.js';

export interface CalendarSectionDay {
  date: string;
  availability: DayState;
  /** places left */
  places: number;
}

export interface CalendarSectionProps {
  /** message id of the step's heading */
  titleId: string;
  /** the month shown ('YYYY-MM') */
  month: string;
  days: readonly CalendarSectionDay[];
  selected: string | null;
  navigation: { previous: string | null; next: string | null };
  canShowMonth: (month: string) => boolean;
  loadingMonth: boolean;
  monthFailed: boolean;
  onShowMonth: (month: string) => void;
  onChoose: (date: string) => void;
  onRetry: () => void;
}

export function CalendarSection({ titleId, month, days, selected, navigation, canShowMonth, loadingMonth, monthFailed, onShowMonth, onChoose, onRetry }: CalendarSectionProps) {
  const intl = useIntl();
  const labelId = useId();
  const byDate = new Map(days.map((day) => [day.date, day]));
  const dayState = (date: string): DayState => byDate.get(date)?.availability ?? 'unavailable';
  const dayStatus = (date: string): string => {
    const day = byDate.get(date);
    const state = day?.availability ?? 'unavailable';
    const words =
      state === 'available'
        ? intl.formatMessage({ id: 'calendar.placesLeft' }, { count: day?.places ?? 0 })
        : intl.formatMessage({ id: `calendar.${state}` });
    return date === selected ? `${words}, ${intl.formatMessage({ id: 'calendar.selected' })}` : words;
  };

  return (
    <section className="ticket-step ticket-calendar" aria-labelledby={labelId}>
      <h2 id={labelId} className="ticket-step__title">
        <FormattedMessage id={titleId} />
      </h2>
      <div className="ticket-calendar__nav">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={navigation.previous === null}
          onClick={() => navigation.previous && onShowMonth(navigation.previous)}
        >
          <span aria-hidden="true">‹ </span>
          <FormattedMessage id="calendar.previousMonth" />
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={navigation.next === null}
          onClick={() => navigation.next && onShowMonth(navigation.next)}
        >
          <FormattedMessage id="calendar.nextMonth" />
          <span aria-hidden="true"> ›</span>
        </button>
      </div>
      <p className="visually-hidden" id={`${labelId}-help`}>
        <FormattedMessage id="calendar.keyboardHelp" />
      </p>
      <DateGrid
        months={[month]}
        dayState={dayState}
        dayStatus={dayStatus}
        selected={selected}
        labelledBy={labelId}
        describedBy={`${labelId}-help`}
        busy={loadingMonth}
        canShowMonth={canShowMonth}
        onShowMonths={onShowMonth}
        onChoose={onChoose}
      />
      <ul className="calendar-legend" aria-label={intl.formatMessage({ id: 'calendar.legend' })}>
        <li className="calendar-legend__item calendar-legend__item--available">
          <FormattedMessage id="calendar.legendAvailable" />
        </li>
        <li className="calendar-legend__item calendar-legend__item--soldOut">
          <FormattedMessage id="calendar.legendSoldOut" />
        </li>
        <li className="calendar-legend__item calendar-legend__item--unavailable">
          <FormattedMessage id="calendar.legendUnavailable" />
        </li>
      </ul>
      {loadingMonth && (
        <p role="status" className="screen-loading">
          <FormattedMessage id="calendar.loadingMonth" />
        </p>
      )}
      {monthFailed && <RetryNotice messageId="calendar.monthFailed" onRetry={onRetry} small />}
    </section>
  );
}

export interface TimeSlotOption {
  /** the radio's value, sent back on choosing */
  value: string;
  time: string;
  /** places left */
  places: number;
  soldOut: boolean;
  selected: boolean;
}

export interface TimeSlotSectionProps {
  /** message id of the step's legend */
  titleId: string;
  /** the radio group's name */
  name: string;
  slots: readonly TimeSlotOption[];
  onSelect: (value: string) => void;
}

/**
 * The time step: one radio a time with its places left. A sold-out time stays focusable and
 * choosable, marked aria-disabled and said so, like a sold-out day of the date grid: choosing it
 * tells the visitor the time is sold out (the chart's "Time sold out") instead of doing nothing.
 */
export function TimeSlotSection({ titleId, name, slots, onSelect }: TimeSlotSectionProps) {
  const intl = useIntl();
  const labelId = useId();
  if (slots.length === 0) return null;
  return (
    <section className="ticket-step" aria-labelledby={labelId}>
      <fieldset className="time-slots">
        <legend id={labelId} className="ticket-step__title">
          <FormattedMessage id={titleId} />
        </legend>
        <div className="time-slots__list">
          {slots.map((slot) => (
            <label key={slot.value} className={`time-slot${slot.soldOut ? ' time-slot--soldOut' : ''}${slot.selected ? ' is-selected' : ''}`}>
              <input
                type="radio"
                name={name}
                value={slot.value}
                checked={slot.selected}
                aria-disabled={slot.soldOut || undefined}
                onChange={() => onSelect(slot.value)}
              />
              <span className="time-slot__time">{slot.time}</span>
              <span className="time-slot__places">
                {slot.soldOut ? intl.formatMessage({ id: 'calendar.soldOut' }) : intl.formatMessage({ id: 'calendar.placesLeft' }, { count: slot.places })}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
