import type { Migration } from '../migrate.js';

/** Payment types, shipping rates, carts (payment sessions), bookings and upselling suggestions. */
export const orderMigrations: Migration[] = [
  {
    id: '300_orders',
    sql: `
CREATE TABLE payment_types (
  payart_id integer PRIMARY KEY,
  i18n jsonb NOT NULL,
  sequence_no integer NOT NULL DEFAULT 0,
  direct_debit boolean NOT NULL DEFAULT false,
  requires_login boolean NOT NULL DEFAULT true
);
CREATE TABLE shipping_rates (
  country text NOT NULL,
  min_weight integer NOT NULL,
  cost integer NOT NULL,
  PRIMARY KEY (country, min_weight)
);
CREATE TABLE carts (
  id text PRIMARY KEY,
  lang text NOT NULL,
  status text NOT NULL DEFAULT 'open',
  customer_id integer,
  payart integer NOT NULL,
  aux jsonb NOT NULL,
  items jsonb NOT NULL,
  external_document_number text,
  lines jsonb NOT NULL,
  subtotal integer NOT NULL,
  discount integer NOT NULL,
  shipping integer NOT NULL,
  amount integer NOT NULL,
  url_continue text NOT NULL,
  url_cancel text NOT NULL,
  session_us text NOT NULL,
  provider_us text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE TABLE bookings (
  id text PRIMARY KEY,
  cart_id text NOT NULL UNIQUE REFERENCES carts(id),
  customer_id integer,
  has_tickets boolean NOT NULL,
  amount integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE suggestions (
  id serial PRIMARY KEY,
  item jsonb NOT NULL,
  sequence_no integer NOT NULL DEFAULT 0
)
`,
  },
  {
    id: '301_cart_delivery',
    // issue 11: the delivery address chosen in the checkout and the requestInvoice switch (§3, §9)
    sql: `
ALTER TABLE carts ADD COLUMN request_invoice boolean NOT NULL DEFAULT true;
ALTER TABLE carts ADD COLUMN delivery_address jsonb;
ALTER TABLE carts ADD COLUMN shipping_country text
`,
  },
];
