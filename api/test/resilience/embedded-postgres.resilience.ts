// The throw-away PostgreSQL server the API suite starts when TEST_DATABASE_URL is unset
// (test/support/embedded-postgres.ts) leaves nothing behind: not after a run that passes, not after one
// that fails, not after one interrupted with SIGINT or SIGTERM. Each case runs the fixture
// (fixtures/embedded-postgres/) in a vitest of its own with the PostgreSQL global setup, then looks
// for the server process and its directory.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_DIR } from './support/server-process.ts';

const markers = mkdtempSync(path.join(tmpdir(), 'shine-embedded-postgres-check-'));
afterAll(() => rmSync(markers, { recursive: true, force: true }));

type Mode = 'pass' | 'fail' | 'interrupt';

interface Started {
  dataDir: string;
  pid: number;
}

function runFixture(mode: Mode, marker: string): { child: ChildProcess; exited: Promise<number | null> } {
  const { TEST_DATABASE_URL: _own, ...env } = process.env;
  const child = spawn(
    process.execPath,
    [
      path.join(API_DIR, 'node_modules/vitest/vitest.mjs'),
      'run',
      '-c',
      'test/resilience/fixtures/embedded-postgres/vitest.config.ts',
    ],
    { cwd: API_DIR, env: { ...env, EMBEDDED_FIXTURE_MODE: mode, EMBEDDED_FIXTURE_MARKER: marker }, stdio: 'ignore' },
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))),
  );
  return { child, exited };
}

/** Resolves once the fixture has written its marker (the server runs), or the run ended. */
async function whenStarted(marker: string, exited: Promise<number | null>): Promise<void> {
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  while (!existsSync(marker) && !ended) await new Promise((resolve) => setTimeout(resolve, 100));
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return false;
  }
}

function expectNothingLeft(started: Started): void {
  expect(isPostgres(started.pid), 'the server process is gone').toBe(false);
  expect(existsSync(started.dataDir), 'its directory is gone').toBe(false);
}

describe('the embedded PostgreSQL server of the API suite leaves nothing behind', () => {
  for (const mode of ['pass', 'fail'] as const) {
    it(`after a run that ${mode === 'pass' ? 'passes' : 'fails'}`, async () => {
      const marker = path.join(markers, `${mode}.json`);
      const { exited } = runFixture(mode, marker);
      const code = await exited;
      if (mode === 'pass') expect(code).toBe(0);
      else expect(code).not.toBe(0);
      expectNothingLeft(JSON.parse(readFileSync(marker, 'utf8')) as Started);
    });
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`after the run is interrupted with ${signal}`, async () => {
      const marker = path.join(markers, `${signal}.json`);
      const { child, exited } = runFixture('interrupt', marker);
      await whenStarted(marker, exited);
      const started = JSON.parse(readFileSync(marker, 'utf8')) as Started;
      expect(isPostgres(started.pid), 'the fixture has a server running').toBe(true);
      child.kill(signal);
      expect(await exited).not.toBe(0);
      expectNothingLeft(started);
    });
  }
});
