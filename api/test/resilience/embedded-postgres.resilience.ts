// The throw-away PostgreSQL server the API suite starts when TEST_DATABASE_URL is unset
// (test/support/embedded-postgres.ts) leaves nothing behind: not after a run that passes, not after one
// that fails, not after one interrupted with SIGINT or SIGTERM. Each case runs the fixture
// (fixtures/embedded-postgres/) in a vitest of its own with the PostgreSQL global setup, then looks
// for the server process and its directory.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
