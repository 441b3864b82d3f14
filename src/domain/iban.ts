/**
 * IBAN check for direct debit (payment types 74 and 164, spec §9): country code, two check digits
 * and the account part, valid when the ISO 13616 mod-97 remainder is 1. Spaces are ignored.
 */

/** Removes spaces and upper-cases, e.g. 'ch93 0076 2011 6238 5295 7' → 'CH9300762011623852957'. */
export function normalizeIban(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

export function isValidIban(raw: string): boolean {
  const iban = normalizeIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    // digits stay, letters become 10..35
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}
