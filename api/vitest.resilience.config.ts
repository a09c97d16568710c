// `pnpm test:resilience`: generated bad input, the authorisation matrix, database faults,
// graceful shutdown and backups. Separate from the normal API suite (vitest.config.ts) so that one
// stays fast; the files end in `.resilience.ts` so no default include pattern picks them up.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/resilience/**/*.resilience.ts'],
    globalSetup: ['test/resilience/support/global-setup.ts'],
    // The fault tests stop a PostgreSQL cluster and start server processes: one file at a time.
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
