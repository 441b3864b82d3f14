/**
 * The order's tickets as a PDF (issue 42): one A4 page per admission of the order document
 * (model.ts), in the order's language, each with the code the gate scans as a QR code (and in
 * characters below it). A gift print holds only the bought vouchers and says nothing of what the
 * order cost.
 *
 * The PDF is tagged (PDF 1.7, the document's language set, the title shown by viewers): every
 * page is a section read as heading → details → the QR code, a figure whose alternative text is
 * the code itself; the header band, the tear line and the page number are artifacts. The QR code
 * is drawn as vector rectangles (crisp at any zoom and on any printer); the text is set in the
 * standard fonts (Helvetica, Courier: nothing embedded), whose WinAnsi encoding holds every letter
 * of the shop's eight languages; whatever else a catalogue name holds is written as near as
 * WinAnsi can (pdfText below).
 *
 * pdfkit stays outside the server's bundle (build.mjs): it loads its font metrics from its own
 * package directory.
 */
import { formatPrice } from '../../i18n/format.js';
import PDFDocument from 'pdfkit';
import QRCode, { type QRCodeSegment } from 'qrcode';
import type { Language } from '../../api/languages.js';
import type { Admission, OrderDocument } from './model.js';
import { documentLocale, fileSafe, wallClock, WORDS, type DocumentWords } from './words.js';

export interface TicketsPdfOptions {
  /** only the vouchers, without any price: a print to give away */
  gift?: boolean;
  /** the heading of every page (the shop's configured name); default: "Museum shop" in the order's language */
  shopName?: string;
}

/** The admissions a print holds: all of them, or for a gift print the vouchers. */
export function printableAdmissions(doc: OrderDocument, gift = false): Admission[] {
  return gift ? doc.admissions.filter((a) => a.kind === 'voucher') : doc.admissions;
}

/** Whether the print has a page at all (renderTicketsPdf throws when it has none). */
export function hasPrintablePages(doc: OrderDocument, gift = false): boolean {
  return printableAdmissions(doc, gift).length > 0;
}

/** The attachment's file name: `tickets-<booking id>.pdf`, a gift print `gift-<booking id>.pdf`. */
export function ticketsFileName(doc: OrderDocument, gift = false): string {
  return `${gift ? 'gift' : 'tickets'}-${fileSafe(doc.bookingId)}.pdf`;
}

// --- page geometry (PDF points, 72 per inch; y grows downwards as in pdfkit) ---------------------

const A4: [number, number] = [595.28, 841.89];
const MM = 72 / 25.4;
const MARGIN = 42;
const CONTENT = A4[0] - 2 * MARGIN;
const BAND = 74;
const COLUMN_GAP = 24;
/** the QR code with its quiet zone of four modules */
const QR_SIZE = 60 * MM;
const QR_QUIET_MODULES = 4;
const FOOTER_Y = A4[1] - 40;
/** the code in characters under the QR code: Courier (every glyph 0.6 em wide) */
const CODE_FONT_SIZE = 8;
const CODE_FONT_SIZE_SHORT = 13;
const CODE_WIDTH = 300;

const INK = '#14181f';
const MUTED = '#5b6470';
const ACCENT = '#1f3a5f';
const RULE = '#9aa3ad';

/** The characters pdfkit's standard fonts can write beyond ASCII and Latin-1 (their WinAnsi codes 0x80–0x9F). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const encodable = (c: string): boolean => {
  const code = c.codePointAt(0) ?? 0;
  return c === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);
};

/**
 * Text as the standard fonts can write it: spaces of other widths (the narrow no-break space of
 * French numbers, the thin spaces of date ranges) become no-break spaces, other hyphens and the
 * minus sign a hyphen, invisible characters (zero widths, soft hyphens) go; a letter WinAnsi
 * lacks loses its accent (č → c); what remains unwritable becomes '?'. (pdfkit would write it as
 * garbage: it encodes one byte per UTF-16 unit.)
 */
