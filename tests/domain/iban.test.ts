import { describe, expect, it } from 'vitest';
import { isValidIban, normalizeIban } from '../../src/domain/iban.js';

describe('IBAN check (direct debit 74/164)', () => {
  it('accepts real IBANs with or without spaces and in lower case', () => {
    for (const iban of ['CH93 0076 2011 6238 5295 7', 'DE89370400440532013000', 'gb82 west 1234 5698 7654 32', 'NL91ABNA0417164300']) {
      expect(isValidIban(iban)).toBe(true);
    }
  });

  it('rejects a changed digit, swapped digits, wrong shapes and empty input', () => {
    for (const iban of ['CH93 0076 2011 6238 5295 8', 'DE89370400440532013001', 'DE98370400440532013000', 'CH93', '9300762011623852957CH', 'CH93-0076-2011', '']) {
      expect(isValidIban(iban)).toBe(false);
    }
  });

  it('normalises spaces and case', () => {
    expect(normalizeIban(' ch93 0076 2011 6238 5295 7 ')).toBe('CH9300762011623852957');
  });
});
