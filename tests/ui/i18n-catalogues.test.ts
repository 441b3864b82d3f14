import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '../../src/api/languages.js';
import { compileCatalogue } from '../../src/i18n/esbuild-plugin.mjs';
import { formatDate, formatLocalTime, formatMinutes, formatPrice } from '../../src/i18n/format.js';
import { BOOT_TEXTS, UNAVAILABLE_TEXTS, browserLanguage } from '../../src/i18n/boot-messages.js';

import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl } from '@formatjs/intl';

function argumentNames(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type >= 1 && element.type <= 6) into.add((element as { value: string }).value);
    if ('options' in element) for (const option of Object.values(element.options)) argumentNames(option.value, into);
    if ('children' in element) argumentNames(element.children, into);
  }
  return into;
}

/** Names of the rich-text tags (<link>…</link>) of a message. */
function tagNames(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === 8) into.add((element as { value: string }).value);
    if ('options' in element) for (const option of Object.values(element.options)) tagNames(option.value, into);
    if ('children' in element) tagNames(element.children, into);
  }
  return into;
}

const compile = compileCatalogue as (messages: Record<string, unknown>, label?: string) => Record<string, unknown>;

function catalogue(lang: string): Record<string, unknown> {
  const file = path.join(process.cwd(), 'src/i18n/messages', `${lang}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

const english = catalogue('en');
const englishKeys = Object.keys(english).sort();

describe('message catalogues', () => {
  it('has a non-trivial English source catalogue', () => {
    expect(englishKeys.length).toBeGreaterThan(50);
  });

  for (const lang of LANGUAGES) {
    describe(lang, () => {
      const messages = catalogue(lang);
      it('has exactly the keys of English, no missing or extra ones', () => {
        const keys = Object.keys(messages).sort();
        expect(englishKeys.filter((k) => !keys.includes(k)), 'missing keys').toEqual([]);
        expect(keys.filter((k) => !englishKeys.includes(k)), 'extra keys').toEqual([]);
      });
      it('compiles every message to ICU AST', () => {
        expect(() => compile(messages, lang)).not.toThrow();
        for (const value of Object.values(messages)) expect(typeof value).toBe('string');
      });
      it('uses the same placeholders as English in every message', () => {
        for (const key of englishKeys) {
          const names = (s: unknown) => [...argumentNames(parse(String(s)))].sort();
          expect(names(messages[key]), `${lang} ${key}`).toEqual(names(english[key]));
        }
      });
      it('renders every message with the tags and values of English: no raw tag, brace or lost link', () => {
        const intl = createIntl({ locale: lang, messages: messages as Record<string, string>, onError: (error) => { throw error; } });
        const problems: string[] = [];
        for (const key of englishKeys) {
          const source = parse(String(english[key]));
          const values: Record<string, unknown> = {};
          for (const name of argumentNames(source)) values[name] = 7;
          const tags = tagNames(source);
          for (const tag of tags) values[tag] = (chunks: unknown[]) => `[${tag}:${chunks.join('')}]`;
          const text = intl.formatMessage({ id: key }, values as Record<string, string>);
          if (/[<>{}]/.test(text)) problems.push(`${key}: raw markup in "${text}"`);
          for (const tag of tags) if (!text.includes(`[${tag}:`)) problems.push(`${key}: the <${tag}> of English is lost in "${text}"`);
        }
        expect(problems).toEqual([]);
      });
      if (lang !== 'en') {
        it('is a real translation, not a copy of English', () => {
          const same = englishKeys.filter((k) => messages[k] === english[k]);
          expect(same.length / englishKeys.length).toBeLessThan(0.2);
        });
      }
    });
  }

  it('has every message id the app uses literally (id="…" or id: \'…\')', () => {
    const used = new Map<string, string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name)) {
          const source = readFileSync(full, 'utf8');
          for (const m of source.matchAll(/\bid(?:=\{?|:\s*)['"]([a-zA-Z][\w.-]*\.[\w.-]+)['"]/g)) used.set(m[1]!, path.relative(process.cwd(), full));
        }
      }
    };
    walk(path.join(process.cwd(), 'src/app'));
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter(([id]) => !(id in english)).map(([id, file]) => `${id} (${file})`);
    expect(missing, 'message ids used in src/app but missing from the catalogues').toEqual([]);
  });

  it('rejects a message that does not compile, naming the key', () => {
    expect(() => compile({ ok: 'fine', broken: 'Hello {name' }, 'xx')).toThrow(/xx: message "broken"/);
    expect(() => compile({ plural: '{n, plural, one {#}}' }, 'xx')).toThrow(/plural/);
  });

  it('has boot texts in every language and picks the browser language', () => {
    for (const lang of LANGUAGES) expect(BOOT_TEXTS[lang].retry.length).toBeGreaterThan(0);
    expect(browserLanguage(['fr-CH', 'de'])).toBe('fr');
    expect(browserLanguage(['pt-BR', 'sv'])).toBe('sv');
    expect(browserLanguage(['pt-BR'])).toBe('de');
    expect(browserLanguage(['fr'], 'it')).toBe('it');
  });

  it('says "unavailable" on the page the server sends while the database is away (issue 44) exactly as the catalogue says it later (§8)', () => {
    for (const lang of LANGUAGES) expect([lang, UNAVAILABLE_TEXTS[lang]]).toEqual([lang, catalogue(lang)['error.unavailable']]);
  });
});

describe('formatters', () => {
  it('shows minor units as CHF with the configured symbol', () => {
    expect(formatPrice(2500)).toBe('CHF 25.00');
    expect(formatPrice(123456, 'Fr.')).toBe('Fr. 1\u2019234.56');
    expect(formatPrice(5)).toBe('CHF 0.05');
    expect(formatPrice(-1050)).toBe('-CHF 10.50');
  });
  it('shows dates as d.m.Y', () => {
    expect(formatDate('2026-03-05')).toBe('05.03.2026');
    expect(formatDate('20261231')).toBe('31.12.2026');
    expect(formatDate(new Date(2026, 0, 9))).toBe('09.01.2026');
    expect(formatDate('not a date')).toBe('');
  });
  it('abbreviates minutes as min.', () => {
    expect(formatMinutes(90)).toBe('90 min.');
  });
  it('shows an instant (a hold\'s end) on the visitor\'s own clock, as HH:MM of 24 hours', () => {
    const clock = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    for (const instant of ['2026-12-05T14:20:00.000Z', '2026-07-06T07:05:00Z', '2026-12-06T23:58:00Z']) expect(formatLocalTime(instant)).toBe(clock(new Date(instant)));
    expect(formatLocalTime('not an instant')).toBe('');
  });
});
