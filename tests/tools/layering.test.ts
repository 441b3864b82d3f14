/** Dependencies point one way: tests use the code, the code never uses tests. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { importGraph } from './import-graph.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(join(root, rel)).isDirectory()) return sources(rel);
    return /\.(ts|tsx|mjs)$/.test(name) ? [rel] : [];
  });
}

it('nothing in src/ or machines/ imports from tests/', () => {
  const offenders = [...sources('src'), ...sources('machines')].filter((file) =>
    /(?:from\s+|import\s*\(\s*)['"][^'"]*\/tests\//.test(readFileSync(join(root, file), 'utf8')),
  );
  expect(offenders).toEqual([]);
});

it('a route module of src/server/api/ is imported by the route table alone (routes → services, issue 23)', async () => {
  const graph = await importGraph(['src/server/main.ts'], 'node');
  const infrastructure = new Set(['src/server/api/index.ts', 'src/server/api/router.ts', 'src/server/api/http-error.ts']);
  const isRoute = (file: string) => /^src\/server\/api\/[^/]+\.ts$/.test(file) && !infrastructure.has(file);
  expect([...graph.keys()].filter(isRoute).length).toBeGreaterThanOrEqual(4);
  const offenders = [...graph].flatMap(([file, imports]) =>
    file === 'src/server/api/index.ts' ? [] : imports.filter(isRoute).map((route) => `${file} → ${route}`),
  );
  expect(offenders).toEqual([]);
});
