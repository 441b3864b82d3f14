import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/**
 * Only the model tests, without the server project's database setup: what `npm run mutation`
 * (Stryker) and `npm run mutation:hand` run per mutant. `MUTATION_MACHINE=<machine>` narrows it
 * to that machine's model test (Stryker mutates one machine at a time).
 */
const machine = process.env.MUTATION_MACHINE;

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: [machine ? `tests/machines/${machine}.model.test.ts` : 'tests/machines/*.model.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
