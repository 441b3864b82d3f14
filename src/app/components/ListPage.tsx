/**
 * Pieces shared by the list pages of the journeys (events, guided tours): the page frame with its
 * heading, the loading and failed (retry) notices, and a labelled filter select whose first option
 * means "all". They only render what the journey's screen selected and call back for its events.
 */
import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { PageHeading } from '../screens/PageHeading.js';
import { RetryNotice } from './RetryNotice.js';

export interface ListPageProps {
  className: string;
  /** message ids of the heading, the loading text and the failed notice */
  titleId: string;
  loadingId: string;
  failedId: string;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** the filters and the list, shown once the list is loaded */
  children: ReactNode;
}

export function ListPage({ className, titleId, loadingId, failedId, loading, failed, onRetry, children }: ListPageProps) {
  return (
    <section className={className}>
      <PageHeading>
        <FormattedMessage id={titleId} />
      </PageHeading>
      {loading && (
        <p className="screen-loading" role="status">
          <FormattedMessage id={loadingId} />
        </p>
      )}
      {failed && <RetryNotice messageId={failedId} onRetry={onRetry} />}
      {!loading && !failed && children}
    </section>
  );
}

export interface FilterSelectProps<T extends string | number> {
  label: string;
  /** the text of the first option, which clears the filter */
  all: string;
  value: T | null;
  options: readonly { id: T; name: string }[];
  /** the chosen option's id as the select holds it (a string), or null for "all" */
  onChange: (id: string | null) => void;
}

export function FilterSelect<T extends string | number>({ label, all, value, options, onChange }: FilterSelectProps<T>) {
  const id = useId();
  return (
    <div className="field event-filters__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
