/**
 * The counter's limit hint never reads "Up to 0: 0 places are left" (issue 16 item 13): with no
 * place left for another ticket it says that the selection takes every place, in each language.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createIntl } from '@formatjs/intl';
import { LANGUAGES } from '../../src/api/languages.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('tickets.limitTimeslot', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: no number for 0, the number for 1 and 3`, () => {
      const messages = JSON.parse(readFileSync(path.join(root, `src/i18n/messages/${lang}.json`), 'utf8')) as Record<string, string>;
      const intl = createIntl({ locale: lang, messages, onError: (error) => { throw error; } });
      const say = (max: number) => intl.formatMessage({ id: 'tickets.limitTimeslot' }, { max });
      expect(say(0)).not.toMatch(/\d/);
      expect(say(1)).toMatch(/\b1\b/);
      expect(say(3)).toMatch(/\b3\b/);
      expect(say(0)).not.toBe(say(3).replace(/3/g, '0'));
    });
  }
});
