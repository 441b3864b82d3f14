/**
 * Remote configuration (§1, §3 "App configuration") as the server sends it (snake_case names of
 * §3) and as the app uses it (camelCase), plus shop metadata. Endpoint: GET shopinfo/config?shop=16.
 */
import * as v from 'valibot';
import { LanguageSchema, TranslationsSchema } from './common.js';
import { HOME_VIEWS } from '../../domain/sections.js';

const PartnerLogoGroupSchema = v.object({
  /** Group name per language. */
  name: TranslationsSchema,
  logos: v.array(v.object({ image: v.string(), url: v.optional(v.nullable(v.string()), null), alt: v.optional(v.string(), '') })),
});

const TermsLinkSchema = v.object({ url: v.string(), title: v.string() });

/** Per language: imprint, terms, data_protection, shipping links (§2 footer). */
const CustomTermsLinksSchema = v.record(
  v.string(),
  v.object({
    imprint: v.optional(TermsLinkSchema),
    terms: v.optional(TermsLinkSchema),
    data_protection: v.optional(TermsLinkSchema),
    shipping: v.optional(TermsLinkSchema),
  }),
);

/** The title separator when the config names none (§2: 'title - site name'). */
export const DEFAULT_TITLE_SEPARATOR = ' - ';

/**
 * What stands between a page's title and the site name in the document title (§2; a vertical bar,
 * ' | ', in some back-office variants): 1 to 5 characters, not only spaces, no line break or other
 * control character (a title is one line).
 */
export const TitleSeparatorSchema = v.pipe(
  v.string(),
  v.minLength(1, 'The title separator is empty.'),
  v.maxLength(5, 'The title separator is longer than 5 characters.'),
  v.check((value) => value.trim() !== '', 'The title separator is only spaces.'),
  v.regex(/^\P{Cc}*$/u, 'The title separator holds a control character (a line break, a tab).'),
);

export const RemoteConfigSchema = v.object({
  site_name: v.string(),
  /** site name per language */
  site_name_translations: v.optional(TranslationsSchema, {}),
  /** between a page's title and the site name in the document title; ' - ' when absent */
  title_separator: v.optional(TitleSeparatorSchema, DEFAULT_TITLE_SEPARATOR),
  languages: v.pipe(v.array(LanguageSchema), v.minLength(1)),
  /** language names in the same order as `languages` */
  languages_full: v.array(v.string()),
  has_tickets: v.boolean(),
  has_guided_tours: v.boolean(),
  has_merchandise: v.boolean(),
  has_memcard: v.boolean(),
  has_vouchers: v.boolean(),
  has_voucher_code: v.boolean(),
  has_user_registration: v.boolean(),
  has_guest_registration: v.boolean(),
  /** nav key (tickets, guidedTours, merchandise, passes, vouchers) → language → label */
  nav_translations: v.optional(v.record(v.string(), TranslationsSchema), {}),
  logo_links_to_main_site: v.boolean(),
  museum_main_url: v.optional(v.nullable(v.string()), null),
  museum_per_language_urls: v.optional(TranslationsSchema, {}),
  partner_logos: v.optional(v.array(PartnerLogoGroupSchema), []),
  /** null: the standard legal links; an object: custom links per language; switched off with `show_custom_terms_links: false`. */
  custom_terms_links: v.optional(v.nullable(CustomTermsLinksSchema), null),
  show_custom_terms_links: v.optional(v.boolean(), true),
  currency: v.string(),
  currency_symbol: v.string(),
  cookie_disclaimer: v.boolean(),
  show_header: v.boolean(),
  show_footer: v.boolean(),
  show_progress_bar: v.boolean(),
  /**
   * What the home page shows (src/domain/sections.ts HOME_VIEWS): 'default' or a section's nav
   * key; anything else (a back end's value this app does not know) is the default landing.
   */
  home_view: v.fallback(v.optional(v.picklist(HOME_VIEWS), 'default'), 'default'),
  default_user_country_key: v.string(),
  guided_tour_default_language: v.string(),
  support_email: v.string(),
  confirm_payment: v.boolean(),
  document_number: v.boolean(),
  default_payment_type: v.number(),
  /**
   * Issue 46: the withdrawal function ("Withdraw from contract here"). Absent: on when the currency
   * is EUR, off otherwise (as the accessibility statement).
   */
  withdrawal_enabled: v.optional(v.boolean()),
  // The stored config's `withdrawal_rules` (which kinds carry the right, for how long) is the
  // server's alone (src/api/schemas/withdrawal-rules.ts): the app reads each line's standing from
  // the server, so the rules are not sent and their schema does not load with every page.
});
export type RemoteConfig = v.InferOutput<typeof RemoteConfigSchema>;

