/**
 * One term per concept and language (issue 16 item 14): no catalogue message uses a word the
 * shared glossary (docs/glossary.json, explained in docs/glossary.md) says to avoid, and a VAT
 * rate is written with the prices' decimal point in every language.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '../../src/api/languages.js';
import { formatPrice, formatRate } from '../../src/i18n/format.js';

const root = path.resolve(import.meta.dirname, '../..');
interface Glossary {
  concepts: Record<string, Record<string, { term: string; avoid: string[] }>>;
}
const glossary = JSON.parse(readFileSync(path.join(root, 'docs/glossary.json'), 'utf8')) as Glossary;

/** An avoided word as a pattern: `\b` marks a whole-word edge (letters of any script); else matched at a word start. */
function pattern(word: string): RegExp {
  if (word.includes('\\b')) return new RegExp(word.replace(/^\\b/, '(?<![\\p{L}])').replace(/\\b$/, '(?![\\p{L}])').replace(/\\b/g, ''), 'iu');
  return new RegExp(`(^|[^\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'iu');
}

describe('glossary', () => {
  it('names a term for every concept in every language', () => {
    for (const [concept, byLang] of Object.entries(glossary.concepts)) {
      for (const lang of LANGUAGES) expect(byLang[lang]?.term, `${concept} in ${lang}`).toBeTruthy();
    }
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: no message uses a word to avoid`, () => {
      const messages = JSON.parse(readFileSync(path.join(root, `src/i18n/messages/${lang}.json`), 'utf8')) as Record<string, string>;
      const found: string[] = [];
      for (const [concept, byLang] of Object.entries(glossary.concepts)) {
        for (const word of byLang[lang]?.avoid ?? []) {
          const re = pattern(word);
          for (const [key, text] of Object.entries(messages)) if (re.test(text)) found.push(`${key} uses "${word}" (${concept}: "${byLang[lang]?.term}")`);
        }
      }
      expect(found).toEqual([]);
    });
  }

  it('writes VAT rates with the decimal point of the prices', () => {
    expect(formatRate(8.1)).toBe('8.1');
    expect(formatRate(2.6)).toBe('2.6');
    expect(formatRate(7.7)).toBe('7.7');
    expect(formatRate(0)).toBe('0');
    expect(formatPrice(135)).toContain('1.35');
  });
});
