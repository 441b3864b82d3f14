/**
 * The acknowledgement of a statement of withdrawal (issue 46; Art. 11a(3) of Directive
 * 2011/83/EU: on a durable medium, with the statement's content and its date and time), in the
 * language of the request: the order, each line withdrawn, the name and address given, when the
 * shop received it (the museum's time zone), and what happens next (the refund within 14 days,
 * goods to be sent back). Plain text and accessible HTML as the other mails (messages.ts); every
 * value interpolated into the HTML is escaped.
 */
import type { Language } from '../../api/languages.js';
import { formatPrice } from '../../i18n/format.js';
import { getMuseumTimeZone } from '../../domain/museum-clock.js';
import { escapeHtml, FRAME, heading1Html, htmlPage, type MailContent } from './messages.js';

interface AckWords {
  subject: (bookingId: string) => string;
  received: (bookingId: string, when: string) => string;
  caption: string;
  name: string;
  email: string;
  receivedAt: string;
  statementNo: string;
  refund: string;
  goods: string;
  keep: string;
}

const WORDS: Record<Language, AckWords> = {
  de: {
    subject: (id) => `Ihr Widerruf zur Bestellung ${id} ist eingegangen`,
    received: (id, when) => `Ihr Widerruf zur Bestellung ${id} ist am ${when} bei uns eingegangen. Sie haben folgende Positionen widerrufen:`,
    caption: 'Widerrufene Positionen',
    name: 'Name',
    email: 'E-Mail-Adresse',
    receivedAt: 'Eingegangen am',
    statementNo: 'Nummer des Widerrufs',
    refund: 'Die Rückzahlung erfolgt nach dem Verfahren des Museums: Wir erstatten Ihnen den Betrag dieser Positionen spätestens 14 Tage nach Eingang Ihres Widerrufs über das Zahlungsmittel, mit dem Sie bezahlt haben.',
    goods: 'Bitte senden Sie uns die widerrufenen Artikel zurück. Wir dürfen die Rückzahlung verweigern, bis wir die Artikel zurückerhalten haben oder Sie nachgewiesen haben, dass Sie sie zurückgesandt haben.',
    keep: 'Bewahren Sie diese E-Mail auf: Sie ist die Bestätigung Ihres Widerrufs.',
  },
  en: {
    subject: (id) => `Your withdrawal from order ${id} has been received`,
    received: (id, when) => `We received your withdrawal from order ${id} on ${when}. You withdrew from the following items:`,
    caption: 'Items withdrawn',
    name: 'Name',
    email: 'E-mail address',
    receivedAt: 'Received on',
    statementNo: 'Withdrawal number',
    refund: 'The refund follows the museum’s process: we pay back the amount of these items at the latest 14 days after receiving your withdrawal, by the means of payment you used.',
    goods: 'Please send the withdrawn articles back to us. We may withhold the refund until we have received them or you have shown that you sent them back.',
    keep: 'Keep this e-mail: it is the acknowledgement of your withdrawal.',
  },
  fr: {
    subject: (id) => `Votre rétractation de la commande ${id} a été reçue`,
    received: (id, when) => `Nous avons reçu votre rétractation de la commande ${id} le ${when}. Vous vous êtes rétracté des articles suivants :`,
    caption: 'Articles concernés par la rétractation',
    name: 'Nom',
    email: 'Adresse e-mail',
    receivedAt: 'Reçue le',
    statementNo: 'Numéro de la rétractation',
    refund: 'Le remboursement suit la procédure du musée : nous vous remboursons le montant de ces articles au plus tard 14 jours après réception de votre rétractation, avec le moyen de paiement que vous avez utilisé.',
    goods: 'Veuillez nous renvoyer les articles concernés. Nous pouvons différer le remboursement jusqu’à leur réception ou jusqu’à ce que vous ayez prouvé leur renvoi.',
    keep: 'Conservez cet e-mail : il confirme votre rétractation.',
  },
  it: {
    subject: (id) => `Il tuo recesso dall’ordine ${id} è stato ricevuto`,
    received: (id, when) => `Abbiamo ricevuto il tuo recesso dall’ordine ${id} il ${when}. Hai receduto dalle seguenti voci:`,
    caption: 'Voci oggetto del recesso',
    name: 'Nome',
    email: 'Indirizzo e-mail',
    receivedAt: 'Ricevuto il',
    statementNo: 'Numero del recesso',
    refund: 'Il rimborso segue la procedura del museo: ti rimborsiamo l’importo di queste voci entro 14 giorni dalla ricezione del recesso, con il mezzo di pagamento che hai usato.',
    goods: 'Rispediscici gli articoli oggetto del recesso. Possiamo trattenere il rimborso finché non li abbiamo ricevuti o finché non hai dimostrato di averli rispediti.',
    keep: 'Conserva questa e-mail: è la conferma del tuo recesso.',
  },
  nl: {
    subject: (id) => `Uw herroeping van bestelling ${id} is ontvangen`,
    received: (id, when) => `We hebben uw herroeping van bestelling ${id} ontvangen op ${when}. U heeft de volgende artikelen herroepen:`,
    caption: 'Herroepen artikelen',
    name: 'Naam',
    email: 'E-mailadres',
    receivedAt: 'Ontvangen op',
    statementNo: 'Nummer van de herroeping',
    refund: 'De terugbetaling volgt de procedure van het museum: we betalen het bedrag van deze artikelen uiterlijk 14 dagen na ontvangst van uw herroeping terug, met het betaalmiddel dat u heeft gebruikt.',
    goods: 'Stuur de herroepen artikelen naar ons terug. We mogen de terugbetaling uitstellen tot we ze hebben ontvangen of u heeft aangetoond dat u ze heeft teruggestuurd.',
    keep: 'Bewaar deze e-mail: het is de bevestiging van uw herroeping.',
  },
  es: {
    subject: (id) => `Hemos recibido su desistimiento del pedido ${id}`,
    received: (id, when) => `Recibimos su desistimiento del pedido ${id} el ${when}. Ha desistido de los siguientes artículos:`,
    caption: 'Artículos objeto del desistimiento',
    name: 'Nombre',
    email: 'Dirección de correo electrónico',
    receivedAt: 'Recibido el',
    statementNo: 'Número del desistimiento',
    refund: 'El reembolso sigue el procedimiento del museo: le devolvemos el importe de estos artículos a más tardar 14 días después de recibir su desistimiento, con el medio de pago que utilizó.',
    goods: 'Devuélvanos los artículos objeto del desistimiento. Podemos retener el reembolso hasta haberlos recibido o hasta que demuestre que los ha devuelto.',
    keep: 'Conserve este correo: es la confirmación de su desistimiento.',
  },
  sv: {
    subject: (id) => `Ditt frånträdande av beställning ${id} har tagits emot`,
    received: (id, when) => `Vi tog emot ditt frånträdande av beställning ${id} den ${when}. Du har frånträtt följande artiklar:`,
    caption: 'Frånträdda artiklar',
    name: 'Namn',
    email: 'E-postadress',
    receivedAt: 'Mottaget',
    statementNo: 'Frånträdandets nummer',
    refund: 'Återbetalningen följer museets rutin: vi betalar tillbaka beloppet för dessa artiklar senast 14 dagar efter att vi tagit emot ditt frånträdande, med det betalningssätt du använde.',
    goods: 'Skicka tillbaka de frånträdda varorna till oss. Vi får vänta med återbetalningen tills vi har fått tillbaka dem eller du har visat att du har skickat dem.',
    keep: 'Spara det här mejlet: det är bekräftelsen på ditt frånträdande.',
  },
  da: {
    subject: (id) => `Din fortrydelse af ordre ${id} er modtaget`,
    received: (id, when) => `Vi modtog din fortrydelse af ordre ${id} den ${when}. Du har fortrudt følgende varer:`,
    caption: 'Fortrudte varer',
    name: 'Navn',
    email: 'E-mailadresse',
    receivedAt: 'Modtaget',
    statementNo: 'Fortrydelsens nummer',
    refund: 'Tilbagebetalingen følger museets procedure: Vi tilbagebetaler beløbet for disse varer senest 14 dage efter, at vi har modtaget din fortrydelse, med det betalingsmiddel, du brugte.',
    goods: 'Send venligst de fortrudte varer tilbage til os. Vi kan tilbageholde tilbagebetalingen, indtil vi har modtaget dem, eller du har dokumenteret, at du har sendt dem.',
    keep: 'Gem denne e-mail: Den er bekræftelsen på din fortrydelse.',
  },
};

