/**
 * The words of the order's documents (issue 42): the PDF tickets (pdf.ts) and the calendar file
 * (ics.ts), in the eight languages of the shop, and the locale their dates and amounts are
 * written in. Plain strings only (no markup); the PDF's standard fonts write WinAnsi, which holds
 * every letter these languages need (ä ö ü å ø æ é ç ñ, ’ « » and the en dash).
 */
import type { Language } from '../../api/languages.js';
import type { Admission } from './model.js';

export interface DocumentWords {
  /** the heading of every page when the shop has no name of its own */
  shop: string;
  /** the small label above a page's title, by what the page admits */
  kind: Record<Admission['kind'], string>;
  /** the document's title: "Tickets", or for a gift print "Gift vouchers" */
  tickets: string;
  gift: string;
  /** the ticket type, a tour's price list, the kind of pass */
  category: string;
  participants: string;
  /** how many people one code lets in, when the page lists no participants */
  persons: string;
  date: string;
  time: string;
  /** a day ticket's day */
  validOn: string;
  voucherCode: string;
  value: string;
  validUntil: string;
  venue: string;
  price: string;
  /** the visitor's name on a ticket */
  name: string;
  /** an annual pass's owner */
  holder: string;
  bookingId: string;
  /** "page 2 of 6" */
  page: (n: number, of: number) => string;
  /** the line under the code: what to do with it */
  showAtEntrance: string;
  redeem: string;
}

