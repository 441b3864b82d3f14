/**
 * The generated charts (statecharts/*.svg, also what the flow viewer shows) stay readable at
 * 100 % zoom: no label is drawn over another, and no label is smaller than 9 pt (12 px).
 * Boxes come from the SVG's coordinates and font sizes (tests/charts/label-boxes.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { labelBoxes, overlappingLabels, textWidth, type LabelBox } from '../charts/label-boxes.js';

const dir = fileURLToPath(new URL('../../statecharts/', import.meta.url));
const charts = readdirSync(dir).filter((f) => f.endsWith('.svg')).sort();

const where = (b: LabelBox) => `"${b.text}" (${b.owner}) at ${b.x1.toFixed(0)},${b.y1.toFixed(0)}`;

describe('label boxes', () => {
  it('measures text with the Helvetica metrics Graphviz lays out with', () => {
    // "SET_IBAN" at 9 pt: S 667 E 667 T 611 _ 556 I 278 B 667 A 667 N 722 = 4835 units
    expect(textWidth('SET_IBAN', 9)).toBeCloseTo(43.5, 1);
  });

  it('finds labels piled on each other or run together, not labels a space apart or one under the other', () => {
    const text = (x: number, y: number, s: string, anchor = 'middle') =>
      `<text text-anchor="${anchor}" x="${x}" y="${y}" font-family="Helvetica,sans-Serif" font-size="9.00">${s}</text>`;
    const svg = `<svg><g id="a">${[
      text(100, 10, 'SELECT_WALLET'), // 76 pt wide: 62 … 138
      text(120, 10, 'SET_IBAN'), // on top of it
      text(100, 22, 'SET_TERMS'), // the next line (12 pt below)
      text(300, 10, 'PAY', 'end'),
      text(300, 10, 'SET_PRIVACY', 'start'), // runs into PAY: no space between
      text(400, 10, 'SET_IBAN', 'start'),
      text(447, 10, 'SET_TERMS', 'start'), // a space (2.5 pt) after SET_IBAN, which ends at 443.5
    ].join('')}</g></svg>`;
    const pairs = overlappingLabels(labelBoxes(svg)).map(([a, b]) => [a.text, b.text].sort().join(' / '));
    expect(pairs).toEqual(['SELECT_WALLET / SET_IBAN', 'PAY / SET_PRIVACY']);
  });
});

describe.each(charts)('statecharts/%s', (file) => {
  const boxes = labelBoxes(readFileSync(`${dir}${file}`, 'utf8'));

  it('has labels', () => {
    expect(boxes.length).toBeGreaterThan(0);
  });

  it('draws no label over or against another (a space at least between labels on a line)', () => {
    expect(overlappingLabels(boxes).map(([a, b]) => `${where(a)} overlaps ${where(b)}`)).toEqual([]);
  });

  it('draws every label at 9 pt or more (legible at 100 %)', () => {
    expect(boxes.filter((b) => b.fontSize < 9).map(where)).toEqual([]);
  });
});
