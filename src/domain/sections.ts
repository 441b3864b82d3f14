/**
 * The five shop sections behind their config flags (§1, §2): tickets, guided tours, merchandise,
 * annual passes and vouchers. A section whose flag is off does not exist for the visitor: its
 * pages answer "not found", the cart takes none of its lines, and the server sells none of them
 * (issue 22 item 7). One table for the app (camel-case config) and the server (the stored
 * remote config's snake-case keys).
 */

export const SECTION_KEYS = ['tickets', 'guidedTours', 'merchandise', 'passes', 'vouchers'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/**
 * What the home page `/{lang}` shows (remote config `home_view`, §3): the default landing
 * ('default': banners, welcome and the section entries) or one section's list, named by its nav
 * key. A list whose section is off is no home page: the default landing shows instead.
 */
export const HOME_VIEWS = ['default', ...SECTION_KEYS] as const;
export type HomeView = (typeof HOME_VIEWS)[number];

/** The flag of each section in the app's config (src/api/schemas/config.ts AppConfig). */
export const SECTION_FLAGS = {
  tickets: 'hasTickets',
  guidedTours: 'hasGuidedTours',
  merchandise: 'hasMerchandise',
  passes: 'hasMemCard',
  vouchers: 'hasVouchers',
} as const satisfies Record<SectionKey, string>;
export type SectionFlag = (typeof SECTION_FLAGS)[SectionKey];

/** The same flags as the back end names them (remote config, §3 server-side names). */
export const SECTION_REMOTE_FLAGS = {
  tickets: 'has_tickets',
  guidedTours: 'has_guided_tours',
  merchandise: 'has_merchandise',
  passes: 'has_memcard',
  vouchers: 'has_vouchers',
} as const satisfies Record<SectionKey, string>;

/**
 * The section a cart line or cart item of this type belongs to; null for what belongs to none
 * (a voucher code is redeemed, not sold: it follows has_voucher_code, not a section).
 */
export function sectionOfType(type: string): SectionKey | null {
  switch (type) {
    case 'ticket':
    case 'dayTicket':
    case 'dayticket':
      return 'tickets';
    case 'guidedTour':
      return 'guidedTours';
    case 'merchandise':
      return 'merchandise';
    case 'annualPass':
      return 'passes';
    case 'voucher':
      return 'vouchers';
    default:
      return null;
  }
}

/** The sections whose flag is off; `flagOn` reads one section's flag. */
export function closedSections(flagOn: (section: SectionKey) => boolean): SectionKey[] {
  return SECTION_KEYS.filter((section) => !flagOn(section));
}

/** The sections off in the app's config. */
export function closedSectionsOf(config: Readonly<Record<SectionFlag, boolean>>): SectionKey[] {
  return closedSections((section) => config[SECTION_FLAGS[section]]);
}

/** The sections off in the back end's remote config (a flag that is missing counts as on). */
export function closedSectionsOfRemote(config: Readonly<Record<string, unknown>> | null): SectionKey[] {
  return closedSections((section) => config?.[SECTION_REMOTE_FLAGS[section]] !== false);
}

/** Is this line or item of a section that is off? */
export function inClosedSection(item: { type: string }, closed: readonly SectionKey[]): boolean {
  const section = sectionOfType(item.type);
  return section !== null && closed.includes(section);
}
