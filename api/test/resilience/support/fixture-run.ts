// Runs a fixture in a vitest of its own, as the cleanup checks need: they interrupt or fail a run and
// then look for what it started. The fixture writes a marker file (JSON) once it has started
// everything; the checks read what to look for from it.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_DIR } from './server-process.ts';

export interface FixtureRun {
  child: ChildProcess;
  /** The exit code; 128 when a signal ended the run. */
  exited: Promise<number | null>;
  /** Resolves once the run has exited and its output is closed: all of it read. */
  closed: Promise<void>;
  /** What the run printed so far (stdout and stderr). */
  output: () => string;
}

/** Starts `vitest run -c <config>` in the API folder with the given environment. */
export function runFixture(config: string, env: NodeJS.ProcessEnv): FixtureRun {
  const child = spawn(process.execPath, [path.join(API_DIR, 'node_modules/vitest/vitest.mjs'), 'run', '-c', config], {
    cwd: API_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))),
  );
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return { child, exited, closed, output: () => output };
}

/** Resolves once the fixture has written its marker (it has started everything), or the run ended. */
export async function whenStarted(marker: string, exited: Promise<number | null>): Promise<void> {
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  while (!existsSync(marker) && !ended) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** What the fixture wrote into its marker. */
export function readMarker<T>(marker: string): T {
  return JSON.parse(readFileSync(marker, 'utf8')) as T;
}

/** Whether a process runs whose command line contains `needle` (Linux /proc). */
export function isProcessRunning(pid: number, needle: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle);
  } catch {
    return false;
  }
}
