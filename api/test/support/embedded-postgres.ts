// A throw-away PostgreSQL server for a test run on a machine that has none configured: the
// `embedded-postgres` package's platform package ships the server binaries (bin/, lib/, share/). It
// listens on 127.0.0.1 at a free port, keeps its data and its socket in one temporary directory, and is
// stopped and deleted at the end of the run, also when the run fails or is interrupted (SIGINT,
// SIGTERM, SIGHUP).
//
// PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user (created when
// missing). That user may not be able to enter the checkout (a clone in root's 0700 home), so as root
// the binaries run from a copy in the run's own temporary directory, which is removed with the data.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort } from './free-port.ts';
import { reportNotStarted } from './not-started.ts';

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

/** What a reader can do when the server cannot start: the line ends every start failure. */
export const EMBEDDED_POSTGRES_REMEDY =
  'To run these tests, set TEST_DATABASE_URL to a PostgreSQL server of your own (README, "PostgreSQL"), or reinstall the binaries (pnpm install --force).';

/** Why the server did not start, in one line, with what to do. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
  constructor(reason: string) {
    super(`The embedded PostgreSQL server did not start: ${reason.replace(/\.$/, '')}. ${EMBEDDED_POSTGRES_REMEDY}`);
  }
}

/** The platform package's `native/` folder (bin/, lib/, share/). */
export function shippedBinaries(): string {
  const fromApi = createRequire(import.meta.url);
  const fromLauncher = createRequire(fromApi.resolve('embedded-postgres'));
  const entry = fromLauncher.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.resolve(path.dirname(entry), '..', 'native');
}

/** The binaries to run: tests point SHINE_EMBEDDED_POSTGRES_NATIVE at a planted copy (a private folder, an unreadable binary). */
function packagedBinaries(): string {
  return process.env.SHINE_EMBEDDED_POSTGRES_NATIVE || shippedBinaries();
}

interface RunAs {
  uid: number;
  gid: number;
}

function idOf(flag: '-u' | '-g'): number | undefined {
  const result = spawnSync('id', [flag, USER], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim()) : undefined;
}

