/**
 * The tour form's counter: the shared count field with the tour limits worded, as on the ticket
 * page. The raw value goes to the machine, which parses and caps it (§5: not a number is 0).
 */
import { useIntl } from 'react-intl';
import type { TourLimit } from '../../../domain/tours.js';
import { CountField } from '../../components/CountField.js';

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
  const hint = limit === null ? null : intl.formatMessage({ id: `tour.limit.${limit.reason}` }, { max: limit.max });
  return <CountField label={label} count={count} max={limit?.max ?? null} hint={hint} onChange={onChange} note={note} errorId={errorId} />;
}
