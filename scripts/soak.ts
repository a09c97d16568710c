// `pnpm soak` (on demand, not in CI): mixed traffic against the all-in-one server at
// 64 connections for 5 minutes: public quotes, CRM polling with a session (leads, stats, metrics,
// activities), status changes and exports. Samples the server's RSS from /proc/<pid>/status.
// Passes with zero errors (connection errors, timeouts, non-2xx answers) and RSS growth < 10% after
// the warm-up.
//
//   pnpm soak [--seconds 300] [--connections 64] [--warmup 60]
//   pnpm soak --url http://host:port --pid <server pid>    soak a server that is already running
//
// Without --url it starts `node api/src/server.ts` on a fresh embedded database (or on
// SOAK_DATABASE_URL when set) with the rate limits raised, since all traffic comes from one client.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

interface SoakRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  requests: { total: number; average: number };
  latency: { p50: number; p99: number; max: number; average: number };
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonInstance extends Promise<AutocannonResult> {
  stop: () => void;
  on: (event: 'response', listener: (...args: unknown[]) => void) => void;
}
type RunAutocannon = (options: Record<string, unknown>) => AutocannonInstance;

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '300' },
    connections: { type: 'string', default: '64' },
    warmup: { type: 'string' },
    url: { type: 'string' },
    pid: { type: 'string' },
    email: { type: 'string', default: 'soak@example.com' },
    password: { type: 'string', default: 'soak-correct-horse-battery' },
  },
});
const seconds = Number(args.seconds);
const connections = Number(args.connections);
// Warm-up: JIT, caches, pools and the embedded database's buffers fill during the first fifth.
const warmupSeconds = Number(args.warmup ?? Math.min(60, Math.round(seconds / 5)));
const SAMPLE_MS = 2_000;
const WINDOW_SECONDS = Math.max(10, Math.min(30, Math.round(seconds / 10)));
const MAX_RSS_GROWTH = 0.1;
const SEED_LEADS = 64;
const STATUSES = ['New', 'Contacted', 'Qualified', 'Quoted', 'Negotiating', 'Won', 'Lost'];

const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readRssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

