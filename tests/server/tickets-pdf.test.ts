/**
 * The PDF tickets (issue 42, src/server/tickets/pdf.ts), read back as a visitor's viewer, a
 * screen reader and the gate's scanner would: poppler (pdfinfo, pdftotext, pdftoppm) for the
 * pages, their words and their tag structure, zbar (zbarimg) for the QR codes, and the file's own
 * bytes for the document's language and the figures' alternative texts.
 *
 * An order with a timed ticket, a family ticket, a day ticket, a guided tour, an annual pass and a
 * gift voucher, in German and in French: one page per admission in order; every page in the
 * order's language with its dates, price and booking number; the gift print only the voucher and
 * no price; every QR code decodes to exactly the page's code (real signed codes: base64url with
 * a '.'); a long title and many participants stay on their page and inside its margins.
 *
 * The tools are Debian's poppler-utils and zbar-tools (.ci/run installs them); without them
 * these tests fail and say which package is missing.
 */
import { runTool } from '../support/pdf-tools.js';
import { generateKeyPairSync, sign } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../src/api/languages.js';
import type { Admission, OrderDocument } from '../../src/server/tickets/model.js';
import { hasPrintablePages, pdfText, renderTicketsPdf, ticketsFileName } from '../../src/server/tickets/pdf.js';

// --- the tools --------------------------------------------------------------------------------

const run = runTool;

// --- the order --------------------------------------------------------------------------------

const { privateKey } = generateKeyPairSync('ed25519');
/** A signed ticket code as codes.ts writes them: base64url(JSON) "." base64url(Ed25519 signature). */
function signedCode(payload: Record<string, string | number>): string {
  const bytes = Buffer.from(JSON.stringify(payload));
  return `${bytes.toString('base64url')}.${sign(null, bytes, privateKey).toString('base64url')}`;
}

const BOOKING = 'MS7Q4K2P';
const VOUCHER_CODE = 'GV7K-3XTB-QM9P-H2RW';

const NAMES = {
  de: {
    exhibition: 'Ägyptens Schätze – Gold, Götter und Pharaonen: Die große Sonderausstellung im Ostflügel',
    short: 'Ägyptens Schätze',
    adult: 'Erwachsene',
    child: 'Kind (6–16)',
    family: 'Familienkarte',
    day: 'Museum für Gestaltung – Tageseintritt',
    reduced: 'Ermäßigt',
    tour: 'Führung: Hinter den Kulissen der Restaurierung',
    student: 'Student/in',
    pass: 'Jahreskarte Museumsfreund:in',
    single: 'Einzelperson',
    voucher: 'Geschenkgutschein CHF 50',
    venue: 'Haupthaus, Saal 3',
  },
  fr: {
    exhibition: 'L’été « impressionniste » – Monet, Renoir & Cézanne à la campagne : la grande exposition d’automne',
    short: 'L’été « impressionniste »',
    adult: 'Adulte',
    child: 'Enfant (6–16 ans)',
    family: 'Billet famille',
    day: 'Château de Prangins – entrée du jour',
    reduced: 'Tarif réduit',
    tour: 'Visite guidée : les coulisses de la restauration',
    student: 'Étudiant·e',
    pass: 'Abonnement annuel Ami·e du musée',
    single: 'Personne seule',
    voucher: 'Bon cadeau de CHF 50',
    venue: 'Bâtiment principal, salle 3',
  },
} satisfies Partial<Record<Language, Record<string, string>>>;

const BUYER = 'Zoë Müller-Lüdenscheidt';
const PASS_HOLDER = 'Æsa Nuñez-Ørsted Çelik';

