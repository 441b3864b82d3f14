/**
 * Account routes of spec §7 (auth/*, customer/*). Shapes, statuses and codes: docs/api.md.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import type { Router, RequestContext } from './router.js';
import type { Queryable } from '../db/index.js';
import { HttpError } from './http-error.js';
import { fieldsFromIssues } from '../../api/http.js';
import {
  EmailChangeRequestSchema,
  GuestRequestSchema,
  LoginRequestSchema,
  PwdChangeRequestSchema,
  PwdConfirmRequestSchema,
  PwdResetRequestSchema,
  RegisterRequestSchema,
  UpdateRequestSchema,
} from '../../api/schemas/accounts-requests.js';
import {
  AUTH_ERRORS,
  missingRequiredFields,
  type CustomerAttr,
  type CustomerUpdateInput,
} from '../../api/schemas/accounts.js';
import { listCountries, readSetting } from '../settings.js';
import { loadCustomer, toCustomer, type CustomerRow } from '../customers.js';
import { hashPasswordDigest, digestOf, endToken, isWeakerCost, issueToken, passwordCost, requireCustomer, sha256, storedPasswordOf, tokenInvalid, verifyPasswordDigest, optionalCustomer } from '../auth.js';
import { enqueueMail } from '../mail/outbox.js';
import { emailChangeRequestedMail, emailChangedMail, emailConfirmMail, greetingName, passwordChangedMail, passwordResetMail } from '../mail/messages.js';

/** How long a mailed recovery link works. */
export const RESET_TTL_MS = 60 * 60 * 1000;
/** How long the link that confirms a new e-mail address works (issue 44). */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

const RecoveryTokenQuerySchema = v.object({ token: v.pipe(v.string(), v.regex(/^[\w-]{1,128}$/)) });
const EmailConfirmRequestSchema = v.object({ token: v.pipe(v.string('The confirmation link is malformed.'), v.regex(/^[\w-]{1,128}$/, 'The confirmation link is malformed.')) });

const { EMAIL_LINK_INVALID, EMAIL_LINK_EXPIRED } = AUTH_ERRORS;

/**
 * What a new password or a new address ends (issue 44): every recovery link still open, and every
 * e-mail change still waiting for its confirmation (a change asked for with the old password dies
 * with it). In the caller's transaction.
 */
async function endOpenLinks(tx: Queryable, customerId: number, now: Date): Promise<void> {
  await tx.query('UPDATE password_resets SET used_at = $2 WHERE customer_id = $1 AND used_at IS NULL', [customerId, now.toISOString()]);
  await tx.query('UPDATE email_changes SET used_at = $2 WHERE customer_id = $1 AND used_at IS NULL', [customerId, now.toISOString()]);
}

/** 422 with the issues as per-field lists; keys are `c` field names (the `c.` prefix is dropped). */
function parseForm<S extends v.GenericSchema>(schema: S, body: unknown, code: string, message: string, required: readonly string[] = []): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  const fields = stripC(fieldsFromIssues(result.issues));
  // report empty required fields too, so one answer lists every error of the form
  const raw = (body as { c?: unknown } | null)?.c;
  if (typeof raw === 'object' && raw !== null) {
    for (const [field, messages] of Object.entries(missingRequiredFields(raw as Record<string, unknown>, required))) fields[field] ??= messages;
  }
  throw new HttpError(422, code, message, fields);
}

function stripC(fields: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fields)) {
    const name = key.startsWith('c.') ? key.slice(2) : key;
    out[name] = [...(out[name] ?? []), ...messages];
  }
  return out;
}

const FORM_MESSAGE = 'Please correct the errors in the form';

/** Stores the notice of a changed password to the account's address, in the caller's transaction. */
async function enqueuePasswordChanged(tx: Queryable, ctx: RequestContext, customer: Pick<CustomerRow, 'email' | 'fname' | 'lname'>, now: Date): Promise<void> {
  const mail = passwordChangedMail(ctx.lang, { name: greetingName(customer), supportEmail: ctx.services.supportEmail });
  await enqueueMail(tx, { kind: 'password-changed', lang: ctx.lang, to: customer.email, ...mail }, now);
}

/** An update changes neither e-mail nor password (they have their own calls). */
const updateRequired = (required: string[]) => required.filter((f) => f !== 'email' && f !== 'password');

