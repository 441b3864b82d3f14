/**
 * Catalogue texts: stored per language (Texts), sent in one (tr); the names of tour languages.
 */
import type { Language } from '../../api/languages.js';

export type Texts = Record<string, string>;

/** The text in `lang`, else German, else English, else any. */
export function tr(texts: Texts | null | undefined, lang: Language): string {
  if (!texts) return '';
  return texts[lang] ?? texts.de ?? texts.en ?? Object.values(texts)[0] ?? '';
}

export const LANGUAGE_NAMES: Record<string, Texts> = {
  de: { de: 'Deutsch', en: 'German', fr: 'Allemand', it: 'Tedesco', nl: 'Duits', es: 'Alemán', sv: 'Tyska', da: 'Tysk' },
  en: { de: 'Englisch', en: 'English', fr: 'Anglais', it: 'Inglese', nl: 'Engels', es: 'Inglés', sv: 'Engelska', da: 'Engelsk' },
  fr: { de: 'Französisch', en: 'French', fr: 'Français', it: 'Francese', nl: 'Frans', es: 'Francés', sv: 'Franska', da: 'Fransk' },
  it: { de: 'Italienisch', en: 'Italian', fr: 'Italien', it: 'Italiano', nl: 'Italiaans', es: 'Italiano', sv: 'Italienska', da: 'Italiensk' },
  nl: { de: 'Niederländisch', en: 'Dutch', fr: 'Néerlandais', it: 'Olandese', nl: 'Nederlands', es: 'Neerlandés', sv: 'Nederländska', da: 'Nederlandsk' },
  es: { de: 'Spanisch', en: 'Spanish', fr: 'Espagnol', it: 'Spagnolo', nl: 'Spaans', es: 'Español', sv: 'Spanska', da: 'Spansk' },
  sv: { de: 'Schwedisch', en: 'Swedish', fr: 'Suédois', it: 'Svedese', nl: 'Zweeds', es: 'Sueco', sv: 'Svenska', da: 'Svensk' },
  da: { de: 'Dänisch', en: 'Danish', fr: 'Danois', it: 'Danese', nl: 'Deens', es: 'Danés', sv: 'Danska', da: 'Dansk' },
};
