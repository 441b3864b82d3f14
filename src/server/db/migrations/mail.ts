import type { Migration } from '../migrate.js';

/**
 * Issue 42: the mail outbox. A mail is stored here in the transaction of what causes it (a
 * password-reset request, a changed e-mail address or password) and sent afterwards by the mail
 * sender (src/server/mail/outbox.ts): over SMTP, or as an .eml file into DATA_DIR/outbox.
 * `next_attempt_at` is the back-off and the lease of the process sending it (src/server/due-rows.ts);
 * a delivered mail keeps its row (to, subject, when, as what) but not its bodies, which may hold a
 * secret link.
 */
export const mailMigrations: Migration[] = [
  {
    id: '400_mail_outbox',
    sql: `
CREATE TABLE mail_outbox (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  lang text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  attachments jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  delivered_at timestamptz,
  delivered_as text,
  given_up_at timestamptz,
  last_status text
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE delivered_at IS NULL AND given_up_at IS NULL`,
  },
];
