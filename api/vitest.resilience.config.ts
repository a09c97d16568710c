// `pnpm test:resilience`: generated bad input, the authorisation matrix, database faults,
// graceful shutdown and backups. Separate from the normal API suite (vitest.config.ts) so that one
// stays fast; the files end in `.resilience.ts` so no default include pattern picks them up.
import { defineConfig } from 'vitest/config';

const GENERATED = 'test/resilience/bad-input-*.resilience.ts';
const shared = { pool: 'forks' as const, testTimeout: 120_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'one at a time',
          include: ['test/resilience/**/*.resilience.ts'],
          exclude: [GENERATED],
          // Once for the run (both projects): the run's resources, the embedded PostgreSQL without
          // TEST_DATABASE_URL, the figures. Workers of either project inherit what it sets.
          globalSetup: ['test/resilience/support/global-setup.ts'],
          // The fault tests stop a PostgreSQL cluster and start server processes: one file at a time.
          fileParallelism: false,
        },
      },
      {
        test: {
          ...shared,
          // The generated requests' shards, each on an in-memory database of its own, side by side on
          // both cores (before the files above, which then have the machine to themselves).
          name: 'generated',
          include: [GENERATED],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
