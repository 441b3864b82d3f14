/**
 * The order confirmation mail (issue 42): what a booked order is, in the language of the purchase,
 * drawn from its document (tickets/model.ts) — the lines and what was paid, the dated visits and
 * day tickets, the vouchers bought with their codes, the delivery address, what is attached and
 * the link to the order page. Plain text and accessible HTML like the account mails (messages.ts):
 * the language set, one heading, the lines as a data table with a caption and header cells, the
 * visits as a list, everything interpolated escaped (names come from the catalogue and the buyer).
 *
 * Times in the document are the museum's wall-clock strings ('YYYY-MM-DD HH:MM:SS'); they are read
 * as UTC and formatted in UTC, so they print as the museum's clock shows them, wherever the
 * server runs. Amounts are minor units of the document's currency.
 */
import { formatPrice } from '../../i18n/format.js';
import type { Language } from '../../api/languages.js';
import type { Admission, OrderDocument } from '../tickets/model.js';
import { escapeHtml, FRAME, heading1Html, htmlPage, paragraphHtml, paragraphText, type MailContent, type Paragraph } from './messages.js';

export interface OrderMailOptions {
  /** the name to greet by (messages.ts greetingName), null for a plain greeting */
  name: string | null;
  /** the shop's address of the order page (view the order, download the tickets again) */
  link: string;
  /** what the mail carries: the tickets' PDF, the gift PDF without prices, the calendar file */
  attachments: { pdf: boolean; giftPdf: boolean; calendar: boolean };
  /** sent again on request: the subject and the first paragraph say so */
  resent?: boolean;
  /**
   * issue 46: the withdrawal function's page of this order (`{origin}/{lang}/withdrawal?id&key`),
   * when the function is on and a line carries the right; absent: no link
   */
  withdrawalLink?: string;
}

interface OrderWords {
  subject: (bookingId: string) => string;
  /** appended to the subject of a mail sent again */
  resent: string;
  resentNote: string;
  heading: string;
  booked: (bookingId: string) => string;
  /** the caption of the table of lines */
  caption: (bookingId: string) => string;
  item: string;
  amount: string;
  subtotal: string;
  shipping: string;
  /** a voucher code used, where no line names it */
  voucherCode: string;
  total: string;
  visits: string;
  venue: string;
  validOn: (date: string) => string;
  vouchers: string;
  code: string;
  value: string;
  validUntil: string;
  address: string;
  attachedPdf: string;
  attachedGiftPdf: string;
  attachedCalendar: string;
  orderPage: string;
  orderLink: string;
  lookForward: string;
  /** issue 46: before the link to the withdrawal function */
  withdrawIntro: string;
  /** issue 46: the link's label (Art. 11a: "withdraw from contract here" or equally unambiguous words) */
  withdrawLink: string;
}

