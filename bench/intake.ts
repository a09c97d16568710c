// `pnpm bench --intake`: quote intake against the database's own limit. The API's
// POST /api/leads (a new visitor each request, durable commit) and pgbench running the same
// statements (bench/intake.pgbench.sql, captured from a real request) at the same concurrency on the
// same PostgreSQL, in alternating rounds so both see the same background load. The rows both make are
// deleted afterwards. Writes bench/results/intake.json.
//
//   pnpm bench --intake [--duration 10] [--rounds 5] [--connections 32] [--database-url URL] [--profile]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { recordLoadAverage } from './load-average.ts';
import { writeBenchResult } from './results.ts';
import { repoRoot, startAppServer } from '../scripts/server-process.ts';
import { countLeads, psql } from './database.ts';
import { type CpuProfile, startCpuCount, summarise } from './cpu-profile.ts';

const API_DOMAIN = 'bench-intake.example.com';
const PGBENCH_DOMAIN = 'bench-pgbench.example.com';
const SCRIPT = path.join(repoRoot, 'bench/intake.pgbench.sql');

function pgbench(databaseUrl: string, connections: number, duration: number): number {
  const url = new URL(databaseUrl);
  const result = spawnSync(
    'pgbench',
    [
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      decodeURIComponent(url.username),
      '-n',
      '-M',
      'simple',
      '-c',
      String(connections),
      '-j',
      String(Math.min(connections, cpus().length)),
      '-T',
      String(duration),
      '-f',
      SCRIPT,
      url.pathname.slice(1),
    ],
    { encoding: 'utf8', env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } },
  );
  const tps = /tps = ([\d.]+)/.exec(result.stdout ?? '');
  if (result.status !== 0 || !tps) throw new Error(`pgbench failed: ${result.stderr || result.stdout}`);
  return Number(tps[1]);
}

function postQuotes(baseUrl: string, connections: number, duration: number, round: number) {
  let visitor = 0;
  return new Promise<{ requestsPerSecond: number; p99Ms: number; non2xx: number }>((resolve, reject) => {
    autocannon(
      {
        url: `${baseUrl}/api/leads`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        connections,
        duration,
        requests: [
          {
            setupRequest: (request: Record<string, unknown>) => {
              const n = visitor++;
              return {
                ...request,
                body: JSON.stringify({
                  firstName: 'Bench',
                  lastName: 'Intake',
                  email: `r${round}.${n}.${process.pid}@${API_DOMAIN}`,
                  phone: `8${String(round).padStart(2, '0')}${String(n).padStart(8, '0')}`,
                  zipcode: '75201',
                  bedrooms: '3',
                  bathrooms: '2',
                  cleaningType: 'Deep',
                  frequency: 'Biweekly',
                  notes: 'Created by pnpm bench --intake',
                }),
              };
            },
          },
        ],
      },
      (
        error: Error | null,
        result: { requests: { total: number }; duration: number; latency: { p99: number }; non2xx: number },
      ) =>
        error
          ? reject(error)
          : resolve({
              requestsPerSecond: result.requests.total / result.duration,
              p99Ms: result.latency.p99,
              non2xx: result.non2xx,
            }),
    );
  });
}

function removeBenchRows(databaseUrl: string): void {
  psql(databaseUrl, `delete from leads where email like '%@${API_DOMAIN}' or email like '%@${PGBENCH_DOMAIN}'`);
  psql(databaseUrl, `delete from rate_limits where key like 'leads:pgbench-%'`);
}

const serverSettings = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  DATA_DIR: undefined,
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-intake-secret-0123456789abcdef0123456',
  RATE_LIMIT_LEADS_PER_MINUTE: '100000000',
  // The intake's own work only: no rule runs on the new leads.
  AUTOMATIONS_ENABLED: 'false',
});

/**
 * `--profile`: quotes for `seconds` against a server of its own with V8's CPU profiler on, with the
 * CPU seconds of the server and of PostgreSQL's backends meanwhile: where a quote's time goes.
 */
async function profileIntake(databaseUrl: string, connections: number, seconds: number) {
  const directory = mkdtempSync(path.join(tmpdir(), 'shine-bench-intake-profile-'));
  const server = await startAppServer({
    ...serverSettings(databaseUrl),
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${directory}`,
  });
  try {
    const cpu = startCpuCount(databaseUrl, server.pid);
    const answer = await postQuotes(server.url, connections, seconds, 99);
    const used = cpu.stop();
    await server.stop();
    const file = readdirSync(directory).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no CPU profile');
    const profile = JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as CpuProfile;
    const figures = { ...answer, ...used, ...summarise(profile, 15) };
    console.log(
      `POST /api/leads, profiled (${connections} connections, ${seconds} s): ${Math.round(answer.requestsPerSecond)} req/s; ` +
        `CPU seconds: server ${used.serverCpuSeconds}, PostgreSQL backends ${used.postgresCpuSeconds}`,
    );
    console.table(
      figures.byPackage.map((row, index) => ({
        'package (self time)': row.name,
        '%': row.share,
        'function (self time)': figures.byFunction[index]?.name ?? '',
        '% ': figures.byFunction[index]?.share ?? '',
      })),
    );
    return figures;
  } finally {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

export async function benchIntake(settings: {
  databaseUrl: string;
  duration: number;
  rounds: number;
  connections: number;
  profile: boolean;
}): Promise<void> {
  const { databaseUrl, duration, rounds, connections } = settings;
  const leads = countLeads(databaseUrl);
  removeBenchRows(databaseUrl);
  const load = recordLoadAverage('bench --intake');
  const server = await startAppServer(serverSettings(databaseUrl));
  const api: number[] = [];
  const database: number[] = [];
  let non2xx = 0;
  try {
    // Warm-up of both, then alternating rounds.
    await postQuotes(server.url, connections, 2, 0);
    pgbench(databaseUrl, connections, 2);
    for (let round = 1; round <= rounds; round++) {
      const answer = await postQuotes(server.url, connections, duration, round);
      api.push(answer.requestsPerSecond);
      non2xx += answer.non2xx;
      database.push(pgbench(databaseUrl, connections, duration));
    }
  } finally {
    await server.stop();
    removeBenchRows(databaseUrl);
  }
  const profile = settings.profile ? await profileIntake(databaseUrl, connections, 10) : undefined;
  if (profile) removeBenchRows(databaseUrl);
  const loadAverage = load.end();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const row = {
    'POST /api/leads req/s (median)': Math.round(median(api)),
    'pgbench, same statements, tps (median)': Math.round(median(database)),
    ratio: (median(api) / median(database)).toFixed(2),
    target: '>= 0.50',
    verdict: median(api) / median(database) >= 0.5 ? 'ok' : 'MISS',
    'non-201 answers': non2xx,
  };
  console.table([row]);
  writeBenchResult('intake', {
    settings: { leads, duration, rounds, connections },
    loadAverage,
    rounds: { api, pgbench: database },
    table: [row],
    profile,
  });
}