function order(lang: 'de' | 'fr'): OrderDocument {
  const n = NAMES[lang];
  const none: Pick<Admission, 'end' | 'date' | 'venue' | 'count' | 'participants' | 'holder' | 'voucher'> = { end: null, date: null, venue: null, count: 1, participants: [], holder: null, voucher: null };
  const admissions: Admission[] = [
    { ...none, serial: 1, kind: 'ticket', title: n.exhibition, ticket: n.adult, datetime: '2026-03-14 14:00:00', end: '2026-03-14 15:30:00', venue: n.venue, price: 2500, holder: BUYER, code: signedCode({ v: 1, b: BOOKING, n: 1, k: 'ticket', d: '2026-03-14 14:00', c: 1 }) },
    { ...none, serial: 2, kind: 'ticket', title: n.short, ticket: n.family, datetime: '2026-10-25 10:30:00', venue: n.venue, count: 4, participants: [`2 × ${n.adult}`, `2 × ${n.child}`], price: 6000, holder: BUYER, code: signedCode({ v: 1, b: BOOKING, n: 2, k: 'ticket', d: '2026-10-25 10:30', c: 4 }) },
    { ...none, serial: 3, kind: 'dayTicket', title: n.day, ticket: n.reduced, datetime: null, date: '2026-04-02', venue: n.venue, price: 1200, code: signedCode({ v: 1, b: BOOKING, n: 3, k: 'dayTicket', d: '2026-04-02', c: 1 }) },
    { ...none, serial: 4, kind: 'tour', title: n.tour, ticket: `2 × ${n.adult}, 1 × ${n.student}`, datetime: '2026-05-09 16:15:00', end: '2026-05-09 17:15:00', venue: n.venue, count: 3, participants: [`2 × ${n.adult}`, `1 × ${n.student}`], price: 5400, holder: BUYER, code: signedCode({ v: 1, b: BOOKING, n: 4, k: 'tour', d: '2026-05-09 16:15', c: 3 }) },
    { ...none, serial: 5, kind: 'annualPass', title: n.pass, ticket: n.single, datetime: null, price: 12000, holder: PASS_HOLDER, code: signedCode({ v: 1, b: BOOKING, n: 5, k: 'annualPass', d: '', c: 1 }) },
    { ...none, serial: 6, kind: 'voucher', title: n.voucher, ticket: n.voucher, datetime: null, price: 5000, voucher: { code: VOUCHER_CODE, value: 5000, validUntil: '2028-12-06' }, code: VOUCHER_CODE },
  ];
  return {
    bookingId: BOOKING,
    lang,
    bookedAt: '2026-12-06T09:41:07.000Z',
    buyer: BUYER,
    lines: [],
    subtotal: 33100,
    discount: 0,
    shipping: 0,
    amount: 33100,
    currency: 'CHF',
    vouchersUsed: [],
    shippingAddress: null,
    admissions,
    visits: [],
  };
}

/** What the words of every page must be, by language (written out here, not taken from the module). */
const EXPECTED = {
  de: {
    shop: 'Museumsshop',
    price: 'Preis',
    booking: 'Buchungsnummer',
    page: (n: number, of: number) => `Seite ${n} von ${of}`,
    pages: [
      ['Eintrittskarte', 'Datum', 'Samstag, 14. März 2026', 'Uhrzeit', '14:00–15:30 Uhr', 'Ort', 'Haupthaus, Saal 3', 'Name', BUYER, 'CHF 25.00', 'Erwachsene'],
      ['Eintrittskarte', 'Familienkarte', 'Sonntag, 25. Oktober 2026', '10:30', 'Teilnehmende', '2 × Erwachsene', '2 × Kind (6–16)', 'CHF 60.00'],
      ['Tageskarte', 'Gültig am', 'Donnerstag, 2. April 2026', 'Ermäßigt', 'CHF 12.00'],
      ['Führung', 'Samstag, 9. Mai 2026', '16:15–17:15 Uhr', 'Teilnehmende', '1 × Student/in', 'CHF 54.00'],
      ['Jahreskarte', 'Inhaberin/Inhaber', PASS_HOLDER, 'Einzelperson', 'CHF 120.00'],
      ['Gutschein', 'Gutscheincode', VOUCHER_CODE, 'Wert', 'CHF 50.00', 'Gültig bis', '6. Dezember 2028'],
    ],
    gift: ['Gutschein', 'Gutscheincode', VOUCHER_CODE, 'Wert', 'CHF 50.00', 'Gültig bis', '6. Dezember 2028', 'Lösen Sie den Code'],
    title: 'Tickets – Museumsshop – MS7Q4K2P',
    giftTitle: 'Gutscheine – Museumsshop – MS7Q4K2P',
  },
  fr: {
    shop: 'Boutique du musée',
    price: 'Prix',
    booking: 'Numéro de réservation',
    page: (n: number, of: number) => `Page ${n} sur ${of}`,
    pages: [
      ['Billet d’entrée', 'Date', 'samedi, 14 mars 2026', 'Heure', '14:00 – 15:30', 'Lieu', 'Bâtiment principal, salle 3', 'Nom', BUYER, 'CHF 25.00', 'Adulte'],
      ['Billet d’entrée', 'Billet famille', 'dimanche, 25 octobre 2026', '10:30', 'Participants', '2 × Enfant (6–16 ans)', 'CHF 60.00'],
      ['Billet journée', 'Valable le', 'jeudi, 2 avril 2026', 'Tarif réduit', 'CHF 12.00'],
      ['Visite guidée', 'samedi, 9 mai 2026', '16:15 – 17:15', 'Participants', '1 × Étudiant·e', 'CHF 54.00'],
      ['Abonnement annuel', 'Titulaire', PASS_HOLDER, 'Personne seule', 'CHF 120.00'],
      ['Bon cadeau', 'Code du bon', VOUCHER_CODE, 'Valeur', 'CHF 50.00', 'Valable jusqu’au', '6 décembre 2028'],
    ],
    gift: ['Bon cadeau', 'Code du bon', VOUCHER_CODE, 'Valeur', 'CHF 50.00', 'Valable jusqu’au', '6 décembre 2028', 'Utilisez ce code'],
    title: 'Billets – Boutique du musée – MS7Q4K2P',
    giftTitle: 'Bons cadeaux – Boutique du musée – MS7Q4K2P',
  },
} as const;