const WORDS: Record<Language, OrderWords> = {
  de: {
    subject: (id) => `Ihre Bestellung ${id} im Museumsshop – Bestätigung`,
    resent: '(erneut gesendet)',
    resentNote: 'Wir senden Ihnen diese Bestätigung noch einmal.',
    heading: 'Vielen Dank für Ihre Bestellung',
    booked: (id) => `Ihre Bestellung ist gebucht. Ihre Buchungsnummer lautet ${id}.`,
    caption: (id) => `Ihre Bestellung ${id}`,
    item: 'Position',
    amount: 'Betrag',
    subtotal: 'Zwischensumme',
    shipping: 'Versand',
    voucherCode: 'Gutscheincode',
    total: 'Bezahlt (Gesamtbetrag)',
    visits: 'Ihre Besuche',
    venue: 'Ort',
    validOn: (d) => `gültig am ${d}`,
    vouchers: 'Ihre Gutscheine',
    code: 'Code',
    value: 'Wert',
    validUntil: 'Gültig bis',
    address: 'Lieferadresse',
    attachedPdf: 'Ihre Tickets finden Sie im Anhang als PDF.',
    attachedGiftPdf: 'Die Gutscheine liegen zusätzlich als Geschenk-PDF ohne Preise bei – bereit zum Verschenken.',
    attachedCalendar: 'Mit der angehängten .ics-Datei tragen Sie Ihre Besuche in Ihren Kalender ein.',
    orderPage: 'Ihre Bestellung können Sie jederzeit online ansehen und die Tickets dort erneut herunterladen:',
    orderLink: 'Bestellung ansehen, Tickets erneut herunterladen',
    lookForward: 'Wir freuen uns auf Ihren Besuch.',
    withdrawIntro: 'Von Artikeln, Jahreskarten und Gutscheinen dieser Bestellung können Sie innerhalb der Widerrufsfrist zurücktreten:',
    withdrawLink: 'Vertrag hier widerrufen',
  },
  en: {
    subject: (id) => `Your museum shop order ${id} – confirmation`,
    resent: '(sent again)',
    resentNote: 'We are sending you this confirmation once more.',
    heading: 'Thank you for your order',
    booked: (id) => `Your order is booked. Your booking number is ${id}.`,
    caption: (id) => `Your order ${id}`,
    item: 'Item',
    amount: 'Amount',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    voucherCode: 'Voucher code',
    total: 'Total paid',
    visits: 'Your visits',
    venue: 'Venue',
    validOn: (d) => `valid on ${d}`,
    vouchers: 'Your vouchers',
    code: 'Code',
    value: 'Value',
    validUntil: 'Valid until',
    address: 'Delivery address',
    attachedPdf: 'Your tickets are attached as a PDF.',
    attachedGiftPdf: 'The vouchers are also attached as a gift PDF without prices, ready to give away.',
    attachedCalendar: 'Add your visits to your calendar with the attached .ics file.',
    orderPage: 'You can view your order online at any time and download the tickets again there:',
    orderLink: 'View your order, download the tickets again',
    lookForward: 'We look forward to your visit.',
    withdrawIntro: 'You may withdraw from the articles, passes and vouchers of this order within the withdrawal period:',
    withdrawLink: 'Withdraw from contract here',
  },
  fr: {
    subject: (id) => `Votre commande ${id} à la boutique du musée – confirmation`,
    resent: '(nouvel envoi)',
    resentNote: 'Nous vous envoyons cette confirmation une nouvelle fois.',
    heading: 'Merci pour votre commande',
    booked: (id) => `Votre commande est enregistrée. Votre numéro de réservation est ${id}.`,
    caption: (id) => `Votre commande ${id}`,
    item: 'Article',
    amount: 'Montant',
    subtotal: 'Sous-total',
    shipping: 'Frais d’envoi',
    voucherCode: 'Code du bon',
    total: 'Total payé',
    visits: 'Vos visites',
    venue: 'Lieu',
    validOn: (d) => `valable le ${d}`,
    vouchers: 'Vos bons cadeaux',
    code: 'Code',
    value: 'Valeur',
    validUntil: 'Valable jusqu’au',
    address: 'Adresse de livraison',
    attachedPdf: 'Vos billets sont joints à cet e-mail en PDF.',
    attachedGiftPdf: 'Les bons sont également joints dans un PDF cadeau sans les prix, prêt à offrir.',
    attachedCalendar: 'Ajoutez vos visites à votre agenda avec le fichier .ics joint.',
    orderPage: 'Vous pouvez consulter votre commande en ligne à tout moment et y télécharger à nouveau les billets :',
    orderLink: 'Voir votre commande, télécharger à nouveau les billets',
    lookForward: 'Nous nous réjouissons de votre visite.',
    withdrawIntro: 'Vous pouvez vous rétracter des articles, abonnements et bons de cette commande pendant le délai de rétractation :',
    withdrawLink: 'Se rétracter du contrat ici',
  },
  it: {
    subject: (id) => `Il tuo ordine ${id} nel negozio del museo – conferma`,
    resent: '(nuovo invio)',
    resentNote: 'Ti inviamo di nuovo questa conferma.',
    heading: 'Grazie per il tuo ordine',
    booked: (id) => `Il tuo ordine è stato registrato. Il numero di prenotazione è ${id}.`,
    caption: (id) => `Il tuo ordine ${id}`,
    item: 'Articolo',
    amount: 'Importo',
    subtotal: 'Subtotale',
    shipping: 'Spedizione',
    voucherCode: 'Codice buono',
    total: 'Totale pagato',
    visits: 'Le tue visite',
    venue: 'Luogo',
    validOn: (d) => `valido per ${d}`,
    vouchers: 'I tuoi buoni regalo',
    code: 'Codice',
    value: 'Valore',
    validUntil: 'Valido fino al',
    address: 'Indirizzo di consegna',
    attachedPdf: 'In allegato trovi i tuoi biglietti in PDF.',
    attachedGiftPdf: 'I buoni sono allegati anche come PDF regalo senza prezzi, pronti da regalare.',
    attachedCalendar: 'Aggiungi le tue visite al calendario con il file .ics allegato.',
    orderPage: 'Puoi vedere il tuo ordine online in qualsiasi momento e scaricare di nuovo i biglietti:',
    orderLink: 'Vedi il tuo ordine, scarica di nuovo i biglietti',
    lookForward: 'Ti aspettiamo al museo.',
    withdrawIntro: 'Puoi recedere dagli articoli, dagli abbonamenti e dai buoni di questo ordine entro il periodo di recesso:',
    withdrawLink: 'Recedere dal contratto qui',
  },
  nl: {
    subject: (id) => `Uw bestelling ${id} bij de museumwinkel – bevestiging`,
    resent: '(opnieuw verzonden)',
    resentNote: 'We sturen u deze bevestiging nog een keer.',
    heading: 'Hartelijk dank voor uw bestelling',
    booked: (id) => `Uw bestelling is geboekt. Uw boekingsnummer is ${id}.`,
    caption: (id) => `Uw bestelling ${id}`,
    item: 'Artikel',
    amount: 'Bedrag',
    subtotal: 'Subtotaal',
    shipping: 'Verzendkosten',
    voucherCode: 'Cadeauboncode',
    total: 'Totaal betaald',
    visits: 'Uw bezoeken',
    venue: 'Locatie',
    validOn: (d) => `geldig op ${d}`,
    vouchers: 'Uw cadeaubonnen',
    code: 'Code',
    value: 'Waarde',
    validUntil: 'Geldig tot en met',
    address: 'Bezorgadres',
    attachedPdf: 'Uw tickets vindt u als pdf in de bijlage.',
    attachedGiftPdf: 'De cadeaubonnen zitten ook als cadeau-pdf zonder prijzen in de bijlage, klaar om weg te geven.',
    attachedCalendar: 'Met het bijgevoegde .ics-bestand zet u uw bezoeken in uw agenda.',
    orderPage: 'U kunt uw bestelling altijd online bekijken en de tickets daar opnieuw downloaden:',
    orderLink: 'Bestelling bekijken, tickets opnieuw downloaden',
    lookForward: 'We kijken uit naar uw bezoek.',
    withdrawIntro: 'U kunt de artikelen, jaarkaarten en cadeaubonnen van deze bestelling binnen de herroepingstermijn herroepen:',
    withdrawLink: 'Overeenkomst hier herroepen',
  },
  es: {
    subject: (id) => `Su pedido ${id} en la tienda del museo – confirmación`,
    resent: '(reenviado)',
    resentNote: 'Le enviamos esta confirmación de nuevo.',
    heading: 'Gracias por su pedido',
    booked: (id) => `Su pedido se ha registrado correctamente. Su número de reserva es ${id}.`,
    caption: (id) => `Su pedido ${id}`,
    item: 'Artículo',
    amount: 'Importe',
    subtotal: 'Subtotal',
    shipping: 'Gastos de envío',
    voucherCode: 'Código de vale',
    total: 'Total pagado',
    visits: 'Sus visitas',
    venue: 'Lugar',
    validOn: (d) => `válido para el ${d}`,
    vouchers: 'Sus vales regalo',
    code: 'Código',
    value: 'Valor',
    validUntil: 'Válido hasta el',
    address: 'Dirección de entrega',
    attachedPdf: 'Adjuntamos sus entradas en PDF.',
    attachedGiftPdf: 'Los vales también van adjuntos en un PDF de regalo sin precios, listo para regalar.',
    attachedCalendar: 'Añada sus visitas a su calendario con el archivo .ics adjunto.',
    orderPage: 'Puede consultar su pedido en línea en cualquier momento y volver a descargar allí las entradas:',
    orderLink: 'Ver su pedido, volver a descargar las entradas',
    lookForward: 'Esperamos su visita con ilusión.',
    withdrawIntro: 'Puede desistir de los artículos, abonos y vales de este pedido dentro del plazo de desistimiento:',
    withdrawLink: 'Desistir del contrato aquí',
  },
  sv: {
    subject: (id) => `Din beställning ${id} i museibutiken – bekräftelse`,
    resent: '(skickad igen)',
    resentNote: 'Vi skickar den här bekräftelsen till dig en gång till.',
    heading: 'Tack för din beställning',
    booked: (id) => `Din beställning är bokad. Ditt bokningsnummer är ${id}.`,
    caption: (id) => `Din beställning ${id}`,
    item: 'Artikel',
    amount: 'Belopp',
    subtotal: 'Delsumma',
    shipping: 'Frakt',
    voucherCode: 'Presentkortskod',
    total: 'Totalt betalt',
    visits: 'Dina besök',
    venue: 'Plats',
    validOn: (d) => `gäller ${d}`,
    vouchers: 'Dina presentkort',
    code: 'Kod',
    value: 'Värde',
    validUntil: 'Giltigt till och med',
    address: 'Leveransadress',
    attachedPdf: 'Dina biljetter finns bifogade som pdf.',
    attachedGiftPdf: 'Presentkorten finns också bifogade som en present-pdf utan priser, redo att ge bort.',
    attachedCalendar: 'Lägg in dina besök i kalendern med den bifogade .ics-filen.',
    orderPage: 'Du kan när som helst se din beställning på webben och ladda ner biljetterna igen där:',
    orderLink: 'Visa din beställning, ladda ner biljetterna igen',
    lookForward: 'Vi ser fram emot ditt besök.',
    withdrawIntro: 'Du kan frånträda artiklar, årskort och presentkort i den här beställningen inom ångerfristen:',
    withdrawLink: 'Frånträd avtalet här',
  },
  da: {
    subject: (id) => `Din bestilling ${id} i museumsbutikken – bekræftelse`,
    resent: '(sendt igen)',
    resentNote: 'Vi sender dig denne bekræftelse en gang til.',
    heading: 'Tak for din bestilling',
    booked: (id) => `Din bestilling er booket. Dit bookingnummer er ${id}.`,
    caption: (id) => `Din bestilling ${id}`,
    item: 'Vare',
    amount: 'Beløb',
    subtotal: 'Subtotal',
    shipping: 'Forsendelse',
    voucherCode: 'Gavekortkode',
    total: 'I alt betalt',
    visits: 'Dine besøg',
    venue: 'Sted',
    validOn: (d) => `gælder ${d}`,
    vouchers: 'Dine gavekort',
    code: 'Kode',
    value: 'Værdi',
    validUntil: 'Gyldigt til og med',
    address: 'Leveringsadresse',
    attachedPdf: 'Dine billetter er vedhæftet som pdf.',
    attachedGiftPdf: 'Gavekortene er også vedhæftet som en gave-pdf uden priser, klar til at give væk.',
    attachedCalendar: 'Føj dine besøg til din kalender med den vedhæftede .ics-fil.',
    orderPage: 'Du kan altid se din bestilling online og downloade billetterne igen der:',
    orderLink: 'Se din bestilling, download billetterne igen',
    lookForward: 'Vi glæder os til dit besøg.',
    withdrawIntro: 'Du kan fortryde køb af varer, årskort og gavekort i denne ordre inden for fortrydelsesfristen:',
    withdrawLink: 'Fortryd aftalen her',
  },
};

