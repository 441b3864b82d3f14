/**
 * The order confirmation mail's words and shape (issue 42), in all eight languages: the subject
 * with the booking id; accessible HTML (its language, one heading, the lines as a data table with
 * a caption); every line, the total, the visits, the vouchers bought and used, the delivery
 * address (the country in the mail's language), the attachments announced only when attached,
 * the order page's link; the buyer's and the catalogue's words escaped in the HTML and plain in
 * the text; times as the museum's clock shows them, whatever the server's time zone.
 */
import { formatPrice } from '../../src/i18n/format.js';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../src/api/languages.js';
import { escapeHtml } from '../../src/server/mail/messages.js';
import { orderConfirmationMail, type OrderMailOptions } from '../../src/server/mail/order-mail.js';
import type { OrderDocument } from '../../src/server/tickets/model.js';

const USED_CODE = 'GV-7Q3M-2KD8';
const BOUGHT_CODE = 'GV-9XR4-T7PL';
const ARTICLE = 'Exhibition catalogue "Light" <script>alert(1)</script>';

/** A booked order as admissions.ts builds it: timed ticket, tour, day ticket, article, voucher bought, voucher code used, shipping. */
function order(lang: Language): OrderDocument {
  return {
    bookingId: 'B7K2QX',
    lang,
    bookedAt: '2026-05-02T09:15:00.000Z',
    buyer: 'Anna Muster',
    lines: [
      { type: 'ticket', name: 'Monet & friends – Adult', amount: 4800 },
      { type: 'guidedTour', name: 'Highlights tour, 2026-06-13 14:00:00', amount: 9000 },
      { type: 'dayTicket', name: 'Museum day ticket – Adult', amount: 5400 },
      { type: 'merchandise', name: ARTICLE, amount: 3900 },
      { type: 'voucher', name: 'Gift voucher', amount: 5000 },
      { type: 'voucherCode', name: `Gift voucher ${USED_CODE}`, amount: 0 },
    ],
    subtotal: 28100,
    discount: 5000,
    shipping: 900,
    amount: 24000,
    currency: 'CHF',
    vouchersUsed: [{ code: USED_CODE, amount: 5000 }],
    shippingAddress: { name: 'Anna Muster & <b>Co</b>', street: 'Bahnhofstrasse 1', zip: '8001', city: 'Zürich', country: 'CH' },
    admissions: [
      { serial: 1, kind: 'ticket', title: 'Monet & friends', ticket: 'Adult', datetime: '2026-06-13 10:30:00', end: '2026-06-13 11:30:00', date: null, venue: 'Main building', count: 2, participants: [], price: 4800, holder: 'Anna Muster', voucher: null, code: 'T1.sig' },
      { serial: 2, kind: 'tour', title: 'Highlights tour', ticket: '2 × Adult, 1 × Child', datetime: '2026-06-13 14:00:00', end: '2026-06-13 15:30:00', date: null, venue: 'Foyer', count: 3, participants: ['2 × Adult', '1 × Child'], price: 9000, holder: 'Anna Muster', voucher: null, code: 'T2.sig' },
      { serial: 3, kind: 'dayTicket', title: 'Museum day ticket', ticket: 'Adult', datetime: null, end: null, date: '2026-06-14', venue: 'Main building', count: 3, participants: [], price: 5400, holder: 'Anna Muster', voucher: null, code: 'T3.sig' },
      { serial: 4, kind: 'voucher', title: 'Gift voucher', ticket: 'Gift voucher', datetime: null, end: null, date: null, venue: null, count: 1, participants: [], price: 5000, holder: null, voucher: { code: BOUGHT_CODE, value: 5000, validUntil: '2027-06-30' }, code: BOUGHT_CODE },
    ],
    visits: [
      { title: 'Monet & friends – Adult', start: '2026-06-13 10:30:00', end: '2026-06-13 11:30:00', venue: 'Main building' },
      { title: 'Highlights tour', start: '2026-06-13 14:00:00', end: '2026-06-13 15:30:00', venue: 'Foyer' },
    ],
  };
}

