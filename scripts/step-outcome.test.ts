// How `pnpm test` tells a suite that never ran a test from one with failing tests.
//
//   pnpm exec node --test scripts/step-outcome.test.ts
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  countPlaywrightFiles,
  countVitestFiles,
  didNotStart,
  notStartedCounts,
  notStartedLine,
  notStartedReason,
  outcome,
} from './step-outcome.ts';

describe('a step that did not start', () => {
  it('is a failed run that left no report, or a report without one test', () => {
    assert.equal(didNotStart(1, undefined), true);
    assert.equal(didNotStart(1, { passed: 0, failed: 0, skipped: 0 }), true);
  });

  it('is not a run with failing tests, a run that passed, or one whose tests were all skipped', () => {
    assert.equal(didNotStart(1, { passed: 10, failed: 1, skipped: 0 }), false);
    assert.equal(didNotStart(1, { passed: 0, failed: 0, skipped: 3 }), false);
    assert.equal(didNotStart(0, undefined), false);
    assert.equal(didNotStart(0, { passed: 0, failed: 0, skipped: 0 }), false);
  });

  it('gives the reason its global setup left, first line only', () => {
    const left = 'The embedded PostgreSQL server did not start: initdb: permission denied.\nstack…\n';
    assert.equal(notStartedReason(left, 1), 'The embedded PostgreSQL server did not start: initdb: permission denied.');
  });

  it('falls back to the runner’s exit status when nothing was left', () => {
    assert.match(notStartedReason(undefined, 3), /exited with status 3 before any test ran/);
    assert.match(notStartedReason('  \n', 1), /exited with status 1/);
  });

  it('counts every test file it would have run as failed, never as one', () => {
    assert.deepEqual(notStartedCounts({ reason: 'r', files: 138 }), { passed: 0, failed: 138, skipped: 0 });
    assert.deepEqual(notStartedCounts({ reason: 'r', files: 0 }), { passed: 0, failed: 1, skipped: 0 });
  });

  it('is said in one line naming the step, the reason and the files', () => {
    assert.equal(
      notStartedLine('api: resilience', { reason: 'no server', files: 11 }),
      'api: resilience did not start: no server — its 11 test files did not run, counted as 11 failed',
    );
    assert.match(notStartedLine('e2e', { reason: 'x', files: 1 }), /its 1 test file did not run/);
    assert.match(notStartedLine('e2e', { reason: 'x', files: 0 }), /could not be listed, counted as 1 failed/);
  });

  it('shows as "did not start" in the table, apart from failed, skipped and passed steps', () => {
    const notStarted = { reason: 'r', files: 2 };
    assert.equal(outcome(notStartedCounts(notStarted), notStarted), 'did not start');
    assert.equal(outcome({ passed: 5, failed: 1, skipped: 0 }, undefined), 'failed');
    assert.equal(outcome({ passed: 0, failed: 0, skipped: 1 }, undefined), 'skipped');
    assert.equal(outcome({ passed: 5, failed: 0, skipped: 1 }, undefined), 'passed');
  });
});

describe('listing what did not run', () => {
  it('counts vitest’s listed files, one entry per file and project', () => {
    const listing = JSON.stringify([
      { file: '/r/api/src/a.test.ts', projectName: 'unit' },
      { file: '/r/api/test/b.test.ts', projectName: 'pglite' },
      { file: '/r/api/test/b.test.ts', projectName: 'postgres' },
    ]);
    assert.equal(countVitestFiles(listing), 3);
    assert.equal(countVitestFiles('{}'), 0);
  });

  it('counts Playwright’s listed spec files, its top-level suites', () => {
    const listing = JSON.stringify({
      suites: [
        { title: 'a.spec.ts', specs: [{ tests: [{}, {}] }] },
        { title: 'b.spec.ts', suites: [{ title: 'd', specs: [{ tests: [{}] }] }] },
      ],
    });
    assert.equal(countPlaywrightFiles(listing), 2);
    assert.equal(countPlaywrightFiles('{}'), 0);
  });

  it('throws on a listing that is not JSON, so the step counts as one failure', () => {
    assert.throws(() => countVitestFiles(' WARN Unsupported engine'));
  });
});