/** A wall-clock string of the museum ('YYYY-MM-DD', 'YYYY-MM-DD HH:MM[:SS]') as that instant in UTC. */
function wallClock(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (!m) return null;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)));
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The formats of one mail: money, dates and times (as the museum's clock shows them), countries. */
interface Formats {
  money: (minorUnits: number) => string;
  /** a visit: weekday, date and time, with its end where known */
  visit: (start: string, end: string | null) => string;
  /** a day: weekday and date */
  day: (date: string) => string;
  /** a last valid day: the date */
  date: (date: string) => string;
  country: (code: string) => string;
}

function formatsOf(lang: Language, currency: string): Formats {
  // the shop's one money format (spec §1, §9: "CHF 1’234.50" in every language), as the app and the PDF show it
  const money = (minor: number) => formatPrice(minor, currency);
  const dateTime = new Intl.DateTimeFormat(lang, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(lang, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const date = new Intl.DateTimeFormat(lang, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
  const regions = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
  return {
    money,
    visit: (start, end) => {
      const from = wallClock(start);
      if (!from) return start;
      const to = end === null ? null : wallClock(end);
      return to && to.getTime() > from.getTime() ? dateTime.formatRange(from, to) : dateTime.format(from);
    },
    day: (value) => {
      const at = wallClock(value);
      return at ? day.format(at) : value;
    },
    date: (value) => {
      const at = wallClock(value);
      return at ? date.format(at) : value;
    },
    country: (code) => {
      try {
        return regions.of(code.toUpperCase()) ?? code;
      } catch {
        return code;
      }
    },
  };
}

/** A row of the table of lines; `total` rows are the sums under the lines. */
interface Row {
  label: string;
  amount: string;
  total?: 'sum' | 'paid';
}

/** The lines that were bought, then subtotal, shipping, the voucher codes used (as deductions) and what was paid. */
function rowsOf(doc: OrderDocument, w: OrderWords, f: Formats): { lines: Row[]; sums: Row[] } {
  const lines = doc.lines.filter((l) => l.type !== 'voucherCode').map((l) => ({ label: l.name, amount: f.money(l.amount) }));

  // each code line (named "<voucher> <CODE>" by the pricing) with the value its code covered
  const codeLines = doc.lines.filter((l) => l.type === 'voucherCode');
  const used = [...doc.vouchersUsed];
  const take = (match: (code: string) => boolean) => {
    const at = used.findIndex((v) => match(v.code));
    return at < 0 ? undefined : used.splice(at, 1)[0];
  };
  const named = (name: string, code: string) => name.toUpperCase().split(/\s+/).includes(code.toUpperCase());
  const paired = codeLines.map((line) => ({ line, voucher: take((code) => named(line.name, code)) }));
  for (const pair of paired) pair.voucher ??= take(() => true);
  const deductions: Row[] = paired.map(({ line, voucher }) => ({
    label: voucher && !named(line.name, voucher.code) ? `${line.name} ${voucher.code}` : line.name,
    // a code that covered nothing (earlier codes paid it all) shows 0, not "-0"
    amount: f.money(-(voucher?.amount ?? Math.abs(line.amount)) || 0),
  }));
  deductions.push(...used.map((v) => ({ label: `${w.voucherCode} ${v.code}`, amount: f.money(-v.amount) })));
  if (deductions.length === 0 && doc.discount > 0) deductions.push({ label: w.voucherCode, amount: f.money(-doc.discount) });

  const sums: Row[] = [];
  if (doc.subtotal !== doc.amount) sums.push({ label: w.subtotal, amount: f.money(doc.subtotal), total: 'sum' });
  if (doc.shipping > 0) sums.push({ label: w.shipping, amount: f.money(doc.shipping) });
  sums.push(...deductions);
  sums.push({ label: w.total, amount: f.money(doc.amount), total: 'paid' });
  return { lines, sums };
}

/** One entry of a list: a title and the lines under it. */
interface Entry {
  title: string;
  details: string[];
}

/**
 * Who comes on the pages of one visit or day: their participants summed by kind ("3 × Adult,
 * 1 × Child"), or as many of the ticket as they let in ("2 × Adult"); null without pages.
 */
function whoOf(pages: Admission[]): string | null {
  const first = pages[0];
  if (!first) return null;
  const counts = new Map<string, number>();
  const others: string[] = [];
  for (const p of pages.flatMap((a) => a.participants)) {
    const m = /^(\d+)\s*×\s*(.+)$/.exec(p.trim());
    if (m?.[2]) counts.set(m[2], (counts.get(m[2]) ?? 0) + Number(m[1]));
    else if (p.trim() !== '') others.push(p.trim());
  }
  const participants = [...[...counts].map(([name, n]) => `${n} × ${name}`), ...others];
  if (participants.length > 0) return participants.join(', ');
  const ticket = first.ticket.trim();
  return ticket === '' ? null : `${pages.reduce((s, a) => s + a.count, 0)} × ${ticket}`;
}

/**
 * The dated visits (with who comes, from their pages), then the day tickets (one entry per
 * ticket and day).
 */
function visitsOf(doc: OrderDocument, w: OrderWords, f: Formats): Entry[] {
  const taken = new Set<Admission>();
  const visits = doc.visits.map((v) => {
    const pages = doc.admissions.filter(
      (a) => !taken.has(a) && a.datetime === v.start && (a.title === v.title || `${a.title} – ${a.ticket}` === v.title),
    );
    pages.forEach((a) => taken.add(a));
    const who = whoOf(pages);
    return { title: v.title, details: [f.visit(v.start, v.end), ...(who ? [who] : []), ...(v.venue ? [`${w.venue}: ${v.venue}`] : [])] };
  });
  const days = new Map<string, Admission[]>();
  for (const a of doc.admissions) {
    if (a.date === null) continue;
    const key = JSON.stringify([a.title, a.ticket, a.date, a.venue]);
    days.set(key, [...(days.get(key) ?? []), a]);
  }
  const dayTickets = [...days.values()].flatMap((pages) => {
    const first = pages[0];
    if (!first) return [];
    const who = whoOf(pages);
    return [
      {
        title: first.ticket.trim() === '' ? first.title : `${first.title} – ${first.ticket}`,
        details: [w.validOn(f.day(first.date ?? '')), ...(who ? [who] : []), ...(first.venue ? [`${w.venue}: ${first.venue}`] : [])],
      },
    ];
  });
  return [...visits, ...dayTickets];
}

/** The vouchers bought: each with its code, value and last valid day. */
function vouchersOf(doc: OrderDocument, w: OrderWords, f: Formats): Entry[] {
  return doc.admissions.flatMap((a) =>
    a.kind === 'voucher' && a.voucher
      ? [{ title: a.title, details: [`${w.code}: ${a.voucher.code}`, `${w.value}: ${f.money(a.voucher.value)}`, `${w.validUntil}: ${f.date(a.voucher.validUntil)}`] }]
      : [],
  );
}

const TEXT_LABEL_WIDTH = 44;

/** The table in plain text: labels left, amounts right-aligned; a label too long stands on its own line. */
function textTable(caption: string, head: Row, lines: Row[], sums: Row[]): string[] {
  const all = [head, ...lines, ...sums];
  const labelWidth = Math.min(TEXT_LABEL_WIDTH, Math.max(...all.map((r) => r.label.length)));
  const amountWidth = Math.max(...all.map((r) => r.amount.length));
  const width = labelWidth + 2 + amountWidth;
  const row = (r: Row) =>
    r.label.length > labelWidth ? [r.label, r.amount.padStart(width)] : [`${r.label.padEnd(labelWidth)}  ${r.amount.padStart(amountWidth)}`];
  const paid = sums.filter((r) => r.total === 'paid');
  return [
    caption,
    '='.repeat(width),
    ...row(head),
    '-'.repeat(width),
    ...lines.flatMap(row),
    '-'.repeat(width),
    ...sums.filter((r) => r.total !== 'paid').flatMap(row),
    '='.repeat(width),
    ...paid.flatMap(row),
  ];
}

const textSection = (heading: string, entries: Entry[]): string[] => [
  heading,
  '-'.repeat(heading.length),
  ...entries.flatMap((e) => [`- ${e.title}`, ...e.details.map((d) => `  ${d}`)]),
];

const CELL = 'padding: 0.3em 1em 0.3em 0; vertical-align: top; text-align: left;';
const MONEY = 'padding: 0.3em 0; vertical-align: top; text-align: right; white-space: nowrap;';

function htmlTable(caption: string, head: Row, lines: Row[], sums: Row[]): string[] {
  const sumRow = (r: Row) => {
    const border = r.total ? ' border-top: 1px solid #767676;' : '';
    const weight = r.total === 'paid' ? 'bold' : 'normal';
    return `<tr><th scope="row" style="${CELL}${border} font-weight: ${weight};">${escapeHtml(r.label)}</th><td style="${MONEY}${border} font-weight: ${weight};">${escapeHtml(r.amount)}</td></tr>`;
  };
  return [
    '<table style="border-collapse: collapse; width: 100%; margin: 1em 0;">',
    `<caption style="text-align: left; font-weight: bold; padding-bottom: 0.5em;">${escapeHtml(caption)}</caption>`,
    `<thead><tr><th scope="col" style="${CELL} border-bottom: 1px solid #767676;">${escapeHtml(head.label)}</th><th scope="col" style="${MONEY} border-bottom: 1px solid #767676;">${escapeHtml(head.amount)}</th></tr></thead>`,
    '<tbody>',
    ...lines.map((r) => `<tr><th scope="row" style="${CELL} font-weight: normal;">${escapeHtml(r.label)}</th><td style="${MONEY}">${escapeHtml(r.amount)}</td></tr>`),
    '</tbody>',
    '<tfoot>',
    ...sums.map(sumRow),
    '</tfoot>',
    '</table>',
  ];
}

const htmlSection = (heading: string, entries: Entry[]): string[] => [
  `<h2 style="font-size: 1.15em; margin-top: 1.5em;">${escapeHtml(heading)}</h2>`,
  '<ul style="padding-left: 1.25em;">',
  ...entries.map((e) => `<li style="margin-bottom: 0.5em;"><strong>${escapeHtml(e.title)}</strong>${e.details.map((d) => `<br>${escapeHtml(d)}`).join('')}</li>`),
  '</ul>',
];

/**
 * The confirmation of a booked order, in the order's language (`doc.lang`): plain text and HTML,
 * ready for the outbox; the attachments themselves are the caller's (the flags say which ones the
 * mail announces).
 */
export function orderConfirmationMail(doc: OrderDocument, options: OrderMailOptions): MailContent {
  const lang = doc.lang;
  const w = WORDS[lang];
  const frame = FRAME[lang];
  const f = formatsOf(lang, doc.currency);
  const subject = options.resent ? `${w.subject(doc.bookingId)} ${w.resent}` : w.subject(doc.bookingId);

  const intro = [w.booked(doc.bookingId), ...(options.resent ? [w.resentNote] : [])].join(' ');
  const caption = w.caption(doc.bookingId);
  const head: Row = { label: w.item, amount: w.amount };
  const { lines, sums } = rowsOf(doc, w, f);
  const visits = visitsOf(doc, w, f);
  const vouchers = vouchersOf(doc, w, f);
  const address = doc.shippingAddress
    ? [doc.shippingAddress.name, doc.shippingAddress.street, `${doc.shippingAddress.zip} ${doc.shippingAddress.city}`, f.country(doc.shippingAddress.country)].filter((l) => l.trim() !== '')
    : [];
  const after: Paragraph[] = [
    ...(options.attachments.pdf ? [w.attachedPdf] : []),
    ...(options.attachments.giftPdf ? [w.attachedGiftPdf] : []),
    ...(options.attachments.calendar ? [w.attachedCalendar] : []),
    { before: w.orderPage, label: w.orderLink, href: options.link },
    ...(options.withdrawalLink ? [{ before: w.withdrawIntro, label: w.withdrawLink, href: options.withdrawalLink }] : []),
    ...(visits.length > 0 ? [w.lookForward] : []),
  ];

  const text = [
    subject,
    '',
    frame.hello(options.name),
    '',
    intro,
    '',
    ...textTable(caption, head, lines, sums),
    '',
    ...(visits.length > 0 ? [...textSection(w.visits, visits), ''] : []),
    ...(vouchers.length > 0 ? [...textSection(w.vouchers, vouchers), ''] : []),
    ...(address.length > 0 ? [w.address, '-'.repeat(w.address.length), ...address, ''] : []),
    ...after.map(paragraphText).flatMap((p) => [p, '']),
    frame.signature,
    '',
  ].join('\n');

  const html = htmlPage(lang, subject, [
    heading1Html(w.heading),
    `<p>${escapeHtml(frame.hello(options.name))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...htmlTable(caption, head, lines, sums),
    ...(visits.length > 0 ? htmlSection(w.visits, visits) : []),
    ...(vouchers.length > 0 ? htmlSection(w.vouchers, vouchers) : []),
    ...(address.length > 0
      ? [`<h2 style="font-size: 1.15em; margin-top: 1.5em;">${escapeHtml(w.address)}</h2>`, `<p>${address.map(escapeHtml).join('<br>')}</p>`]
      : []),
    ...after.map(paragraphHtml),
    `<p>${escapeHtml(frame.signature)}</p>`,
  ]);
  return { subject, text, html };
}