const BUYER = 'Anna <script>alert(2)</script> & Co';
const LINK = 'https://shop.example/xx/orders/B7K2QX?key=k3y&x=1';
const ALL: OrderMailOptions['attachments'] = { pdf: true, giftPdf: true, calendar: true };
const NONE: OrderMailOptions['attachments'] = { pdf: false, giftPdf: false, calendar: false };

const mail = (lang: Language, attachments = ALL, resent = false) =>
  orderConfirmationMail(order(lang), { name: BUYER, link: LINK.replace('/xx/', `/${lang}/`), attachments, ...(resent ? { resent } : {}) });

/** The shop's one money format (spec §1, §9), the same in every language: "CHF 1’234.50". */
const money = (_lang: Language, minor: number) => formatPrice(minor, 'CHF');

/** Words only the right language's mail has (a mail in a wrong language fails these). */
const OWN_WORDS: Record<Language, string[]> = {
  de: ['Bestellung', 'Zwischensumme', 'Versand', 'Lieferadresse', 'Ihre Besuche', 'Samstag', 'gültig am Sonntag', 'Guten Tag'],
  en: ['order', 'Subtotal', 'Shipping', 'Delivery address', 'Your visits', 'Saturday', 'valid on Sunday', 'Hello'],
  fr: ['commande', 'Sous-total', 'Frais d’envoi', 'Adresse de livraison', 'Vos visites', 'samedi', 'valable le dimanche', 'Bonjour'],
  it: ['ordine', 'Subtotale', 'Spedizione', 'Indirizzo di consegna', 'Le tue visite', 'sabato', 'valido per domenica', 'Ciao'],
  nl: ['bestelling', 'Subtotaal', 'Verzendkosten', 'Bezorgadres', 'Uw bezoeken', 'zaterdag', 'geldig op zondag', 'Beste'],
  es: ['pedido', 'Subtotal', 'Gastos de envío', 'Dirección de entrega', 'Sus visitas', 'sábado', 'válido para el domingo', 'Hola'],
  sv: ['beställning', 'Delsumma', 'Frakt', 'Leveransadress', 'Dina besök', 'lördag', 'gäller söndag', 'Hej'],
  da: ['bestilling', 'Subtotal', 'Forsendelse', 'Leveringsadresse', 'Dine besøg', 'lørdag', 'gælder søndag', 'Kære'],
};

const SWITZERLAND: Record<Language, string> = { de: 'Schweiz', en: 'Switzerland', fr: 'Suisse', it: 'Svizzera', nl: 'Zwitserland', es: 'Suiza', sv: 'Schweiz', da: 'Schweiz' };

/** A phrase of each attachment's sentence. */
const ATTACHED: Record<Language, { pdf: string; giftPdf: string; calendar: string }> = {
  de: { pdf: 'Ihre Tickets finden Sie im Anhang als PDF', giftPdf: 'Geschenk-PDF ohne Preise', calendar: '.ics-Datei' },
  en: { pdf: 'Your tickets are attached as a PDF', giftPdf: 'gift PDF without prices', calendar: '.ics file' },
  fr: { pdf: 'Vos billets sont joints', giftPdf: 'PDF cadeau sans les prix', calendar: 'fichier .ics' },
  it: { pdf: 'In allegato trovi i tuoi biglietti', giftPdf: 'PDF regalo senza prezzi', calendar: 'file .ics' },
  nl: { pdf: 'Uw tickets vindt u als pdf', giftPdf: 'cadeau-pdf zonder prijzen', calendar: '.ics-bestand' },
  es: { pdf: 'Adjuntamos sus entradas en PDF', giftPdf: 'PDF de regalo sin precios', calendar: 'archivo .ics' },
  sv: { pdf: 'Dina biljetter finns bifogade', giftPdf: 'present-pdf utan priser', calendar: '.ics-filen' },
  da: { pdf: 'Dine billetter er vedhæftet', giftPdf: 'gave-pdf uden priser', calendar: '.ics-fil' },
};

const count = (haystack: string, needle: RegExp) => haystack.match(new RegExp(needle.source, 'g'))?.length ?? 0;
const TAG = /<\/?(?:p|a|h\d|table|caption|thead|tbody|tfoot|tr|td|th|br|ul|li|strong|main|body|html)[\s>]/;

