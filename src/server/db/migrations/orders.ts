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
  {
    id: '302_holds_and_payments',
    // issue 41: what a payment cart holds until it is paid, booked, cancelled or runs out (a hold
    // counts while expires_at lies ahead: no cron releases it); the money's way (paid_at,
    // paid_amount, refunded_at, refund_reason, the 'refunded' status); and the simulated
    // provider's own books: its payments and the signed notices it sends until the shop answers 2xx
    sql: `
CREATE TABLE holds (
  id serial PRIMARY KEY,
  cart_id text NOT NULL REFERENCES carts(id),
  kind text NOT NULL CHECK (kind IN ('slot', 'stock', 'voucherCode')),
  line integer NOT NULL,
  owner_kind text,
  owner_id integer,
  datetime text,
  until_end boolean NOT NULL DEFAULT false,
  lifetime_first text,
  lifetime_last text,
  merchandise_id integer,
  barcode text,
  places integer NOT NULL DEFAULT 0,
  tours integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);
CREATE INDEX holds_slot ON holds (owner_kind, owner_id, datetime) WHERE kind = 'slot';
CREATE INDEX holds_stock ON holds (merchandise_id) WHERE kind = 'stock';
CREATE INDEX holds_code ON holds (barcode) WHERE kind = 'voucherCode';
CREATE INDEX holds_cart ON holds (cart_id);
ALTER TABLE carts ADD COLUMN paid_at timestamptz;
ALTER TABLE carts ADD COLUMN paid_amount integer;
ALTER TABLE carts ADD COLUMN refunded_at timestamptz;
ALTER TABLE carts ADD COLUMN refund_reason text;
CREATE TABLE provider_payments (
  us text PRIMARY KEY,
  cart_id text NOT NULL,
  amount integer NOT NULL,
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'paid' CHECK (status IN ('paid', 'refunded')),
  paid_at timestamptz NOT NULL,
  refunded_at timestamptz,
  refund_reason text
);
CREATE INDEX provider_payments_cart ON provider_payments (cart_id);
CREATE TABLE provider_notices (
  id serial PRIMARY KEY,
  us text NOT NULL,
  cart_id text NOT NULL,
  body text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  delivered_at timestamptz,
  last_status text
);
CREATE INDEX provider_notices_due ON provider_notices (next_attempt_at) WHERE delivered_at IS NULL
`,
  },
];
