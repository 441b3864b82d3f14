/**
 * Imports run one way (issue 23): screens → journeys → machines → domain, and on the server
 * routes → services → model → database. A cycle (static or lazy import alike) fails here.
 */
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-graph.js';

describe('the import graph has no cycle', () => {
  it('in the app (src/app/main.tsx and everything it loads)', async () => {
    const graph = await importGraph(['src/app/main.tsx']);
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph)).toEqual([]);
  });

  it('in the server (src/server/main.ts and everything it loads)', async () => {
    const graph = await importGraph(['src/server/main.ts'], 'node');
    expect(graph.size).toBeGreaterThan(40);
    expect(importCycles(graph)).toEqual([]);
  });

  it('finds a cycle where there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts', 'd.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });
});
