/**
 * The shop's mails (issue 42) against a real SMTP server (smtp-server on a free loopback port)
 * and as .eml files: what arrives, in which language, in text and HTML; what the log says (never
 * the link); a mail kept while the SMTP server is down and delivered later, also by a restarted
 * sender; a recipient refused for good given up; the notices of a changed e-mail address and
 * password.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { startTestServer, type TestServer } from './harness.js';
import { Smtp } from './smtp.js';
import { createShopApi } from '../../src/api/index.js';
import { LANGUAGES, type Language } from '../../src/api/languages.js';
import { createMailSender, enqueueMail } from '../../src/server/mail/outbox.js';
import { emailChangedMail, passwordResetMail } from '../../src/server/mail/messages.js';
import { fileTransport, parseSmtpUrl, smtpTransport, type MailTransport } from '../../src/server/mail/transport.js';

const DEMO = 'demo@museum.example';

async function resetRequest(server: TestServer, lang: Language, email = DEMO): Promise<void> {
  const res = await fetch(`${server.apiBase}/${lang}/customer/pwdreset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, backlink: 'https://evil.example/' }),
  });
  expect(res.status).toBe(200);
}

const LINK = /https?:\/\/[^\s"<>]+\/(\w\w)\/recover\/([0-9a-f-]{36})/;
const htmlOf = (mail: ParsedMail) => (typeof mail.html === 'string' ? mail.html : '');
const addressOf = (field: ParsedMail['to'] | ParsedMail['from']) => (Array.isArray(field) ? field[0] : field)?.value[0]?.address;

async function linkIsGood(server: TestServer, lang: Language, token: string): Promise<boolean> {
  return (await fetch(`${server.apiBase}/${lang}/customer/pwdconfirm?token=${token}`)).status === 200;
}

describe('through a real SMTP server (SMTP_URL)', () => {
  const smtp = new Smtp();
  let server: TestServer;

  beforeAll(async () => {
    await smtp.start();
    server = await startTestServer({ mail: { transport: smtp.transport(), from: 'Museum Kasse <kasse@museum.example>' } });
  });
  afterAll(async () => {
    await server.close();
    await smtp.stop();
  });
  afterEach(() => {
    smtp.received = [];
  });

  it('a reset request in French: the mail arrives with the link in French, in text and accessible HTML; the log names no token or link', async () => {
    await resetRequest(server, 'fr');
    // stored first, in the request's transaction; the sender sends it
    expect(smtp.received).toHaveLength(0);
    expect(await server.mail.runDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.rcpt).toEqual([DEMO]);
    const [mail] = await smtp.parsed();
    if (!mail) throw new Error('no mail');
    expect(addressOf(mail.to)).toBe(DEMO);
    expect(addressOf(mail.from)).toBe('kasse@museum.example');
    expect(mail.subject).toBe('Un nouveau mot de passe pour votre compte de la boutique du musée');
    expect(mail.headers.get('content-language')).toBe('fr');
    expect(mail.messageId).toMatch(/^<outbox\.\d+\.\d+@museum\.example>$/);

    const inText = LINK.exec(mail.text ?? '');
    expect(inText?.[0]).toContain(`${server.url}/fr/recover/`);
    expect(mail.text).toContain('Choisir un nouveau mot de passe');
    expect(mail.text).toContain('Le lien est valable une fois, pendant une heure.');
    const html = htmlOf(mail);
    expect(html).toMatch(/<html lang="fr">/);
    expect(html).toMatch(/<h1[^>]*>Un nouveau mot de passe pour votre compte de la boutique du musée<\/h1>/);
    expect(html).toContain(`<a href="${inText?.[0] ?? 'none'}">Choisir un nouveau mot de passe</a>`);
    expect(html).not.toMatch(/<table/i);
    expect(html).not.toContain('evil.example');

    const token = inText?.[2] ?? '';
    expect(await linkIsGood(server, 'fr', token)).toBe(true);
    const log = server.logs.join('\n');
    expect(log).not.toContain(token);
    expect(log).not.toContain('/recover/');
    expect(log).toMatch(/Mail \d+ \(password-reset, fr\) sent through SMTP, message id <outbox\./);
    // sent: the row says so and no longer holds the link
    const [row] = await server.db.query<{ delivered_at: Date | null; text_body: string; html_body: string }>(
      "SELECT delivered_at, text_body, html_body FROM mail_outbox WHERE kind = 'password-reset' ORDER BY id DESC LIMIT 1",
    );
    expect(row?.delivered_at).not.toBeNull();
    expect(`${row?.text_body}${row?.html_body}`).toBe('');
  });

  it('each of the eight languages gets the mail in its own words and its own link', async () => {
    for (const lang of LANGUAGES) {
      await resetRequest(server, lang);
      // the next minute: a few reset requests a minute per address (rate limit)
      server.clock.now = new Date(server.clock.now.getTime() + 61_000);
    }
    expect(await server.mail.runDue()).toBe(LANGUAGES.length);
    const mails = await smtp.parsed();
    expect(mails.map((m) => /<html lang="(\w\w)">/.exec(htmlOf(m))?.[1])).toEqual([...LANGUAGES]);
    expect(mails.map((m) => LINK.exec(m.text ?? '')?.[1])).toEqual([...LANGUAGES]);
    // real translations: no two subjects or bodies alike
    expect(new Set(mails.map((m) => m.subject)).size).toBe(LANGUAGES.length);
    expect(new Set(mails.map((m) => (m.text ?? '').replace(LINK, ''))).size).toBe(LANGUAGES.length);
  });

  it('a recipient the SMTP server refuses for good (550) is given up, not retried', async () => {
    const api = createShopApi({ baseURL: server.apiBase, lang: () => 'en' });
    const email = 'refused@museum.example';
    await api.register({ email, password: 'correct horse 42', salutation: 'mr', fname: 'Max', lname: 'Tester', street: 'Bahnhofstrasse 1', zip: '8001', city: 'Zürich', country: 'CH' });
    await resetRequest(server, 'en', email);
    expect(await server.mail.runDue()).toBe(0);
    const [row] = await server.db.query<{ given_up_at: Date | null; attempts: number }>('SELECT given_up_at, attempts FROM mail_outbox WHERE recipient = $1', [email]);
    expect(row?.given_up_at).not.toBeNull();
    server.clock.now = new Date(server.clock.now.getTime() + 3600_000);
    expect(await server.mail.runDue()).toBe(0);
    const [again] = await server.db.query<{ attempts: number }>('SELECT attempts FROM mail_outbox WHERE recipient = $1', [email]);
    expect(again?.attempts).toBe(1);
    expect(server.logs.at(-1)).toMatch(/given up after 1 tries/);
  });
});

describe('while the SMTP server is down', () => {
  const smtp = new Smtp();
  let server: TestServer;

  beforeAll(async () => {
    await smtp.start();
    server = await startTestServer({ mail: { transport: smtp.transport() } });
    await smtp.stop();
  });
  afterAll(async () => {
    await server.close();
    await smtp.stop();
  });

  it('keeps the mail and retries it with back-off; once the server is back, a later run (even of a restarted sender) delivers it', async () => {
    await resetRequest(server, 'nl');
    expect(await server.mail.runDue()).toBe(0);
    const row = async () =>
      (await server.db.query<{ attempts: number; delivered_at: Date | null; next_attempt_at: Date; last_status: string }>(
        "SELECT attempts, delivered_at, next_attempt_at, last_status FROM mail_outbox WHERE kind = 'password-reset'",
      ))[0];
    const first = await row();
    expect(first).toMatchObject({ attempts: 1, delivered_at: null });
    expect(new Date(first?.next_attempt_at ?? 0).getTime()).toBeGreaterThan(server.clock.now.getTime());
    expect(server.logs.at(-1)).toMatch(/Mail \d+ \(password-reset, nl\) not sent \(.+\); try 2 at /);
    expect(server.logs.join('\n')).not.toContain('/recover/');

    // not due yet: the back-off holds it
    expect(await server.mail.runDue()).toBe(0);
    expect((await row())?.attempts).toBe(1);
    // still down a few seconds later: the second try fails too, the wait doubles
    server.clock.now = new Date(server.clock.now.getTime() + 1500);
    expect(await server.mail.runDue()).toBe(0);
    const second = await row();
    expect(second?.attempts).toBe(2);
    expect(new Date(second?.next_attempt_at ?? 0).getTime() - server.clock.now.getTime()).toBeGreaterThanOrEqual(2000);

    // the SMTP server is back on its port; the shop restarted meanwhile (a new sender on the same database)
    await smtp.start();
    server.mail.stop();
    const restarted = createMailSender({ db: server.db, services: server.services, transport: smtp.transport(), from: 'Museum shop <shop@museum.example>' });
    try {
      server.clock.now = new Date(server.clock.now.getTime() + 2500);
      expect(await restarted.runDue()).toBe(1);
    } finally {
      restarted.stop();
    }
    const [mail] = await smtp.parsed();
    expect(mail?.subject).toBe('Een nieuw wachtwoord voor uw account bij de museumwinkel');
    const token = LINK.exec(mail?.text ?? '')?.[2] ?? '';
    expect(await linkIsGood(server, 'nl', token)).toBe(true);
    expect((await row())?.delivered_at).not.toBeNull();
    expect(smtp.received).toHaveLength(1);
  });
});

describe('without SMTP_URL: .eml files in DATA_DIR/outbox', () => {
  let server: TestServer;
  let dir = '';

  beforeAll(async () => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-mail-')), 'outbox');
    server = await startTestServer({ mail: { transport: fileTransport(dir) } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('writes each mail as one RFC 5322 file that parses, with the link in Swedish; the log names the file, not the link', async () => {
    await resetRequest(server, 'sv');
    expect(await server.mail.runDue()).toBe(1);
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{6}Z-\d{6}-password-reset\.eml$/);
    const file = path.join(dir, files[0] ?? '');
    const raw = fs.readFileSync(file);
    expect(raw.toString('latin1')).toMatch(/^[\x21-\x7e]+: /); // a header first, no envelope line
    expect(raw.toString('latin1')).toContain('\r\n\r\n');
    const mail = await simpleParser(raw);
    expect(addressOf(mail.to)).toBe(DEMO);
    expect(mail.subject).toBe('Ett nytt lösenord för ditt konto i museibutiken');
    const link = LINK.exec(mail.text ?? '');
    expect(link?.[1]).toBe('sv');
    expect(htmlOf(mail)).toContain('<html lang="sv">');
    expect(await linkIsGood(server, 'sv', link?.[2] ?? '')).toBe(true);
    const log = server.logs.join('\n');
    expect(log).toContain(`(password-reset, sv) written to ${file}`);
    expect(log).not.toContain(link?.[2] ?? 'none');
  });

  it('carries attachments in the file', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7 not really\n');
    await enqueueMail(
      server.db,
      { kind: 'password-reset', lang: 'en', to: DEMO, subject: 'With attachment', text: 'see attached', html: '<p>see attached</p>', attachments: [{ filename: 'ticket.pdf', contentType: 'application/pdf', content: pdf }] },
      server.clock.now,
    );
    expect(await server.mail.runDue()).toBe(1);
    const newest = fs.readdirSync(dir).sort().at(-1) ?? '';
    const mail = await simpleParser(fs.readFileSync(path.join(dir, newest)));
    expect(mail.subject).toBe('With attachment');
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.toString()])).toEqual([['ticket.pdf', 'application/pdf', '%PDF-1.7 not really\n']]);
  });
});

describe('notices of account changes (in the request\'s language)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('a changed e-mail address is told to the old address (the new one partly hidden); a changed password to the account\'s address', async () => {
    const api = createShopApi({ baseURL: server.apiBase, lang: () => 'it' });
    const old = 'vecchio@museum.example';
    const { jwt } = await api.register({ email: old, password: 'correct horse 42', salutation: 'mr', fname: 'Max', lname: 'Tester', street: 'Bahnhofstrasse 1', zip: '8001', city: 'Zürich', country: 'CH' });
    await api.changeEmail(jwt, 'correct horse 42', 'nuovo@museum.example');
    // asked (issue 44): the link to the new address, the notice of the request to the old one
    const [confirm] = await server.mailsTo('nuovo@museum.example');
    expect(confirm?.subject).toBe('Conferma il tuo nuovo indirizzo e-mail');
    const [requested] = await server.mailsTo(old);
    expect(requested?.subject).toBe('Richiesta di cambiare l’indirizzo e-mail del tuo account');
    expect(requested?.text).toContain('nu•••@museum.example');
    const token = /\/it\/confirm-email\/([\w-]+)/.exec(confirm?.text ?? '')?.[1] ?? '';
    await api.confirmEmailChange(token);
    const [, notice] = await server.mailsTo(old);
    expect(notice?.subject).toBe('L’indirizzo e-mail del tuo account è stato cambiato');
    expect(notice?.text).toContain('Ciao Max Tester,');
    expect(notice?.text).toContain('nu•••@museum.example');
    expect(notice?.text).not.toContain('nuovo@museum.example');
    expect(notice?.text).toContain('support@museum.example');
    expect(htmlOf(notice as ParsedMail)).toContain('<html lang="it">');
    expect(await server.mailsTo('nuovo@museum.example')).toHaveLength(1);

    await api.changePassword(jwt, 'correct horse 42', 'next horse 43');
    const [, changed] = await server.mailsTo('nuovo@museum.example');
    expect(changed?.subject).toBe('La password del tuo account è stata cambiata');
    expect(htmlOf(changed as ParsedMail)).toMatch(/<h1[^>]*>La password del tuo account è stata cambiata<\/h1>/);
    // a refused change mails nothing
    await api.changePassword(jwt, 'wrong', 'third horse 44').catch(() => undefined);
    expect(await server.mailsTo('nuovo@museum.example')).toHaveLength(2);
  });

  it('a password set through the recovery link is told too', async () => {
    const api = createShopApi({ baseURL: server.apiBase, lang: () => 'es' });
    await api.requestPasswordReset(DEMO, '');
    const [reset] = await server.mailsTo(DEMO);
    const token = LINK.exec(reset?.text ?? '')?.[2] ?? '';
    await api.confirmPasswordReset(token, 'brand new secret');
    const mails = await server.mailsTo(DEMO);
    expect(mails.map((m) => m.subject)).toEqual(['Una nueva contraseña para su cuenta de la tienda del museo', 'Se ha cambiado la contraseña de su cuenta']);
  });
});

describe('the mails\' HTML', () => {
  it('escapes everything put into it', () => {
    const reset = passwordResetMail('en', { name: '<script>alert(1)</script> & "Bo"', link: 'https://shop.example/en/recover/x"><img src=x onerror=alert(1)>' });
    expect(reset.html).not.toContain('<script>');
    expect(reset.html).not.toContain('<img');
    expect(reset.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Bo&quot;,');
    expect(reset.html).toContain('href="https://shop.example/en/recover/x&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    const changed = emailChangedMail('de', { name: null, newEmail: '<b>x</b>@evil.example', supportEmail: 'support@museum.example' });
    expect(changed.html).not.toContain('<b>');
    expect(changed.text).toContain('Guten Tag,');
  });
});
