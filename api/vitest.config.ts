// `pnpm --filter @shine/api test`: the integration suite twice, on the embedded PGlite and on a real
// PostgreSQL server (TEST_DATABASE_URL; when unset or empty, a throw-away embedded server that
// test/support/postgres-setup.ts starts and removes), plus the unit tests beside the code. Every
// response an integration test receives is checked against its contract (test/support/contract-check.ts).
// Each PostgreSQL test file works in its own schema, so files never share rows.
import { defineConfig } from 'vitest/config';

// Without isolation: a worker loads the app's modules once, not once per file (imports were ~40% of
// the suite's time). Every file still gets its own database and app (test/support/test-app.ts); what a
// file needs per file is registered in setupFiles, which run again for every file.
const shared = { testTimeout: 20_000, hookTimeout: 60_000, pool: 'forks' as const, isolate: false };

export default defineConfig({
  test: {
    // vitest's default on a 2-core machine is one worker (cores - 1), which leaves a core idle while a
    // file waits on PostgreSQL or on its own HTTP round trips; three keep both cores busy.
    maxWorkers: 3,
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'pglite',
          include: ['test/**/*.test.ts'],
          env: { SHINE_TEST_DRIVER: 'pglite' },
          globalSetup: ['test/support/pglite-setup.ts'],
          setupFiles: ['test/support/contract-check.ts', 'test/support/per-file.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'postgres',
          include: ['test/**/*.test.ts'],
          env: { SHINE_TEST_DRIVER: 'postgres' },
          globalSetup: ['test/support/postgres-setup.ts'],
          setupFiles: ['test/support/contract-check.ts', 'test/support/per-file.ts'],
        },
      },
    ],
  },
});
