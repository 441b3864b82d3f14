/**
 * A labelled count input with −/+ buttons (targets ≥ 24 px), shared by the ticket and the tour
 * page. The raw value goes to the journey's machine, which parses and caps it (§5: not a number is
 * 0); the caller words the limit (`hint`), so this only renders what it is given.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';

export interface CountFieldProps {
  label: string;
  count: number;
  /** highest count accepted now (the + button says it is disabled there); null = no limit */
  max: number | null;
  /** the limit and why it applies, worded by the journey's screen */
  hint: string | null;
  /** raw value as typed, or a number from −/+ */
  onChange: (value: unknown) => void;
  /** extra visible text under the counter (e.g. "needed for the family ticket") */
  note?: string | null;
  /** id of an error text tied to the field */
  errorId?: string | null;
  /** a native number input with min/max/step (ticket page) instead of a numeric text input */
  numberInput?: boolean;
}

export function CountField({ label, count, max, hint, onChange, note, errorId, numberInput }: CountFieldProps) {
  const intl = useIntl();
  const id = useId();
  const hintId = `${id}-hint`;
  const atMax = max !== null && count >= max;
  const describedBy = [hint || note ? hintId : null, errorId ?? null].filter(Boolean).join(' ') || undefined;
  const range = numberInput ? { min: 0, max: max ?? undefined, step: 1 } : {};
  return (
    <div className="counter">
      <label className="counter__label" htmlFor={id}>
        {label}
      </label>
      <div className="counter__controls">
        <button
          type="button"
          className="counter__step"
          aria-label={intl.formatMessage({ id: 'cart.fewer' }, { name: label })}
          aria-disabled={count <= 0 ? true : undefined}
          onClick={() => count > 0 && onChange(count - 1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          className="counter__input"
          type={numberInput ? 'number' : 'text'}
          inputMode="numeric"
          {...range}
          value={count}
          aria-describedby={describedBy}
          aria-invalid={errorId ? true : undefined}
          onChange={(event) => onChange(event.target.value)}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className="counter__step"
          aria-label={intl.formatMessage({ id: 'cart.more' }, { name: label })}
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
