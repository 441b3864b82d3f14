/** The eight interface languages (spec §1). The first is the default. */
export const LANGUAGES = ['de', 'en', 'fr', 'it', 'nl', 'es', 'sv', 'da'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
/** Shop id of spec §1 and §9. */
export const SHOP_ID = 16;