export const WORDS: Record<Language, DocumentWords> = {
  de: {
    shop: 'Museumsshop',
    kind: { ticket: 'Eintrittskarte', dayTicket: 'Tageskarte', tour: 'Führung', annualPass: 'Jahreskarte', voucher: 'Gutschein' },
    tickets: 'Tickets',
    gift: 'Gutscheine',
    category: 'Kategorie',
    participants: 'Teilnehmende',
    persons: 'Personen',
    date: 'Datum',
    time: 'Uhrzeit',
    validOn: 'Gültig am',
    voucherCode: 'Gutscheincode',
    value: 'Wert',
    validUntil: 'Gültig bis',
    venue: 'Ort',
    price: 'Preis',
    name: 'Name',
    holder: 'Inhaberin/Inhaber',
    bookingId: 'Buchungsnummer',
    page: (n, of) => `Seite ${n} von ${of}`,
    showAtEntrance: 'Bitte zeigen Sie diesen Code am Eingang vor – auf Papier oder auf dem Bildschirm.',
    redeem: 'Lösen Sie den Code im Onlineshop oder an der Kasse des Museums ein.',
  },
  en: {
    shop: 'Museum shop',
    kind: { ticket: 'Admission ticket', dayTicket: 'Day ticket', tour: 'Guided tour', annualPass: 'Annual pass', voucher: 'Gift voucher' },
    tickets: 'Tickets',
    gift: 'Gift vouchers',
    category: 'Category',
    participants: 'Participants',
    persons: 'Persons',
    date: 'Date',
    time: 'Time',
    validOn: 'Valid on',
    voucherCode: 'Voucher code',
    value: 'Value',
    validUntil: 'Valid until',
    venue: 'Venue',
    price: 'Price',
    name: 'Name',
    holder: 'Holder',
    bookingId: 'Booking number',
    page: (n, of) => `Page ${n} of ${of}`,
    showAtEntrance: 'Please show this code at the entrance – printed or on your screen.',
    redeem: 'Redeem the code in the online shop or at the museum’s ticket desk.',
  },
  fr: {
    shop: 'Boutique du musée',
    kind: { ticket: 'Billet d’entrée', dayTicket: 'Billet journée', tour: 'Visite guidée', annualPass: 'Abonnement annuel', voucher: 'Bon cadeau' },
    tickets: 'Billets',
    gift: 'Bons cadeaux',
    category: 'Catégorie',
    participants: 'Participants',
    persons: 'Personnes',
    date: 'Date',
    time: 'Heure',
    validOn: 'Valable le',
    voucherCode: 'Code du bon',
    value: 'Valeur',
    validUntil: 'Valable jusqu’au',
    venue: 'Lieu',
    price: 'Prix',
    name: 'Nom',
    holder: 'Titulaire',
    bookingId: 'Numéro de réservation',
    page: (n, of) => `Page ${n} sur ${of}`,
    showAtEntrance: 'Veuillez présenter ce code à l’entrée – imprimé ou sur votre écran.',
    redeem: 'Utilisez ce code dans la boutique en ligne ou à la caisse du musée.',
  },
  it: {
    shop: 'Negozio del museo',
    kind: { ticket: 'Biglietto d’ingresso', dayTicket: 'Biglietto giornaliero', tour: 'Visita guidata', annualPass: 'Abbonamento annuale', voucher: 'Buono regalo' },
    tickets: 'Biglietti',
    gift: 'Buoni regalo',
    category: 'Categoria',
    participants: 'Partecipanti',
    persons: 'Persone',
    date: 'Data',
    time: 'Ora',
    validOn: 'Valido il',
    voucherCode: 'Codice del buono',
    value: 'Valore',
    validUntil: 'Valido fino al',
    venue: 'Luogo',
    price: 'Prezzo',
    name: 'Nome',
    holder: 'Titolare',
    bookingId: 'Numero di prenotazione',
    page: (n, of) => `Pagina ${n} di ${of}`,
    showAtEntrance: 'Mostra questo codice all’ingresso – stampato o sullo schermo.',
    redeem: 'Riscatta il codice nel negozio online o alla cassa del museo.',
  },
  nl: {
    shop: 'Museumwinkel',
    kind: { ticket: 'Toegangsbewijs', dayTicket: 'Dagkaart', tour: 'Rondleiding', annualPass: 'Jaarkaart', voucher: 'Cadeaubon' },
    tickets: 'Tickets',
    gift: 'Cadeaubonnen',
    category: 'Categorie',
    participants: 'Deelnemers',
    persons: 'Personen',
    date: 'Datum',
    time: 'Tijd',
    validOn: 'Geldig op',
    voucherCode: 'Cadeauboncode',
    value: 'Waarde',
    validUntil: 'Geldig tot en met',
    venue: 'Locatie',
    price: 'Prijs',
    name: 'Naam',
    holder: 'Houder',
    bookingId: 'Boekingsnummer',
    page: (n, of) => `Pagina ${n} van ${of}`,
    showAtEntrance: 'Toon deze code bij de ingang – geprint of op uw scherm.',
    redeem: 'Wissel de code in in de webwinkel of aan de kassa van het museum.',
  },
  es: {
    shop: 'Tienda del museo',
    kind: { ticket: 'Entrada', dayTicket: 'Entrada de día', tour: 'Visita guiada', annualPass: 'Pase anual', voucher: 'Vale regalo' },
    tickets: 'Entradas',
    gift: 'Vales regalo',
    category: 'Categoría',
    participants: 'Participantes',
    persons: 'Personas',
    date: 'Fecha',
    time: 'Hora',
    validOn: 'Válida el',
    voucherCode: 'Código del vale',
    value: 'Valor',
    validUntil: 'Válido hasta el',
    venue: 'Lugar',
    price: 'Precio',
    name: 'Nombre',
    holder: 'Titular',
    bookingId: 'Número de reserva',
    page: (n, of) => `Página ${n} de ${of}`,
    showAtEntrance: 'Muestre este código en la entrada, impreso o en la pantalla.',
    redeem: 'Canjee el código en la tienda en línea o en la taquilla del museo.',
  },
  sv: {
    shop: 'Museibutiken',
    kind: { ticket: 'Entrébiljett', dayTicket: 'Dagsbiljett', tour: 'Guidad visning', annualPass: 'Årskort', voucher: 'Presentkort' },
    tickets: 'Biljetter',
    gift: 'Presentkort',
    category: 'Kategori',
    participants: 'Deltagare',
    persons: 'Personer',
    date: 'Datum',
    time: 'Tid',
    validOn: 'Giltig den',
    voucherCode: 'Presentkortskod',
    value: 'Värde',
    validUntil: 'Giltigt till och med',
    venue: 'Plats',
    price: 'Pris',
    name: 'Namn',
    holder: 'Innehavare',
    bookingId: 'Bokningsnummer',
    page: (n, of) => `Sida ${n} av ${of}`,
    showAtEntrance: 'Visa koden vid entrén – utskriven eller på skärmen.',
    redeem: 'Lös in koden i webbutiken eller i museets kassa.',
  },
  da: {
    shop: 'Museumsbutikken',
    kind: { ticket: 'Entrébillet', dayTicket: 'Dagsbillet', tour: 'Omvisning', annualPass: 'Årskort', voucher: 'Gavekort' },
    tickets: 'Billetter',
    gift: 'Gavekort',
    category: 'Kategori',
    participants: 'Deltagere',
    persons: 'Personer',
    date: 'Dato',
    time: 'Tidspunkt',
    validOn: 'Gyldig den',
    voucherCode: 'Gavekortskode',
    value: 'Værdi',
    validUntil: 'Gyldigt til og med',
    venue: 'Sted',
    price: 'Pris',
    name: 'Navn',
    holder: 'Indehaver',
    bookingId: 'Bookingnummer',
    page: (n, of) => `Side ${n} af ${of}`,
    showAtEntrance: 'Vis koden ved indgangen – udskrevet eller på skærmen.',
    redeem: 'Indløs koden i webshoppen eller ved museets billetkontor.',
  },
};

/**
 * The locale a language's dates and amounts are written in: the museum is Swiss (its prices are
 * francs, its clock is Zurich's), so its region; where the language has no Swiss form, the
 * language's own conventions remain (Intl falls back).
 */
export const documentLocale = (lang: Language): string => `${lang}-CH`;

/** A wall-clock 'YYYY-MM-DD HH:MM[:SS]' or 'YYYY-MM-DD' read as UTC (no time zone applied), or null. */
export function wallClock(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // 2026-02-30 is no day
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && h < 24 && mi < 60 && s < 60 ? at : null;
}

/** A booking id as part of a file name (they are letters and digits; anything else becomes '_'). */
export const fileSafe = (id: string): string => id.replace(/[^A-Za-z0-9_-]/g, '_');
