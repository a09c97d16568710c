// What a resilience run starts, and how all of it goes away at the end: server
// processes, temporary directories, databases and the "faults" PostgreSQL cluster. Tests register what
// they start in the run's directory (made by global-setup.ts); the global teardown, and a signal
// handler when the run is interrupted, remove everything registered, also after a failed test or a
// worker that was killed before its afterAll ran. Everything here is synchronous so that it can run
// inside a signal or exit handler.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropFaultsCluster } from './faults-cluster.ts';

export const RUN_DIR_ENV = 'RESILIENCE_RUN_DIR';
const PIDS_FILE = 'pids';
const DATABASES_FILE = 'databases';

/** The run's directory; a test file run on its own (no global setup) gets one of its own. */
export function runDir(): string {
  let dir = process.env[RUN_DIR_ENV];
  if (!dir) {
    dir = mkdtempSync(path.join(tmpdir(), 'shine-resilience-run-'));
    process.env[RUN_DIR_ENV] = dir;
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A temporary directory inside the run's directory: removed with it. */
export function makeTempDir(prefix: string): string {
  return mkdtempSync(path.join(runDir(), `${prefix}-`));
}

const ownProcesses = new Set<number>();
let exitHookInstalled = false;

/** A process this worker started: killed when the worker exits, and by the run's cleanup. */
export function trackProcess(pid: number): void {
  appendFileSync(path.join(runDir(), PIDS_FILE), `${pid}\n`);
  ownProcesses.add(pid);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const own of ownProcesses) killIfServer(own);
    });
  }
}

/** A database a test created on a server that outlives the run (dropped by the run's cleanup). */
export function trackDatabase(url: string): void {
  appendFileSync(path.join(runDir(), DATABASES_FILE), `${url}\n`);
}

function lines(file: string): string[] {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

/** SIGKILL, but only if the pid is still one of our server processes or load balancers (pids are reused). */
function killIfServer(pid: number): boolean {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!command.includes('src/server.ts') && !command.includes('deploy/haproxy.cfg')) return false;
    process.kill(pid, 'SIGKILL');
    return true;
  } catch {
    return false; // gone already
  }
}

function dropDatabase(url: string): void {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  target.pathname = '/postgres';
  try {
    execFileSync('psql', [target.toString(), '-qAtc', `drop database if exists "${name}" with (force)`], {
      stdio: 'ignore',
      timeout: 30_000,
    });
  } catch {
    // the server is gone: so is the database, as far as this run is concerned
  }
}

export interface CleanupReport {
  /** Server processes still running at the end (a test that did not stop its own). */
  processesKilled: number;
  databasesDropped: number;
}

/** Removes everything the run registered, then the run's directory and the faults cluster. */
export function cleanUpRun(dir: string): CleanupReport {
  const killed = lines(path.join(dir, PIDS_FILE)).map(Number).filter(killIfServer);
  const databases = [...new Set(lines(path.join(dir, DATABASES_FILE)))];
  for (const url of databases) dropDatabase(url);
  dropFaultsCluster();
  rmSync(dir, { recursive: true, force: true });
  return { processesKilled: killed.length, databasesDropped: databases.length };
}
