/**
 * The build's second minification (scripts/minify.mjs): terser after esbuild. What it gives must
 * run as esbuild's output ran, keep the names other chunks import, keep V8's compile hint as the
 * first line of a file big enough to gain by it (and drop it from a small one), be smaller, and
 * carry a source map on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT_MIN_BYTES, minifyCode as minify, minifyFiles as minifyAll } from '../../scripts/minify.mjs';

const MODULE = `//# allFunctionsCalledOnLoad
const unusedLongName = 1;
function priceWithVatInCents(priceInCents, vatRateInPercent) {
  const vatInCents = Math.round((priceInCents * vatRateInPercent) / 100);
  return priceInCents + vatInCents;
}
function formatForTheVisitor(priceInCents) {
  return (priceInCents / 100).toFixed(2);
}
export { priceWithVatInCents as a, formatForTheVisitor as b };
`;

async function load(code: string): Promise<{ a: (p: number, r: number) => number; b: (p: number) => string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-minify-'));
  const file = path.join(dir, 'chunk.mjs');
  fs.writeFileSync(file, code);
  try {
    return (await import(pathToFileURL(file).href)) as { a: (p: number, r: number) => number; b: (p: number) => string };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the second minification', () => {
  it('keeps the exported names and what the code does, and is smaller; a file this small goes without the compile hint', async () => {
    const out = await minify(MODULE, undefined, '');
    expect(out.code).not.toContain('allFunctionsCalledOnLoad');
    expect(out.code.length).toBeLessThan(MODULE.length / 2);
    expect(out.code).not.toContain('unusedLongName');
    const before = await load(MODULE);
    const after = await load(out.code);
    expect(after.a(1990, 8.1)).toBe(before.a(1990, 8.1));
    expect(after.b(2151)).toBe('21.51');
  });

  it('keeps the compile hint as the first line of a file of at least COMPILE_HINT_MIN_BYTES, and its source map lines up either way', async () => {
    // many functions, each kept (exported), so that the minified file is over the threshold
    const count = Math.ceil(COMPILE_HINT_MIN_BYTES / 40);
    const big = `//# allFunctionsCalledOnLoad\n${Array.from({ length: count }, (_, i) => `export function priceOfLine${i}(cents) { return cents * ${i + 2}; }`).join('\n')}\n`;
    const map = (lines: number) => JSON.stringify({ version: 3, sources: ['src/x.ts'], names: [], mappings: Array.from({ length: lines }, () => 'AAAA').join(';'), sourcesContent: ['x'] });
    const large = await minify(big, map(count + 1), 'big.js.map');
    expect(large.code.length).toBeGreaterThan(COMPILE_HINT_MIN_BYTES);
    expect(large.code.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    expect(((await import(`data:text/javascript,${encodeURIComponent(large.code)}`)) as Record<string, (c: number) => number>).priceOfLine3?.(100)).toBe(500);
    // the hint's line has no mapping: the code's first mapping is on line 2 with the hint, on line 1 without
    expect(JSON.parse(large.map ?? '{}').mappings).toMatch(/^;[A-Za-z]/);
    const small = await minify(MODULE, map(10), 'small.js.map');
    expect(JSON.parse(small.map ?? '{}').mappings).toMatch(/^[A-Za-z]/);
  });

  it('rewrites files in place on worker threads, each as minifyCode gives it, and carries a source map on', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-minify-'));
    try {
      const files = ['a', 'b', 'c'].map((name) => path.join(dir, `chunk-${name}.js`));
      for (const file of files) fs.writeFileSync(file, MODULE);
      // esbuild's map of the first file (an identity map of its lines is enough to be carried on)
      fs.writeFileSync(`${files[0]}.map`, JSON.stringify({ version: 3, sources: ['src/price.ts'], names: [], mappings: 'AAAA;AACA;AACA', sourcesContent: ['x'] }));
      fs.appendFileSync(files[0]!, '//# sourceMappingURL=chunk-a.js.map\n');
      await minifyAll(files, { threads: 2 });
      const expected = (await minify(MODULE, undefined, '')).code;
      expect(fs.readFileSync(files[1]!, 'utf8')).toBe(expected);
      expect(fs.readFileSync(files[2]!, 'utf8')).toBe(expected);
      const first = fs.readFileSync(files[0]!, 'utf8');
      expect(first).toContain('//# sourceMappingURL=chunk-a.js.map');
      const map = JSON.parse(fs.readFileSync(`${files[0]}.map`, 'utf8')) as { sources: string[] };
      expect(map.sources).toEqual(['src/price.ts']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails the build on a file it cannot read as JavaScript, naming it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-minify-'));
    try {
      const file = path.join(dir, 'broken.js');
      fs.writeFileSync(file, 'export const = ;');
      await expect(minifyAll([file])).rejects.toThrow(/terser failed on .*broken\.js/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