/** Text with every run of white space (also no-break and narrow spaces) as one space. */
const squash = (text: string): string => text.replace(/[\s\u00a0\u202f\u2009]+/g, ' ').trim();
/** The amounts of money a page shows (the shop's one format, "CHF 25.00", in every language: spec §1, §9). */
const amounts = (text: string): string[] => text.match(/CHF \d[\d']*\.\d\d|\d[\d' ]*\.\d\d CHF/g) ?? [];

let dir: string;
const files = new Map<string, string>();
/** A rendered file by name: 'de', 'de-gift', 'fr', 'fr-gift'. */
function file(name: string): string {
  const found = files.get(name);
  if (!found) throw new Error(`no rendered file ${name}`);
  return found;
}
const renderMs: number[] = [];

/**
 * A page's text as pdftotext reads it. `raw`: in the order it was written, line by line, as it is
 * printed: by default pdftotext joins a word broken with a hyphen at a line's end and drops the
 * hyphen, which a code of base64url characters has wherever its signature puts one.
 */
function pageText(file: string, page: number, { raw = false } = {}): string {
  return squash(run('pdftotext', ['-f', String(page), '-l', String(page), ...(raw ? ['-raw'] : []), '-enc', 'UTF-8', file, '-']));
}

function info(file: string): Record<string, string> {
  return Object.fromEntries(
    run('pdfinfo', ['-enc', 'UTF-8', file])
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-shop-tickets-'));
  for (const lang of ['de', 'fr'] as const) {
    const started = performance.now();
    const pdf = await renderTicketsPdf(order(lang));
    renderMs.push(performance.now() - started);
    files.set(lang, path.join(dir, ticketsFileName(order(lang)).replace('.pdf', `-${lang}.pdf`)));
    fs.writeFileSync(file(lang), pdf);
    files.set(`${lang}-gift`, path.join(dir, ticketsFileName(order(lang), true).replace('.pdf', `-${lang}.pdf`)));
    fs.writeFileSync(file(`${lang}-gift`), await renderTicketsPdf(order(lang), { gift: true }));
  }
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the PDF tickets', () => {
  it('has the tools to read them back (poppler-utils, zbar-tools)', () => {
    for (const tool of ['pdfinfo', 'pdftotext', 'pdftoppm', 'zbarimg']) expect(() => run(tool, [tool === 'zbarimg' ? '--version' : '-v'])).not.toThrow();
  });

  it('names its files after the booking', () => {
    expect(ticketsFileName(order('de'))).toBe('tickets-MS7Q4K2P.pdf');
    expect(ticketsFileName(order('de'), true)).toBe('gift-MS7Q4K2P.pdf');
  });

  for (const lang of ['de', 'fr'] as const) {
    describe(lang, () => {
      const expected = EXPECTED[lang];

      it('has one A4 page per admission, tagged, with its title and the language set', () => {
        const meta = info(file(lang));
        expect(meta['Pages']).toBe('6');
        expect(meta['Tagged']).toBe('yes');
        expect(meta['Title']).toBe(expected.title);
        expect(meta['Author']).toBe(expected.shop);
        expect(meta['PDF version']).toBe('1.7');
        expect(meta['Page size']).toMatch(/^595\.2\d? x 841\.8\d? pts \(A4\)/);
        expect(meta['CreationDate']).toMatch(/Dec\s+6 09:41:07 2026/);
        const gift = info(file(`${lang}-gift`));
        expect(gift['Pages']).toBe('1');
        expect(gift['Tagged']).toBe('yes');
        expect(gift['Title']).toBe(expected.giftTitle);
      });

      it('says on every page, in the order’s language, what it admits, when, where, for how much, and the booking', () => {
        const doc = order(lang);
        doc.admissions.forEach((admission, i) => {
          const text = pageText(file(lang), i + 1);
          for (const words of [expected.shop, squash(admission.title), ...expected.pages[i]!, expected.price, expected.booking, BOOKING, expected.page(i + 1, 6)]) {
            expect(text, `page ${i + 1}`).toContain(squash(words));
          }
          // the code in characters under the QR code (in lines of equal length)
          expect(pageText(file(lang), i + 1, { raw: true }).replace(/\s/g, ''), `page ${i + 1}`).toContain(admission.code);
          // the language's words, not the other's
          const other = EXPECTED[lang === 'de' ? 'fr' : 'de'];
          expect(text).not.toContain(other.booking);
          expect(text).not.toContain(other.page(i + 1, 6));
        });
        // the voucher's page in the full print says what it cost beside what it is worth
        expect(amounts(pageText(file(lang), 6))).toHaveLength(2);
      });

      it('prints for a gift only the voucher: its name, code, value and validity, and no price, name or other amount', () => {
        const text = pageText(file(`${lang}-gift`), 1);
        for (const words of [expected.shop, NAMES[lang].voucher, ...expected.gift, BOOKING, expected.page(1, 1)]) expect(text).toContain(squash(words));
        expect(text).not.toContain(expected.price);
        expect(text).not.toContain(BUYER);
        // the value is the only amount on the page (the full print's voucher page has two)
        expect(amounts(text)).toEqual([lang === 'de' ? 'CHF 50.00' : 'CHF 50.00']);
        for (const other of [NAMES[lang].exhibition, NAMES[lang].tour, NAMES[lang].pass]) expect(text).not.toContain(squash(other));
      });

      it('has a QR code on every page that decodes to exactly the admission’s code', () => {
        const out = path.join(dir, `qr-${lang}`);
        fs.mkdirSync(out);
        run('pdftoppm', ['-r', '150', '-png', file(lang), path.join(out, 'page')]);
        run('pdftoppm', ['-r', '150', '-png', file(`${lang}-gift`), path.join(out, 'gift')]);
        const pages = fs.readdirSync(out).filter((f) => f.startsWith('page-')).sort();
        expect(pages).toHaveLength(6);
        const decoded = pages.map((png) => run('zbarimg', ['--raw', '-q', path.join(out, png)]).replace(/\n$/, ''));
        expect(decoded).toEqual(order(lang).admissions.map((a) => a.code));
        const gift = fs.readdirSync(out).filter((f) => f.startsWith('gift-'));
        expect(gift.map((png) => run('zbarimg', ['--raw', '-q', path.join(out, png)]).replace(/\n$/, ''))).toEqual([VOUCHER_CODE]);
      });

      it('is tagged for a screen reader: language, title shown, heading → details → the QR code as a figure whose alternative text is the code', () => {
        const bytes = fs.readFileSync(file(lang));
        const raw = bytes.toString('latin1');
        expect(raw).toContain(`/Lang (${lang})`);
        expect(raw).toMatch(/\/Type \/StructTreeRoot/);
        expect(raw).toMatch(/\/MarkInfo \d+ 0 R/);
        expect(raw).toMatch(/\/Marked true/);
        expect(raw).toMatch(/\/DisplayDocTitle true/);
        expect(figureAlts(raw)).toEqual(order(lang).admissions.map((a) => a.code));

        // the structure tree as poppler reads it: per page a section, in reading order
        const tree = run('pdfinfo', ['-struct-text', '-enc', 'UTF-8', file(lang)]);
        const sections = tree.split(/^ {2}Sect\b.*$/m).slice(1);
        expect(sections).toHaveLength(6);
        sections.forEach((section, i) => {
          const admission = order(lang).admissions[i]!;
          const roles = [...section.matchAll(/^ {4}(\w+)/gm)].map((m) => m[1]);
          // the ticket type under the title, unless it is the title (a voucher) or the participants listed below (a tour)
          const category = admission.ticket !== admission.title && admission.ticket !== admission.participants.join(', ');
          expect(roles, `page ${i + 1}`).toEqual(['P', 'P', 'H1', ...(category ? ['P'] : []), 'L', 'Figure', 'P', 'P']);
          const texts = [...section.matchAll(/^ +"(.*)"$/gm)].map((m) => m[1]);
          expect(texts[0]).toBe(expected.shop);
          expect(texts[2]).toBe(admission.title);
          expect(texts).toContain(admission.code);
          expect(section).toMatch(/Figure:[\s\S]*\/BBox \[/);
        });
      });
    });
  }

  it('renders the same file for the same order (its dates are the booking’s)', async () => {
    const again = await renderTicketsPdf(order('de'));
    expect(Buffer.from(again).equals(fs.readFileSync(file('de')))).toBe(true);
  });

  it('keeps a long title, many participants and a long venue on their page and inside its margins, words never on top of each other', async () => {
    const doc = order('de');
    const family = doc.admissions[1]!;
    doc.admissions = [
      {
        ...family,
        title: 'Die außergewöhnlich lange Sonderausstellung über die Geschichte der Uhrmacherei im Jura – von den ersten Taschenuhren des 16. Jahrhunderts bis zur Quarzkrise und darüber hinaus',
        ticket: 'Familienkarte (zwei Erwachsene und bis zu vier Kinder unter sechzehn Jahren)',
        venue: 'Ausstellungspavillon am See, Eingang Süd (über den Skulpturengarten, barrierefrei über die Rampe beim Café)',
        participants: ['2 × Erwachsene', '1 × Kind (6–16)', '1 × Kind (6–16)', '1 × Kind unter 6 Jahren', '1 × Begleitperson', '1 × Assistenzhund'],
        holder: 'Maximiliane Theodora von Hohenberg-Wartensleben zu Schönau',
      },
    ];
    const longFile = path.join(dir, 'long.pdf');
    fs.writeFileSync(longFile, await renderTicketsPdf(doc));
    expect(info(longFile)['Pages']).toBe('1');
    const html = run('pdftotext', ['-bbox', '-enc', 'UTF-8', longFile, '-']);
    const words = [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      x0: Number(m[1]),
      y0: Number(m[2]),
      x1: Number(m[3]),
      y1: Number(m[4]),
      text: m[5]!,
    }));
    expect(words.length).toBeGreaterThan(60);
    for (const w of words) {
      expect(w.x0, w.text).toBeGreaterThanOrEqual(41);
      expect(w.x1, w.text).toBeLessThanOrEqual(595.28 - 41);
      expect(w.y0, w.text).toBeGreaterThanOrEqual(20);
      expect(w.y1, w.text).toBeLessThanOrEqual(841.89 - 20);
    }
    for (let i = 0; i < words.length; i++) {
      for (let j = i + 1; j < words.length; j++) {
        const [a, b] = [words[i]!, words[j]!];
        const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.5 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5;
        expect(overlap, `"${a.text}" and "${b.text}"`).toBe(false);
      }
    }
    const text = squash(run('pdftotext', ['-enc', 'UTF-8', longFile, '-']));
    // nothing cut: the whole title, every participant, the whole venue and name (pdftotext joins a
    // line broken after a hyphen without it: compared without spaces and hyphens)
    const bare = (value: string): string => value.replace(/[\s\u00a0-]/g, '');
    const admission = doc.admissions[0]!;
    for (const whole of [admission.title, admission.ticket, ...admission.participants, admission.venue ?? '', admission.holder ?? '']) {
      expect(bare(text)).toContain(bare(whole));
    }
    expect(text).not.toContain('…');
  });

  it('prints nothing for a print without pages (a gift print of an order without vouchers)', async () => {
    const doc = order('de');
    doc.admissions = doc.admissions.filter((a) => a.kind !== 'voucher');
    expect(hasPrintablePages(doc, true)).toBe(false);
    expect(hasPrintablePages(doc, false)).toBe(true);
    await expect(renderTicketsPdf(doc, { gift: true })).rejects.toThrow(/no vouchers/);
  });

  it('writes what WinAnsi lacks as near as it can', () => {
    expect(pdfText('Dvořák\u202f–\u2009Ševčík')).toBe('Dvorák\u00a0–\u00a0Ševcík');
    expect(pdfText('a\u2011b\u2212c\u200bd\u00ade')).toBe('a-b-cde');
    expect(pdfText('Mu\u0308nchen')).toBe('München');
    expect(pdfText('漢字')).toBe('??');
    expect(pdfText('ä ö ü å ø æ é ç ñ – ’ « » € ×')).toBe('ä ö ü å ø æ é ç ñ – ’ « » € ×');
  });

  it('renders a six-page order in reasonable time', () => {
    // measured, not a benchmark: the first render also loads pdfkit's fonts and ICU's data
    expect(Math.min(...renderMs)).toBeLessThan(5_000);
  });
});

