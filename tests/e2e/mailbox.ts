/**
 * The mails of a browser test's server (issue 42). The e2e servers run without SMTP_URL, so each
 * mail is one .eml file in DATA_DIR/outbox (src/server/mail/transport.ts); a test reads it as a
 * visitor's mail client would, e.g. for the recovery link.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The outbox folder of the server the e2e global setup started ('' when it could not start). */
export function sharedOutboxDir(): string {
  return inject('outboxDir');
}

const parsedFiles = new Map<string, Promise<ParsedMail>>();

/** Every mail in `dir`, oldest first (the file names start with the time and the outbox id). */
export async function mailsIn(dir: string): Promise<ParsedMail[]> {
  if (!dir || !fs.existsSync(dir)) return [];
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map((name) => {
      const file = path.join(dir, name);
      let parsed = parsedFiles.get(file);
      if (!parsed) parsedFiles.set(file, (parsed = simpleParser(fs.readFileSync(file))));
      return parsed;
    }),
  );
}

const recipient = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address?.toLowerCase();

/**
 * The recovery link last mailed to `email` (its text part), once the server has written it:
 * `{origin, path}` with path `/{lang}/recover/{token}`. Throws after `timeoutMs`.
 */
export async function mailedRecoveryLink(dir: string, email: string, timeoutMs = 15_000): Promise<{ href: string; path: string }> {
  return mailedLink(dir, email, 'recover', timeoutMs);
}

/** The link that confirms a new e-mail address (issue 44), last mailed to that address: path `/{lang}/confirm-email/{token}`. */
export async function mailedConfirmationLink(dir: string, email: string, timeoutMs = 15_000): Promise<{ href: string; path: string }> {
  return mailedLink(dir, email, 'confirm-email', timeoutMs);
}

async function mailedLink(dir: string, email: string, page: 'recover' | 'confirm-email', timeoutMs: number): Promise<{ href: string; path: string }> {
  const deadline = Date.now() + timeoutMs;
  const link = new RegExp(`(https?:\\/\\/[^\\s/]+)(\\/[a-z]{2}\\/${page}\\/[\\w-]+)`);
  for (;;) {
    const mails = (await mailsIn(dir)).filter((m) => recipient(m) === email.toLowerCase());
    for (const mail of mails.reverse()) {
      const match = link.exec(mail.text ?? '');
      if (match?.[1] && match[2]) return { href: `${match[1]}${match[2]}`, path: match[2] };
    }
    if (Date.now() > deadline) throw new Error(`no ${page} link mailed to ${email} in ${dir || '(no outbox)'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