async function fieldSettings(q: Queryable): Promise<{ required: string[]; visible: string[] }> {
  const [row] = await q.query<{ value: { required: string[]; visible: string[] } }>("SELECT value FROM settings WHERE key = 'customer_fields'");
  return row?.value ?? { required: ['email', 'password'], visible: ['email', 'password'] };
}

/** Checks beyond the shape: required fields, known country and salutation, free e-mail. */
async function checkCustomerData(
  q: Queryable,
  c: CustomerUpdateInput & { email?: string },
  options: { required: string[]; emailMustBeFree: boolean },
): Promise<void> {
  const fields = missingRequiredFields(c, options.required);
  const add = (field: string, message: string) => {
    fields[field] = [...(fields[field] ?? []), message];
  };
  if (c.country) {
    const known = await q.query('SELECT 1 FROM countries WHERE key = $1', [c.country]);
    if (known.length === 0) add('country', 'Please choose a country from the list.');
  }
  if (c.shipping) {
    const known = await q.query('SELECT 1 FROM countries WHERE key = $1', [c.shipping.country]);
    if (known.length === 0) add('shipping.country', 'Please choose a country from the list.');
  }
  if (c.salutation) {
    const known = await q.query('SELECT 1 FROM salutations WHERE key = $1', [c.salutation]);
    if (known.length === 0) add('salutation', 'Please choose a salutation from the list.');
  }
  if (options.emailMustBeFree && c.email) {
    const taken = await q.query('SELECT 1 FROM customers WHERE email = $1 AND NOT is_guest', [c.email]);
    if (taken.length > 0) add('email', 'This e-mail address is already registered.');
  }
  if (Object.keys(fields).length > 0) throw new HttpError(422, AUTH_ERRORS.VALIDATION_FAILED, FORM_MESSAGE, fields);
}

const emailTaken = (code: string) =>
  new HttpError(422, code, FORM_MESSAGE, { email: ['This e-mail address is already registered.'] });

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

const DATA_COLUMNS = ['salutation', 'fname', 'lname', 'company', 'phone', 'street', 'zip', 'city', 'country'] as const;

function dataValues(c: CustomerUpdateInput): unknown[] {
  return [...DATA_COLUMNS.map((column) => c[column]), c.shipping ? JSON.stringify(c.shipping) : null];
}

async function attr(ctx: RequestContext): Promise<CustomerAttr> {
  const countries = await listCountries(ctx.db, ctx.lang);
  const salutations = await ctx.db.query<{ key: string; names: Record<string, string> }>('SELECT key, names FROM salutations ORDER BY sequence_no, key');
  const settings = await fieldSettings(ctx.db);
  const name = (names: Record<string, string>, key: string) => names[ctx.lang] ?? names.de ?? key;
  return {
    countries: Object.fromEntries(countries.map((c) => [c.key, c.name])),
    salutations: Object.fromEntries(salutations.map((r) => [r.key, name(r.names, r.key)])),
    required_fields: settings.required,
    visible_fields: settings.visible,
  };
}

