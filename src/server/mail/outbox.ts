/**
 * The mail outbox (issue 42): a mail is stored in the `mail_outbox` table in the transaction of
 * what causes it, and sent afterwards by the mail sender through the transport (SMTP, or .eml
 * files). A try that fails is retried with back-off (1 s, 2 s, 4 s … at most 5 minutes) until
 * it goes through or three days have passed; the rows, not a promise in memory, hold the mail, so
 * a restart loses none, and several processes on one PostgreSQL claim the rows one by one with a
 * lease, so none sends a mail another is sending (due-rows.ts). The log names the row, its kind
 * and where it went (the file or the SMTP message id), never the recipient's link or code.
 */
import type { Db, Queryable } from '../db/index.js';
import type { Language } from '../../api/languages.js';
import { backOffMs, claimDueRows, createDueRunner, type DueRunner } from '../due-rows.js';
import type { MailContent, MailKind } from './messages.js';
import { PermanentMailError, type MailAttachment, type MailTransport } from './transport.js';

/**
 * A file made when the mail is sent, from what the database keeps (an order's PDF tickets or
 * calendar, issue 42): the transaction that stores the mail stays short, and the file is the same
 * whenever it is made. The sender's `makeAttachment` makes it.
 */
export interface MadeAttachment {
  filename: string;
  contentType: string;
  made: { booking: string; part: 'tickets' | 'gift' | 'calendar' };
}

/** A mail to store: who, in which language, what. */
export interface NewMail extends MailContent {
  kind: MailKind | 'order-confirmation';
  lang: Language;
  to: string;
  attachments?: readonly (MailAttachment | MadeAttachment)[];
}

type StoredAttachment =
  | {
      filename: string;
      contentType: string;
      /** base64 */
      content: string;
    }
  | MadeAttachment;

/**
 * Stores a mail to be sent, in the caller's transaction (it goes out only if that commits).
 * Answers the row's id. Kick the sender afterwards (`services.mail?.kick()`).
 */
export async function enqueueMail(q: Queryable, mail: NewMail, now: Date): Promise<number> {
  const attachments: StoredAttachment[] = (mail.attachments ?? []).map((a) =>
    'made' in a ? { filename: a.filename, contentType: a.contentType, made: a.made } : { filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content).toString('base64') },
  );
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO mail_outbox (kind, lang, recipient, subject, text_body, html_body, attachments, created_at, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
    [mail.kind, mail.lang, mail.to, mail.subject, mail.text, mail.html, JSON.stringify(attachments), now.toISOString()],
  );
  if (!row) throw new Error('the outbox insert returned no row');
  return row.id;
}

/** How long a claimed mail is this process's: well above the SMTP transport's limits for one try. */
const LEASE_MS = 5 * 60_000;
/** A mail not out after this long is given up (logged as such): it would come too late. */
const GIVE_UP_AFTER_MS = 3 * 24 * 3600_000;
/** Mails sent in one pass at the most; the next pass (a second later) goes on. */
const PASS_LIMIT = 100;

interface OutboxRow {
  id: number;
  attempts: number;
  kind: string;
  lang: Language;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attachments: StoredAttachment[] | string;
  created_at: Date | string;
}

export type MailSender = DueRunner;

export interface MailSenderOptions {
  db: Db;
  services: { now(): Date; log(message: string): void };
  transport: MailTransport;
  /** MAIL_FROM, e.g. `Museum shop <shop@museum.example>`. */
  from: string;
  /** Send by itself: every second and at once after kick (npm start); off in tests that step it. */
  timer?: boolean;
  /** Makes the files stored as `made` (tickets/delivery.ts `orderAttachmentMaker`); without it they are left out. */
  makeAttachment?: (made: MadeAttachment['made']) => Promise<Uint8Array>;
}

/** The domain of the From address, for the Message-ID. */
function fromDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);

export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, services, transport, from } = options;
  const domain = fromDomain(from);

  const sendOne = async (row: OutboxRow): Promise<boolean> => {
    const created = new Date(row.created_at);
    const stamp = created.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    const label = `Mail ${row.id} (${row.kind}, ${row.lang})`;
    const stored = typeof row.attachments === 'string' ? (JSON.parse(row.attachments) as StoredAttachment[]) : row.attachments;
    const attachments: MailAttachment[] = [];
    for (const a of stored) {
      if (!('made' in a)) {
        attachments.push({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') });
        continue;
      }
      // a file that cannot be made does not hold the mail up: its link offers the file again
      try {
        if (!options.makeAttachment) throw new Error('no maker of files is set');
        attachments.push({ filename: a.filename, contentType: a.contentType, content: await options.makeAttachment(a.made) });
      } catch (error) {
        services.log(`${label}: ${a.filename} could not be made (${errorText(error)}); sent without it`);
      }
    }
    try {
      const where = await transport.send({
        from,
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        lang: row.lang,
        messageId: `<outbox.${row.id}.${created.getTime()}@${domain}>`,
        date: created,
        attachments,
        fileStem: `${stamp}-${String(row.id).padStart(6, '0')}-${row.kind}`,
      });
      // delivered: the row stays (to whom, what, when, as what), its bodies go (they may hold a secret link)
      await db.query(
        "UPDATE mail_outbox SET delivered_at = $2, delivered_as = $3, last_status = 'sent', text_body = '', html_body = '', attachments = '[]' WHERE id = $1",
        [row.id, services.now().toISOString(), where],
      );
      services.log(`${label} ${transport.delivers === 'file' ? 'written to' : 'sent through SMTP, message id'} ${where}`);
      return true;
    } catch (error) {
      const after = services.now();
      if (error instanceof PermanentMailError || after.getTime() - created.getTime() > GIVE_UP_AFTER_MS) {
        await db.query('UPDATE mail_outbox SET given_up_at = $2, last_status = $3 WHERE id = $1', [row.id, after.toISOString(), errorText(error)]);
        services.log(`${label} given up after ${row.attempts} tries: ${errorText(error)}`);
        return false;
      }
      const next = new Date(after.getTime() + backOffMs(row.attempts));
      await db.query('UPDATE mail_outbox SET next_attempt_at = $2, last_status = $3 WHERE id = $1', [row.id, next.toISOString(), errorText(error)]);
      services.log(`${label} not sent (${errorText(error)}); try ${row.attempts + 1} at ${next.toISOString()}`);
      return false;
    }
  };

  // one row claimed at a time: each lease starts when its own try does
  const once = async (): Promise<number> => {
    let sent = 0;
    for (let i = 0; i < PASS_LIMIT; i++) {
      const [row] = await claimDueRows<OutboxRow>(db, {
        table: 'mail_outbox',
        columns: ['kind', 'lang', 'recipient', 'subject', 'text_body', 'html_body', 'attachments', 'created_at'],
        now: services.now(),
        leaseMs: LEASE_MS,
        limit: 1,
      });
      if (!row) break;
      if (await sendOne(row)) sent += 1;
    }
    return sent;
  };

  const runner = createDueRunner({
    once,
    timer: options.timer ?? false,
    onError: (error) => services.log(`Mail: sending the outbox failed: ${errorText(error)}`),
  });
  return {
    kick: runner.kick,
    runDue: runner.runDue,
    stop() {
      runner.stop();
      transport.close();
    },
  };
}