export function pdfText(text: string): string {
  let out = '';
  for (const c of text.normalize('NFC')) {
    // invisible (a soft hyphen too: the font's 0xAD is a visible hyphen)
    if (/[\u200b-\u200d\u2060\ufeff\u00ad]/.test(c)) continue;
    if (encodable(c)) out += c;
    else if (/[\u2000-\u200a\u202f\u205f]/.test(c)) out += '\u00a0';
    else if (/[\t\r\u2028\u2029]/.test(c)) out += ' ';
    else if (/[\u2010\u2011\u2212]/.test(c)) out += '-';
    else if (c === '\u2032') out += '’';
    else {
      const base = [...c.normalize('NFD')].filter((part) => !/\p{M}/u.test(part));
      out += base.length > 0 && base.every(encodable) ? base.join('') : '?';
    }
  }
  return out;
}

// --- words, dates, amounts ----------------------------------------------------------------------

interface Formats {
  date: (value: string) => string;
  time: (start: string, end: string | null) => string;
  day: (value: string) => string;
  money: (minor: number) => string;
}

function formats(lang: Language, currency: string): Formats {
  const locale = documentLocale(lang);
  const longDate = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const plainDate = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
  const clock = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return {
    date: (value) => {
      const at = wallClock(value);
      return at ? longDate.format(at) : value;
    },
    time: (start, end) => {
      const from = wallClock(start);
      if (!from) return start;
      const to = end ? wallClock(end) : null;
      return to && to > from ? clock.formatRange(from, to) : clock.format(from);
    },
    day: (value) => {
      const at = wallClock(value);
      return at ? plainDate.format(at) : value;
    },
    // the shop's one money format (spec §1, §9: "CHF 1’234.50" in every language), as the app and the mail show it
    money: (minor) => formatPrice(minor, currency),
  };
}

interface Detail {
  label: string;
  value: string;
  /** the value in the code's typeface (a voucher code) */
  mono?: boolean;
}

/**
 * What a page says about its admission, in reading order: the key facts (when, or what a voucher
 * is worth, or whose pass it is), set large, then the rest.
 */
function detailsOf(a: Admission, doc: OrderDocument, words: DocumentWords, f: Formats, gift: boolean): { key: Detail[]; rest: Detail[] } {
  const key: Detail[] = [];
  const rest: Detail[] = [];
  if (a.datetime) {
    key.push({ label: words.date, value: f.date(a.datetime) });
    key.push({ label: words.time, value: f.time(a.datetime, a.end) });
  }
  if (a.date) key.push({ label: words.validOn, value: f.date(a.date) });
  if (a.voucher) {
    key.push({ label: words.value, value: f.money(a.voucher.value) });
    key.push({ label: words.validUntil, value: f.day(a.voucher.validUntil) });
    rest.push({ label: words.voucherCode, value: a.voucher.code, mono: true });
  }
  // a gift print names nobody: the voucher is the recipient's now
  const holder = a.holder && !gift ? { label: a.kind === 'annualPass' ? words.holder : words.name, value: a.holder } : null;
  if (holder && a.kind === 'annualPass') key.push(holder);
  if (a.venue) rest.push({ label: words.venue, value: a.venue });
  if (a.participants.length > 0) {
    // one to a line; a long list runs on, each entry kept whole ("1 × Child" never split)
    const entries = a.participants.length > 8 ? a.participants.map((p) => p.replace(/ /g, '\u00a0')) : a.participants;
    rest.push({ label: words.participants, value: entries.join(a.participants.length > 8 ? ', ' : '\n') });
  } else if (a.count > 1) {
    rest.push({ label: words.persons, value: String(a.count) });
  }
  if (holder && a.kind !== 'annualPass') rest.push(holder);
  if (!gift) rest.push({ label: words.price, value: f.money(a.price) });
  rest.push({ label: words.bookingId, value: doc.bookingId });
  return { key, rest };
}

// --- drawing ------------------------------------------------------------------------------------

type Pdf = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;

/** The code in lines of equal length (it has no spaces to wrap at, and a hyphen of its own is no place to break). */
function codeLines(code: string, perLine: number): string[] {
  const lines: string[] = [];
  for (let i = 0; i < code.length; i += perLine) lines.push(code.slice(i, i + perLine));
  return lines;
}

