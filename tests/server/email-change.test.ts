/**
 * Issue 44, item 9: an e-mail change is confirmed from the new address. customer/emailchange only
 * asks: the new address gets a single-use link, the old one a notice; login stays with the old
 * address until the link is followed (customer/emailconfirm). Afterwards every recovery link
 * mailed before is void; a password change or reset voids older recovery links and a pending
 * change too. Mails are read from the harness's outbox (the memory transport the sender delivers to).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { startTestServer, type TestServer } from './harness.js';
import { createShopApi, isApiError, type ApiError, type ShopApi } from '../../src/api/index.js';
import { LANGUAGES, type Language } from '../../src/api/languages.js';

let server: TestServer;
let api: ShopApi;
let lang: Language = 'en';

const PASSWORD = 'correct horse 42';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

let serial = 0;
/**
 * A fresh account (its own address, so the per-recipient limits of one test do not touch another),
 * a minute later than the last: each test's calls count in a rate-limit window of their own.
 */
async function account(prefix: string): Promise<{ email: string; jwt: string }> {
  server.clock.now = new Date(server.clock.now.getTime() + 61_000);
  const email = `${prefix}-${++serial}@museum.example`;
  const { jwt } = await api.register({ email, password: PASSWORD, salutation: 'mr', fname: 'Max', lname: 'Tester', street: 'Bahnhofstrasse 1', zip: '8001', city: 'Zürich', country: 'CH' });
  return { email, jwt };
}