export interface AcknowledgementOptions {
  bookingId: string;
  statementId: string;
  receivedAt: Date;
  /** the lines withdrawn, as the order names them */
  lines: { name: string; count: number; amount: number; type: string }[];
  name: string;
  email: string;
  currency: string;
}

/** The date and time in the museum's time zone, with the zone's name ("7 December 2026, 22:30 CET"). */
export function receivedAtText(lang: Language, at: Date): string {
  return new Intl.DateTimeFormat(lang, { timeZone: getMuseumTimeZone(), day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' }).format(at);
}

/** The acknowledgement mail of one statement, in `lang`. */
export function withdrawalAcknowledgementMail(lang: Language, options: AcknowledgementOptions): MailContent {
  const w = WORDS[lang];
  const frame = FRAME[lang];
  const when = receivedAtText(lang, options.receivedAt);
  const subject = w.subject(options.bookingId);
  const items = options.lines.map((l) => ({ label: l.count > 1 ? `${l.count} × ${l.name}` : l.name, amount: formatPrice(l.amount, options.currency) }));
  const details: [string, string][] = [
    [w.name, options.name],
    [w.email, options.email],
    [w.receivedAt, when],
    [w.statementNo, options.statementId],
  ];
  const after = [w.refund, ...(options.lines.some((l) => l.type === 'merchandise') ? [w.goods] : []), w.keep];

  const text = [
    subject,
    '',
    frame.hello(options.name),
    '',
    w.received(options.bookingId, when),
    '',
    w.caption,
    '-'.repeat(w.caption.length),
    ...items.map((i) => `- ${i.label}: ${i.amount}`),
    '',
    ...details.map(([k, value]) => `${k}: ${value}`),
    '',
    ...after.flatMap((p) => [p, '']),
    frame.signature,
    '',
  ].join('\n');

  const html = htmlPage(lang, subject, [
    heading1Html(subject),
    `<p>${escapeHtml(frame.hello(options.name))}</p>`,
    `<p>${escapeHtml(w.received(options.bookingId, when))}</p>`,
    `<h2 style="font-size: 1.15em; margin-top: 1.5em;">${escapeHtml(w.caption)}</h2>`,
    '<ul style="padding-left: 1.25em;">',
    ...items.map((i) => `<li>${escapeHtml(i.label)}: ${escapeHtml(i.amount)}</li>`),
    '</ul>',
    '<dl>',
    ...details.map(([k, value]) => `<dt style="font-weight: bold;">${escapeHtml(k)}</dt><dd style="margin: 0 0 0.5em 0;">${escapeHtml(value)}</dd>`),
    '</dl>',
    ...after.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${escapeHtml(frame.signature)}</p>`,
  ]);
  return { subject, text, html };
}