export function registerAccountRoutes(router: Router): void {
  router.post('auth/login', async (ctx) => {
    const parsed = v.safeParse(LoginRequestSchema, ctx.body);
    if (!parsed.success) {
      throw new HttpError(422, AUTH_ERRORS.LOGIN_FAILED, 'E-mail or password not correct.', fieldsFromIssues(parsed.issues));
    }
    const { _u, _p } = parsed.output;
    const [row] = await ctx.db.query<CustomerRow>('SELECT * FROM customers WHERE email = $1 AND NOT is_guest', [_u]);
    const stored = row ? storedPasswordOf(row) : null;
    const ok = await verifyPasswordDigest(_p, stored);
    if (!ok || !row || !stored) throw new HttpError(422, AUTH_ERRORS.LOGIN_FAILED, 'E-mail or password not correct.');
    // a hash stored at a lower cost than today's is hashed again now, while the password is at hand (issue 44);
    // only if it is still the one checked (a password changed meanwhile stays changed)
    const wanted = passwordCost();
    if (isWeakerCost(stored.cost, wanted)) {
      const next = await hashPasswordDigest(_p, wanted);
      await ctx.db.query('UPDATE customers SET password_hash = $2, password_salt = $3, password_params = $4 WHERE id = $1 AND password_hash = $5', [
        row.id,
        next.hash,
        next.salt,
        JSON.stringify(next.cost),
        stored.hash,
      ]);
    }
    return { jwt: await issueToken(ctx.services, row.id, false, row.token_version) };
  });

  /**
   * POST auth/logout?_=token (issue 44; not in §7, which only clears the session in the browser):
   * the token answers 401 from now on. Only this session ends; the customer's other devices stay
   * logged in. 401 for a token that is already invalid (nothing to end).
   */
  router.post('auth/logout', async (ctx) => {
    const token = ctx.query._;
    if (!token) throw tokenInvalid();
    await endToken(ctx.db, ctx.services, token);
    return true;
  });

  router.post('auth/guest', async (ctx) => {
    // §6: guest registration only when the shop offers it (the app hides it too; a client must not get round that)
    const config = (await readSetting(ctx.db, 'remote_config')) as { has_guest_registration?: unknown } | null;
    if (config?.has_guest_registration !== true) throw new HttpError(403, 'GUEST_REGISTRATION_OFF', 'This shop does not offer guest registration.');
    const settings = await fieldSettings(ctx.db);
    const required = settings.required.filter((f) => f !== 'password');
    const { c } = parseForm(GuestRequestSchema, ctx.body, AUTH_ERRORS.VALIDATION_FAILED, FORM_MESSAGE, required);
    await checkCustomerData(ctx.db, c, { required, emailMustBeFree: false });
    const now = ctx.services.now().toISOString();
    const [row] = await ctx.db.query<{ id: number }>(
      `INSERT INTO customers (email, is_guest, salutation, fname, lname, company, phone, street, zip, city, country, shipping, send_invoice, created_at, updated_at)
       VALUES ($1, true, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING id`,
      [c.email, ...dataValues(c), c.send_invoice, now],
    );
    if (!row) throw new Error('guest insert returned no row');
    return { jwt: await issueToken(ctx.services, row.id, true) };
  });

  router.post('customer/register', async (ctx) => {
    const settings = await fieldSettings(ctx.db);
    const { c } = parseForm(RegisterRequestSchema, ctx.body, AUTH_ERRORS.VALIDATION_FAILED, FORM_MESSAGE, settings.required);
    await checkCustomerData(ctx.db, c, { required: settings.required, emailMustBeFree: true });
    const stored = await hashPasswordDigest(digestOf(c.password));
    const now = ctx.services.now().toISOString();
    let id: number;
    try {
      const [row] = await ctx.db.query<{ id: number }>(
        `INSERT INTO customers (email, password_hash, password_salt, salutation, fname, lname, company, phone, street, zip, city, country, shipping, created_at, updated_at, password_params)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15) RETURNING id`,
        [c.email, stored.hash, stored.salt, ...dataValues(c), now, JSON.stringify(stored.cost)],
      );
      if (!row) throw new Error('customer insert returned no row');
      id = row.id;
    } catch (error) {
      // two registrations of one e-mail at the same moment: the unique index decides
      if (isUniqueViolation(error)) throw emailTaken(AUTH_ERRORS.VALIDATION_FAILED);
      throw error;
    }
    return { jwt: await issueToken(ctx.services, id, false) };
  });

  router.post('customer/validate', async (ctx) => {
    const settings = await fieldSettings(ctx.db);
    const customerId = await optionalCustomer(ctx);
    if (customerId === null) {
      const { c } = parseForm(RegisterRequestSchema, ctx.body, AUTH_ERRORS.VALIDATION_FAILED, FORM_MESSAGE, settings.required);
      await checkCustomerData(ctx.db, c, { required: settings.required, emailMustBeFree: true });
    } else {
      const required = updateRequired(settings.required);
      const { c } = parseForm(UpdateRequestSchema, ctx.body, AUTH_ERRORS.VALIDATION_FAILED, FORM_MESSAGE, required);
      await checkCustomerData(ctx.db, c, { required, emailMustBeFree: false });
    }
    return true;
  });

  router.get('customer/attr', attr);

  router.post('customer/pwdreset', async (ctx) => {
    const { email } = parseForm(PwdResetRequestSchema, ctx.body, AUTH_ERRORS.REQUEST_RESET_FAIL, 'Please enter a valid e-mail address.');
    const [row] = await ctx.db.query<Pick<CustomerRow, 'id' | 'email' | 'fname' | 'lname'>>('SELECT id, email, fname, lname FROM customers WHERE email = $1 AND NOT is_guest', [email]);
    // The answer is the same whether or not the address has an account (no account enumeration).
    if (row) {
      const token = randomUUID();
      const now = ctx.services.now();
      // Built from the server's own origin, never from the request's backlink, so a crafted request
      // cannot make it point elsewhere. It goes by mail in the request's language, never to the log.
      const link = `${ctx.origin}/${ctx.lang}/recover/${token}`;
      await ctx.db.transaction(async (tx) => {
        await tx.query('INSERT INTO password_resets (token_hash, customer_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
          sha256(token),
          row.id,
          now.toISOString(),
          new Date(now.getTime() + RESET_TTL_MS).toISOString(),
        ]);
        await enqueueMail(tx, { kind: 'password-reset', lang: ctx.lang, to: row.email, ...passwordResetMail(ctx.lang, { name: greetingName(row), link }) }, now);
      });
      ctx.services.mail?.kick();
    }
    return true;
  });

  /**
   * GET customer/pwdconfirm?token=…: is this recovery link still good? 200 `true`, else 404
   * AUTH_RECOVERY_LINK_INVALID (used, expired or invented), so the app says so before the visitor
   * types a new password (issue 16 item 9). Nothing changes; the token stays single-use.
   */
  router.get('customer/pwdconfirm', async (ctx) => {
    const parsed = v.safeParse(RecoveryTokenQuerySchema, ctx.query);
    if (!parsed.success) throw new HttpError(422, AUTH_ERRORS.VALIDATION_FAILED, 'The recovery link is malformed.', { token: ['The recovery link is malformed.'] });
    const [reset] = await ctx.db.query<{ customer_id: number }>(
      'SELECT customer_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
      [sha256(parsed.output.token), ctx.services.now().toISOString()],
    );
    if (!reset) throw new HttpError(404, 'AUTH_RECOVERY_LINK_INVALID', 'This recovery link is not valid or has expired. Please request a new one.');
    return true;
  });

  router.post('customer/pwdconfirm', async (ctx) => {
    const body = (typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {}) as Record<string, unknown>;
    const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
    if (!filled(body.token) || !filled(body._p)) {
      throw new HttpError(400, AUTH_ERRORS.MISSING_FIELDS, 'You must fill all fields');
    }
    const { token, _p } = parseForm(PwdConfirmRequestSchema, body, AUTH_ERRORS.SETTING_NEW_PASSWORD_FAILED, 'The new password could not be set.');
    const now = ctx.services.now();
    // the link first, then the slow hash: an invented token costs one indexed read, not a scrypt (issue 44, item 7)
    const [valid] = await ctx.db.query<{ customer_id: number }>('SELECT customer_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2', [sha256(token), now.toISOString()]);
    const stored = valid ? await hashPasswordDigest(_p) : null;
    const customerId = !stored ? null : await ctx.db.transaction(async (tx) => {
      // single use: only the statement that flips used_at gets the row
      const [reset] = await tx.query<{ customer_id: number }>(
        'UPDATE password_resets SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING customer_id',
        [sha256(token), now.toISOString()],
      );
      if (!reset) return null;
      // a new password ends every earlier session (their tokens carry the old version)
      const [changed] = await tx.query<Pick<CustomerRow, 'token_version' | 'email' | 'fname' | 'lname'>>(
        'UPDATE customers SET password_hash = $2, password_salt = $3, password_params = $5, updated_at = $4, token_version = token_version + 1 WHERE id = $1 RETURNING token_version, email, fname, lname',
        [reset.customer_id, stored.hash, stored.salt, now.toISOString(), JSON.stringify(stored.cost)],
      );
      if (changed) await enqueuePasswordChanged(tx, ctx, changed, now);
      // the other recovery links mailed before, and a pending e-mail change, end with it (issue 44)
      await endOpenLinks(tx, reset.customer_id, now);
      return { id: reset.customer_id, version: changed?.token_version ?? 0 };
    });
    if (customerId === null) {
      throw new HttpError(422, AUTH_ERRORS.SETTING_NEW_PASSWORD_FAILED, 'This recovery link is not valid or has expired. Please request a new one.', {
        token: ['This recovery link is not valid or has expired.'],
      });
    }
    ctx.services.mail?.kick();
    return { jwt: await issueToken(ctx.services, customerId.id, false, customerId.version) };
  });

  router.post('customer/pwdchange', async (ctx) => {
    const id = await requireCustomer(ctx);
    const { _po, _pn } = parseForm(PwdChangeRequestSchema, ctx.body, AUTH_ERRORS.PASSWORD_CHANGE_FAILED, 'The password could not be changed.');
    const row = await loadCustomer(ctx.db, id);
    const stored = storedPasswordOf(row);
    if (!(await verifyPasswordDigest(_po, stored))) {
      throw new HttpError(422, AUTH_ERRORS.PASSWORD_CHANGE_FAILED, 'The password could not be changed.', { _po: ['The current password is not correct.'] });
    }
    const next = await hashPasswordDigest(_pn);
    const now = ctx.services.now();
    // a new password ends every earlier session; the visitor who changed it gets a fresh token, the account's address a notice
    const changed = await ctx.db.transaction(async (tx) => {
      const [updated] = await tx.query<Pick<CustomerRow, 'token_version' | 'email' | 'fname' | 'lname'>>(
        'UPDATE customers SET password_hash = $2, password_salt = $3, password_params = $5, updated_at = $4, token_version = token_version + 1 WHERE id = $1 RETURNING token_version, email, fname, lname',
        [id, next.hash, next.salt, now.toISOString(), JSON.stringify(next.cost)],
      );
      if (!updated) throw new Error('customer vanished');
      await enqueuePasswordChanged(tx, ctx, updated, now);
      // recovery links mailed before and a pending e-mail change end too (issue 44)
      await endOpenLinks(tx, id, now);
      return updated;
    });
    ctx.services.mail?.kick();
    return { jwt: await issueToken(ctx.services, id, false, changed.token_version) };
  });

  /**
   * POST customer/emailchange?_=token {_po, email}: asks for a new address (issue 44). Nothing
   * changes yet: the new address gets a single-use link (stored as its SHA-256, 24 hours), the old
   * one a notice that a change was asked for. The address changes when the link is followed
   * (customer/emailconfirm); until then login stays with the old one. A newer request ends the
   * older link. Answers `{email, expiresAt}`: where the link went and until when it works.
   */
  router.post('customer/emailchange', async (ctx) => {
    const id = await requireCustomer(ctx);
    const { _po, email } = parseForm(EmailChangeRequestSchema, ctx.body, AUTH_ERRORS.EMAIL_CHANGE_FAILED, 'The e-mail address could not be changed.');
    const row = await loadCustomer(ctx.db, id);
    const stored = storedPasswordOf(row);
    if (!(await verifyPasswordDigest(_po, stored))) {
      throw new HttpError(422, AUTH_ERRORS.EMAIL_CHANGE_FAILED, 'The e-mail address could not be changed.', { _po: ['The password is not correct.'] });
    }
    if (email === row.email) {
      throw new HttpError(422, AUTH_ERRORS.EMAIL_CHANGE_FAILED, FORM_MESSAGE, { email: ['This is already the address of your account.'] });
    }
    const taken = await ctx.db.query('SELECT 1 FROM customers WHERE email = $1 AND NOT is_guest', [email]);
    if (taken.length > 0) throw emailTaken(AUTH_ERRORS.EMAIL_CHANGE_FAILED);
    const token = randomUUID();
    const now = ctx.services.now();
    const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_MS);
    // the shop's own origin (PUBLIC_URL or an allowed host), as the recovery link; the token goes by mail only
    const link = `${ctx.origin}/${ctx.lang}/confirm-email/${token}`;
    await ctx.db.transaction(async (tx) => {
      // one pending change at a time: the link of an earlier request stops working
      await tx.query('UPDATE email_changes SET used_at = $2 WHERE customer_id = $1 AND used_at IS NULL', [id, now.toISOString()]);
      await tx.query('INSERT INTO email_changes (token_hash, customer_id, new_email, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
        sha256(token),
        id,
        email,
        now.toISOString(),
        expiresAt.toISOString(),
      ]);
      const name = greetingName(row);
      await enqueueMail(tx, { kind: 'email-confirm', lang: ctx.lang, to: email, ...emailConfirmMail(ctx.lang, { name, link }) }, now);
      // the old address learns of it at once: its owner can stop a change they did not ask for
      const notice = emailChangeRequestedMail(ctx.lang, { name, newEmail: email, supportEmail: ctx.services.supportEmail });
      await enqueueMail(tx, { kind: 'email-change-requested', lang: ctx.lang, to: row.email, ...notice }, now);
    });
    ctx.services.mail?.kick();
    return { email, expiresAt: expiresAt.toISOString() };
  });

  /**
   * POST customer/emailconfirm {token}: the link mailed to the new address (issue 44). Changes the
   * address once; every recovery link mailed before ends, and the old address gets the notice of
   * the change. Sessions stay (the password did not change). 404 AUTH_EMAIL_LINK_INVALID for an
   * invented, used or replaced link, 410 AUTH_EMAIL_LINK_EXPIRED after 24 hours, 422 when the
   * address was registered by someone else meanwhile. No token needed: the link is the proof.
   */
  router.post('customer/emailconfirm', async (ctx) => {
    const { token } = parseForm(EmailConfirmRequestSchema, ctx.body, AUTH_ERRORS.VALIDATION_FAILED, 'The confirmation link is malformed.');
    const now = ctx.services.now();
    const hash = sha256(token);
    try {
      const changed = await ctx.db.transaction(async (tx) => {
        // single use: only the statement that flips used_at gets the row
        const [pending] = await tx.query<{ customer_id: number; new_email: string }>(
          'UPDATE email_changes SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING customer_id, new_email',
          [hash, now.toISOString()],
        );
        if (!pending) return null;
        const before = await loadCustomer(tx, pending.customer_id);
        const [after] = await tx.query<CustomerRow>('UPDATE customers SET email = $2, updated_at = $3 WHERE id = $1 RETURNING *', [pending.customer_id, pending.new_email, now.toISOString()]);
        if (!after) throw new Error('customer vanished');
        // a recovery link mailed to the old address must not open the account any more
        await endOpenLinks(tx, pending.customer_id, now);
        const mail = emailChangedMail(ctx.lang, { name: greetingName(after), newEmail: after.email, supportEmail: ctx.services.supportEmail });
        await enqueueMail(tx, { kind: 'email-changed', lang: ctx.lang, to: before.email, ...mail }, now);
        return after;
      });
      if (!changed) {
        const [link] = await ctx.db.query<{ used_at: string | null }>('SELECT used_at FROM email_changes WHERE token_hash = $1', [hash]);
        if (link && link.used_at === null) {
          throw new HttpError(410, EMAIL_LINK_EXPIRED, 'This confirmation link has expired. Please ask for the change again in your account settings.');
        }
        throw new HttpError(404, EMAIL_LINK_INVALID, 'This confirmation link is not valid: it was used already, replaced by a newer one or never issued.');
      }
      ctx.services.mail?.kick();
      return { email: changed.email };
    } catch (error) {
      // the address was registered by someone else after the request: the unique index decides
      if (isUniqueViolation(error)) throw emailTaken(AUTH_ERRORS.EMAIL_CHANGE_FAILED);
      throw error;
    }
  });

  router.post('customer/update', async (ctx) => {
    const id = await requireCustomer(ctx);
    const settings = await fieldSettings(ctx.db);
    const required = updateRequired(settings.required);
    const { c } = parseForm(UpdateRequestSchema, ctx.body, AUTH_ERRORS.VALIDATION_FAILED, FORM_MESSAGE, required);
    await checkCustomerData(ctx.db, c, { required, emailMustBeFree: false });
    const [updated] = await ctx.db.query<CustomerRow>(
      `UPDATE customers SET salutation = $2, fname = $3, lname = $4, company = $5, phone = $6, street = $7, zip = $8, city = $9, country = $10,
         shipping = $11, updated_at = $12 WHERE id = $1 RETURNING *`,
      [id, ...dataValues(c), ctx.services.now().toISOString()],
    );
    if (!updated) throw new Error('customer vanished');
    return toCustomer(updated);
  });

  router.get('customer', async (ctx) => toCustomer(await loadCustomer(ctx.db, await requireCustomer(ctx))));
}
