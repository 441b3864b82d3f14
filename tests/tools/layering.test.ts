/** Dependencies point one way: tests use the code, the code never uses tests. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

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