describe('the order confirmation mail', () => {
  describe.each(LANGUAGES.map((lang) => [lang]))('in %s', (lang: Language) => {
    const m = mail(lang);

    it('has the booking id in the subject, the language, one heading and the lines as a data table', () => {
      expect(m.subject).toContain('B7K2QX');
      expect(m.html).toContain(`<html lang="${lang}">`);
      expect(count(m.html, /<h1[\s>]/)).toBe(1);
      expect(count(m.html, /<table[\s>]/)).toBe(1);
      expect(m.html).toMatch(/<table[^>]*>\s*<caption[^>]*>[^<]*B7K2QX[^<]*<\/caption>/);
      expect(count(m.html, /<th scope="col"/)).toBe(2);
      // each line, subtotal, shipping, the code used and the total: a row header each
      expect(count(m.html, /<th scope="row"/)).toBe(5 + 4);
      expect(m.html).toMatch(/<ul[^>]*>\s*<li/);
    });

    it('names every line, the total paid, the link; the text has no markup', () => {
      for (const line of order(lang).lines) {
        expect(m.text).toContain(line.name);
        expect(m.html).toContain(escapeHtml(line.name));
      }
      for (const body of [m.text, m.html]) {
        expect(body).toContain(money(lang, 24000));
        expect(body).toContain(money(lang, 28100)); // subtotal
        expect(body).toContain(money(lang, 900)); // shipping
        expect(body).toContain(money(lang, -5000)); // the code used, as a deduction
      }
      const link = LINK.replace('/xx/', `/${lang}/`);
      expect(m.text).toContain(link);
      expect(m.html).toContain(`<a href="${escapeHtml(link)}">`);
      expect(m.text).not.toMatch(TAG);
    });

    it('escapes the buyer and the catalogue in the HTML, keeps them plain in the text', () => {
      expect(m.html).not.toContain('<script>');
      expect(m.html).not.toContain('<b>');
      expect(m.html).toContain('Anna &lt;script&gt;alert(2)&lt;/script&gt; &amp; Co');
      expect(m.html).toContain('Exhibition catalogue &quot;Light&quot; &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(m.html).toContain('Monet &amp; friends');
      expect(m.text).toContain(BUYER);
      expect(m.text).toContain(ARTICLE);
      expect(m.text).toContain('Anna Muster & <b>Co</b>');
    });

    it('is in its own words: the visits, day ticket, vouchers and the address with the country in the language', () => {
      for (const word of OWN_WORDS[lang]) {
        expect(m.text).toContain(word);
        expect(m.html).toContain(escapeHtml(word));
      }
      for (const body of [m.text, m.html]) {
        expect(body).toContain(USED_CODE);
        expect(body).toContain(BOUGHT_CODE);
        expect(body).toContain(SWITZERLAND[lang]);
        expect(body).toContain('Bahnhofstrasse 1');
        expect(body).toContain('8001 Zürich');
        expect(body).toContain('2 × Adult, 1 × Child'); // the tour's participants
        expect(body).toContain('3 × Adult'); // the day tickets
        expect(body).toContain(new Intl.DateTimeFormat(lang, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date('2027-06-30T00:00:00Z'))); // valid until
      }
      expect(m.text).not.toContain(' CH\n');
    });

    it('announces only the attachments it carries', () => {
      const words = ATTACHED[lang];
      const none = mail(lang, NONE);
      for (const phrase of Object.values(words)) {
        expect(m.text).toContain(phrase);
        expect(m.html).toContain(escapeHtml(phrase));
        expect(none.text).not.toContain(phrase);
        expect(none.html).not.toContain(escapeHtml(phrase));
      }
      for (const flag of ['pdf', 'giftPdf', 'calendar'] as const) {
        const one = mail(lang, { ...NONE, [flag]: true });
        for (const other of ['pdf', 'giftPdf', 'calendar'] as const) {
          expect(one.text.includes(words[other])).toBe(other === flag);
        }
      }
      // the order page is always there
      expect(none.text).toContain(LINK.replace('/xx/', `/${lang}/`));
    });

    it('says so when sent again', () => {
      const again = mail(lang, ALL, true);
      expect(again.subject).toContain('B7K2QX');
      expect(again.subject).not.toBe(m.subject);
      expect(again.subject.startsWith(m.subject)).toBe(true);
      expect(again.text.length).toBeGreaterThan(m.text.length);
    });
  });

  it('has real translations: no two subjects or bodies alike', () => {
    const mails = LANGUAGES.map((lang) => mail(lang));
    expect(new Set(mails.map((m) => m.subject)).size).toBe(LANGUAGES.length);
    expect(new Set(mails.map((m) => m.text.replace(/\/\w\w\/orders/, ''))).size).toBe(LANGUAGES.length);
  });

  it('reads in German and English as a visitor expects', () => {
    const de = mail('de');
    expect(de.subject).toBe('Ihre Bestellung B7K2QX im Museumsshop – Bestätigung');
    expect(mail('de', ALL, true).subject).toBe('Ihre Bestellung B7K2QX im Museumsshop – Bestätigung (erneut gesendet)');
    expect(de.text).toContain('Ihre Bestellung ist gebucht. Ihre Buchungsnummer lautet B7K2QX.');
    expect(de.text).toContain('Samstag, 13. Juni 2026, 10:30–11:30 Uhr');
    expect(de.text).toContain('gültig am Sonntag, 14. Juni 2026');
    expect(de.text).toContain(money('de', 24000));
    expect(money('de', 24000)).toBe('CHF 240.00');
    expect(de.text).toContain('Ihr Museumsshop');
    const en = mail('en');
    expect(en.subject).toBe('Your museum shop order B7K2QX – confirmation');
    // Intl puts thin and narrow no-break spaces around the range's dash and before "PM"
    expect(en.text.replace(/[\u2009\u202f\u00a0]/g, ' ')).toContain('Saturday, June 13, 2026, 2:00 – 3:30 PM');
    expect(en.text).toContain(money('en', 24000));
    expect(money('en', 24000)).toBe('CHF 240.00');
    expect(en.text).toContain('View your order, download the tickets again: https://shop.example/en/orders/B7K2QX?key=k3y&x=1');
    expect(en.html).toContain('<a href="https://shop.example/en/orders/B7K2QX?key=k3y&amp;x=1">View your order, download the tickets again</a>');
    // the plain text's amounts stand in one column
    const table = en.text.slice(en.text.indexOf('Your order B7K2QX\n'), en.text.indexOf('\n\nYour visits'));
    const rows = table.split('\n').filter((l) => /CHF\s[\d,]+\.\d\d$/.test(l));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((l) => l.length)).size).toBe(1);
  });

  it('leaves out what the order does not have: no subtotal when it is what was paid, no shipping, visits or address', () => {
    const doc: OrderDocument = {
      ...order('de'),
      lines: [{ type: 'merchandise', name: 'Poster', amount: 2500 }],
      subtotal: 2500,
      discount: 0,
      shipping: 0,
      amount: 2500,
      vouchersUsed: [],
      shippingAddress: null,
      admissions: [],
      visits: [],
    };
    const m = orderConfirmationMail(doc, { name: null, link: 'https://shop.example/de/orders/B7K2QX?key=k', attachments: NONE });
    for (const absent of ['Zwischensumme', 'Versand', 'Gutschein', 'Ihre Besuche', 'Lieferadresse', 'Wir freuen uns auf Ihren Besuch']) {
      expect(m.text).not.toContain(absent);
      expect(m.html).not.toContain(absent);
    }
    expect(m.text).toContain('Guten Tag,');
    expect(m.html).toMatch(new RegExp(`<th scope="row"[^>]*>Bezahlt \\(Gesamtbetrag\\)</th><td[^>]*>${money('de', 2500)}</td>`));
  });

  describe('on a server in another time zone', () => {
    const tz = process.env.TZ;
    afterEach(() => {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    });

    it('prints the museum\'s wall clock, not shifted', () => {
      for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
        process.env.TZ = zone;
        const m = mail('de');
        expect(m.text).toContain('Samstag, 13. Juni 2026, 10:30–11:30 Uhr');
        expect(m.text).toContain('Samstag, 13. Juni 2026, 14:00–15:30 Uhr');
        expect(m.text).toContain('gültig am Sonntag, 14. Juni 2026');
        expect(m.text).toContain('30. Juni 2027');
      }
    });
  });
});
