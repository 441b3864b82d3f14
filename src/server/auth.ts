/**
 * Passwords and tokens of the reference server (docs/api.md "Auth").
 *
 * The client sends the MD5 hex digest of a password (§7). That digest is hashed again with scrypt
 * and a random per-user salt; only the scrypt hash and salt are stored. Comparison is constant
 * time, and an unknown e-mail costs the same scrypt work as a known one.
 *
 * Tokens are HS256 jwts (jose) signed with services.jwtSecret, subject = customer id, valid for
 * TOKEN_TTL_SECONDS, read from the query parameter `_` (§6). Only HS256 is accepted (no `alg: none`,
 * no other algorithm). A token carries its customer's token version (`ver`, 0 when absent); a
 * password change or reset raises the version, so every token issued before it answers 401.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, createHash } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { md5 } from 'js-md5';
import type { Queryable } from './db/index.js';
import type { RequestContext } from './api/router.js';
import type { ServerServices } from './services.js';
import { HttpError } from './api/http-error.js';
import { AUTH_ERRORS } from '../api/schemas/accounts.js';

export const TOKEN_TTL_SECONDS = 2 * 60 * 60;
const KEY_LENGTH = 64;
const SCRYPT_OPTIONS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function scrypt(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(secret.toLowerCase(), salt, KEY_LENGTH, SCRYPT_OPTIONS, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export interface StoredPassword {
  /** hex */
  hash: string;
  /** hex */
  salt: string;
}

/** Hashes the client's MD5 digest for storage. */
export async function hashPasswordDigest(digest: string): Promise<StoredPassword> {
  const salt = randomBytes(16);
  const key = await scrypt(digest, salt);
  return { hash: key.toString('hex'), salt: salt.toString('hex') };
}

/** The digest the client would send for a plain password (registration sends the plain one). */
export function digestOf(password: string): string {
  return md5(password);
}

const DUMMY: StoredPassword = { hash: '00'.repeat(KEY_LENGTH), salt: '00'.repeat(16) };

/** Constant-time check; pass `null` for an unknown account so it costs the same and fails. */
export async function verifyPasswordDigest(digest: string, stored: StoredPassword | null): Promise<boolean> {
  const target = stored ?? DUMMY;
  const key = await scrypt(digest, Buffer.from(target.salt, 'hex'));
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
    .setIssuedAt(now)
    .setExpirationTime(now + TOKEN_TTL_SECONDS)
    .sign(services.jwtSecret);
}

export const tokenInvalid = () => new HttpError(401, AUTH_ERRORS.TOKEN_INVALID, 'Your session has expired. Please log in again.');

/**
 * Customer id behind a token, or a 401 when the token is bad (signature, algorithm), expired, its
 * customer is gone or it was issued before the customer's last password change.
 */
export async function verifyToken(q: Queryable, services: ServerServices, token: string): Promise<number> {
  let subject: string | undefined;
  let version: unknown;
  try {
    const { payload } = await jwtVerify(token, services.jwtSecret, { algorithms: ['HS256'], currentDate: services.now() });
    subject = payload.sub;
    version = payload.ver ?? 0;
  } catch {
    throw tokenInvalid();
  }
  const id = Number(subject);
  if (!Number.isInteger(id) || id < 1 || typeof version !== 'number') throw tokenInvalid();
  const [row] = await q.query<{ token_version: number }>('SELECT token_version FROM customers WHERE id = $1', [id]);
  if (!row || row.token_version !== version) throw tokenInvalid();
  return id;
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
