// The bench's own PostgreSQL database (shine_bench by default): created on demand, seeded through
// `api/src/cli/seed.ts` when it holds fewer leads than asked, and the `psql \copy` export baseline.
// Everything goes through psql so that the bench needs no driver of its own.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../scripts/server-process.ts';

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres:postgres@localhost:5432/shine_bench';

/**
 * The export's default CSV columns (contact, service, status, dates, outcome), as the export selects
 * them: instants on the business's wall clock, the next visit and the newest quote by LATERAL joins.
 */
export const EXPORT_COLUMNS = [
  ...[
    'first_name',
    'last_name',
    'email',
    'phone',
    'zipcode',
    'bedrooms',
    'bathrooms',
    'cleaning_type',
    'frequency',
    'status',
    'priority',
    'source',
    'estimated_value',
  ].map((column) => `leads.${column}`),
  ...['created_at', 'updated_at', 'last_contacted_at', 'next_follow_up_at'].map(
    (column) => `to_char(leads.${column} at time zone 'America/Chicago', 'YYYY-MM-DD HH24:MI') as ${column}`,
  ),
  'leads.lost_reason',
  "to_char(next_visit.starts_at at time zone 'America/Chicago', 'YYYY-MM-DD HH24:MI') as next_visit",
  'latest_quote.status as quote_status',
];

/** The export's joins: the next visit still to come and the newest quote of each lead. */
const EXPORT_JOINS = `left join lateral (select v.starts_at from visits v
                       where v.lead_id = leads.id and v.status = 'scheduled' and v.starts_at >= now()
                       order by v.starts_at limit 1) next_visit on true
                     left join lateral (select q.status from quotes q where q.lead_id = leads.id
                       order by q.version desc limit 1) latest_quote on true`;

export function psql(databaseUrl: string, sql: string): string {
  return execFileSync('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-tAqc', sql], { encoding: 'utf8' }).trim();
}

function withDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
}

/** Creates the database when it does not exist; drops it first when `recreate`. */
export function ensureDatabase(databaseUrl: string, recreate: boolean): void {
  const name = databaseName(databaseUrl);
  if (!/^shine_bench\w*$/.test(name))
    throw new Error(`refusing to manage database "${name}": bench databases are named shine_bench*`);
  const admin = withDatabase(databaseUrl, 'postgres');
  if (recreate) psql(admin, `drop database if exists "${name}" with (force)`);
  const exists = psql(admin, `select 1 from pg_database where datname = '${name}'`) === '1';
  if (!exists) psql(admin, `create database "${name}"`);
}

export function countLeads(databaseUrl: string): number {
  const hasTable = psql(databaseUrl, `select to_regclass('public.leads') is not null`) === 't';
  return hasTable ? Number(psql(databaseUrl, 'select count(*) from leads')) : 0;
}

function withoutKey(env: NodeJS.ProcessEnv, key: string): NodeJS.ProcessEnv {
  const { [key]: _removed, ...rest } = env;
  return rest;
}

/** Runs the seed CLI (migrations, first admin from ADMIN_EMAIL/ADMIN_PASSWORD in `env`); its wall time in ms. */
export function seedLeads(databaseUrl: string, leads: number, env: NodeJS.ProcessEnv = {}): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['api/src/cli/seed.ts', '--leads', String(leads)], {
    cwd: repoRoot,
    env: { ...withoutKey(process.env, 'DATA_DIR'), ...env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`seeding failed with exit code ${result.status}`);
  return performance.now() - started;
}

/** `psql \copy (select the export's columns) to file` as CSV with a header; wall time in ms and bytes. */
export function timePsqlCopy(databaseUrl: string): { ms: number; bytes: number; rows: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'shine-bench-copy-'));
  const file = path.join(dir, 'leads.csv');
  try {
    const query = `select ${EXPORT_COLUMNS.join(', ')} from leads ${EXPORT_JOINS.replace(/\s+/g, ' ')} order by leads.created_at desc, leads.id desc`;
    const started = performance.now();
    const output = execFileSync(
      'psql',
      [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-c', `\\copy (${query}) to '${file}' with (format csv, header)`],
      {
        encoding: 'utf8',
      },
    );
    const ms = performance.now() - started;
    const rows = Number(/COPY (\d+)/.exec(output)?.[1] ?? Number.NaN);
    return { ms, bytes: statSync(file).size, rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
