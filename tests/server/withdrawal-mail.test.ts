/**
 * Issue 46: the mails of the withdrawal function, in all eight languages. The confirmation of an
 * order links to the function ("Withdraw from contract here") when asked to; the acknowledgement
 * of a statement names the order, each line withdrawn, the name and address, the date and time in
 * the museum's time zone, and what happens next; the visitor's words are escaped in the HTML.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../src/api/languages.js';
import { orderConfirmationMail } from '../../src/server/mail/order-mail.js';
import { receivedAtText, withdrawalAcknowledgementMail } from '../../src/server/mail/withdrawal-mail.js';
import type { OrderDocument } from '../../src/server/tickets/model.js';

const doc = (lang: Language): OrderDocument => ({
  bookingId: 'B7K2QX',
  lang,
  bookedAt: '2026-06-01T10:00:00.000Z',
  buyer: null,
  lines: [{ type: 'merchandise', name: 'Catalogue', amount: 3900 }],
  subtotal: 3900,
  discount: 0,
  shipping: 0,
  amount: 3900,
  currency: 'CHF',
  vouchersUsed: [],
  shippingAddress: null,
  admissions: [],
  visits: [],
});

const WITHDRAW_LINK = 'https://shop.example/xx/withdrawal?id=B7K2QX&key=k3y';
const LABELS: Record<Language, string> = {
  de: 'Vertrag hier widerrufen',
  en: 'Withdraw from contract here',
  fr: 'Se rétracter du contrat ici',
  it: 'Recedere dal contratto qui',
  nl: 'Overeenkomst hier herroepen',
  es: 'Desistir del contrato aquí',
  sv: 'Frånträd avtalet här',
  da: 'Fortryd aftalen her',
};

describe('the confirmation links to the withdrawal function', () => {
  it.each(LANGUAGES.map((lang) => [lang]))('in %s, when asked to, with the link escaped', (lang: Language) => {
    const href = WITHDRAW_LINK.replace('/xx/', `/${lang}/`);
    const base = { name: null, link: `https://shop.example/${lang}/orders/B7K2QX?key=k3y`, attachments: { pdf: false, giftPdf: false, calendar: false } };
    const m = orderConfirmationMail(doc(lang), { ...base, withdrawalLink: href });
    expect(m.text).toContain(`${LABELS[lang]}: ${href}`);
    expect(m.html).toContain(`<a href="${href.replace('&', '&amp;')}">${LABELS[lang]}</a>`);
    const without = orderConfirmationMail(doc(lang), base);
    expect(without.text).not.toContain(LABELS[lang]);
    expect(without.text).not.toContain('/withdrawal?');
  });
});

const LINES = [
  { name: 'Catalogue <b>"Light"</b>', count: 2, amount: 7800, type: 'merchandise' },
  { name: 'Gift voucher', count: 1, amount: 5000, type: 'voucher' },
];
const RECEIVED = new Date('2026-06-01T10:05:09Z');
const ack = (lang: Language, lines = LINES) =>
  withdrawalAcknowledgementMail(lang, { bookingId: 'B7K2QX', statementId: '42', receivedAt: RECEIVED, lines, name: 'Anna <script>x</script>', email: 'anna@example.org', currency: 'CHF' });

describe('the acknowledgement of a statement', () => {
  const tz = process.env.TZ;
  afterEach(() => {
    if (tz === undefined) delete process.env.TZ;
    else process.env.TZ = tz;
  });

  it.each(LANGUAGES.map((lang) => [lang]))('in %s: the order, each line, the name, the address, the date and time, the refund', (lang: Language) => {
    const m = ack(lang);
    expect(m.subject).toContain('B7K2QX');
    expect(m.html).toContain(`<html lang="${lang}">`);
    expect(m.html.match(/<h1[\s>]/g)).toHaveLength(1);
    for (const part of ['B7K2QX', '2 × Catalogue <b>"Light"</b>', 'CHF 78.00', 'Gift voucher', 'CHF 50.00', 'Anna <script>x</script>', 'anna@example.org', '42', receivedAtText(lang, RECEIVED), '14']) {
      expect(m.text, part).toContain(part);
    }
    expect(m.html).toContain('Anna &lt;script&gt;x&lt;/script&gt;');
    expect(m.html).toContain('Catalogue &lt;b&gt;&quot;Light&quot;&lt;/b&gt;');
    expect(m.html).not.toContain('<script>');
    // 12:05 in Zurich (summer time), whatever the server's zone
    expect(receivedAtText(lang, RECEIVED)).toMatch(/12[:.]05/);
    // the goods paragraph only when goods were withdrawn
    const vouchersOnly = ack(lang, LINES.slice(1));
    expect(vouchersOnly.text.split('\n').length).toBeLessThan(m.text.split('\n').length);
  });

  it('has real translations and prints the museum’s time on a server elsewhere', () => {
    expect(new Set(LANGUAGES.map((lang) => ack(lang).subject)).size).toBe(LANGUAGES.length);
    expect(ack('en').subject).toBe('Your withdrawal from order B7K2QX has been received');
    process.env.TZ = 'America/Los_Angeles';
    expect(ack('de').text).toContain('1. Juni 2026');
    expect(receivedAtText('en', RECEIVED)).toMatch(/June 1, 2026.*12:05:09/);
  });
});
