/**
 * A labelled count input with −/+ buttons (targets ≥ 24 px). The raw value goes to the machine,
 * which parses and caps it (§5); the limit and why it applies are shown under the counter.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { CounterLimit } from '../../../domain/tickets.js';

export interface CounterProps {
  label: string;
  count: number;
  limit: CounterLimit;
  /** raw value as typed, or a number from −/+ */
  onChange: (value: unknown) => void;
  /** extra visible text under the counter (e.g. "needed for the family ticket") */
  note?: string | null;
}

export function Counter({ label, count, limit, onChange, note }: CounterProps) {
  const intl = useIntl();
  const id = useId();
  const hintId = `${id}-hint`;
  const atMax = limit.max !== null && count >= limit.max;
  const hint =
    limit.max === null
      ? null
      : limit.reason === 'subticket'
        ? intl.formatMessage({ id: 'tickets.limitSubticket' }, { max: limit.max })
        : intl.formatMessage({ id: 'tickets.limitTimeslot' }, { max: limit.max });
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
          type="number"
          inputMode="numeric"
          min={0}
          max={limit.max ?? undefined}
          step={1}
          value={count}
          aria-describedby={hint || note ? hintId : undefined}
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
