/** The shop sections of the header and the home page, each behind its config flag (§1, §2). */
import type { AppConfig } from '../api/schemas/config.js';
import type { Language } from '../api/languages.js';

export interface Section {
  key: 'tickets' | 'guidedTours' | 'merchandise' | 'passes' | 'vouchers';
  path: string;
  flag: keyof Pick<AppConfig, 'hasTickets' | 'hasGuidedTours' | 'hasMerchandise' | 'hasMemCard' | 'hasVouchers'>;
}

export const SECTIONS: readonly Section[] = [
  { key: 'tickets', path: 'tickets', flag: 'hasTickets' },
  { key: 'guidedTours', path: 'guided-tours', flag: 'hasGuidedTours' },
  { key: 'merchandise', path: 'merchandise', flag: 'hasMerchandise' },
  { key: 'passes', path: 'passes', flag: 'hasMemCard' },
  { key: 'vouchers', path: 'vouchers', flag: 'hasVouchers' },
];

export function enabledSections(config: AppConfig): Section[] {
  return SECTIONS.filter((s) => config[s.flag]);
}

/** A per-language label override from config, if any. */
export function sectionLabelOverride(config: AppConfig, key: Section['key'], lang: Language): string | null {
  return config.navTranslations[key]?.[lang] ?? null;
}
