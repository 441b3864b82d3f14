/**
 * How a mail leaves the shop (issue 42): through SMTP when SMTP_URL is set, else as one
 * RFC 5322 `.eml` file per mail in DATA_DIR/outbox, which any mail client opens. Both build the
 * message with nodemailer from the same fields, attachments included.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Language } from '../../api/languages.js';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** One mail as it goes out. */
export interface OutgoingMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  lang: Language;
  /** The same on every try of one outbox row, so a receiver can tell a repeat. */
  messageId: string;
  date: Date;
  attachments: readonly MailAttachment[];
  /** A name for the file (the .eml transport): unique per outbox row, the same on every try. */
  fileStem: string;
}

export interface MailTransport {
  /** For the start-up line: where mails go (never a password). */
  readonly description: string;
  /** What `send` answers: the file written, or the message id the SMTP server took. */
  readonly delivers: 'file' | 'smtp';
  /** Hands the mail on; answers what the log may name (the file, or the SMTP message id). Throws when it could not. */
  send(message: OutgoingMessage): Promise<string>;
  close(): void;
}

/** A refusal that no retry can change (the SMTP server's 5xx): the mail is given up. */
export class PermanentMailError extends Error {
  override name = 'PermanentMailError';
}

function nodemailerFields(message: OutgoingMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    date: message.date,
    headers: { 'Content-Language': message.lang, 'Auto-Submitted': 'auto-generated' },
    attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
  };
}

/** The whole message as RFC 5322 bytes (CRLF line ends), as nodemailer would send it. */
export async function composeMessage(message: OutgoingMessage): Promise<Buffer> {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await composer.sendMail(nodemailerFields(message));
  if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer gave no message buffer');
  return info.message;
}

/**
 * Writes each mail as `<dir>/<fileStem>.eml` (first to a temporary name, then renamed: a reader
 * never sees half a mail; a retry of one row writes the same file again, never a second one).
 */
export function fileTransport(dir: string): MailTransport {
  return {
    description: `written as .eml files to ${dir}`,
    delivers: 'file',
    async send(message) {
      const bytes = await composeMessage(message);
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${message.fileStem}.eml`);
      const partial = `${file}.partial`;
      await fs.writeFile(partial, bytes, { mode: 0o600 });
      await fs.rename(partial, file);
      return file;
    },
    close() {},
  };
}

/** Settings of an SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`), checked by env.ts. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** smtps: TLS from the first byte; smtp: STARTTLS when the server offers it. */
  secure: boolean;
  user: string | undefined;
  pass: string | undefined;
}

/** The parts of an SMTP_URL, or a reason it is not one. */
export function parseSmtpUrl(raw: string): SmtpSettings | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return 'must start with smtp:// or smtps://';
  if (url.hostname === '') return 'names no host';
  if ((url.pathname !== '' && url.pathname !== '/') || url.search !== '' || url.hash !== '') return 'must have no path, query or fragment';
  if (url.password !== '' && url.username === '') return 'has a password without a user';
  const secure = url.protocol === 'smtps:';
  let user: string | undefined;
  let pass: string | undefined;
  try {
    user = url.username === '' ? undefined : decodeURIComponent(url.username);
    pass = url.password === '' ? undefined : decodeURIComponent(url.password);
  } catch {
    return 'has a badly encoded user or password';
  }
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port === '' ? (secure ? 465 : 587) : Number(url.port), secure, user, pass };
}

/**
 * Sends through an SMTP server, one connection per mail. The limits keep a try well within the
 * outbox's lease (mail/outbox.ts): a server that hangs fails the try, which is retried later.
 */
export function smtpTransport(settings: SmtpSettings): MailTransport {
  const transporter = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user !== undefined ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const where = `${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${settings.port}`;
  return {
    delivers: 'smtp',
    description: `sent through ${settings.secure ? 'smtps' : 'smtp'}://${where}${settings.user !== undefined ? ' (with login)' : ''}`,
    async send(message) {
      try {
        const info = await transporter.sendMail(nodemailerFields(message));
        if (info.rejected.length > 0) throw new PermanentMailError(`the SMTP server refused the recipient (${info.response})`);
        return info.messageId;
      } catch (error) {
        // a recipient refused for good (5xx to RCPT TO); a refused login or a full queue is the operator's to fix, and retried
        const { responseCode, code, command } = (error ?? {}) as { responseCode?: unknown; code?: unknown; command?: unknown };
        const atRecipient = code === 'EENVELOPE' || (typeof command === 'string' && command.startsWith('RCPT'));
        if (atRecipient && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600) throw new PermanentMailError((error as Error).message);
        throw error;
      }
    },
    close() {
      transporter.close();
    },
  };
}
