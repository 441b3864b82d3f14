/**
 * The ticket page's counter: the shared count field with the ticket limits worded (§5). The raw
 * value goes to the machine, which parses and caps it; the limit and why it applies are shown
 * under the counter.
 */
import { useIntl } from 'react-intl';
import type { CounterLimit } from '../../../domain/tickets.js';
import { CountField } from '../../components/CountField.js';

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
  const hint =
    limit.max === null
      ? null
      : limit.reason === 'subticket'
        ? intl.formatMessage({ id: 'tickets.limitSubticket' }, { max: limit.max })
        : intl.formatMessage({ id: 'tickets.limitTimeslot' }, { max: limit.max });
  return <CountField label={label} count={count} max={limit.max} hint={hint} onChange={onChange} note={note} numberInput />;
}
