/**
 * Signed ticket codes (issue 42). A code is `base64url(payload) "." base64url(signature)`: the
 * payload is compact JSON of what the code admits, the signature Ed25519 over the payload's bytes.
 * A gate that holds the public key (GET ticket/key) checks a code offline; ticket/verify checks it
 * against the key and the shop's own books.
 *
 * The key: TICKET_SIGNING_KEY (a PKCS#8 PEM, or the 32-byte seed in base64url) when given, else
 * one generated on the first start into `<DATA_DIR>/ticket-signing-key.pem` (mode 0600) and kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import * as v from 'valibot';

export interface TicketKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** What a code says about itself (short keys: the QR code stays small). */
export const CodePayloadSchema = v.object({
  /** format version */
  v: v.literal(1),
  /** booking id */
  b: v.string(),
  /** serial within the order (the PDF page) */
  n: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** kind of admission */
  k: v.picklist(['ticket', 'dayTicket', 'tour', 'annualPass']),
  /** start 'YYYY-MM-DD HH:MM' or day 'YYYY-MM-DD'; '' when neither */
  d: v.string(),
  /** admissions it lets in */
  c: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type CodePayload = v.InferOutput<typeof CodePayloadSchema>;

export const CODE_FORMAT = 'base64url(JSON payload {v,b,n,k,d,c}) "." base64url(Ed25519 signature over the payload bytes)';

/** The key from TICKET_SIGNING_KEY: a PKCS#8 PEM, or the 32-byte Ed25519 seed in base64url. */
export function parseTicketKey(raw: string): TicketKey {
  const text = raw.trim();
  let privateKey: KeyObject;
  if (text.startsWith('-----BEGIN')) {
    privateKey = createPrivateKey(text.replace(/\\n/g, '\n'));
  } else {
    const seed = Buffer.from(text, 'base64url');
    if (seed.length !== 32) throw new Error('TICKET_SIGNING_KEY must be a PKCS#8 PEM or a 32-byte Ed25519 seed in base64url.');
    // PKCS#8 wrapping of an Ed25519 seed: a fixed 16-byte prefix (RFC 8410)
    const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
    privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('TICKET_SIGNING_KEY is not an Ed25519 key.');
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/** A new key (tests, and the first start without TICKET_SIGNING_KEY). */
export function generateTicketKey(): TicketKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, publicKey };
}

/** The environment's key, else the one kept in `<dataDir>/ticket-signing-key.pem`, generated (0600) on the first start. */
export function loadTicketKey(dataDir: string, fromEnv: string | undefined): TicketKey {
  if (fromEnv !== undefined) return parseTicketKey(fromEnv);
  const where = path.join(dataDir, 'ticket-signing-key.pem');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const pem = generateTicketKey().privateKey.export({ format: 'pem', type: 'pkcs8' });
    fs.writeFileSync(where, pem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseTicketKey(fs.readFileSync(where, 'utf8'));
}

export function signCode(key: TicketKey, payload: CodePayload): string {
  const bytes = Buffer.from(JSON.stringify(payload), 'utf8');
  return `${bytes.toString('base64url')}.${sign(null, bytes, key.privateKey).toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The payload of a code this key signed, or null for anything else (a changed character included). */
export function verifyCode(publicKey: KeyObject, code: string): CodePayload | null {
  const parts = code.trim().split('.');
  if (parts.length !== 2) return null;
  const [body = '', signature = ''] = parts;
  if (!BASE64URL.test(body) || !BASE64URL.test(signature) || body.length > 1000 || signature.length !== 86) return null;
  const bytes = Buffer.from(body, 'base64url');
  // base64url has several spellings of the same bytes (the last character's spare bits): only the canonical one counts
  if (bytes.toString('base64url') !== body) return null;
  const sig = Buffer.from(signature, 'base64url');
  if (sig.toString('base64url') !== signature) return null;
  if (!verify(null, bytes, publicKey, sig)) return null;
  try {
    const parsed = v.safeParse(CodePayloadSchema, JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The public key as GET ticket/key gives it. */
export function publicKeyOf(key: TicketKey): { jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string }; pem: string } {
  const jwk = key.publicKey.export({ format: 'jwk' });
  return { jwk: { kty: 'OKP', crv: 'Ed25519', x: String(jwk.x) }, pem: String(key.publicKey.export({ format: 'pem', type: 'spki' })) };
}
