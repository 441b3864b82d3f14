import { defineConfig } from 'vitest/config';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { cataloguePart } from '../src/i18n/esbuild-plugin.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** `messages/de.json?shell` and `?journeys` (src/i18n/load.ts) cut as in the build, so the tests see the same parts. */
const CATALOGUE_PART = /^(.*[\\/]src[\\/]i18n[\\/]messages[\\/][a-z]{2}\.json)\?(?:.*&)?(shell|journeys)(?:&.*)?$/;

export default defineConfig({
  root,
  plugins: [
    {
      name: 'museum-shop-catalogue-parts',
      enforce: 'pre',
      async load(id) {
        const match = CATALOGUE_PART.exec(id);
        if (!match?.[1]) return null;
        return `export default ${JSON.stringify(cataloguePart(JSON.parse(await readFile(match[1], 'utf8')), match[2]))};`;
      },
    },
  ],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/{domain,api,server,machines,tools}/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'happy-dom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          // the browser replays of the charts (tests/replay) share the e2e build and server
          include: ['tests/e2e/**/*.test.ts', 'tests/replay/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          pool: 'forks',
        },
      },
    ],
  },
});
