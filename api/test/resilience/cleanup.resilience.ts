// The resilience suite cleans up after itself: a run whose test fails, and a run
// interrupted with SIGINT, leave no server process, no temporary directory and no faults cluster
// behind. Each case runs the fixture (fixtures/starts-everything.fixture.ts) in a vitest of its own
// with the suite's global setup, then looks for what it started.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterExists, isClusterOnline } from './support/faults-cluster.ts';
import { type FixtureRun, isProcessRunning, readMarker, runFixture, whenStarted } from './support/fixture-run.ts';

const markers = mkdtempSync(path.join(tmpdir(), 'shine-resilience-cleanup-'));
afterAll(() => rmSync(markers, { recursive: true, force: true }));

interface Started {
  runDir: string;
  pid: number;
  dataDir: string;
  cluster: boolean;
}

function runCleanupFixture(mode: 'fail' | 'interrupt', marker: string): FixtureRun {
  return runFixture('test/resilience/fixtures/vitest.config.ts', {
    ...process.env,
    CLEANUP_FIXTURE_MODE: mode,
    CLEANUP_FIXTURE_MARKER: marker,
  });
}

const isRunning = (pid: number) => isProcessRunning(pid, 'src/server.ts');

function expectNothingLeft(started: Started): void {
  expect(isRunning(started.pid), 'the server process is gone').toBe(false);
  expect(existsSync(started.dataDir), 'its data directory is gone').toBe(false);
  expect(existsSync(started.runDir), "the run's directory is gone").toBe(false);
  if (started.cluster) {
    expect(isClusterOnline(), 'the faults cluster is stopped').toBe(false);
    expect(clusterExists(), 'the faults cluster is removed').toBe(false);
  }
}

describe('the resilience suite leaves nothing behind', () => {
  it('after a failing test', async () => {
    const marker = path.join(markers, 'fail.json');
    const { exited } = runCleanupFixture('fail', marker);
    expect(await exited).not.toBe(0);
    const started = readMarker<Started>(marker);
    expectNothingLeft(started);
  });

  it('after the run is interrupted with SIGINT', async () => {
    const marker = path.join(markers, 'interrupt.json');
    const { child, exited } = runCleanupFixture('interrupt', marker);
    await whenStarted(marker, exited);
    const started = readMarker<Started>(marker);
    expect(isRunning(started.pid), 'the fixture has a server running').toBe(true);
    child.kill('SIGINT');
    expect(await exited).not.toBe(0);
    expectNothingLeft(started);
  });
});