/**
 * The alternative texts of the structure tree's figures, in object order: each `/S /Figure`
 * dictionary's `/Alt` string, a literal string read with its escapes (and UTF-16 when it has a
 * byte-order mark), or a hex string.
 */
function figureAlts(raw: string): string[] {
  const alts: string[] = [];
  for (const piece of raw.split(/\d+ 0 obj\s/).slice(1)) {
    const dict = piece.slice(0, piece.indexOf('endobj'));
    // content streams (compressed drawing) hold no structure
    if (/\bstream\b/.test(dict) || !/\/S \/Figure\b/.test(dict)) continue;
    const at = dict.indexOf('/Alt');
    if (at < 0) {
      alts.push('');
      continue;
    }
    let i = at + 4;
    while (/\s/.test(dict[i]!)) i++;
    let bytes: number[] = [];
    if (dict[i] === '<') {
      const end = dict.indexOf('>', i);
      const hex = dict.slice(i + 1, end).replace(/\s/g, '');
      for (let k = 0; k < hex.length; k += 2) bytes.push(parseInt(hex.slice(k, k + 2).padEnd(2, '0'), 16));
    } else if (dict[i] === '(') {
      bytes = literalString(dict, i + 1);
    }
    alts.push(decodePdfString(bytes));
  }
  return alts;
}

/** A PDF literal string's bytes from just after its '(' (balanced parentheses, escapes, octal codes). */
function literalString(text: string, from: number): number[] {
  const bytes: number[] = [];
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      const next = text[++i]!;
      const simple: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
      if (next in simple) bytes.push(simple[next]!);
      else if (/[0-7]/.test(next)) {
        let octal = next;
        while (octal.length < 3 && /[0-7]/.test(text[i + 1] ?? '')) octal += text[++i];
        bytes.push(parseInt(octal, 8) & 0xff);
      } else if (next === '\r' || next === '\n') {
        if (next === '\r' && text[i + 1] === '\n') i++;
      } else bytes.push(next.charCodeAt(0));
      continue;
    }
    if (c === '(') depth++;
    if (c === ')' && --depth === 0) return bytes;
    bytes.push(c.charCodeAt(0) & 0xff);
  }
  throw new Error('unterminated PDF string');
}

function decodePdfString(bytes: number[]): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    let out = '';
    for (let i = 2; i + 1 < bytes.length; i += 2) out += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
    return out;
  }
  return String.fromCharCode(...bytes);
}
