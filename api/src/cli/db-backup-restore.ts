// Backup and restore of either database: `pnpm db:backup` and `pnpm db:restore`.
// - PostgreSQL: pg_dump's custom format, restored with pg_restore. The client tools must be the
//   server's major version (a newer pg_dump writes archives an older pg_restore cannot read, an older
//   one refuses a newer server), so the matching /usr/lib/postgresql/<major>/bin is preferred.
// - Embedded PGlite: a gzipped tarball of the whole data directory (PGlite's dumpDataDir), restored
//   into a fresh directory; the directory it replaces is kept beside it. PGlite allows one process
//   per directory, so the server must be stopped for both.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';

export type BackupTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** Where the server keeps its data, read from the environment exactly as the server reads it. */
export function resolveBackupTarget(config: Pick<Config, 'databaseUrl' | 'dataDir'>): BackupTarget {
  if (config.databaseUrl) return { kind: 'postgres', url: config.databaseUrl };
  if (config.dataDir.startsWith('memory://')) throw new Error('DATA_DIR is an in-memory database: nothing to back up');
  return { kind: 'pglite', dataDir: config.dataDir };
}

function describeTarget(target: BackupTarget): string {
  if (target.kind === 'pglite') return `embedded database ${target.dataDir}`;
  const url = new URL(target.url);
  return `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

async function serverMajorVersion(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ server_version_num: string }>('show server_version_num');
    return Math.floor(Number(result.rows[0]?.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

function clientMajorVersion(binary: string): number | undefined {
  try {
    const text = execFileSync(binary, ['--version'], { encoding: 'utf8' });
    const match = /(\d+)(?:\.\d+)?/.exec(text.replace(/^[^)]*\)/, ''));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** pg_dump / pg_restore of the server's major version, or a clear error saying what to install. */
export async function findPgTool(tool: 'pg_dump' | 'pg_restore', url: string): Promise<string> {
  const major = await serverMajorVersion(url);
  const candidates = [`/usr/lib/postgresql/${major}/bin/${tool}`, tool];
  for (const candidate of candidates) {
    if (candidate.startsWith('/') && !existsSync(candidate)) continue;
    if (clientMajorVersion(candidate) === major) return candidate;
  }
  throw new Error(
    `${tool} for PostgreSQL ${major} was not found (the client must match the server's major version). ` +
      `Install postgresql-client-${major}.`,
  );
}

function assertPgliteStopped(dataDir: string): void {
  // PGlite writes postmaster.pid while a process has the directory open and removes it on close.
  // After a crash the file stays behind: then pass --force once you know no server is running.
  if (existsSync(path.join(dataDir, 'postmaster.pid')) && !process.argv.includes('--force')) {
    throw new Error(
      `${dataDir} is in use (postmaster.pid exists): stop the server first. ` +
        'If no server is running (it crashed), run again with --force.',
    );
  }
}

export async function backupDatabase(target: BackupTarget, file: string): Promise<string> {
  if (target.kind === 'postgres') {
    const pgDump = await findPgTool('pg_dump', target.url);
    execFileSync(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, target.url], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  } else {
    if (!existsSync(path.join(target.dataDir, 'PG_VERSION'))) {
      throw new Error(`${target.dataDir} holds no embedded database`);
    }
    assertPgliteStopped(target.dataDir);
    const db = new PGlite(target.dataDir);
    try {
      // dumpDataDir on an instance still starting never settles.
      await db.waitReady;
      const archive = await db.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
    } finally {
      await db.close();
    }
  }
  return `Backed up ${describeTarget(target)} to ${file} (${statSync(file).size} bytes)`;
}

export async function restoreDatabase(target: BackupTarget, file: string): Promise<string> {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  const isGzip = readFileSync(file)
    .subarray(0, 2)
    .equals(Buffer.from([0x1f, 0x8b]));
  if (target.kind === 'postgres') {
    if (isGzip) throw new Error(`${file} is an embedded-database backup; unset DATABASE_URL to restore it`);
    const pgRestore = await findPgTool('pg_restore', target.url);
    // One transaction: a restore that fails half-way leaves the database as it was.
    execFileSync(
      pgRestore,
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        `--dbname=${target.url}`,
        file,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    return `Restored ${describeTarget(target)} from ${file}`;
  }
  if (!isGzip) throw new Error(`${file} is not an embedded-database backup (set DATABASE_URL for a pg_dump archive)`);
  let keptAside = '';
  if (existsSync(target.dataDir)) {
    assertPgliteStopped(target.dataDir);
    keptAside = `${target.dataDir}.before-restore-${new Date().toISOString().replaceAll(/[:.]/g, '-')}`;
    renameSync(target.dataDir, keptAside);
  }
  try {
    const archive = new Blob([readFileSync(file)], { type: 'application/x-gzip' });
    const db = new PGlite(target.dataDir, { loadDataDir: archive });
    await db.waitReady;
    await db.query('select 1');
    await db.close();
  } catch (error) {
    rmSync(target.dataDir, { recursive: true, force: true });
    if (keptAside) renameSync(keptAside, target.dataDir);
    throw error;
  }
  return `Restored ${describeTarget(target)} from ${file}${keptAside ? `; the previous data is kept in ${keptAside}` : ''}`;
}