/**
 * One segment of the mode the code needs: alphanumeric for a voucher code (capitals, digits,
 * '-'), else bytes (a ticket code's base64url and '.'). The same symbol version as the package's
 * own segmentation finds for these codes, without its search (which costs ~10 ms a code).
 */
const QR_ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]*$/;

/** The QR code's dark modules as rectangles, runs of a row merged, quiet zone included in `size`. */
function drawQr(pdf: Pdf, code: string, x: number, y: number, size: number): void {
  const segment: QRCodeSegment = QR_ALPHANUMERIC.test(code) ? { mode: 'alphanumeric', data: code } : { mode: 'byte', data: Buffer.from(code, 'utf8') };
  const qr = QRCode.create([segment], { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const unit = size / (n + 2 * QR_QUIET_MODULES);
  pdf.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      // a hair wider and taller than the module, so that neighbours meet without seams when rasterized
      pdf.rect(x + (QR_QUIET_MODULES + start) * unit, y + (QR_QUIET_MODULES + row) * unit, (col - start) * unit + 0.05, unit + 0.05);
    }
  }
  pdf.fill('#000000');
}

/** Text in a structure element of its own. */
function tagged(pdf: Pdf, parent: Struct, type: string, draw: () => void): void {
  parent.add(pdf.struct(type, {}, draw));
}

function artifact(pdf: Pdf, type: 'Layout' | 'Pagination', draw: () => void): void {
  pdf.markContent('Artifact', { type });
  draw();
  pdf.endMarkedContent();
}

/**
 * The type sizes of a page's upper part. A page takes the first scale at which its title, ticket
 * type and details fit above the stub; the last one cuts what still does not (with an ellipsis),
 * so that nothing ever runs into the QR code or onto a second page.
 */
interface Scale {
  titleMax: number;
  titleMin: number;
  /** the lines the title may take at titleMin (more only on the last scale: cut) */
  titleLines: number;
  category: number;
  label: number;
  key: number;
  value: number;
  /** the lines a detail's value may take */
  valueLines: number;
  rowGap: number;
}

const SCALES: Scale[] = [
  { titleMax: 28, titleMin: 20, titleLines: 3, category: 15, label: 9, key: 18, value: 13, valueLines: 8, rowGap: 16 },
  { titleMax: 20, titleMin: 16, titleLines: 5, category: 13, label: 8.5, key: 15, value: 11.5, valueLines: 8, rowGap: 12 },
  { titleMax: 15, titleMin: 13, titleLines: 6, category: 11, label: 8, key: 13, value: 10, valueLines: 8, rowGap: 10 },
  { titleMax: 13, titleMin: 13, titleLines: 4, category: 11, label: 8, key: 13, value: 10, valueLines: 4, rowGap: 10 },
];

const PANEL_PADDING = 14;
const PANEL = '#eaf0f6';
const TITLE_GAP = 2;

const valueFont = (detail: Detail): string => (detail.mono ? 'Courier-Bold' : 'Helvetica-Bold');

/** The height of `lines` lines of the current font with a line gap. */
const linesHeight = (pdf: Pdf, lines: number, gap: number): number => lines * (pdf.currentLineHeight(true) + gap);

/** The title's size: the largest from titleMax down to titleMin at which it takes at most titleLines lines, else titleMin. */
function fitTitle(pdf: Pdf, title: string, scale: Scale, last: boolean): { size: number; height: number } {
  pdf.font('Helvetica-Bold');
  for (let size = scale.titleMax; size >= scale.titleMin; size -= 1) {
    pdf.fontSize(size);
    const height = pdf.heightOfString(title, { width: CONTENT, lineGap: TITLE_GAP });
    if (height <= linesHeight(pdf, scale.titleLines, TITLE_GAP) + 0.5) return { size, height };
  }
  pdf.fontSize(scale.titleMin);
  const height = pdf.heightOfString(title, { width: CONTENT, lineGap: TITLE_GAP });
  return { size: scale.titleMin, height: last ? Math.min(height, linesHeight(pdf, scale.titleLines, TITLE_GAP)) : height };
}

