/**
 * Every machine in machines/ must have a model-based test: tests/machines/<name>.model.test.ts
 * (for machines/<name>.machine.ts). A new machine without one fails the run here.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('model-based test coverage of machines/', () => {
  it('has a tests/machines/<name>.model.test.ts for every machines/<name>.machine.ts', () => {
    const machines = readdirSync(`${root}machines`)
      .filter((f) => f.endsWith('.machine.ts'))
      .map((f) => f.slice(0, -'.machine.ts'.length));
    const tests = new Set(
      readdirSync(`${root}tests/machines`)
        .filter((f) => f.endsWith('.model.test.ts'))
        .map((f) => f.slice(0, -'.model.test.ts'.length)),
    );
    expect(machines.length).toBeGreaterThan(0);
    expect(machines.filter((m) => !tests.has(m)).map((m) => `machines/${m}.machine.ts has no tests/machines/${m}.model.test.ts`)).toEqual([]);
  });
});
