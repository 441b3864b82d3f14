/**
 * Issue 42: the ticket signing key and codes (src/server/tickets/codes.ts). The key is generated
 * once into DATA_DIR (mode 0600) and kept; TICKET_SIGNING_KEY sets it as a PEM or a seed; a code
 * verifies with its key only, and any changed character fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTicketKey, loadTicketKey, parseTicketKey, signCode, verifyCode, type CodePayload } from '../../src/server/tickets/codes.js';
import { EnvError, parseEnv } from '../../src/server/env.js';
import { addMonths, newOrderKey, newVoucherCode } from '../../src/server/tickets/admissions.js';

const payload: CodePayload = { v: 1, b: 'ABCDEF123456', n: 3, k: 'ticket', d: '2026-12-12 11:00', c: 2 };

describe('the signing key', () => {
  it('is generated on the first start into DATA_DIR with mode 0600 and the same on the next start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticket-key-'));
    const first = loadTicketKey(dir, undefined);
    const file = path.join(dir, 'ticket-signing-key.pem');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = loadTicketKey(dir, undefined);
    expect(verifyCode(second.publicKey, signCode(first, payload))).toEqual(payload);
  });

  it('TICKET_SIGNING_KEY as PEM or as a 32-byte seed; anything else is refused at start', () => {
    const key = generateTicketKey();
    const pem = String(key.privateKey.export({ format: 'pem', type: 'pkcs8' }));
    expect(verifyCode(key.publicKey, signCode(parseTicketKey(pem), payload))).toEqual(payload);
    const seed = Buffer.alloc(32, 7).toString('base64url');
    const a = parseTicketKey(seed);
    const b = parseTicketKey(seed);
    expect(verifyCode(b.publicKey, signCode(a, payload))).toEqual(payload);
    expect(() => parseEnv({ TICKET_SIGNING_KEY: 'short' })).toThrow(EnvError);
    expect(() => parseEnv({ VOUCHER_VALIDITY_MONTHS: '0' })).toThrow(EnvError);
    expect(() => parseEnv({ VOUCHER_VALIDITY_MONTHS: '12x' })).toThrow(EnvError);
    expect(parseEnv({ VOUCHER_VALIDITY_MONTHS: '24', TICKET_SIGNING_KEY: seed })).toMatchObject({ voucherValidityMonths: 24, ticketSigningKey: seed });
  });
});

describe('codes', () => {
  const key = generateTicketKey();
  const code = signCode(key, payload);

  it('verify with their key and answer their payload', () => {
    expect(code).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
    expect(verifyCode(key.publicKey, code)).toEqual(payload);
  });

  it('fail with any one character changed, with another key, or when not a code at all', () => {
    for (let i = 0; i < code.length; i++) {
      if (code[i] === '.') continue;
      const other = code[i] === 'A' ? 'B' : 'A';
      expect(verifyCode(key.publicKey, code.slice(0, i) + other + code.slice(i + 1)), `position ${i}`).toBeNull();
    }
    expect(verifyCode(generateTicketKey().publicKey, code)).toBeNull();
    for (const bad of ['', '.', 'abc', `${code}.x`, code.replace('.', ''), `${code}=`]) expect(verifyCode(key.publicKey, bad)).toBeNull();
  });
});

describe('secrets and codes of an order', () => {
  it('the order key has 128 bits; voucher codes 80 bits of a readable alphabet, all different', () => {
    expect(Buffer.from(newOrderKey(), 'base64url')).toHaveLength(16);
    const codes = new Set(Array.from({ length: 2000 }, newVoucherCode));
    expect(codes.size).toBe(2000);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
    // every sign of the alphabet turns up (the 5 bits are used whole)
    expect(new Set([...codes].join('').replace(/-/g, ''))).toHaveProperty('size', 32);
  });

  it('the validity adds whole months, the 31st becoming the last day of a shorter month', () => {
    expect(addMonths('2026-12-06', 36)).toBe('2029-12-06');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
  });
});