const CONFIRM_LINK = /(https?:\/\/[^\s"<>]+)\/(\w\w)\/confirm-email\/([\w-]+)/;
const RECOVER_LINK = /\/\w\w\/recover\/([0-9a-f-]{36})/;
const htmlOf = (mail: ParsedMail | undefined) => (typeof mail?.html === 'string' ? mail.html : '');

/** The confirmation link last mailed to `email`: its origin, language and token. */
async function confirmLink(email: string): Promise<{ origin: string; lang: string; token: string }> {
  const match = CONFIRM_LINK.exec((await server.mailsTo(email)).at(-1)?.text ?? '');
  if (!match?.[3]) throw new Error(`no confirmation link mailed to ${email}`);
  return { origin: match[1] ?? '', lang: match[2] ?? '', token: match[3] };
}

async function recoveryToken(email: string): Promise<string> {
  await api.requestPasswordReset(email, '');
  const token = RECOVER_LINK.exec((await server.mailsTo(email)).at(-1)?.text ?? '')?.[1];
  if (!token) throw new Error(`no recovery link mailed to ${email}`);
  return token;
}

beforeAll(async () => {
  server = await startTestServer();
  api = createShopApi({ baseURL: server.apiBase, lang: () => lang });
});
afterAll(async () => {
  await server.close();
});

describe('customer/emailchange asks; the new address confirms', () => {
  it('changes nothing before the link is followed: login and the account stay with the old address', async () => {
    const { email, jwt } = await account('before');
    const next = `new-${email}`;
    const asked = await api.changeEmail(jwt, PASSWORD, next);
    expect(asked.email).toBe(next);
    expect(Date.parse(asked.expiresAt) - server.clock.now.getTime()).toBe(24 * 3600 * 1000);
    expect((await api.getCustomer(jwt)).email).toBe(email);
    await expect(api.login(email, PASSWORD)).resolves.toHaveProperty('jwt');
    expect((await failure(api.login(next, PASSWORD))).code).toBe('AUTH_LOGIN_FAILED');
    // a recovery request for the new address finds no account yet
    await api.requestPasswordReset(next, '');
    expect((await server.mailsTo(next)).map((m) => m.subject)).toEqual(['Confirm your new e-mail address']);
  });

  it('mails the link to the new address (the shop\'s own origin) and a notice to the old one; neither link nor token in the log', async () => {
    const { email, jwt } = await account('mails');
    const next = `new-${email}`;
    server.services.publicUrl = 'https://tickets.museum.example';
    try {
      await api.changeEmail(jwt, PASSWORD, next);
    } finally {
      server.services.publicUrl = undefined;
    }
    const [confirm] = await server.mailsTo(next);
    expect(confirm?.subject).toBe('Confirm your new e-mail address');
    expect(confirm?.text).toContain('Hello Max Tester,');
    const link = await confirmLink(next);
    expect(link).toMatchObject({ origin: 'https://tickets.museum.example', lang: 'en' });
    expect(htmlOf(confirm)).toContain(`href="https://tickets.museum.example/en/confirm-email/${link.token}"`);
    expect(confirm?.text).toContain('24 hours');

    const [notice] = await server.mailsTo(email);
    expect(notice?.subject).toBe('A change of your account’s e-mail address was asked for');
    // the new address partly hidden; no link that could confirm it
    expect(notice?.text).toContain('ne•••@museum.example');
    expect(notice?.text).not.toContain(next);
    expect(notice?.text).not.toContain('confirm-email');
    expect(notice?.text).toContain('support@museum.example');
    expect(server.logs.join('\n')).not.toContain(link.token);
  });

  it('the link changes the address once: the new address logs in, the old one no longer; the old address is told', async () => {
    const { email, jwt } = await account('follow');
    const next = `new-${email}`;
    await api.changeEmail(jwt, PASSWORD, next);
    const { token } = await confirmLink(next);
    await expect(api.confirmEmailChange(token)).resolves.toEqual({ email: next });
    expect((await api.getCustomer(jwt)).email).toBe(next);
    await expect(api.login(next, PASSWORD)).resolves.toHaveProperty('jwt');
    expect((await failure(api.login(email, PASSWORD))).code).toBe('AUTH_LOGIN_FAILED');
    expect((await server.mailsTo(email)).map((m) => m.subject)).toEqual([
      'A change of your account’s e-mail address was asked for',
      'The e-mail address of your account was changed',
    ]);
    // works once
    const again = await failure(api.confirmEmailChange(token));
    expect(again).toMatchObject({ status: 404, code: 'AUTH_EMAIL_LINK_INVALID' });
    expect((await api.getCustomer(jwt)).email).toBe(next);
  });

  it('an expired, invented, replaced or malformed link is refused with a clear 4xx and changes nothing', async () => {
    const { email, jwt } = await account('refused');
    const next = `new-${email}`;
    await api.changeEmail(jwt, PASSWORD, next);
    const first = await confirmLink(next);
    const expired = await (async () => {
      const start = server.clock.now;
      server.clock.now = new Date(start.getTime() + 24 * 3600 * 1000 + 1000);
      try {
        return await failure(api.confirmEmailChange(first.token));
      } finally {
        server.clock.now = start;
      }
    })();
    expect(expired).toMatchObject({ status: 410, code: 'AUTH_EMAIL_LINK_EXPIRED' });
    expect(expired.message).toMatch(/expired/);
    expect(await failure(api.confirmEmailChange('00000000-0000-4000-8000-000000000000'))).toMatchObject({ status: 404, code: 'AUTH_EMAIL_LINK_INVALID' });
    expect(await failure(api.confirmEmailChange('<script>'))).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    expect(await failure(api.confirmEmailChange(''))).toMatchObject({ status: 422 });
    const raw = await fetch(`${server.apiBase}/en/customer/emailconfirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"token": 42}' });
    expect(raw.status).toBe(422);
    // a newer request replaces the older link
    const other = `other-${email}`;
    await api.changeEmail(jwt, PASSWORD, other);
    const second = await confirmLink(other);
    expect(await failure(api.confirmEmailChange(first.token))).toMatchObject({ status: 404, code: 'AUTH_EMAIL_LINK_INVALID' });
    expect((await api.getCustomer(jwt)).email).toBe(email);
    await expect(api.confirmEmailChange(second.token)).resolves.toEqual({ email: other });
  });

  it('refuses a wrong password, the same address, a taken one, and an address taken between request and confirmation', async () => {
    const { email, jwt } = await account('taken');
    expect((await failure(api.changeEmail(jwt, 'wrong', `x-${email}`))).fields._po).toHaveLength(1);
    const same = await failure(api.changeEmail(jwt, PASSWORD, email.toUpperCase()));
    expect(same).toMatchObject({ status: 422, code: 'AUTH_EMAIL_CHANGE_FAILED' });
    expect(same.fields.email).toHaveLength(1);
    expect((await failure(api.changeEmail(jwt, PASSWORD, 'demo@museum.example'))).fields.email).toEqual(['This e-mail address is already registered.']);
    expect((await failure(api.changeEmail('bad', PASSWORD, `y-${email}`))).status).toBe(401);
    // nothing was mailed for the refusals
    expect(await server.mailsTo(`x-${email}`)).toEqual([]);
    expect(await server.mailsTo(email)).toEqual([]);

    const next = `late-${email}`;
    await api.changeEmail(jwt, PASSWORD, next);
    const { token } = await confirmLink(next);
    await api.register({ email: next, password: PASSWORD, salutation: 'mr', fname: 'Eva', lname: 'Other', street: 'Gasse 2', zip: '8001', city: 'Zürich', country: 'CH' });
    const late = await failure(api.confirmEmailChange(token));
    expect(late).toMatchObject({ status: 422, code: 'AUTH_EMAIL_CHANGE_FAILED' });
    expect((await api.getCustomer(jwt)).email).toBe(email);
  });
});

describe('links that end with a change', () => {
  it('a recovery link mailed before the e-mail change is refused after it', async () => {
    const { email, jwt } = await account('reset-before');
    const resetToken = await recoveryToken(email);
    await expect(api.checkRecoveryLink(resetToken)).resolves.toBe(true);
    const next = `new-${email}`;
    await api.changeEmail(jwt, PASSWORD, next);
    // asking is not enough to end it: the owner may still be the one who asked
    await expect(api.checkRecoveryLink(resetToken)).resolves.toBe(true);
    await api.confirmEmailChange((await confirmLink(next)).token);
    expect(await failure(api.checkRecoveryLink(resetToken))).toMatchObject({ status: 404, code: 'AUTH_RECOVERY_LINK_INVALID' });
    expect(await failure(api.confirmPasswordReset(resetToken, 'taken over 123'))).toMatchObject({ status: 422, code: 'AUTH_SETTING_NEW_PASSWORD_FAILED' });
    await expect(api.login(next, PASSWORD)).resolves.toHaveProperty('jwt');
  });

  it('a password change voids older recovery links and a pending e-mail change', async () => {
    const { email, jwt } = await account('pwdchange');
    const resetToken = await recoveryToken(email);
    const next = `new-${email}`;
    await api.changeEmail(jwt, PASSWORD, next);
    const { token } = await confirmLink(next);
    const fresh = await api.changePassword(jwt, PASSWORD, 'next horse 43');
    expect(await failure(api.checkRecoveryLink(resetToken))).toMatchObject({ status: 404 });
    expect(await failure(api.confirmEmailChange(token))).toMatchObject({ status: 404, code: 'AUTH_EMAIL_LINK_INVALID' });
    expect((await api.getCustomer(fresh.jwt)).email).toBe(email);
  });

  it('a password set through one recovery link voids the other recovery links mailed before', async () => {
    const { email } = await account('pwdconfirm');
    const older = await recoveryToken(email);
    const used = await recoveryToken(email);
    await api.confirmPasswordReset(used, 'brand new secret');
    expect(await failure(api.checkRecoveryLink(older))).toMatchObject({ status: 404 });
    expect(await failure(api.confirmPasswordReset(older, 'third secret 123'))).toMatchObject({ status: 422 });
    await expect(api.login(email, 'brand new secret')).resolves.toHaveProperty('jwt');
  });

  it('sessions stay across the change (the password did not change): the token that asked still works', async () => {
    const { email, jwt } = await account('session');
    const other = await api.login(email, PASSWORD);
    const next = `new-${email}`;
    await api.changeEmail(jwt, PASSWORD, next);
    await api.confirmEmailChange((await confirmLink(next)).token);
    expect((await api.getCustomer(other.jwt)).email).toBe(next);
  });
});

describe('the mails in the eight languages', () => {
  it('each language gets the link and the notice in its own words, with its own language in the link', async () => {
    const subjects = new Set<string>();
    for (const language of LANGUAGES) {
      lang = language;
      try {
        const { email, jwt } = await account(`lang-${language}`);
        const next = `new-${email}`;
        await api.changeEmail(jwt, PASSWORD, next);
        const [confirm] = await server.mailsTo(next);
        const [notice] = await server.mailsTo(email);
        expect((await confirmLink(next)).lang).toBe(language);
        expect(htmlOf(confirm)).toContain(`<html lang="${language}">`);
        expect(htmlOf(notice)).toContain(`<html lang="${language}">`);
        subjects.add(confirm?.subject ?? '');
        subjects.add(notice?.subject ?? '');
      } finally {
        lang = 'en';
      }
    }
    expect(subjects.size).toBe(LANGUAGES.length * 2);
  });
});

describe('limits', () => {
  it('mails to one new address are limited: the sixth request for it within a minute answers 429', async () => {
    const target = `target-${++serial}@museum.example`;
    const accounts = [];
    for (let i = 0; i < 6; i++) accounts.push(await account('spam'));
    for (const { jwt } of accounts.slice(0, 5)) await api.changeEmail(jwt, PASSWORD, target);
    const sixth = accounts[5];
    if (!sixth) throw new Error('no sixth account');
    expect(await failure(api.changeEmail(sixth.jwt, PASSWORD, target))).toMatchObject({ status: 429 });
    expect(await server.mailsTo(target)).toHaveLength(5);
  });
});