/** The app's view of the configuration (names of spec §3). */
export const AppConfigSchema = v.pipe(
  RemoteConfigSchema,
  v.transform((c) => ({
    siteName: c.site_name,
    siteNameTranslations: c.site_name_translations,
    titleSeparator: c.title_separator,
    languages: c.languages,
    languagesFull: c.languages_full,
    hasTickets: c.has_tickets,
    hasGuidedTours: c.has_guided_tours,
    hasMerchandise: c.has_merchandise,
    hasMemCard: c.has_memcard,
    hasVouchers: c.has_vouchers,
    hasVoucherCode: c.has_voucher_code,
    hasUserRegistration: c.has_user_registration,
    hasGuestRegistration: c.has_guest_registration,
    navTranslations: c.nav_translations,
    logoLinksToMainSite: c.logo_links_to_main_site,
    museumMainUrl: c.museum_main_url,
    museumPerLanguageUrls: c.museum_per_language_urls,
    partnerLogos: c.partner_logos,
    customTermsLinks: c.show_custom_terms_links ? c.custom_terms_links : null,
    currency: c.currency,
    currencySymbol: c.currency_symbol,
    showCookieDisclaimer: c.cookie_disclaimer,
    showHeader: c.show_header,
    showFooter: c.show_footer,
    showProgressBar: c.show_progress_bar,
    homeView: c.home_view,
    defaultUserCountryKey: c.default_user_country_key,
    guidedTourDefaultLanguage: c.guided_tour_default_language,
    supportEmail: c.support_email,
    confirmPayment: c.confirm_payment,
    documentNumber: c.document_number,
    defaultPaymentType: c.default_payment_type,
    withdrawalEnabled: c.withdrawal_enabled ?? c.currency.toUpperCase() === 'EUR',
  })),
);
export type AppConfig = v.InferOutput<typeof AppConfigSchema>;

/** GET shopinfo?shop=16: shop metadata. */
export const ShopInfoSchema = v.object({
  shop: v.number(),
  name: v.string(),
  currency: v.string(),
  support_email: v.string(),
  vat_number: v.optional(v.string(), ''),
  address: v.optional(v.string(), ''),
});
export type ShopInfo = v.InferOutput<typeof ShopInfoSchema>;

/** GET static/content: banners, cookie warning and social media (§3). */
export const StaticContentSchema = v.object({
  banners: v.record(v.string(), v.array(v.object({ image: v.string(), image_mobile: v.string(), alt: v.optional(v.string(), ''), url: v.optional(v.nullable(v.string()), null) }))),
  /** HTML from the server: always sanitized before rendering. */
  cookie_warning: v.string(),
  social_media: v.record(v.string(), v.object({ link: v.string(), sequence_no: v.number() })),
});
export type StaticContent = v.InferOutput<typeof StaticContentSchema>;

/** GET static/page/{id}: static pages (imprint, terms, data_protection, accessibility_statement, shipping). */
export const StaticPageSchema = v.object({ id: v.string(), title: v.string(), html: v.string() });
export type StaticPage = v.InferOutput<typeof StaticPageSchema>;

/** GET checkout/payments?shop=16 */
export const PaymentTypeSchema = v.object({ payartId: v.number(), i18n: TranslationsSchema });
export const PaymentTypesSchema = v.array(PaymentTypeSchema);
export type PaymentType = v.InferOutput<typeof PaymentTypeSchema>;
