/**
 * The boxes the labels of a generated statechart (Graphviz SVG) take on the page, read from the
 * SVG's own coordinates: each `<text>` at its `x`/`y` with its `text-anchor`, `font-size` and
 * `font-weight`, its width from the Helvetica metrics (the font the charts name; Chromium draws
 * it with the metric-compatible Liberation Sans, and Graphviz lays out with the same metrics).
 * Used by tests/tools/statechart-labels.test.ts to fail on labels drawn over each other.
 *
 * Framework-free (no vitest): a plain function over the SVG's text.
 */

/** Advance widths of Helvetica (AFM, 1/1000 em) for printable ASCII, from space (32) to tilde (126). */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space … /
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0 … ?
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ … O
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P … _
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` … o
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p … ~
];
/** Characters outside ASCII that the charts use; anything else counts as a full em (never too small). */
const OTHER: Record<string, number> = { '›': 333, '‹': 333, '…': 1000, '–': 556, '—': 1000, '→': 1000, '·': 278, 'é': 556, 'è': 556, 'ü': 556, 'ö': 556, 'ä': 556 };
/** Helvetica-Bold is a little wider than the regular face. */
const BOLD = 1.08;

export function textWidth(text: string, fontSize: number, bold = false): number {
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    units += code >= 32 && code <= 126 ? HELVETICA[code - 32]! : (OTHER[ch] ?? 1000);
  }
  return (units / 1000) * fontSize * (bold ? BOLD : 1);
}

export interface LabelBox {
  text: string;
  /** left, top, right, bottom in the SVG's user units (pt) */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  fontSize: number;
  /** id of the nearest enclosing `<g id=…>` (the state, edge or cluster the label belongs to) */
  owner: string;
}

const decode = (s: string): string =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&');

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/**
 * Every non-empty `<text>` of the SVG as a box: from the baseline up by the ascent (0.8 em) and
 * down by the descent (0.2 em); horizontally by its anchor and measured width.
 */
export function labelBoxes(svg: string): LabelBox[] {
  const boxes: LabelBox[] = [];
  const owners: string[] = [];
  const token = /<g\b[^>]*>|<\/g>|<text\b([^>]*)>([\s\S]*?)<\/text>/g;
  for (let m = token.exec(svg); m; m = token.exec(svg)) {
    const tag = m[0];
    if (tag.startsWith('</g')) {
      owners.pop();
      continue;
    }
    if (tag.startsWith('<g')) {
      owners.push(decode(attr(tag, 'id') ?? owners.at(-1) ?? ''));
      continue;
    }
    const attrs = ` ${m[1] ?? ''}`;
    const text = decode((m[2] ?? '').replace(/<[^>]+>/g, '')).trim();
    if (!text) continue;
    const fontSize = Number(attr(attrs, 'font-size') ?? '14');
    const bold = /bold|[6-9]00/.test(attr(attrs, 'font-weight') ?? '');
    const x = Number(attr(attrs, 'x') ?? '0');
    const y = Number(attr(attrs, 'y') ?? '0');
    const width = textWidth(text, fontSize, bold);
    const anchor = attr(attrs, 'text-anchor') ?? 'start';
    const x1 = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
    boxes.push({ text, x1, x2: x1 + width, y1: y - 0.8 * fontSize, y2: y + 0.2 * fontSize, fontSize, owner: owners.at(-1) ?? '' });
  }
  return boxes;
}

/** A space of Helvetica: two labels on one line closer than this run into one word. */
const SPACE_EM = 0.278;

/**
 * Pairs of labels drawn over or against each other: boxes that overlap once each is widened by
 * half a space on either side (so labels side by side need a space between them, as Graphviz
 * packs the labels of parallel edges edge to edge).
 */
export function overlappingLabels(boxes: LabelBox[]): [LabelBox, LabelBox][] {
  const pad = (b: LabelBox) => (SPACE_EM / 2) * b.fontSize;
  const wide = boxes.map((b) => ({ b, x1: b.x1 - pad(b), x2: b.x2 + pad(b) })).sort((a, b) => a.x1 - b.x1);
  const pairs: [LabelBox, LabelBox][] = [];
  const eps = 0.01;
  for (let i = 0; i < wide.length; i++) {
    const a = wide[i]!;
    for (let j = i + 1; j < wide.length; j++) {
      const b = wide[j]!;
      if (b.x1 >= a.x2 - eps) break;
      const dx = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
      const dy = Math.min(a.b.y2, b.b.y2) - Math.max(a.b.y1, b.b.y1);
      if (dx > eps && dy > eps) pairs.push([a.b, b.b]);
    }
  }
  return pairs;
}
