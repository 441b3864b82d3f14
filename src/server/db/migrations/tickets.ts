import type { Migration } from '../migrate.js';

/**
 * Issue 42: what a booked order delivers. A booking keeps its document (the admissions, visits and
 * lines as sold, in the language of the purchase: tickets/model.ts), its secret key (the order
 * page and files of an anonymous buyer: 128 random bits), where its confirmation went and when.
 * Every scanned admission is a row of `tickets` with its signed code; a voucher bought is a row of
 * `voucher_codes` tied to its booking. A cart paid through an anonymous express payment keeps the
 * address the visitor gave on the provider's page.
 */
export const ticketMigrations: Migration[] = [
  {
    id: '410_order_documents',
    sql: `
ALTER TABLE bookings ADD COLUMN lang text;
ALTER TABLE bookings ADD COLUMN order_key text;
ALTER TABLE bookings ADD COLUMN mail_to text;
ALTER TABLE bookings ADD COLUMN document jsonb;
ALTER TABLE bookings ADD COLUMN confirmation_sent_at timestamptz;
CREATE UNIQUE INDEX bookings_order_key ON bookings (order_key) WHERE order_key IS NOT NULL;
CREATE INDEX bookings_customer ON bookings (customer_id, created_at DESC) WHERE customer_id IS NOT NULL;
CREATE TABLE tickets (
  booking_id text NOT NULL REFERENCES bookings(id),
  serial integer NOT NULL,
  code text NOT NULL UNIQUE,
  PRIMARY KEY (booking_id, serial)
);
ALTER TABLE voucher_codes ADD COLUMN booking_id text;
ALTER TABLE carts ADD COLUMN contact_email text;
ALTER TABLE carts ADD COLUMN origin text;
ALTER TABLE provider_payments ADD COLUMN payer_email text`,
  },
];
