import type { Migration } from '../migrate.js';

/**
 * Issue 46: the EU withdrawal function. `bookings.delivered_at` is set by a back office when an
 * order's goods were delivered (their withdrawal period starts then). A statement of withdrawal
 * is a row of `withdrawal_statements` (who, where the acknowledgement went, when, which lines);
 * each line it names is a row of `withdrawn_lines` whose primary key (booking, line) lets a line be
 * withdrawn once only, whatever requests run at the same time. `request_id` (made by the app once
 * per confirmation) makes a repeated request answer the statement it recorded. `refunded_at` is
 * the back office's: set when the money for the statement went back (docs/api.md "Withdrawal").
 */
export const withdrawalMigrations: Migration[] = [
  {
    id: '950_withdrawal',
    sql: `
ALTER TABLE bookings ADD COLUMN delivered_at timestamptz;
CREATE TABLE withdrawal_statements (
  id serial PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings(id),
  request_id text NOT NULL UNIQUE,
  received_at timestamptz NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  lang text NOT NULL,
  lines jsonb NOT NULL,
  refunded_at timestamptz
);
CREATE INDEX withdrawal_statements_booking ON withdrawal_statements (booking_id);
CREATE TABLE withdrawn_lines (
  booking_id text NOT NULL REFERENCES bookings(id),
  line integer NOT NULL CHECK (line >= 0),
  statement_id integer NOT NULL REFERENCES withdrawal_statements(id),
  PRIMARY KEY (booking_id, line)
)`,
  },
];
