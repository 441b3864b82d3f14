/**
 * A labelled count input with −/+ buttons (targets ≥ 24 px) for the tour form. The raw value goes
 * to the machine, which parses and caps it (§5: not a number is 0); the limit and its reason are
 * shown under the counter, as on the ticket page.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { TourLimit } from '../../../domain/tours.js';

export interface TourCounterProps {
  label: string;
  count: number;
  limit: TourLimit | null;
  onChange: (value: unknown) => void;
  note?: string | null;
  /** id of an error text tied to the field */
  errorId?: string | null;
}

export function TourCounter({ label, count, limit, onChange, note, errorId }: TourCounterProps) {
  const intl = useIntl();
  const id = useId();
  const hintId = `${id}-hint`;
  const atMax = limit !== null && count >= limit.max;
  const hint = limit === null ? null : intl.formatMessage({ id: `tours.limit.${limit.reason}` }, { max: limit.max });
  const describedBy = [hint || note ? hintId : null, errorId ?? null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="counter">
      <label className="counter__label" htmlFor={id}>
        {label}
      </label>
      <div className="counter__controls">
        <button
          type="button"
          className="counter__step"
          aria-label={intl.formatMessage({ id: 'tickets.fewer' }, { name: label })}
          aria-disabled={count <= 0 ? true : undefined}
          onClick={() => count > 0 && onChange(count - 1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          className="counter__input"
          type="text"
          inputMode="numeric"
          value={count}
          aria-describedby={describedBy}
          aria-invalid={errorId ? true : undefined}
          onChange={(event) => onChange(event.target.value)}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className="counter__step"
          aria-label={intl.formatMessage({ id: 'tickets.more' }, { name: label })}
          aria-disabled={atMax ? true : undefined}
          onClick={() => onChange(count + 1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {(hint || note) && (
        <p className="counter__hint" id={hintId}>
          {[hint, note].filter(Boolean).join(' ')}
        </p>
      )}
    </div>
  );
}