/** A value's height in its column, at most valueLines lines (the rest is cut with an ellipsis). */
function valueHeight(pdf: Pdf, detail: Detail, width: number, size: number, scale: Scale): number {
  pdf.font(valueFont(detail)).fontSize(size);
  return Math.min(pdf.heightOfString(detail.value, { width, lineGap: 1 }), linesHeight(pdf, scale.valueLines, 1));
}

const columnWidth = (width: number): number => (width - COLUMN_GAP) / 2;

/** The rows' heights of details in two columns (a row as high as its higher cell). */
function rowHeights(pdf: Pdf, details: Detail[], width: number, size: number, scale: Scale): number[] {
  const heights: number[] = [];
  for (let i = 0; i < details.length; i += 2) {
    const cells = details.slice(i, i + 2).map((d) => scale.label + 5 + valueHeight(pdf, d, columnWidth(width), size, scale));
    heights.push(Math.max(...cells));
  }
  return heights;
}

/** The height of a grid of details, without the gap after its last row. */
function gridHeight(pdf: Pdf, details: Detail[], width: number, size: number, scale: Scale): number {
  const rows = rowHeights(pdf, details, width, size, scale);
  return rows.reduce((sum, h) => sum + h, 0) + Math.max(0, rows.length - 1) * scale.rowGap;
}

/** Details in two columns from (x, y), each a list item (label, body); returns the y below the last row. */
function drawGrid(pdf: Pdf, list: Struct, details: Detail[], x0: number, y: number, width: number, size: number, scale: Scale): number {
  const column = columnWidth(width);
  const heights = rowHeights(pdf, details, width, size, scale);
  heights.forEach((rowHeight, r) => {
    details.slice(2 * r, 2 * r + 2).forEach((detail, c) => {
      const x = x0 + c * (column + COLUMN_GAP);
      const vh = valueHeight(pdf, detail, column, size, scale);
      const item = pdf.struct('LI');
      list.add(item);
      pdf.fillColor(MUTED);
      item.add(
        pdf.struct('Lbl', {}, () => {
          pdf.font('Helvetica').fontSize(scale.label).text(detail.label, x, y, { width: column, lineBreak: false, ellipsis: true, height: scale.label + 3 });
        }),
      );
      pdf.fillColor(INK);
      item.add(
        pdf.struct('LBody', {}, () => {
          pdf.font(valueFont(detail)).fontSize(size).text(detail.value, x, y + scale.label + 5, { width: column, lineGap: 1, height: vh, ellipsis: true });
        }),
      );
      item.end();
    });
    y += rowHeight + (r < heights.length - 1 ? scale.rowGap : 0);
  });
  return y;
}

/** Where the page's upper part starts (below the band), and its parts' gaps. */
const TOP = BAND + 30;
const RULE_GAP_ABOVE = 22;
const RULE_GAP_BELOW = 18;
const PANEL_GAP = 22;

interface Plan {
  scale: Scale;
  title: { size: number; height: number };
  category: number;
  panel: number;
  grid: number;
  bottom: number;
}

/** The upper part's layout at a scale: its parts' heights and where it ends. */
function plan(pdf: Pdf, text: { title: string; category: string | null; key: Detail[]; rest: Detail[] }, scale: Scale, last: boolean): Plan {
  const title = fitTitle(pdf, text.title, scale, last);
  let category = 0;
  if (text.category) {
    pdf.font('Helvetica').fontSize(scale.category);
    category = Math.min(pdf.heightOfString(text.category, { width: CONTENT }), linesHeight(pdf, 2, 0));
  }
  const panel = text.key.length > 0 ? gridHeight(pdf, text.key, CONTENT - 2 * PANEL_PADDING, scale.key, scale) + 2 * PANEL_PADDING : 0;
  const grid = gridHeight(pdf, text.rest, CONTENT, scale.value, scale);
  const bottom = TOP + title.height + 6 + category + RULE_GAP_ABOVE + RULE_GAP_BELOW + (panel > 0 ? panel + PANEL_GAP : 0) + grid;
  return { scale, title, category, panel, grid, bottom };
}

