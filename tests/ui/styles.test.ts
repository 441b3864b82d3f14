/**
 * What the stylesheet (src/app/styles.css, the app's only one) declares for what a visitor sees
 * move or take shape, where no DOM test can see it (happy-dom applies no stylesheet):
 * §8 (spec row 8.46): toasts animate in over 300 ms, and not for a visitor who asked for reduced
 * motion; §2 (spec row 2.72): the secondary pages are a narrow card (which pages are:
 * tests/ui/secondary-pages.test.tsx).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const css = readFileSync(path.join(root, 'src/app/styles.css'), 'utf8');

interface Rule {
  /** the conditions of the @media blocks around the rule */
  media: string[];
  selectors: string[];
  declarations: Map<string, string>;
}

/** A small reader for this stylesheet: plain rules, nested in @media / @supports; @keyframes by name. */
function parse(text: string): { rules: Rule[]; keyframes: Map<string, Rule[]> } {
  const source = text.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: Rule[] = [];
  const keyframes = new Map<string, Rule[]>();
  let at = 0;
  function block(media: string[], into: Rule[]): void {
    while (at < source.length) {
      const open = source.indexOf('{', at);
      const close = source.indexOf('}', at);
      if (close !== -1 && (open === -1 || close < open)) {
        at = close + 1;
        return;
      }
      if (open === -1) return;
      const prelude = source.slice(at, open).trim();
      at = open + 1;
      const frames = /^@keyframes\s+([\w-]+)/.exec(prelude);
      if (frames?.[1]) {
        const inner: Rule[] = [];
        block(media, inner);
        keyframes.set(frames[1], inner);
      } else if (prelude.startsWith('@')) {
        block([...media, prelude], into);
      } else {
        const end = source.indexOf('}', at);
        const declarations = new Map<string, string>();
        for (const part of source.slice(at, end).split(';')) {
          const colon = part.indexOf(':');
          if (colon > 0) declarations.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim());
        }
        into.push({ media, selectors: prelude.split(',').map((s) => s.trim()), declarations });
        at = end + 1;
      }
    }
  }
  block([], rules);
  return { rules, keyframes };
}

const { rules, keyframes } = parse(css);
const ms = (time: string) => (time.endsWith('ms') ? parseFloat(time) : parseFloat(time) * 1000);
const TIME = /^(\d*\.?\d+)m?s$/;

describe('toast entrance (§8, spec row 8.46)', () => {
  // the toast the app renders has the class "toast" (src/app/components/Messages.tsx; tests/ui/shell.test.tsx "shows toasts …")
  const toastRules = rules.filter((r) => r.media.length === 0 && r.selectors.includes('.toast'));

  it('animates the toast in over 300 ms, with keyframes that bring it in (from transparent or moved)', () => {
    const shorthand = toastRules.map((r) => r.declarations.get('animation')).find(Boolean);
    expect(shorthand, '.toast declares an animation').toBeTruthy();
    const tokens = shorthand!.split(/\s+/);
    const duration = toastRules.map((r) => r.declarations.get('animation-duration')).find(Boolean) ?? tokens.find((t) => TIME.test(t));
    expect(duration && ms(duration)).toBe(300);
    const name = toastRules.map((r) => r.declarations.get('animation-name')).find(Boolean) ?? tokens.find((t) => keyframes.has(t));
    expect(name, 'the animation names keyframes of the stylesheet').toBeTruthy();
    const from = keyframes.get(name!)!.find((r) => r.selectors.includes('from') || r.selectors.includes('0%'));
    expect(from?.declarations.get('opacity') === '0' || /translate/.test(from?.declarations.get('transform') ?? '')).toBe(true);
  });

  it('respects reduced motion: the animation takes no time when the visitor asked for less motion', () => {
    const reduced = rules.filter((r) => r.media.some((m) => /prefers-reduced-motion:\s*reduce/.test(m)));
    const stopsToast = reduced.some((r) => {
      const forToast = r.selectors.includes('.toast') || r.selectors.includes('*');
      if (!forToast) return false;
      if (/^none\b/.test(r.declarations.get('animation') ?? '')) return true;
      const duration = r.declarations.get('animation-duration') ?? '';
      const value = duration.replace(/\s*!important$/, '');
      // `*` is less specific than `.toast`: only !important wins over the toast's own animation
      const wins = r.selectors.includes('.toast') || /!important$/.test(duration);
      return TIME.test(value) && ms(value) <= 1 && wins;
    });
    expect(stopsToast).toBe(true);
  });
});

describe('secondary pages (§2, spec row 2.72)', () => {
  it('are a narrow card: limited width, centred, with a frame', () => {
    const card = rules.filter((r) => r.media.length === 0 && r.selectors.includes('.screen--secondary'));
    const get = (property: string) => card.map((r) => r.declarations.get(property)).find(Boolean);
    expect(get('max-width')).toBeTruthy();
    expect(get('margin-inline') ?? get('margin')).toMatch(/auto/);
    expect(get('border') ?? get('box-shadow')).toBeTruthy();
  });
});
