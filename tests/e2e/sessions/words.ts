/** The message catalogues as the visitor reads them: every locator of the walk takes its words from here. */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../server-process.js';

export const LANGS = ['de', 'en', 'fr', 'it', 'nl', 'es', 'sv', 'da'] as const;
export type Lang = (typeof LANGS)[number];

const catalogues = new Map<Lang, Record<string, string>>();
function catalogue(lang: Lang): Record<string, string> {
  let messages = catalogues.get(lang);
  if (!messages) {
    messages = JSON.parse(fs.readFileSync(path.join(repoRoot, `src/i18n/messages/${lang}.json`), 'utf8')) as Record<string, string>;
    catalogues.set(lang, messages);
  }
  return messages;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The visible text of a message in `lang` as a pattern: rich-text tags removed, every
 * placeholder (plural and select included) matching anything.
 */
export function words(lang: Lang, id: string, options: { whole?: boolean } = {}): RegExp {
  const message = catalogue(lang)[id];
  if (message === undefined) throw new Error(`${lang}.json has no message ${id}`);
  const plain = message.replace(/<\/?[a-z]+>/g, '');
  // placeholders may nest one level ({count, plural, one {…} other {…}})
  const parts = plain.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/).map(escape);
  const body = parts.join('.*');
  return new RegExp(options.whole ? `^${body}$` : body);
}

/** Minor units of a price as the page shows it ("CHF 69.00", "69,00 CHF", "−CHF 5.00"). */
export function minorUnits(shown: string): number {
  const negative = /[-−]/.test(shown);
  const digits = shown.replace(/[^\d]/g, '');
  if (digits === '') throw new Error(`"${shown}" shows no amount`);
  return (negative ? -1 : 1) * Number(digits);
}