function drawPage(
  pdf: Pdf,
  root: Struct,
  a: Admission,
  doc: OrderDocument,
  page: { n: number; of: number; shop: string; gift: boolean },
  words: DocumentWords,
  f: Formats,
): void {
  pdf.addPage({ size: A4, margins: { top: 20, bottom: 20, left: MARGIN, right: MARGIN } });
  const [width] = A4;

  // the stub's geometry first: the QR code, the code in characters and what to do with it, from the foot of the page up
  const hint = pdfText(a.kind === 'voucher' ? words.redeem : words.showAtEntrance);
  pdf.font('Helvetica').fontSize(10);
  const hintHeight = pdf.heightOfString(hint, { width: CONTENT - 80, align: 'center' });
  // a short code (a voucher's) large enough to be typed, a signed ticket code small, in lines of equal length
  const codeSize = a.code.length <= 40 ? CODE_FONT_SIZE_SHORT : CODE_FONT_SIZE;
  const perLine = Math.floor(CODE_WIDTH / (0.6 * codeSize));
  const lines = codeLines(a.code, perLine);
  const codeLineHeight = codeSize * 1.3;
  const hintY = FOOTER_Y - 18 - hintHeight;
  const codeY = hintY - 12 - lines.length * codeLineHeight;
  const qrY = codeY - 8 - QR_SIZE;
  const qrX = (width - QR_SIZE) / 2;
  const tearY = qrY - 26;

  // the upper part at the largest scale that fits above the tear line
  const title = pdfText(a.title);
  const category = pdfText(a.ticket.trim());
  const details = detailsOf(a, doc, words, f, page.gift);
  const clean = (list: Detail[]): Detail[] => list.map((d) => ({ ...d, label: pdfText(d.label), value: pdfText(d.value) }));
  // (a tour's price list is its participants, listed below)
  const text = { title, category: category && category !== title && a.ticket.trim() !== a.participants.join(', ') ? category : null, key: clean(details.key), rest: clean(details.rest) };
  const room = tearY - 14;
  let layout = plan(pdf, text, SCALES[0]!, false);
  for (let i = 1; i < SCALES.length && layout.bottom > room; i++) layout = plan(pdf, text, SCALES[i]!, i === SCALES.length - 1);
  const { scale } = layout;

  const sect = pdf.struct('Sect');
  root.add(sect);

  // header band: the shop's name and what the page is
  artifact(pdf, 'Layout', () => {
    pdf.rect(0, 0, width, BAND).fill(ACCENT);
  });
  pdf.fillColor('#ffffff');
  tagged(pdf, sect, 'P', () => {
    pdf.font('Helvetica-Bold').fontSize(17).text(pdfText(page.shop), MARGIN, 30, { width: CONTENT * 0.62, lineBreak: false, ellipsis: true, height: 22 });
  });
  tagged(pdf, sect, 'P', () => {
    pdf.font('Helvetica').fontSize(12).text(pdfText(words.kind[a.kind]), MARGIN + CONTENT * 0.62, 33, { width: CONTENT * 0.38, align: 'right', lineBreak: false, ellipsis: true, height: 16 });
  });

  // the title and the ticket type
  let y = TOP;
  pdf.fillColor(INK);
  tagged(pdf, sect, 'H1', () => {
    pdf.font('Helvetica-Bold').fontSize(layout.title.size).text(title, MARGIN, y, { width: CONTENT, lineGap: TITLE_GAP, height: layout.title.height + 1, ellipsis: true });
  });
  y += layout.title.height + 6;
  if (text.category) {
    const categoryText = text.category;
    pdf.fillColor('#2d3440');
    tagged(pdf, sect, 'P', () => {
      pdf.font('Helvetica').fontSize(scale.category).text(categoryText, MARGIN, y, { width: CONTENT, height: layout.category + 1, ellipsis: true });
    });
    y += layout.category;
  }
  y += RULE_GAP_ABOVE;
  const ruleY = y;
  artifact(pdf, 'Layout', () => {
    pdf.moveTo(MARGIN, ruleY).lineTo(MARGIN + CONTENT, ruleY).lineWidth(1.2).stroke(ACCENT);
  });
  y += RULE_GAP_BELOW;

  // the details, two columns, read row by row: the key facts large on a tinted panel, then the rest
  const list = pdf.struct('L');
  sect.add(list);
  if (layout.panel > 0) {
    const panelTop = y;
    artifact(pdf, 'Layout', () => {
      pdf.roundedRect(MARGIN, panelTop, CONTENT, layout.panel, 6).fill(PANEL);
    });
    drawGrid(pdf, list, text.key, MARGIN + PANEL_PADDING, panelTop + PANEL_PADDING, CONTENT - 2 * PANEL_PADDING, scale.key, scale);
    y = panelTop + layout.panel + PANEL_GAP;
  }
  drawGrid(pdf, list, text.rest, MARGIN, y, CONTENT, scale.value, scale);
  list.end();

  // the stub
  artifact(pdf, 'Layout', () => {
    pdf.moveTo(MARGIN, tearY).lineTo(MARGIN + CONTENT, tearY).lineWidth(0.8).dash(4, { space: 3 }).stroke(RULE);
    pdf.undash();
  });
  // the options pdfkit reads but its types do not list: the figure's place on the page
  const figureOptions: PDFKit.Mixins.StructureElementOptions & { bbox: [number, number, number, number] } = {
    alt: a.code,
    bbox: [qrX, qrY, qrX + QR_SIZE, qrY + QR_SIZE],
  };
  sect.add(pdf.struct('Figure', figureOptions, () => drawQr(pdf, a.code, qrX, qrY, QR_SIZE)));
  pdf.fillColor(INK);
  tagged(pdf, sect, 'P', () => {
    pdf.font('Courier').fontSize(codeSize);
    lines.forEach((line, i) => {
      pdf.text(line, (width - CODE_WIDTH) / 2, codeY + i * codeLineHeight, { width: CODE_WIDTH, align: 'center', lineBreak: false });
    });
  });
  pdf.fillColor(MUTED);
  tagged(pdf, sect, 'P', () => {
    pdf.font('Helvetica').fontSize(10).text(hint, MARGIN + 40, hintY, { width: CONTENT - 80, align: 'center' });
  });
  sect.end();

  // the footer: the page number
  artifact(pdf, 'Pagination', () => {
    pdf.moveTo(MARGIN, FOOTER_Y - 8).lineTo(MARGIN + CONTENT, FOOTER_Y - 8).lineWidth(0.5).stroke(RULE);
    pdf.fillColor(MUTED).font('Helvetica').fontSize(9);
    pdf.text(pdfText(words.page(page.n, page.of)), MARGIN, FOOTER_Y, { width: CONTENT, align: 'right', lineBreak: false });
  });
}

