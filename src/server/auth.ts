/**
 * Passwords and tokens of the reference server (docs/api.md "Auth").
 *
 * The client sends the MD5 hex digest of a password (§7). That digest is hashed again with scrypt
 * and a random per-user salt; only the scrypt hash, its salt and its cost (N, r, p) are stored.
 * The cost is OWASP's for scrypt (N=2^17, r=8, p=1, issue 44); a hash stored at a lower cost is
 * hashed again at the next successful login. Comparison is constant time, and an unknown e-mail
 * costs the same scrypt work as a known one.
 *
 * Tokens are HS256 jwts (jose) signed with services.jwtSecret, subject = customer id, valid for
 * TOKEN_TTL_SECONDS, read from the query parameter `_` (§6). Only HS256 is accepted (no `alg: none`,
 * no other algorithm). A token carries its customer's token version (`ver`, 0 when absent); a
 * password change or reset raises the version, so every token issued before it answers 401. It
 * also carries an id of its own (`jti`): `auth/logout` ends that one token (table `ended_tokens`,
 * kept until the token would have expired anyway), other devices' sessions go on.
 */
import { randomBytes, randomUUID, scrypt as scryptCallback, timingSafeEqual, createHash } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { md5 } from 'js-md5';
import type { Queryable } from './db/index.js';
import type { RequestContext } from './api/router.js';
import type { ServerServices } from './services.js';
import { HttpError } from './api/http-error.js';
import { AUTH_ERRORS } from '../api/schemas/accounts.js';

export const TOKEN_TTL_SECONDS = 2 * 60 * 60;
const KEY_LENGTH = 64;

/** scrypt's cost: CPU/memory cost N (a power of two), block size r, parallelisation p. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's Password Storage Cheat Sheet for scrypt: N=2^17 (128 MiB), r=8, p=1 (issue 44). */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

/** The cost of every hash stored before issue 44 (rows whose `password_params` is null). */
export const LEGACY_PASSWORD_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };

/**
 * Test suites only: log2 of a lower N (10–17), so that the hundreds of logins of the tests do not
 * pay 128 MiB and most of a second each. Never set in production: the default is PASSWORD_COST.
 */
export const TEST_COST_VARIABLE = 'TEST_ONLY_SCRYPT_LOG2_N';

/** The cost new hashes get: PASSWORD_COST unless the test-only variable lowers N. Throws on a bad value. */
export function passwordCost(env: Record<string, string | undefined> = process.env): ScryptCost {
  const raw = env[TEST_COST_VARIABLE]?.trim();
  if (!raw) return PASSWORD_COST;
  const log2 = Number(raw);
  if (!/^\d{2}$/.test(raw) || log2 < 10 || log2 > 17) {
    throw new Error(`${TEST_COST_VARIABLE} (tests only) must be a whole number from 10 to 17 (log2 of scrypt's N), got '${raw}'.`);
  }
  return { ...PASSWORD_COST, N: 2 ** log2 };
}

/** Whether a hash of cost `stored` is weaker than `wanted` in any parameter (then it is hashed again). */
export function isWeakerCost(stored: ScryptCost, wanted: ScryptCost): boolean {
  return stored.N < wanted.N || stored.r < wanted.r || stored.p < wanted.p;
}

