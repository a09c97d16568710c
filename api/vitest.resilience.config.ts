// `pnpm test:resilience`: generated bad input, the authorisation matrix, database faults,
// graceful shutdown and backups. Separate from the normal API suite (vitest.config.ts) so that one
// stays fast; the files end in `.resilience.ts` so no default include pattern picks them up.
//
// Three groups, one after another (sequence.groupOrder):
// 1. the generated requests' two shards, side by side on both cores;
// 2. the files that start their own servers, databases and load balancer on free ports, two at a
//    time: each of them mostly waits on processes it started (the serial run kept the machine about
//    two-thirds busy), and none touches what another uses;
// 3. alone, one file at a time: db-faults stops and starts the faults cluster (cleanup's fixture
//    creates and removes that same cluster, so the two never overlap), and hostile-bodies judges
//    latency against an idle baseline of its own, which a neighbour starting mid-file would skew.
import { defineConfig } from 'vitest/config';

const GENERATED = 'test/resilience/bad-input-*.resilience.ts';
const ALONE = ['test/resilience/db-faults.resilience.ts', 'test/resilience/hostile-bodies.resilience.ts'];
const shared = {
  pool: 'forks' as const,
  testTimeout: 120_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    // Once for the run, also when one file runs alone (vitest always sets up the root project): the
    // run's resources, the embedded PostgreSQL without TEST_DATABASE_URL, the figures. Every project's
    // workers inherit what it sets.
    globalSetup: ['test/resilience/support/global-setup.ts'],
    projects: [
      {
        test: {
          ...shared,
          // Each shard on an in-memory database of its own.
          name: 'generated',
          include: [GENERATED],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'two at a time',
          include: ['test/resilience/**/*.resilience.ts'],
          exclude: [GENERATED, ...ALONE],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...shared,
          name: 'one at a time',
          include: ALONE,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