/**
 * The order's tickets: one A4 page per admission, in order (a gift print: per voucher, no prices).
 * Throws when there is nothing to print (see hasPrintablePages). The PDF's creation date is the
 * booking's, so the same order gives the same file.
 */
export async function renderTicketsPdf(doc: OrderDocument, options: TicketsPdfOptions = {}): Promise<Uint8Array> {
  const gift = options.gift === true;
  const admissions = printableAdmissions(doc, gift);
  if (admissions.length === 0) throw new Error(`Order ${doc.bookingId} has no ${gift ? 'vouchers' : 'admissions'} to print`);
  const words = WORDS[doc.lang];
  const shop = options.shopName?.trim() || doc.museum?.trim() || words.shop;
  const bookedAt = new Date(doc.bookedAt);
  const pdf: Pdf = new PDFDocument({
    autoFirstPage: false,
    size: A4,
    pdfVersion: '1.7',
    tagged: true,
    lang: doc.lang,
    displayTitle: true,
    info: {
      Title: `${gift ? words.gift : words.tickets} – ${shop} – ${doc.bookingId}`,
      Author: shop,
      Creator: shop,
      Subject: `${words.bookingId} ${doc.bookingId}`,
      ...(Number.isNaN(bookedAt.getTime()) ? {} : { CreationDate: bookedAt }),
    },
  });
  const chunks: Uint8Array[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    pdf.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const root = pdf.struct('Document');
  pdf.addStructure(root);
  const f = formats(doc.lang, doc.currency);
  admissions.forEach((a, i) => drawPage(pdf, root, a, doc, { n: i + 1, of: admissions.length, shop, gift }, words, f));
  root.end();
  pdf.end();
  return done;
}