/** As root: the `postgres` user, created when the machine has none (as a fresh Debian has not). */
function postgresUser(): RunAs {
  if (idOf('-u') === undefined) {
    spawnSync('groupadd', ['--system', USER]);
    const made = spawnSync('useradd', ['--system', '--gid', USER, '--no-create-home', USER], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`could not create the ${USER} user to run it as: ${made.stderr.trim()}`);
  }
  const uid = idOf('-u');
  const gid = idOf('-g');
  if (uid === undefined || gid === undefined) throw new Error(`no ${USER} user to run it as`);
  return { uid, gid };
}

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
function removeOnExit(dir: string, dataDir: string, serverPid: () => number | undefined): () => void {
  let done = false;
  const removeNow = () => {
    if (done) return;
    done = true;
    const pid = serverPid();
    if (pid !== undefined) {
      try {
        process.kill(pid, 'SIGQUIT');
        waitForExit(dataDir, 10_000);
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

/** The line of a failed program's output that says why: its error, else its last line. */
function whyItFailed(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.find((line) => /error|fatal|could not|denied|not found/i.test(line)) ?? lines.at(-1) ?? 'no output';
}

/**
 * Whether the user the server runs as can run each binary, checked before anything else so that a
 * failure names the file and the cause (the library's own spawn crashed the run with EACCES instead).
 */
function checkRunnable({ shipped, native }: Binaries, runAs: RunAs | undefined): void {
  for (const name of ['initdb', 'postgres']) {
    const binary = path.join(native, 'bin', name);
    const result = spawnSync(binary, ['--version'], { ...runAs, encoding: 'utf8' });
    const who = runAs ? `the ${USER} user` : 'this user';
    const copied = native === shipped ? '' : ', run from a copy in a temporary folder';
    if (result.error) {
      const code = (result.error as NodeJS.ErrnoException).code;
      throw new Error(`${who} cannot run ${path.join(shipped, 'bin', name)} (${code}${copied})`);
    }
    if (result.status !== 0) throw new Error(`${binary} --version failed: ${whyItFailed(result.stderr)}`);
  }
}

/** Runs a binary to its end; rejects with its output when it fails or cannot be run at all. */
function runToEnd(binary: string, args: string[], runAs: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { ...runAs, env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', (error) => reject(new Error(`${path.basename(binary)} could not be run: ${error.message}`)));
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(binary)} failed (${code}): ${whyItFailed(output)}`)),
    );
  });
}

/** Starts the server and resolves once it accepts connections; rejects when it exits first. */
function startServer(binary: string, args: string[], runAs: RunAs | undefined, log: string[]): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { ...runAs, env: { ...process.env, LC_ALL: 'C' } });
    const onExit = (code: number | null) =>
      reject(new Error(`the server exited (${code}): ${whyItFailed(log.join(''))}`));
    child.once('error', (error) => reject(new Error(`postgres could not be run: ${error.message}`)));
    child.once('exit', onExit);
    child.stdout.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      const message = chunk.toString();
      log.push(message);
      if (message.includes('database system is ready to accept connections')) {
        child.off('exit', onExit);
        resolve(child);
      }
    });
  });
}

/** The binaries as shipped, and where they run from. */
interface Binaries {
  shipped: string;
  native: string;
}

/** The server's binaries as the user it runs as can reach them: as root, a copy in `dir`. */
function binariesFor(dir: string, runAs: RunAs | undefined): Binaries {
  const shipped = packagedBinaries();
  if (runAs === undefined) return { shipped, native: shipped };
  const native = path.join(dir, 'native');
  cpSync(shipped, native, { recursive: true, verbatimSymlinks: true });
  return { shipped, native };
}

/** Stopped with a fast shutdown (SIGINT), waited for, and its directory deleted. */
async function stopServer(server: ChildProcess | undefined, dataDir: string): Promise<void> {
  if (server?.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGINT');
    await exited;
  }
  waitForExit(dataDir, 10_000);
}

export async function startEmbeddedPostgres(database: string): Promise<EmbeddedPostgresServer> {
  // Everything of this server in one directory: the binaries' copy (as root), the data, the socket.
  const dir = mkdtempSync(path.join(tmpdir(), 'shine-postgres-'));
  const dataDir = path.join(dir, 'data');
  let server: ChildProcess | undefined;
  const forget = removeOnExit(dir, dataDir, () => server?.pid);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopServer(server, dataDir);
    forget();
    rmSync(dir, { recursive: true, force: true });
  };
  const log: string[] = [];
  try {
    const runAs = userInfo().uid === 0 ? postgresUser() : undefined;
    // As root the server runs as another user, who must be able to reach the directory it is given.
    if (runAs) chmodSync(dir, 0o755);
    const binaries = binariesFor(dir, runAs);
    checkRunnable(binaries, runAs);
    const { native } = binaries;
    mkdirSync(dataDir, { mode: 0o700 });
    const passwordFile = path.join(dir, 'password');
    writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
    if (runAs) {
      chownSync(dataDir, runAs.uid, runAs.gid);
      chownSync(passwordFile, runAs.uid, runAs.gid);
    }
    await runToEnd(
      path.join(native, 'bin', 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=password',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
        '--no-sync',
      ],
      runAs,
    );
    rmSync(passwordFile);
    const port = await findFreePort();
    server = await startServer(
      path.join(native, 'bin', 'postgres'),
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${dataDir}`,
      ],
      runAs,
      log,
    );
    const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
    await client.connect();
    try {
      await client.query(`create database ${client.escapeIdentifier(database)}`);
      const { rows } = await client.query<{ server_version: string }>('show server_version');
      return {
        url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
        version: `PostgreSQL ${rows[0]?.server_version ?? '?'}`,
        stop,
      };
    } finally {
      await client.end();
    }
  } catch (error) {
    await stop();
    const reason = (error as Error | undefined)?.message ?? 'it exited';
    const failure = new EmbeddedPostgresError(reason.split('\n')[0] ?? reason);
    reportNotStarted(failure);
    throw failure;
  }
}
