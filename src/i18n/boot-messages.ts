/**
 * The few texts the shell needs before any catalogue or config has loaded (the retry screen
 * of a failed boot), in the browser's language. Kept tiny: it is part of the initial bundle.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '../api/languages.js';

export interface BootTexts {
  loading: string;
  failedTitle: string;
  failedText: string;
  /**
   * The shop answered 503 (its database is away, issue 44): §8's "service unavailable", word for
   * word the catalogue's `error.unavailable` (tests/ui/boot-texts.test.ts keeps them the same).
   */
  unavailable: string;
  retry: string;
}

export const BOOT_TEXTS: Record<Language, BootTexts> = {
  de: { loading: 'Der Shop wird geladen …', failedTitle: 'Der Shop konnte nicht geladen werden', failedText: 'Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.', unavailable: 'Der Shop ist vorübergehend nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.', retry: 'Erneut versuchen' },
  en: { loading: 'Loading the shop…', failedTitle: 'The shop could not be loaded', failedText: 'Please check your internet connection and try again.', unavailable: 'The shop is temporarily unavailable. Please try again in a few minutes.', retry: 'Try again' },
  fr: { loading: 'Chargement de la boutique…', failedTitle: 'La boutique n’a pas pu être chargée', failedText: 'Veuillez vérifier votre connexion Internet et réessayer.', unavailable: 'La boutique est momentanément indisponible. Veuillez réessayer dans quelques minutes.', retry: 'Réessayer' },
  it: { loading: 'Caricamento del negozio…', failedTitle: 'Impossibile caricare il negozio', failedText: 'Controlla la connessione a Internet e riprova.', unavailable: 'Il negozio è temporaneamente non disponibile. Riprova tra qualche minuto.', retry: 'Riprova' },
  nl: { loading: 'De winkel wordt geladen…', failedTitle: 'De winkel kon niet worden geladen', failedText: 'Controleer uw internetverbinding en probeer het opnieuw.', unavailable: 'De winkel is tijdelijk niet beschikbaar. Probeer het over enkele minuten opnieuw.', retry: 'Opnieuw proberen' },
  es: { loading: 'Cargando la tienda…', failedTitle: 'No se ha podido cargar la tienda', failedText: 'Compruebe su conexión a Internet y vuelva a intentarlo.', unavailable: 'La tienda no está disponible temporalmente. Vuelva a intentarlo dentro de unos minutos.', retry: 'Reintentar' },
  sv: { loading: 'Butiken laddas…', failedTitle: 'Butiken kunde inte laddas', failedText: 'Kontrollera din internetanslutning och försök igen.', unavailable: 'Butiken är tillfälligt otillgänglig. Försök igen om några minuter.', retry: 'Försök igen' },
  da: { loading: 'Butikken indlæses…', failedTitle: 'Butikken kunne ikke indlæses', failedText: 'Tjek din internetforbindelse, og prøv igen.', unavailable: 'Butikken er midlertidigt utilgængelig. Prøv igen om et par minutter.', retry: 'Prøv igen' },
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
