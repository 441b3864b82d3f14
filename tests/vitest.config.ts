import { defineConfig } from 'vitest/config';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { cataloguePart, journeyParts, partModuleSource } from '../src/i18n/esbuild-plugin.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * `messages/de.json?shell` and its journey parts (`?tickets`, …: src/i18n/load.ts) cut as in the
 * build, so the tests see the same parts; the messages stay ICU text here (react-intl parses them).
 */
const CATALOGUE_PART = /^(.*[\\/]src[\\/]i18n[\\/]messages[\\/][a-z]{2}\.json)\?(?:.*&)?([a-zA-Z]+)(?:&.*)?$/;

export default defineConfig({
  root,
  plugins: [
    {
      name: 'museum-shop-catalogue-parts',
      enforce: 'pre',
      async load(id) {
        const match = CATALOGUE_PART.exec(id);
        if (!match?.[1] || !match[2] || ['import', 'raw', 'url', 'inline'].includes(match[2])) return null;
        const file = match[1];
        const messages = JSON.parse(await readFile(file, 'utf8'));
        return partModuleSource(cataloguePart(messages, match[2]), match[2], journeyParts(messages), (part) => `${file}?${part}`);
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
          // the browser lane shares the 2 cores with the unit tests: a test that takes 30 s alone
          // (axe over rendered pages) took up to twice that in a loaded run
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          pool: 'forks',
        },
      },
    ],
  },
});
