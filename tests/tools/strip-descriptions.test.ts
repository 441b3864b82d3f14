/**
 * The browser build drops the machines' description texts (scripts/strip-descriptions.mjs): the
 * constant ones go, everything else of the machine stays and still compiles.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { stripDescriptions } from '../../scripts/strip-descriptions.mjs';

describe('strip-descriptions (browser build)', () => {
  it('drops constant description texts with their commas and keeps every other property', () => {
    const source = [
      "const a = { target: 'B', description: 'Why B.' };",
      "const b = { description: `One` + ' two', on: { GO: 'C' } };",
      'const c = { description: computed, id: 1 };',
      "const d = { text: 'description: kept', nested: { description: ('x') } };",
    ].join('\n');
    const { code, removed } = stripDescriptions(source);
    expect(removed).toBe(3);
    expect(code).not.toContain('Why B.');
    expect(code).not.toContain('two');
    expect(code).toContain("target: 'B'");
    expect(code).toContain("on: { GO: 'C' }");
    expect(code).toContain('description: computed');
    expect(code).toContain("'description: kept'");
    expect(() => transformSync(code, { loader: 'ts' })).not.toThrow();
  });

  it('leaves every machine module valid TypeScript without its constant descriptions', () => {
    const dir = new URL('../../machines/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    let removed = 0;
    for (const file of files) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      const out = stripDescriptions(source, file);
      removed += out.removed;
      expect(() => transformSync(out.code, { loader: 'ts' }), file).not.toThrow();
      expect(out.code, file).not.toMatch(/\bdescription:\s*['"`]/);
    }
    expect(removed).toBeGreaterThan(100);
  });
});
