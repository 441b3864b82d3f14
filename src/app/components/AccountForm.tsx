/**
 * Pieces shared by the account forms (login, registration, password recovery) and the settings
 * sections: the form frame (no native validation, busy while the machine works, focus on the first
 * error after each rejected submit, the submit row), the customer-data field as the server's
 * customer/attr describes it, and the "could not load the form" notice with its retry. They only
 * render what the screen selected from its machine and call back for its events.
 */
import { useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CustomerAttr } from '../../api/schemas/accounts.js';
import type { AuthField } from '../../domain/account-forms.js';
import { SelectField, TextField, useFocusFirstError, type FieldErrorList } from './form.js';
import { CountrySelect } from './CountrySelect.js';

export interface AccountFormProps {
  /** the machine's count of rejected submits (each new one moves the focus to the first error) */
  rejectedSubmits: number;
  busy: boolean;
  /** message id of the submit button */
  submitId: string;
  /** the registration's two-column form */
  wide?: boolean;
  onSubmit: () => void;
  /** the intro, the alert region and the fields */
  children: ReactNode;
}

export function AccountForm({ rejectedSubmits, busy, submitId, wide = false, onSubmit, children }: AccountFormProps) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, rejectedSubmits);
  return (
    <form
      ref={form}
      className={wide ? 'auth__form auth__form--wide' : 'auth__form'}
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <button type="submit" className="button auth__submit" disabled={busy}>
        <FormattedMessage id={submitId} />
      </button>
    </form>
  );
}

const INPUT: Partial<Record<AuthField, { type: 'text' | 'email' | 'password' | 'tel'; autoComplete: string }>> = {
  email: { type: 'email', autoComplete: 'email' },
  emailConfirmation: { type: 'email', autoComplete: 'email' },
  password: { type: 'password', autoComplete: 'new-password' },
  passwordConfirmation: { type: 'password', autoComplete: 'new-password' },
  company: { type: 'text', autoComplete: 'organization' },
  phone: { type: 'tel', autoComplete: 'tel' },
  fname: { type: 'text', autoComplete: 'given-name' },
  lname: { type: 'text', autoComplete: 'family-name' },
  // one line: `street-address` belongs to multi-line fields (src/domain/delivery-address.ts says why)
  street: { type: 'text', autoComplete: 'address-line1' },
  zip: { type: 'text', autoComplete: 'postal-code' },
  city: { type: 'text', autoComplete: 'address-level2' },
};

export interface CustomerFieldProps {
  field: AuthField;
  value: string;
  errors: FieldErrorList;
  required: boolean;
  /** customer/attr: the salutations and countries offered */
  attr: CustomerAttr | null;
  onChange: (value: string) => void;
}

/** One customer-data field: salutation as a select, the country as the shop's one country select, the others as inputs of their kind. */
export function CustomerField({ field, value, errors, required, attr, onChange }: CustomerFieldProps) {
  const intl = useIntl();
  const common = { name: field, label: intl.formatMessage({ id: `auth.field.${field}` }), value, errors, required, onChange };
  if (field === 'country') return <CountrySelect {...common} countries={attr?.countries ?? null} autoComplete="country" />;
  if (field === 'salutation') {
    const options = Object.entries(attr?.salutations ?? {}).map(([option, label]) => ({ value: option, label }));
    return <SelectField {...common} autoComplete="honorific-prefix" options={options} />;
  }
  const input = INPUT[field] ?? { type: 'text' as const, autoComplete: 'on' };
  return <TextField {...common} type={input.type} autoComplete={input.autoComplete} />;
}

/** The form's fields could not be loaded: said as an alert, with a retry. */
export function LoadFailedNotice({ messageId, onRetry }: { messageId: string; onRetry: () => void }) {
  return (
    <div role="alert" className="notice notice--danger">
      <p>
        <FormattedMessage id={messageId} />
      </p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        <FormattedMessage id="form.retry" />
      </button>
    </div>
  );
}
