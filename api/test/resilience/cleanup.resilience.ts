// The resilience suite cleans up after itself (issue 20, item 6): a run whose test fails, and a run
// interrupted with SIGINT, leave no server process, no temporary directory and no faults cluster
// behind. Each case runs the fixture (fixtures/starts-everything.fixture.ts) in a vitest of its own
// with the suite's global setup, then looks for what it started.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isClusterOnline } from './support/faults-cluster.ts';
import { API_DIR } from './support/server-process.ts';

const markers = mkdtempSync(path.join(tmpdir(), 'shine-resilience-cleanup-'));
afterAll(() => rmSync(markers, { recursive: true, force: true }));

interface Started {
  runDir: string;
  pid: number;
  dataDir: string;
  cluster: boolean;
}

function runFixture(
  mode: 'fail' | 'interrupt',
  marker: string,
): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(
    process.execPath,
    [path.join(API_DIR, 'node_modules/vitest/vitest.mjs'), 'run', '-c', 'test/resilience/fixtures/vitest.config.ts'],
    {
      cwd: API_DIR,
      env: { ...process.env, CLEANUP_FIXTURE_MODE: mode, CLEANUP_FIXTURE_MARKER: marker },
      stdio: 'ignore',
    },
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))),
  );
  return { child, exited };
}

/** Resolves once the fixture has written its marker (it has started everything), or the run ended. */
async function whenStarted(marker: string, exited: Promise<number | null>): Promise<void> {
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  while (!existsSync(marker) && !ended) await new Promise((resolve) => setTimeout(resolve, 100));
}

function isRunning(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('src/server.ts');
  } catch {
    return false;
  }
}

function expectNothingLeft(started: Started): void {
  expect(isRunning(started.pid), 'the server process is gone').toBe(false);
  expect(existsSync(started.dataDir), 'its data directory is gone').toBe(false);
  expect(existsSync(started.runDir), "the run's directory is gone").toBe(false);
  if (started.cluster) {
    expect(isClusterOnline(), 'the faults cluster is stopped').toBe(false);
    expect(existsSync('/etc/postgresql/15/faults'), 'the faults cluster is removed').toBe(false);
  }
}

describe('the resilience suite leaves nothing behind', () => {
  it('after a failing test', async () => {
    const marker = path.join(markers, 'fail.json');
    const { exited } = runFixture('fail', marker);
    expect(await exited).not.toBe(0);
    const started = JSON.parse(readFileSync(marker, 'utf8')) as Started;
    expectNothingLeft(started);
  });

  it('after the run is interrupted with SIGINT', async () => {
    const marker = path.join(markers, 'interrupt.json');
    const { child, exited } = runFixture('interrupt', marker);
    await whenStarted(marker, exited);
    const started = JSON.parse(readFileSync(marker, 'utf8')) as Started;
    expect(isRunning(started.pid), 'the fixture has a server running').toBe(true);
    child.kill('SIGINT');
    expect(await exited).not.toBe(0);
    expectNothingLeft(started);
  });
});
