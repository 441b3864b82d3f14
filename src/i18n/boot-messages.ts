/**
 * The few texts the shell needs before any catalogue or config has loaded (the retry screen
 * of a failed boot), in the browser's language. Kept tiny: it is part of the initial bundle.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '../api/languages.js';

export interface BootTexts {
  loading: string;
  failedTitle: string;
  failedText: string;
  retry: string;
}

export const BOOT_TEXTS: Record<Language, BootTexts> = {
  de: { loading: 'Der Shop wird geladen …', failedTitle: 'Der Shop konnte nicht geladen werden', failedText: 'Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.', retry: 'Erneut versuchen' },
  en: { loading: 'Loading the shop…', failedTitle: 'The shop could not be loaded', failedText: 'Please check your internet connection and try again.', retry: 'Try again' },
  fr: { loading: 'Chargement de la boutique…', failedTitle: 'La boutique n’a pas pu être chargée', failedText: 'Veuillez vérifier votre connexion Internet et réessayer.', retry: 'Réessayer' },
  it: { loading: 'Caricamento del negozio…', failedTitle: 'Impossibile caricare il negozio', failedText: 'Controlla la connessione a Internet e riprova.', retry: 'Riprova' },
  nl: { loading: 'De winkel wordt geladen…', failedTitle: 'De winkel kon niet worden geladen', failedText: 'Controleer uw internetverbinding en probeer het opnieuw.', retry: 'Opnieuw proberen' },
  es: { loading: 'Cargando la tienda…', failedTitle: 'No se ha podido cargar la tienda', failedText: 'Compruebe su conexión a Internet y vuelva a intentarlo.', retry: 'Reintentar' },
  sv: { loading: 'Butiken laddas…', failedTitle: 'Butiken kunde inte laddas', failedText: 'Kontrollera din internetanslutning och försök igen.', retry: 'Försök igen' },
  da: { loading: 'Butikken indlæses…', failedTitle: 'Butikken kunne ikke indlæses', failedText: 'Tjek din internetforbindelse, og prøv igen.', retry: 'Prøv igen' },
};

/**
 * The shop answered 503 (its database away, issue 44): §8's "service unavailable", word for word
 * the catalogue's `error.unavailable` (tests/ui/i18n-catalogues.test.ts keeps them the same), for
 * the page the server sends then (src/server/static.ts `unavailableShell`). Not in BOOT_TEXTS: the
 * app does not bundle them (its retry screen after a 503 says the shop could not be loaded).
 */
export const UNAVAILABLE_TEXTS: Record<Language, string> = {
  de: 'Der Shop ist vorübergehend nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
  en: 'The shop is temporarily unavailable. Please try again in a few minutes.',
  fr: 'La boutique est momentanément indisponible. Veuillez réessayer dans quelques minutes.',
  it: 'Il negozio è temporaneamente non disponibile. Riprova tra qualche minuto.',
  nl: 'De winkel is tijdelijk niet beschikbaar. Probeer het over enkele minuten opnieuw.',
  es: 'La tienda no está disponible temporalmente. Vuelva a intentarlo dentro de unos minutos.',
  sv: 'Butiken är tillfälligt otillgänglig. Försök igen om några minuter.',
  da: 'Butikken er midlertidigt utilgængelig. Prøv igen om et par minutter.',
};

/** First of the browser's preferred languages that the shop speaks; else the URL's; else de. */
export function browserLanguage(preferred: readonly string[], fromUrl?: string | null): Language {
  if (isLanguage(fromUrl)) return fromUrl;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

export { LANGUAGES };
