import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/** Only the model tests, without the server project's database setup: what `npm run mutation` runs per mutant. */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/machines/*.model.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
