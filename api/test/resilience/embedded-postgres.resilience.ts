// The throw-away PostgreSQL server the API suite starts when TEST_DATABASE_URL is unset
// (test/support/embedded-postgres.ts) leaves nothing behind: not after a run that passes, not after one
// that fails, not after one interrupted with SIGINT or SIGTERM. Each case runs the fixture
// (fixtures/embedded-postgres/) in a vitest of its own with the PostgreSQL global setup, then looks
// for the server process and its directory. It also starts from binaries in a private folder, and says
// in one line why when it cannot (docs/testing.md, "A newcomer's run").
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shippedBinaries } from '../support/embedded-postgres.ts';
import { type FixtureRun, isProcessRunning, readMarker, runFixture, whenStarted } from './support/fixture-run.ts';

const markers = mkdtempSync(path.join(tmpdir(), 'shine-embedded-postgres-check-'));
afterAll(() => rmSync(markers, { recursive: true, force: true }));

type Mode = 'pass' | 'fail' | 'interrupt';

interface Started {
  dataDir: string;
  pid: number;
}

function runEmbeddedFixture(mode: Mode, marker: string): FixtureRun {
  const { TEST_DATABASE_URL: _own, ...env } = process.env;
  return runFixture('test/resilience/fixtures/embedded-postgres/vitest.config.ts', {
    ...env,
    EMBEDDED_FIXTURE_MODE: mode,
    EMBEDDED_FIXTURE_MARKER: marker,
  });
}

const isPostgres = (pid: number) => isProcessRunning(pid, 'postgres');

function expectNothingLeft(started: Started): void {
  expect(isPostgres(started.pid), 'the server process is gone').toBe(false);
  expect(existsSync(started.dataDir), 'its directory is gone').toBe(false);
}

describe('the embedded PostgreSQL server of the API suite leaves nothing behind', () => {
  for (const mode of ['pass', 'fail'] as const) {
    it(`after a run that ${mode === 'pass' ? 'passes' : 'fails'}`, async () => {
      const marker = path.join(markers, `${mode}.json`);
      const { exited } = runEmbeddedFixture(mode, marker);
      const code = await exited;
      if (mode === 'pass') expect(code).toBe(0);
      else expect(code).not.toBe(0);
      expectNothingLeft(readMarker<Started>(marker));
    });
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`after the run is interrupted with ${signal}`, async () => {
      const marker = path.join(markers, `${signal}.json`);
      const { child, exited } = runEmbeddedFixture('interrupt', marker);
      await whenStarted(marker, exited);
      const started = readMarker<Started>(marker);
      expect(isPostgres(started.pid), 'the fixture has a server running').toBe(true);
      child.kill(signal);
      expect(await exited).not.toBe(0);
      expectNothingLeft(started);
    });
  }
});

/**
 * A run of the fixture on planted binaries (SHINE_EMBEDDED_POSTGRES_NATIVE), with its own temporary
 * folder (TMPDIR, readable by the `postgres` user a root run starts the server as), so that what the
 * server's run folder leaves behind can be seen apart from every other run's.
 */
function runOnPlanted(native: string, marker: string): FixtureRun & { tmp: string; notStarted: string } {
  const tmp = mkdtempSync(path.join(markers, 'tmp-'));
  chmodSync(markers, 0o755);
  chmodSync(tmp, 0o755);
  const notStarted = path.join(markers, `${path.basename(marker)}.not-started`);
  const { TEST_DATABASE_URL: _own, ...env } = process.env;
  const run = runFixture('test/resilience/fixtures/embedded-postgres/vitest.config.ts', {
    ...env,
    TMPDIR: tmp,
    SHINE_EMBEDDED_POSTGRES_NATIVE: native,
    SHINE_NOT_STARTED_FILE: notStarted,
    EMBEDDED_FIXTURE_MODE: 'pass',
    EMBEDDED_FIXTURE_MARKER: marker,
  });
  return { ...run, tmp, notStarted };
}

/** A copy of the package's binaries in a folder of mode 0700, as a clone in root's home has them. */
function privateCopy(name: string): string {
  const folder = path.join(markers, name);
  mkdirSync(folder, { mode: 0o700 });
  chmodSync(folder, 0o700);
  const native = path.join(folder, 'native');
  cpSync(shippedBinaries(), native, { recursive: true, verbatimSymlinks: true });
  return native;
}

const serverFolders = (tmp: string) => readdirSync(tmp).filter((entry) => entry.startsWith('shine-postgres-'));

describe('the embedded PostgreSQL server starts wherever the checkout is', () => {
  it('from binaries in a private folder (0700), as root or not, and removes its whole run folder', async () => {
    const marker = path.join(markers, 'private.json');
    const run = runOnPlanted(privateCopy('private'), marker);
    expect(await run.exited, run.output()).toBe(0);
    const started = readMarker<Started>(marker);
    expectNothingLeft(started);
    expect(existsSync(path.dirname(started.dataDir)), 'the run folder (binaries copy, data) is gone').toBe(false);
    expect(serverFolders(run.tmp)).toEqual([]);
  });

  it('says in one clear line why it did not start, before any test, when its binary cannot be run', async () => {
    const native = privateCopy('unrunnable');
    chmodSync(path.join(native, 'bin', 'postgres'), 0o000);
    chmodSync(path.join(native, 'bin', 'initdb'), 0o000);
    const marker = path.join(markers, 'unrunnable.json');
    const run = runOnPlanted(native, marker);
    expect(await run.exited).not.toBe(0);
    await run.closed;
    const line = /^The embedded PostgreSQL server did not start: .+ TEST_DATABASE_URL .+$/m;
    expect(run.output()).toMatch(line);
    expect(run.output()).toMatch(/cannot run .*bin\/(initdb|postgres) \(EACCES/);
    expect(readFileSync(run.notStarted, 'utf8')).toMatch(line);
    expect(existsSync(marker), 'no test ran').toBe(false);
    expect(serverFolders(run.tmp), 'its run folder is removed').toEqual([]);
  });
});
