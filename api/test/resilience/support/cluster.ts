// Several API processes on one PostgreSQL database behind a real HAProxy running the repository's own
// configuration (deploy/haproxy.cfg), for cluster.resilience.ts and `pnpm bench --cluster`.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { findFreePort } from '../../support/free-port.ts';
import { trackDatabase, trackProcess } from './run-resources.ts';
import { REPO_ROOT, type ServerProcess, startServer, stopServer } from './server-process.ts';

export const HAPROXY_CONFIG = path.join(REPO_ROOT, 'deploy/haproxy.cfg');
/** The configuration has three `server` lines. */
export const CLUSTER_SIZE = 3;

/** Why HAProxy cannot run here, or undefined when it can. */
export function haproxyMissing(): string | undefined {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'haproxy is not installed';
  }
}

/**
 * A fresh database on the PostgreSQL server of TEST_DATABASE_URL, or on the embedded server the
 * resilience run starts without it (global-setup.ts); dropped by the run's cleanup.
 */
export async function createClusterDatabase(name: string): Promise<string> {
  const admin = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@localhost:5432/postgres');
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end().catch(() => {});
  }
  admin.pathname = `/${name}`;
  trackDatabase(admin.toString());
  return admin.toString();
}

export interface Cluster {
  /** HAProxy's address: what clients use. */
  baseUrl: string;
  servers: ServerProcess[];
  /**
   * SIGKILL, as the OOM killer or a pulled plug would; answers the instant the process was gone.
   * Until then it may still accept connections into its listen queue: those requests fail with it.
   */
  kill: (index: number) => Promise<number>;
  /** Starts the process again on its port (HAProxy's health check brings it back). */
  restart: (index: number) => Promise<void>;
  stop: () => Promise<void>;
}

async function waitForHaproxy(baseUrl: string, haproxy: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let healthyInARow = 0;
  // Every process up behind it: round robin answers 200 this many times in a row.
  while (healthyInARow < CLUSTER_SIZE * 2) {
    if (haproxy.exitCode !== null) throw new Error(`haproxy exited:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`haproxy did not answer in time:\n${output()}`);
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) })
      .then((response) => response.status === 200)
      .catch(() => false);
    healthyInARow = ok ? healthyInARow + 1 : 0;
    if (!ok) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts CLUSTER_SIZE API processes on `databaseUrl` (the first alone, so that it migrates), then
 * HAProxy in front of them. The processes trust one proxy hop, as in production.
 */
export async function startCluster(databaseUrl: string, env: Record<string, string>): Promise<Cluster> {
  const ports = await Promise.all(Array.from({ length: CLUSTER_SIZE }, () => findFreePort()));
  const serverEnv = { DATABASE_URL: databaseUrl, TRUST_PROXY: '1', ...env };
  const servers: ServerProcess[] = [await startServer({ env: serverEnv, port: ports[0] })];
  servers.push(...(await Promise.all(ports.slice(1).map((port) => startServer({ env: serverEnv, port })))));

  const lbPort = await findFreePort();
  const haproxy = spawn('haproxy', ['-db', '-f', HAPROXY_CONFIG], {
    env: {
      PATH: process.env.PATH ?? '',
      SHINE_LB_BIND: `127.0.0.1:${lbPort}`,
      ...Object.fromEntries(ports.map((port, i) => [`SHINE_API_${i + 1}`, `127.0.0.1:${port}`])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (haproxy.pid !== undefined) trackProcess(haproxy.pid);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  haproxy.stdout?.on('data', keep);
  haproxy.stderr?.on('data', keep);
  const haproxyExited = new Promise<void>((resolve) => haproxy.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${lbPort}`;
  try {
    await waitForHaproxy(baseUrl, haproxy, () => output);
  } catch (error) {
    haproxy.kill('SIGKILL');
    await Promise.all(servers.map((server) => stopServer(server)));
    throw error;
  }

  return {
    baseUrl,
    servers,
    kill: async (index) => {
      const server = servers[index] as ServerProcess;
      server.child.kill('SIGKILL');
      await server.exited;
      return Date.now();
    },
    restart: async (index) => {
      servers[index] = await startServer({ env: serverEnv, port: ports[index] });
    },
    stop: async () => {
      haproxy.kill('SIGTERM');
      await haproxyExited;
      await Promise.all(servers.map((server) => stopServer(server)));
    },
  };
}