async function waitHealthy(baseUrl: string, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${baseUrl} did not become healthy`);
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(): Promise<{ baseUrl: string; child: ChildProcess; cleanup: () => Promise<void> }> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shine-soak-'));
  const child = spawn(process.execPath, [path.join(root, 'api/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(process.env.SOAK_DATABASE_URL ? { DATABASE_URL: process.env.SOAK_DATABASE_URL } : {}),
      ADMIN_EMAIL: args.email,
      ADMIN_PASSWORD: args.password,
      RATE_LIMIT_LEADS_PER_MINUTE: '100000000',
      RATE_LIMIT_LOGIN_PER_15_MINUTES: '1000',
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitHealthy(baseUrl, child);
  return {
    baseUrl,
    child,
    cleanup: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(15_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function buildQuote(index: number): string {
  return JSON.stringify({
    firstName: `Soak${index}`,
    lastName: 'Visitor',
    email: `soak-${process.pid}-${index}@example.com`,
    phone: `214-555-${String(index % 10_000).padStart(4, '0')}`,
    zipcode: '75201',
    bedrooms: '3',
    bathrooms: '2',
    cleaningType: 'Basic',
    frequency: 'Weekly',
    notes: 'Soak test quote',
  });
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username: args.email, password: args.password }),
  });
  if (!response.ok) throw new Error(`login failed (${response.status}): pass --email/--password for this server`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function seedLeads(baseUrl: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < SEED_LEADS; i++) {
    const response = await fetch(`${baseUrl}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: buildQuote(1_000_000 + i),
    });
    if (response.status !== 201) throw new Error(`seeding failed (${response.status}): ${await response.text()}`);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<number> {
  const started = args.url ? undefined : await startServer();
  const baseUrl = (args.url ?? started?.baseUrl ?? '').replace(/\/$/, '');
  const pid = Number(args.pid ?? started?.child.pid);
  if (!pid) throw new Error('--pid is required with --url (the server process to sample)');
  try {
    if (args.url) await waitHealthy(baseUrl);
    const cookie = await signIn(baseUrl);
    const leadIds = await seedLeads(baseUrl);
    const pick = () => leadIds[Math.floor(Math.random() * leadIds.length)];
    const admin = { cookie };
    const adminWrite = { cookie, origin: baseUrl, 'content-type': 'application/json' };
    let quoteIndex = 0;

    // One connection's cycle: 1 quote, 6 polling reads, 1 status change, 1 export.
    const requests: Array<SoakRequest & { setupRequest?: (request: SoakRequest) => SoakRequest }> = [
      {
        method: 'POST',
        path: '/api/leads',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: buildQuote(quoteIndex++) }),
      },
      { method: 'GET', path: '/api/admin/leads?page=1&pageSize=50&sort=createdAt&order=desc', headers: admin },
      { method: 'GET', path: '/api/admin/stats', headers: admin },
      { method: 'GET', path: '/api/admin/metrics', headers: admin },
      {
        method: 'PATCH',
        headers: adminWrite,
        setupRequest: (request) => ({
          ...request,
          path: `/api/admin/leads/${pick()}/status`,
          body: JSON.stringify({ status: STATUSES[Math.floor(Math.random() * STATUSES.length)] }),
        }),
      },
      { method: 'GET', path: '/api/admin/leads?search=soak&status=New&page=1&pageSize=50', headers: admin },
      {
        method: 'GET',
        headers: admin,
        setupRequest: (request) => ({ ...request, path: `/api/admin/activities/lead/${pick()}` }),
      },
      {
        method: 'POST',
        path: '/api/admin/leads/export',
        headers: adminWrite,
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ leadIds: Array.from({ length: 10 }, pick), format: 'csv' }),
        }),
      },
      { method: 'GET', path: '/api/admin/me', headers: admin },
    ];

    const samples: Array<{ at: number; rss: number }> = [];
    const soakStart = Date.now();
    const sampler = setInterval(() => {
      try {
        samples.push({ at: (Date.now() - soakStart) / 1000, rss: readRssBytes(pid) });
      } catch {
        // the process is gone; the result will show the errors
      }
    }, SAMPLE_MS);

    const failures = new Map<string, number>();
    console.log(
      `Soak: ${seconds} s, ${connections} connections, warm-up ${warmupSeconds} s, against ${baseUrl} (pid ${pid})`,
    );
    const run = (autocannon as unknown as RunAutocannon)({
      url: baseUrl,
      connections,
      duration: seconds,
      timeout: 10,
      requests: requests.map((request) => ({
        ...request,
        onResponse: (status: number, body: string) => {
          if (status >= 200 && status < 300) return;
          const key = `${status} ${request.method} ${request.path ?? '(dynamic path)'}: ${body.slice(0, 120)}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        },
      })),
    });
    const progress = setInterval(() => {
      const last = samples.at(-1);
      console.log(`  ${Math.round((Date.now() - soakStart) / 1000)} s: RSS ${last ? mb(last.rss) : '?'}`);
    }, 30_000);
    const result = await run;
    clearInterval(progress);
    clearInterval(sampler);

    const errors = result.errors + result.timeouts + result.non2xx + result.mismatches;
    const afterWarmup = samples.filter((s) => s.at >= warmupSeconds);
    const baseline = mean(afterWarmup.filter((s) => s.at < warmupSeconds + WINDOW_SECONDS).map((s) => s.rss));
    const final = mean(afterWarmup.filter((s) => s.at >= seconds - WINDOW_SECONDS).map((s) => s.rss));
    const growth = baseline > 0 ? (final - baseline) / baseline : Number.NaN;
    const peak = Math.max(...samples.map((s) => s.rss));

    console.log('\nSoak result');
    console.log(`  duration ${result.duration} s, ${result.requests.total} requests, ${result.requests.average} req/s`);
    console.log(
      `  latency avg ${result.latency.average} ms, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    console.log(`  status codes ${JSON.stringify(result.statusCodeStats)}`);
    console.log(
      `  errors ${errors} (connection ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, mismatches ${result.mismatches})`,
    );
    for (const [key, count] of failures) console.log(`    ${count}x ${key}`);
    console.log('  RSS over time (MB):');
    const step = Math.max(1, Math.round(15_000 / SAMPLE_MS));
    for (let i = 0; i < samples.length; i += step) {
      const sample = samples[i];
      if (sample) console.log(`    ${String(Math.round(sample.at)).padStart(5)} s  ${mb(sample.rss)}`);
    }
    console.log(
      `  RSS after warm-up ${mb(baseline)} (mean of ${warmupSeconds}-${warmupSeconds + WINDOW_SECONDS} s), ` +
        `at the end ${mb(final)} (mean of the last ${WINDOW_SECONDS} s), peak ${mb(peak)}, ` +
        `growth ${(growth * 100).toFixed(1)}%`,
    );

    const passed = errors === 0 && growth < MAX_RSS_GROWTH;
    console.log(
      passed
        ? '\nPASS: zero errors, RSS growth below 10% after warm-up'
        : `\nFAIL: ${errors} errors, RSS growth ${(growth * 100).toFixed(1)}% (limit 10%)`,
    );
    return passed ? 0 : 1;
  } finally {
    await started?.cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
