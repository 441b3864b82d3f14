/**
 * Shop settings seeded into the `settings` table (keys remote_config, shop_info, static_content),
 * so an operator can change them with SQL without touching code. Shapes: src/api/schemas/config.ts.
 */
import type { RemoteConfig, ShopInfo, StaticContent } from '../../api/schemas/config.js';
import { LANGUAGES } from '../../api/languages.js';
import type { WithdrawalRules } from '../../api/schemas/withdrawal-rules.js';

export const REMOTE_CONFIG: RemoteConfig & { withdrawal_rules: WithdrawalRules } = {
  site_name: 'Museum am See',
  site_name_translations: {
    de: 'Museum am See', en: 'Lakeside Museum', fr: 'Musée du lac', it: 'Museo del lago',
    nl: 'Museum aan het meer', es: 'Museo del lago', sv: 'Museet vid sjön', da: 'Museet ved søen',
  },
  title_separator: ' - ',
  languages: [...LANGUAGES],
  languages_full: ['Deutsch', 'English', 'Français', 'Italiano', 'Nederlands', 'Español', 'Svenska', 'Dansk'],
  has_tickets: true,
  has_guided_tours: true,
  has_merchandise: true,
  has_memcard: true,
  has_vouchers: true,
  has_voucher_code: true,
  has_user_registration: true,
  has_guest_registration: false,
  nav_translations: {
    guidedTours: { de: 'Führungen', en: 'Guided tours', fr: 'Visites guidées', it: 'Visite guidate', nl: 'Rondleidingen', es: 'Visitas guiadas', sv: 'Guidade visningar', da: 'Omvisninger' },
  },
  logo_links_to_main_site: false,
  museum_main_url: 'https://museum.example',
  museum_per_language_urls: { en: 'https://museum.example/en', fr: 'https://museum.example/fr' },
  partner_logos: [
    {
      name: { de: 'Mit Unterstützung von', en: 'Supported by', fr: 'Avec le soutien de', it: 'Con il sostegno di', nl: 'Met steun van', es: 'Con el apoyo de', sv: 'Med stöd av', da: 'Med støtte fra' },
      logos: [
        { image: '/static/partners/city.svg', url: 'https://city.example', alt: 'City of Zurich (example)' },
        { image: '/static/partners/foundation.svg', url: null, alt: 'Lake Foundation (example)' },
      ],
    },
  ],
  custom_terms_links: null,
  show_custom_terms_links: true,
  currency: 'CHF',
  currency_symbol: 'CHF',
  cookie_disclaimer: true,
  show_header: true,
  show_footer: true,
  show_progress_bar: true,
  home_view: 'default',
  default_user_country_key: 'CH',
  guided_tour_default_language: 'de',
  support_email: 'support@museum.example',
  confirm_payment: true,
  document_number: false,
  default_payment_type: 161,
  // The demo museum prices in francs and sells to visitors from the EU: it offers the withdrawal
  // function (issue 46) though its currency alone would not switch it on.
  withdrawal_enabled: true,
  withdrawal_rules: {},
};

export const SHOP_INFO: ShopInfo = {
  shop: 16,
  name: 'Museum am See',
  currency: 'CHF',
  support_email: 'support@museum.example',
  vat_number: 'CHE-123.456.789 MWST',
  address: 'Museum am See, Seestrasse 1, 8000 Zürich, Switzerland',
};

/** Cookie notice per language; the API answers the one of the request language. */
export const COOKIE_WARNING: Record<string, string> = {
  de: '<p>Wir verwenden nur technisch notwendige Cookies und Session-Speicher, damit Warenkorb und Anmeldung funktionieren. <a href="/de/page/data_protection">Mehr zum Datenschutz</a></p>',
  en: '<p>We only use technically necessary cookies and session storage so that your cart and login work. <a href="/en/page/data_protection">More about data protection</a></p>',
  fr: '<p>Nous utilisons uniquement des cookies techniquement nécessaires et le stockage de session pour que votre panier et votre connexion fonctionnent. <a href="/fr/page/data_protection">En savoir plus sur la protection des données</a></p>',
  it: '<p>Utilizziamo solo cookie tecnicamente necessari e la memoria di sessione per il funzionamento del carrello e dell’accesso. <a href="/it/page/data_protection">Maggiori informazioni sulla protezione dei dati</a></p>',
  nl: '<p>We gebruiken alleen technisch noodzakelijke cookies en sessieopslag, zodat uw winkelwagen en aanmelding werken. <a href="/nl/page/data_protection">Meer over gegevensbescherming</a></p>',
  es: '<p>Solo utilizamos cookies técnicamente necesarias y el almacenamiento de sesión para que funcionen su carrito y su inicio de sesión. <a href="/es/page/data_protection">Más sobre protección de datos</a></p>',
  sv: '<p>Vi använder bara tekniskt nödvändiga cookies och sessionslagring så att din varukorg och inloggning fungerar. <a href="/sv/page/data_protection">Mer om dataskydd</a></p>',
  da: '<p>Vi bruger kun teknisk nødvendige cookies og sessionslagring, så din kurv og dit login fungerer. <a href="/da/page/data_protection">Mere om databeskyttelse</a></p>',
};

/** Stored without cookie_warning (added per language at request time). */
export const STATIC_CONTENT: Omit<StaticContent, 'cookie_warning' | 'banners'> & {
  /** alt texts per language; static/content answers the visitor's */
  banners: Record<string, { image: string; image_mobile: string; alt: Record<string, string>; url: string | null }[]>;
  cookie_warning: Record<string, string>;
} = {
  banners: {
    home: [
      { image: '/static/banners/light-and-water.jpg', image_mobile: '/static/banners/light-and-water-mobile.jpg', alt: { de: 'Licht und Wasser', en: 'Light and Water', fr: 'Lumière et eau', it: 'Luce e acqua', nl: 'Licht en water', es: 'Luz y agua', sv: 'Ljus och vatten', da: 'Lys og vand' }, url: null },
      { image: '/static/banners/lakeside.jpg', image_mobile: '/static/banners/lakeside-mobile.jpg', alt: { de: 'Museum am See', en: 'Lakeside Museum', fr: 'Musée du lac', it: 'Museo sul lago', nl: 'Museum aan het meer', es: 'Museo del lago', sv: 'Museet vid sjön', da: 'Museet ved søen' }, url: null },
    ],
    tickets: [{ image: '/static/banners/collection.jpg', image_mobile: '/static/banners/collection-mobile.jpg', alt: { de: 'Sammlung am See', en: 'The Lakeside Collection', fr: 'La collection du lac', it: 'La collezione del lago', nl: 'De collectie aan het meer', es: 'La colección del lago', sv: 'Samlingen vid sjön', da: 'Samlingen ved søen' }, url: null }],
  },
  cookie_warning: COOKIE_WARNING,
  social_media: {
    instagram: { link: 'https://instagram.com/museum.example', sequence_no: 1 },
    facebook: { link: 'https://facebook.com/museum.example', sequence_no: 2 },
    youtube: { link: 'https://youtube.com/@museum.example', sequence_no: 3 },
    linkedin: { link: 'https://linkedin.com/company/museum-example', sequence_no: 4 },
    tripadvisor: { link: 'https://tripadvisor.com/museum-example', sequence_no: 5 },
  },
};
