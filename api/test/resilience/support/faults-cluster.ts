// A PostgreSQL 15 cluster of our own ("faults_<run>", a free port) that the fault tests may stop and start.
// The shared main cluster (5432) is never touched. CI runs as root on a fresh machine with only the
// main cluster, so the helper creates this one when it is missing; the run's cleanup removes it again
// (run-resources.ts).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where global-setup.ts puts the run's cluster (its workers and the fixture runs they start inherit it). */
export const FAULTS_CLUSTER_ENV = { name: 'SHINE_FAULTS_CLUSTER', port: 'SHINE_FAULTS_PORT' } as const;

/**
 * The run's own cluster, named after the run with a free port, so two runs on one machine never stop
 * each other's; read when used, since the global setup names it after this module is loaded.
 */
export function faultsCluster() {
  return {
    version: '15',
    name: process.env[FAULTS_CLUSTER_ENV.name] ?? 'faults',
    port: Number(process.env[FAULTS_CLUSTER_ENV.port] ?? 5433),
    password: 'postgres',
  } as const;
}

export interface ClusterStatus {
  available: boolean;
  /** Why the cluster is unavailable; tests skip with this text printed loudly. */
  reason?: string;
}

function run(command: string, args: string[], options: { asPostgres?: boolean } = {}): string {
  const [file, argv] = options.asPostgres ? ['su', ['postgres', '-c', [command, ...args].join(' ')]] : [command, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

function psql(sql: string, database = 'postgres'): string {
  return run('psql', ['-p', String(faultsCluster().port), '-d', database, '-qAtc', JSON.stringify(sql)], {
    asPostgres: true,
  });
}

export function loudNotice(lines: string[]): void {
  const bar = '!'.repeat(78);
  console.warn(`\n${bar}\n${lines.map((line) => `!!! ${line}`).join('\n')}\n${bar}\n`);
}

export function clusterExists(): boolean {
  return existsSync(`/etc/postgresql/${faultsCluster().version}/${faultsCluster().name}/postgresql.conf`);
}

export function isClusterOnline(): boolean {
  try {
    run('pg_ctlcluster', [faultsCluster().version, faultsCluster().name, 'status']);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilReady(timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      run('pg_isready', ['-q', '-h', '127.0.0.1', '-p', String(faultsCluster().port)]);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error('the faults cluster did not accept connections in time');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Makes sure the faults cluster exists, runs, has a TCP password and a fresh `database`.
 * Answers unavailable (never throws) when that cannot be done here, e.g. not root or no PostgreSQL 15.
 */
export async function ensureFaultsCluster(database: string): Promise<ClusterStatus> {
  if (process.getuid?.() !== 0) {
    return { available: false, reason: 'not running as root: cannot create or stop a PostgreSQL cluster' };
  }
  if (!existsSync(`/usr/lib/postgresql/${faultsCluster().version}/bin/postgres`)) {
    return { available: false, reason: `PostgreSQL ${faultsCluster().version} is not installed` };
  }
  try {
    if (!clusterExists()) {
      run('pg_createcluster', [faultsCluster().version, faultsCluster().name, '--port', String(faultsCluster().port)]);
    }
    if (!isClusterOnline()) run('pg_ctlcluster', [faultsCluster().version, faultsCluster().name, 'start']);
    await waitUntilReady();
    psql(`ALTER USER postgres PASSWORD '${faultsCluster().password}'`);
    psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    psql(`CREATE DATABASE ${database}`);
    return { available: true };
  } catch (error) {
    return { available: false, reason: `could not prepare the faults cluster: ${(error as Error).message}` };
  }
}

export function faultsDatabaseUrl(database: string): string {
  return `postgres://postgres:${faultsCluster().password}@127.0.0.1:${faultsCluster().port}/${database}`;
}

/** Fast shutdown: open connections are cut, as when the database host goes away. */
export function stopFaultsCluster(): void {
  run('pg_ctlcluster', [faultsCluster().version, faultsCluster().name, 'stop', '-m', 'fast']);
}

export async function startFaultsCluster(): Promise<void> {
  if (!isClusterOnline()) run('pg_ctlcluster', [faultsCluster().version, faultsCluster().name, 'start']);
  await waitUntilReady();
}

/** Stops and removes the cluster, if this machine has it and we may (the end of a run). */
export function dropFaultsCluster(): void {
  if (process.getuid?.() !== 0 || !clusterExists()) return;
  run('pg_dropcluster', [faultsCluster().version, faultsCluster().name, '--stop']);
}

export function dropFaultsDatabase(database: string): void {
  try {
    psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } catch {
    // best effort: the next run recreates it anyway
  }
}
