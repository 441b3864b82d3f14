import type { Migration } from '../migrate.js';

/**
 * Customers, password-reset tokens, pending e-mail changes and salutations. Countries live in the catalogue's `countries`
 * table (key, name jsonb per language, sequence_no, shippable), shared with shipping.
 */
export const accountMigrations: Migration[] = [
  {
    id: '200_accounts',
    sql: `
CREATE TABLE customers (
  id serial PRIMARY KEY,
  email text NOT NULL,
  password_hash text,
  password_salt text,
  is_guest boolean NOT NULL DEFAULT false,
  salutation text NOT NULL DEFAULT '',
  fname text NOT NULL DEFAULT '',
  lname text NOT NULL DEFAULT '',
  company text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  street text NOT NULL DEFAULT '',
  zip text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  send_invoice boolean NOT NULL DEFAULT true,
  shipping jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX customers_email_registered ON customers (email) WHERE NOT is_guest;
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE TABLE salutations (
  key text PRIMARY KEY,
  names jsonb NOT NULL,
  sequence_no integer NOT NULL DEFAULT 0
)
`,
  },
  {
    // Issue 44: an e-mail change waits for the new address to confirm it. One row per requested
    // change: the new address and the SHA-256 of the mailed token (as password_resets keeps it).
    // A newer request, the confirmation or a password change ends the open ones (used_at).
    id: '210_email_changes',
    sql: `
CREATE TABLE email_changes (
  token_hash text PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  new_email text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_changes_customer ON email_changes (customer_id) WHERE used_at IS NULL;
CREATE INDEX password_resets_customer ON password_resets (customer_id) WHERE used_at IS NULL
`,
  },
  {
    // issue 44: what each password hash cost ({N, r, p}); the hashes stored before cost N=2^14
    id: '944_password_params',
    sql: `
ALTER TABLE customers ADD COLUMN password_params jsonb;
UPDATE customers SET password_params = '{"N":16384,"r":8,"p":1}' WHERE password_hash IS NOT NULL`,
  },
  {
    // issue 44: tokens ended by auth/logout, until they would have expired anyway (auth.ts endToken)
    id: '945_ended_tokens',
    sql: `
CREATE TABLE ended_tokens (
  token_id text PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX ended_tokens_expires_at ON ended_tokens (expires_at)`,
  },
];
