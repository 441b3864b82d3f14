/** The shop sections of the header and the home page, each behind its config flag (§1, §2). */
import type { AppConfig } from '../api/schemas/config.js';
import type { Language } from '../api/languages.js';
import { routeHref, type PlainRouteName } from '../domain/routes.js';
import type { SectionKey } from '../domain/sections.js';

export interface Section {
  key: SectionKey;
  /** the section's list route (./routes.ts) */
  route: PlainRouteName;
  flag: keyof Pick<AppConfig, 'hasTickets' | 'hasGuidedTours' | 'hasMerchandise' | 'hasMemCard' | 'hasVouchers'>;
}

export const SECTIONS: readonly Section[] = [
  { key: 'tickets', route: 'tickets', flag: 'hasTickets' },
  { key: 'guidedTours', route: 'guidedTours', flag: 'hasGuidedTours' },
  { key: 'merchandise', route: 'merchandise', flag: 'hasMerchandise' },
  { key: 'passes', route: 'passes', flag: 'hasMemCard' },
  { key: 'vouchers', route: 'voucherList', flag: 'hasVouchers' },
];

/** The section's link: its list route in the language. */
export function sectionHref(section: Section, lang: Language): string {
  return routeHref(lang, section.route);
}

export function enabledSections(config: AppConfig): Section[] {
  return SECTIONS.filter((s) => config[s.flag]);
}

/** The section whose list is the home page (`homeView`), when it is one and its flag is on; else null: the default landing. */
export function homeSection(config: AppConfig): Section | null {
  return enabledSections(config).find((s) => s.key === config.homeView) ?? null;
}

/** A per-language label override from config, if any. */
export function sectionLabelOverride(config: AppConfig, key: Section['key'], lang: Language): string | null {
  return config.navTranslations[key]?.[lang] ?? null;
}
