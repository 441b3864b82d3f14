/**
 * Accessible form parts of the account and checkout screens: every field has a label, its errors
 * are tied to it with aria-describedby and aria-invalid, the error summary is announced
 * (role="alert"), and after a rejected submit the focus moves to the first field in error.
 */
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { FormMessage } from '../../domain/account-forms.js';

export function messageText(intl: IntlShape, message: FormMessage): string {
  return 'id' in message ? intl.formatMessage({ id: message.id }, message.values) : message.text;
}

/** Field errors as catalogue keys (checkout) or form messages (accounts). */
export type FieldErrorList = readonly (FormMessage | string)[] | undefined;

function toMessage(m: FormMessage | string): FormMessage {
  return typeof m === 'string' ? { id: m } : m;
}

export function FieldErrors({ id, errors }: { id: string; errors: FieldErrorList }) {
  const intl = useIntl();
  if (!errors || errors.length === 0) return null;
  return (
    <p className="field__error" id={id}>
      {errors.map((m) => messageText(intl, toMessage(m))).join(' ')}
    </p>
  );
}

interface FieldProps {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  errors?: FieldErrorList;
  required?: boolean;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  hint?: ReactNode;
  disabled?: boolean;
}

export function TextField({ name, label, value, onChange, errors, required, type = 'text', autoComplete, hint, disabled }: FieldProps) {
  const id = useId();
  const invalid = Boolean(errors && errors.length > 0);
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={invalid ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="field__required">
            {' '}
            <FormattedMessage id="form.requiredMark" />
          </span>
        )}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        className="field__input"
        type={type}
        value={value}
        autoComplete={autoComplete}
        required={required}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function SelectField({
  name,
  label,
  value,
  onChange,
  options,
  errors,
  required,
  autoComplete,
}: Omit<FieldProps, 'type'> & { options: readonly { value: string; label: string }[] }) {
  const id = useId();
  const intl = useIntl();
  const invalid = Boolean(errors && errors.length > 0);
  return (
    <div className={invalid ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="field__required">
            {' '}
            <FormattedMessage id="form.requiredMark" />
          </span>
        )}
      </label>
      <select
        id={id}
        name={name}
        className="field__input"
        value={value}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {/* Nothing is pre-chosen for the visitor (no silent "Mr"): an empty choice while nothing is
            chosen, and always where the field is optional. */}
        {(value === '' || !required) && (
          <option value="">{intl.formatMessage({ id: 'form.choose' })}</option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  checked,
  onChange,
  errors,
}: {
  name: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors?: FieldErrorList;
}) {
  const id = useId();
  const invalid = Boolean(errors && errors.length > 0);
  return (
    <div className={invalid ? 'field field--check field--invalid' : 'field field--check'}>
      <input
        id={id}
        name={name}
        type="checkbox"
        className="field__checkbox"
        checked={checked}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="field__check-label">
        {label}
      </label>
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** The announced message above a form (role="alert" so screen readers read it at once). */
export function FormAlert({ message, tone = 'danger' }: { message: FormMessage | null; tone?: 'danger' | 'info' | 'warning' }) {
  const intl = useIntl();
  return (
    <div role="alert" className="form-alert-region">
      {message && <p className={`notice notice--${tone}`}>{messageText(intl, message)}</p>}
    </div>
  );
}

/**
 * After each rejected submit (the machine counts them), focus the first invalid field of the form,
 * or the alert when no field is invalid.
 */
export function useFocusFirstError(form: RefObject<HTMLElement | null>, rejectedSubmits: number): void {
  const seen = useRef(rejectedSubmits);
  useEffect(() => {
    if (rejectedSubmits === seen.current) return;
    seen.current = rejectedSubmits;
    const root = form.current;
    if (!root) return;
    const target = root.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root.querySelector<HTMLElement>('[role="alert"] .notice');
    if (target) {
      if (!target.hasAttribute('tabindex') && !/^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(target.tagName)) target.setAttribute('tabindex', '-1');
      target.focus();
    }
  }, [form, rejectedSubmits]);
}