function scrypt(secret: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128·N·r bytes (128 MiB at OWASP's cost); Node refuses above maxmem (default 32 MiB)
  const options = { ...cost, maxmem: 2 * 128 * cost.N * cost.r };
  return new Promise((resolve, reject) => {
    scryptCallback(secret.toLowerCase(), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export interface StoredPassword {
  /** hex */
  hash: string;
  /** hex */
  salt: string;
  /** what the hash cost (stored beside it, `customers.password_params`) */
  cost: ScryptCost;
}

/** Hashes the client's MD5 digest for storage, at `cost` (default: passwordCost()). */
export async function hashPasswordDigest(digest: string, cost: ScryptCost = passwordCost()): Promise<StoredPassword> {
  const salt = randomBytes(16);
  const key = await scrypt(digest, salt, cost);
  return { hash: key.toString('hex'), salt: salt.toString('hex'), cost };
}

const isCost = (value: unknown): value is ScryptCost => {
  if (typeof value !== 'object' || value === null) return false;
  const { N, r, p } = value as Record<string, unknown>;
  return [N, r, p].every((n) => typeof n === 'number' && Number.isInteger(n) && n > 0);
};

/** The stored password of a customer row, or null (a guest, or no password set). */
export function storedPasswordOf(row: { password_hash: string | null; password_salt: string | null; password_params?: unknown }): StoredPassword | null {
  if (!row.password_hash || !row.password_salt) return null;
  return { hash: row.password_hash, salt: row.password_salt, cost: isCost(row.password_params) ? row.password_params : LEGACY_PASSWORD_COST };
}

/** The digest the client would send for a plain password (registration sends the plain one). */
export function digestOf(password: string): string {
  return md5(password);
}

/** Constant-time check; pass `null` for an unknown account so it costs the same (at today's cost) and fails. */
export async function verifyPasswordDigest(digest: string, stored: StoredPassword | null): Promise<boolean> {
  const target = stored ?? { hash: '00'.repeat(KEY_LENGTH), salt: '00'.repeat(16), cost: passwordCost() };
  const key = await scrypt(digest, Buffer.from(target.salt, 'hex'), target.cost);
  const expected = Buffer.from(target.hash, 'hex');
  const same = expected.length === key.length && timingSafeEqual(key, expected);
  return same && stored !== null;
}

/** `version`: the customer's token_version (0 for a new customer). */
export async function issueToken(services: ServerServices, customerId: number, isGuest: boolean, version = 0): Promise<string> {
  const now = Math.floor(services.now().getTime() / 1000);
  return new SignJWT({ guest: isGuest, ver: version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(customerId))
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + TOKEN_TTL_SECONDS)
    .sign(services.jwtSecret);
}

export const tokenInvalid = () => new HttpError(401, AUTH_ERRORS.TOKEN_INVALID, 'Your session has expired. Please log in again.');

interface ValidToken {
  customerId: number;
  /** the token's own id: its `jti`, or for a token issued before ids (issue 44) subject and issue time */
  tokenId: string;
  /** when it expires anyway (ms since epoch) */
  expiresAt: number;
}

/**
 * The token, checked: a 401 when it is bad (signature, algorithm), expired, its customer is gone,
 * it was issued before the customer's last password change, or it was ended by `auth/logout`.
 */
async function checkToken(q: Queryable, services: ServerServices, token: string): Promise<ValidToken> {
  let subject: string | undefined;
  let version: unknown;
  let jti: unknown;
  let iat: unknown;
  let exp: unknown;
  try {
    const { payload } = await jwtVerify(token, services.jwtSecret, { algorithms: ['HS256'], currentDate: services.now() });
    ({ sub: subject, jti, iat, exp } = payload);
    version = payload.ver ?? 0;
  } catch {
    throw tokenInvalid();
  }
  const id = Number(subject);
  if (!Number.isInteger(id) || id < 1 || typeof version !== 'number' || typeof exp !== 'number') throw tokenInvalid();
  const tokenId = typeof jti === 'string' && jti !== '' ? jti : `${id}.${typeof iat === 'number' ? iat : 0}`;
  const [row] = await q.query<{ token_version: number; ended: boolean }>(
    'SELECT token_version, EXISTS (SELECT 1 FROM ended_tokens WHERE token_id = $2) AS ended FROM customers WHERE id = $1',
    [id, tokenId],
  );
  if (!row || row.token_version !== version || row.ended) throw tokenInvalid();
  return { customerId: id, tokenId, expiresAt: exp * 1000 };
}

/** Customer id behind a token, or a 401 (see checkToken). */
export async function verifyToken(q: Queryable, services: ServerServices, token: string): Promise<number> {
  return (await checkToken(q, services, token)).customerId;
}

/**
 * Logout (issue 44): the token answers 401 from now on, on every process of the database. Only this
 * token: the customer's other devices stay logged in (a password change ends them all). The row is
 * kept until the token would have expired; ended rows past that are dropped on the way.
 */
export async function endToken(q: Queryable, services: ServerServices, token: string): Promise<void> {
  const valid = await checkToken(q, services, token);
  const now = services.now();
  await q.query('DELETE FROM ended_tokens WHERE expires_at <= $1', [now.toISOString()]);
  await q.query('INSERT INTO ended_tokens (token_id, customer_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT (token_id) DO NOTHING', [
    valid.tokenId,
    valid.customerId,
    new Date(valid.expiresAt).toISOString(),
  ]);
}

/** The logged-in customer of `?_=token`; 401 when the token is missing or invalid. */
export async function requireCustomer(ctx: RequestContext): Promise<number> {
  const token = ctx.query._;
  if (!token) throw tokenInvalid();
  return verifyToken(ctx.db, ctx.services, token);
}

/** The customer of `?_=token` when one is sent (401 when it is sent but invalid), else null. */
export async function optionalCustomer(ctx: RequestContext): Promise<number | null> {
  const token = ctx.query._;
  if (!token) return null;
  return verifyToken(ctx.db, ctx.services, token);
}

/** Random string from an unambiguous alphabet (cart ids, session strings: 12 characters, §9). */
export function randomId(length = 12): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    const byte = bytes[i] ?? 0;
    // rejection sampling keeps the distribution uniform
    if (byte < 256 - (256 % alphabet.length)) out += alphabet[byte % alphabet.length];
  }
  return out.length === length ? out : randomId(length);
}

/** Password-reset tokens are stored only as their SHA-256. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
