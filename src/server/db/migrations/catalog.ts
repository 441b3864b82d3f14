import type { Migration } from '../migrate.js';

/**
 * Catalogue tables. Texts are jsonb maps language → text. Schedules are recurring opening rules
 * (weekdays, start times, capacity per slot) from which slots are derived for any date, so the
 * demo data stays bookable however long after seeding the server runs. Dates of lifetimes and
 * voucher validity are either absolute (`*_date`) or relative to the server's "today"
 * (`*_rel_days`); absolute wins when both are set.
 */
export const catalogMigrations: Migration[] = [
  {
    id: '010_catalog',
    sql: `
CREATE TABLE venues (id integer PRIMARY KEY, name jsonb NOT NULL, address text NOT NULL DEFAULT '');
CREATE TABLE custom_groups (id integer PRIMARY KEY, kind text NOT NULL, name jsonb NOT NULL, sequence_no integer NOT NULL DEFAULT 0);
CREATE TABLE events (
  id integer PRIMARY KEY,
  name jsonb NOT NULL,
  description jsonb NOT NULL DEFAULT '{}',
  venue_id integer NOT NULL REFERENCES venues(id),
  sequence_no integer NOT NULL DEFAULT 0,
  sorting_datetime text NOT NULL,
  custom_groups integer[] NOT NULL DEFAULT '{}',
  start_date date, start_rel_days integer,
  end_date date, end_rel_days integer,
  image text
);
CREATE TABLE event_tickets (
  id integer PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id),
  name jsonb NOT NULL,
  mode integer NOT NULL,
  price integer NOT NULL,
  vat_value double precision NOT NULL,
  family integer NOT NULL DEFAULT 0,
  group_id integer, group_name jsonb,
  print_separately integer NOT NULL DEFAULT 0,
  unique_barcode integer NOT NULL DEFAULT 0,
  scan_separately integer NOT NULL DEFAULT 0,
  book_with_cost integer NOT NULL DEFAULT 0,
  book_with_cost_warn integer NOT NULL DEFAULT 0,
  sequence_no integer NOT NULL DEFAULT 0
);
CREATE TABLE tours (
  id integer PRIMARY KEY,
  event_id integer REFERENCES events(id),
  name jsonb NOT NULL,
  description jsonb NOT NULL DEFAULT '{}',
  sequence_no integer NOT NULL DEFAULT 0,
  duration_min integer NOT NULL DEFAULT 60,
  max_participants integer NOT NULL,
  min_participants integer NOT NULL DEFAULT 1,
  single_ticketing integer NOT NULL,
  book_complete_tour integer NOT NULL,
  booking_without_tickets integer NOT NULL,
  lang_identifier text NOT NULL,
  museum_id integer NOT NULL DEFAULT 1,
  venue_id integer NOT NULL REFERENCES venues(id),
  custom_groups integer[] NOT NULL DEFAULT '{}',
  start_date date, start_rel_days integer,
  end_date date, end_rel_days integer
);
CREATE TABLE tour_prices (id integer PRIMARY KEY, tour_id integer NOT NULL REFERENCES tours(id), name jsonb NOT NULL, price integer NOT NULL, vat_value double precision NOT NULL, sequence_no integer NOT NULL DEFAULT 0);
CREATE TABLE tour_tickets (id integer PRIMARY KEY, tour_id integer NOT NULL REFERENCES tours(id), name jsonb NOT NULL, price integer NOT NULL, vat_value double precision NOT NULL, sequence_no integer NOT NULL DEFAULT 0);
CREATE TABLE subtickets (
  id integer PRIMARY KEY,
  parent_kind text NOT NULL,
  parent_id integer NOT NULL,
  name jsonb NOT NULL,
  price integer NOT NULL,
  vat_value double precision NOT NULL,
  min_quantity integer NOT NULL DEFAULT 0,
  max_quantity integer NOT NULL,
  sequence_no integer NOT NULL DEFAULT 0
);
CREATE TABLE tour_questions (
  id integer PRIMARY KEY,
  tour_id integer NOT NULL REFERENCES tours(id),
  type text NOT NULL,
  label jsonb NOT NULL,
  mandatory boolean NOT NULL,
  options jsonb NOT NULL DEFAULT '[]',
  min_value integer, max_value integer,
  sequence_no integer NOT NULL DEFAULT 0
);
CREATE TABLE schedule_rules (
  id serial PRIMARY KEY,
  owner_kind text NOT NULL,
  owner_id integer NOT NULL,
  weekdays integer[] NOT NULL,
  times text[] NOT NULL,
  duration_min integer NOT NULL,
  capacity integer NOT NULL,
  prebooked integer NOT NULL DEFAULT 0,
  tours integer NOT NULL DEFAULT 1,
  prebooked_tours integer NOT NULL DEFAULT 0,
  price_list jsonb
);
CREATE INDEX schedule_rules_owner ON schedule_rules (owner_kind, owner_id);
CREATE TABLE slot_bookings (
  owner_kind text NOT NULL,
  owner_id integer NOT NULL,
  datetime text NOT NULL,
  taken integer NOT NULL DEFAULT 0,
  tours_taken integer NOT NULL DEFAULT 0,
  PRIMARY KEY (owner_kind, owner_id, datetime)
);
CREATE TABLE merchandise (
  id integer PRIMARY KEY,
  name jsonb NOT NULL,
  description jsonb NOT NULL DEFAULT '{}',
  price integer NOT NULL,
  vat_value double precision NOT NULL,
  stock integer,
  sequence_no integer NOT NULL DEFAULT 0,
  custom_groups integer[] NOT NULL DEFAULT '{}',
  product_kind_ref integer NOT NULL DEFAULT 1,
  weight integer NOT NULL DEFAULT 0,
  image text
);
CREATE TABLE vouchers (
  id integer PRIMARY KEY,
  name jsonb NOT NULL,
  description jsonb NOT NULL DEFAULT '{}',
  price integer NOT NULL,
  vat_value double precision NOT NULL,
  variable_amount integer NOT NULL DEFAULT 0,
  min_amount integer, max_amount integer,
  group_id integer NOT NULL,
  sequence_no integer NOT NULL DEFAULT 0,
  image text
);
CREATE TABLE voucher_codes (
  barcode text PRIMARY KEY,
  name jsonb NOT NULL,
  amount integer NOT NULL,
  used_amount integer NOT NULL DEFAULT 0,
  valid_from date, valid_from_rel_days integer,
  valid_to date, valid_to_rel_days integer
);
CREATE TABLE countries (key text PRIMARY KEY, name jsonb NOT NULL, sequence_no integer NOT NULL DEFAULT 100, shippable boolean NOT NULL DEFAULT true);
CREATE TABLE static_pages (id text NOT NULL, lang text NOT NULL, title text NOT NULL, html text NOT NULL, PRIMARY KEY (id, lang))
`,
  },
];
