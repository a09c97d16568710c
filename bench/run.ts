// `pnpm bench` (docs/performance.md): the all-in-one server on a real PostgreSQL with 100k seeded
// leads, driven by autocannon, each endpoint against a baseline measured in the same run (a bare
// node:http server answering the same status and bytes; `psql \copy` of the same columns for the
// export). Prints a table, writes bench/results/latest.json. Not part of CI.
//
//   pnpm bench [--reseed] [--leads 100000] [--duration 10] [--rounds 5] [--connections 32] [--live-quotes 50]
//              [--database-url URL] [--only TEXT] [--profile]
// --profile: then the first page and the 304 again, 8 s each, against a server with V8's CPU profiler.
//   pnpm bench --cluster [--duration 10] [--connections 32]   (bench/cluster.ts: 3 processes behind HAProxy)
//   pnpm bench --intake [--duration 10] [--rounds 5] [--connections 32] [--profile]   (bench/intake.ts: POST /api/leads vs pgbench)
//   pnpm bench --soak [--minutes 5] [--connections 32]   (bench/soak.ts: RSS and heap over a steady load)
//   pnpm bench --first-load [--loads 20] [--first-load-leads 3000] [--reseed] [--profile]   (bench/first-load.ts: Chromium, 3,000 leads, first row and sorts)
//   pnpm bench --pages [--duration 10] [--rounds 5] [--connections 32] [--profile]   (bench/pages.ts: deep pages, every sort, cursors)
//   pnpm bench --export [--export-reps 3] [--profile]   (bench/export.ts: the export alone vs psql \copy)
//   pnpm bench --slots [--requests 500] [--connections 32] [--visits 2000]   (bench/slots.ts: free windows with booked visits)
//
// --only TEXT: only the HTTP scenarios whose name contains TEXT (e.g. `--only 304`), without the
// export, RSS and live measurements.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type RecordedResponses, responseKey } from './baseline-server.ts';
import { type Scenario, measureScenario, startBaselineServer, summariseAutocannon } from './load.ts';
import {
  countLeads,
  DEFAULT_BENCH_DATABASE_URL,
  databaseName,
  ensureDatabase,
  psql,
  seedLeads,
  timePsqlCopy,
} from './database.ts';
import { recordResponse, sendRaw } from './http.ts';
import { printScenarioProfile, profileScenario, type ScenarioProfile } from './cpu-profile.ts';
import { recordLoadAverage } from './load-average.ts';
import { assertCrmBuilt, measureQuoteToScreen } from './live-latency.ts';
import { repoRoot, signIn, startAppServer } from '../scripts/server-process.ts';

const { values: args } = parseArgs({
  options: {
    reseed: { type: 'boolean', default: false },
    leads: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    'export-reps': { type: 'string', default: '3' },
    'live-quotes': { type: 'string', default: '50' },
    cluster: { type: 'boolean', default: false },
    intake: { type: 'boolean', default: false },
    soak: { type: 'boolean', default: false },
    'first-load': { type: 'boolean', default: false },
    loads: { type: 'string', default: '20' },
    'first-load-leads': { type: 'string', default: '3000' },
    pages: { type: 'boolean', default: false },
    export: { type: 'boolean', default: false },
    slots: { type: 'boolean', default: false },
    requests: { type: 'string', default: '500' },
    visits: { type: 'string', default: '2000' },
    profile: { type: 'boolean', default: false },
    minutes: { type: 'string', default: '5' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL },
    only: { type: 'string' },
  },
});
const only = args.only?.toLowerCase();
const leadCount = Number(args.leads);
const duration = Number(args.duration);
const rounds = Number(args.rounds);
const connections = Number(args.connections);
const exportReps = Number(args['export-reps']);
const liveQuotes = Number(args['live-quotes']);
const databaseUrl = args['database-url'] as string;
if (args.cluster) {
  const { benchCluster } = await import('./cluster.ts');
  await benchCluster({ duration, connections });
  process.exit(0);
}
if (args.slots) {
  const { benchSlots } = await import('./slots.ts');
  await benchSlots({
    requests: Number(args.requests),
    connections,
    visits: Number(args.visits),
  });
  process.exit(0);
}
const ADMIN = { email: 'bench@example.com', password: 'bench-password-123456' };
if (args['first-load']) {
  const { benchFirstLoad, FIRST_LOAD_DATABASE_URL } = await import('./first-load.ts');
  await benchFirstLoad({
    databaseUrl: process.env.BENCH_FIRST_LOAD_DATABASE_URL ?? FIRST_LOAD_DATABASE_URL,
    reseed: args.reseed,
    loads: Number(args.loads),
    leads: Number(args['first-load-leads']),
    admin: ADMIN,
    profile: args.profile,
  });
  process.exit(0);
}
/** Leads created by the POST benchmark, removed afterwards so that runs stay comparable. */
const BENCH_EMAIL_DOMAIN = 'bench-post.example.com';
/** Leads created by the quote → screen measurement (bench/live-latency.ts), removed the same way. */
const LIVE_EMAIL_DOMAIN = 'bench-live.example.com';
const MB = 1024 * 1024;

// ---- database
ensureDatabase(databaseUrl, args.reseed);
psql(databaseUrl, `select 1`);
let seedMs: number | null = null;
if (countLeads(databaseUrl) > 0) {
  psql(
    databaseUrl,
    `delete from leads where email like '%@${BENCH_EMAIL_DOMAIN}' or email like '%@${LIVE_EMAIL_DOMAIN}'`,
  );
}
if (countLeads(databaseUrl) < leadCount) {
  // Start from an empty database: the seed then also creates the bench admin as the first user.
  ensureDatabase(databaseUrl, true);
  console.log(`seeding ${leadCount} leads into ${databaseName(databaseUrl)}...`);
  seedMs = seedLeads(databaseUrl, leadCount, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s`);
}
const totalLeads = countLeads(databaseUrl);
// `pnpm seed` ends with its own VACUUM ANALYZE: after a seed in this run, measure what it left.
if (seedMs === null) psql(databaseUrl, 'vacuum analyze');
if (args.soak) {
  const { benchSoak } = await import('./soak.ts');
  await benchSoak({ databaseUrl, minutes: Number(args.minutes), connections, admin: ADMIN });
  process.exit(0);
}
if (args.intake) {
  const { benchIntake } = await import('./intake.ts');
  await benchIntake({ databaseUrl, duration, rounds, connections, profile: args.profile });
  process.exit(0);
}

// ---- server
const serverEnv = {
  DATABASE_URL: databaseUrl,
  DATA_DIR: undefined,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
  RATE_LIMIT_LEADS_PER_MINUTE: '100000000',
  RATE_LIMIT_LOGIN_PER_15_MINUTES: '1000',
};
if (args.pages) {
  const { benchPages } = await import('./pages.ts');
  await benchPages({
    databaseUrl,
    duration,
    rounds,
    connections,
    serverEnv,
    admin: ADMIN,
    profile: args.profile,
    justSeeded: seedMs !== null,
  });
  process.exit(0);
}
if (args.export) {
  const { benchExport } = await import('./export.ts');
  await benchExport({ databaseUrl, serverEnv, admin: ADMIN, reps: exportReps, profile: args.profile });
  process.exit(0);
}
// The quote → staff screen measurement runs last, in the browser: without a build, say so now.
if (only === undefined && liveQuotes > 0) assertCrmBuilt('the quote → staff screen measurement (or --live-quotes 0)');
const load = recordLoadAverage('bench');
const server = await startAppServer(serverEnv);
const results: Record<string, unknown> = {};
const rows: Array<Record<string, string | number>> = [];
const workDir = mkdtempSync(path.join(tmpdir(), 'shine-bench-'));
let baseline: Awaited<ReturnType<typeof startBaselineServer>> | null = null;
let wireBaseline: Awaited<ReturnType<typeof startBaselineServer>> | null = null;
try {
  const cookie = await signIn(server.url, ADMIN.email, ADMIN.password).catch((error: Error) => {
    throw new Error(`${error.message}\n(the database was seeded without the bench admin? run \`pnpm bench --reseed\`)`);
  });
  const admin = { cookie, accept: 'application/json' };
  // Every request is a new visitor: the same e-mail or phone again would be a repeat request, merged
  // into one lead under its intake lock, which measures one lead's contention instead of intake.
  let visitor = 0;
  const leadBodyOf = (n: number) =>
    JSON.stringify({
      firstName: 'Bench',
      lastName: 'Runner',
      email: `load${n}.${process.pid}@${BENCH_EMAIL_DOMAIN}`,
      phone: `(${200 + (n % 800)}) 555-01${String(Math.floor(n / 800) % 100).padStart(2, '0')} x${n}`,
      zipcode: '75201',
      bedrooms: '3',
      bathrooms: '2',
      cleaningType: 'Deep',
      frequency: 'Biweekly',
      notes: 'Created by pnpm bench',
    });
  const leadBody = leadBodyOf(visitor);
  // Record one real response per scenario; the baseline replays it byte for byte.
  const recorded: RecordedResponses = {};
  const record = async (scenario: Scenario) => {
    const response = await sendRaw(server.url, scenario);
    if (response.status !== scenario.expect) {
      throw new Error(
        `${scenario.name}: expected ${scenario.expect}, got ${response.status} ${response.body.toString().slice(0, 300)}`,
      );
    }
    scenario.responseBytes = response.body.length;
    recorded[responseKey(scenario.method, scenario.path, scenario.headers?.['if-none-match'] !== undefined)] =
      recordResponse(response);
  };
  // Measured last, recorded first: it adds a lead, which moves the list's ETag.
  const postScenario: Scenario = {
    name: 'POST /api/leads',
    method: 'POST',
    path: '/api/leads',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: leadBody,
    varyBody: () => leadBodyOf(++visitor),
    expect: 201,
    target: { minRatio: 0.25 },
  };
  await record(postScenario);

  const listPath = '/api/admin/leads';
  const firstPage = await sendRaw(server.url, { method: 'GET', path: listPath, headers: admin });
  const etag = firstPage.headers.etag;
  const getScenarios: Scenario[] = [
    {
      name: 'GET leads (first page)',
      method: 'GET',
      path: listPath,
      headers: admin,
      expect: 200,
      target: { p99Ms: 100, minRatio: 0.5 },
    },
    {
      name: 'GET leads search=smi',
      method: 'GET',
      path: `${listPath}?search=smi`,
      headers: admin,
      expect: 200,
      target: { p99Ms: 100 },
    },
    {
      // Uncached: every request a different number, typed with dots (phone search by digits:
      // docs/decisions.md, "Phone search").
      name: 'GET leads search by phone digits (uncached)',
      method: 'GET',
      path: listPath,
      varyPath: () =>
        `${listPath}?search=${encodeURIComponent(`214.555.${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`)}`,
      headers: admin,
      expect: 200,
      target: { p99Ms: 100 },
    },
    {
      name: 'GET leads status=Qualified',
      method: 'GET',
      path: `${listPath}?status=Qualified`,
      headers: admin,
      expect: 200,
      target: { p99Ms: 100 },
    },
    {
      name: 'GET leads page=500',
      method: 'GET',
      path: `${listPath}?page=500`,
      headers: admin,
      expect: 200,
      target: { p99Ms: 100 },
    },
    {
      // Informational: every request a different page, so neither the ETag memo nor 304 helps.
      name: 'GET leads random page 1-2000 (uncached)',
      method: 'GET',
      path: listPath,
      varyPath: () => `${listPath}?page=${1 + Math.floor(Math.random() * 2000)}`,
      headers: admin,
      expect: 200,
      target: { p99Ms: 100 },
    },
    {
      name: 'GET leads 304 (If-None-Match)',
      method: 'GET',
      path: listPath,
      headers: { ...admin, ...(etag ? { 'if-none-match': etag } : {}) },
      expect: 304,
      target: { minRatio: 0.5 },
    },
    { name: 'GET stats', method: 'GET', path: '/api/admin/stats', headers: admin, expect: 200, target: { p50Ms: 30 } },
    {
      name: 'GET metrics',
      method: 'GET',
      path: '/api/admin/metrics',
      headers: admin,
      expect: 200,
      target: { p50Ms: 30 },
    },
  ];

  for (const scenario of getScenarios) await record(scenario);
  // Bytes of a list page as sent (the bench's clients, like autocannon, ask for no compression) and
  // as a browser receives it (gzip, which the CRM's fetch always accepts).
  const gzipped = await sendRaw(server.url, {
    method: 'GET',
    path: listPath,
    headers: { ...admin, 'accept-encoding': 'gzip' },
  });
  results['bytes of the first page'] = {
    identity: firstPage.body.length,
    gzip: gzipped.headers['content-encoding'] === 'gzip' ? gzipped.body.length : null,
  };
  console.log(
    `first page of 50: ${firstPage.body.length} bytes, ${gzipped.body.length} bytes with ${gzipped.headers['content-encoding'] ?? 'no'} encoding`,
  );
  const scenarios = [...getScenarios, postScenario].filter(
    (scenario) => only === undefined || scenario.name.toLowerCase().includes(only),
  );
  const responsesFile = path.join(workDir, 'responses.json');
  writeFileSync(responsesFile, JSON.stringify(recorded));
  baseline = await startBaselineServer(responsesFile);

  // Session rows written while signed-in requests poll (the store's touch is throttled).
  const sessionWrites = () =>
    Number(psql(databaseUrl, "select n_tup_ins + n_tup_upd from pg_stat_user_tables where relname = 'sessions'"));
  const sessionWritesBefore = sessionWrites();
  let adminRequests = 0;
  // Page 1 and the 304 are measured once more, against a bare server that sends every header the app
  // sent too: what is left between the app and it is the app's code, and what separates the two
  // baselines is the headers' bytes. Right after the first measurement, before the POSTs change the
  // list (and with it the ETag the 304 revalidates).
  const isAgainstWire = (scenario: Scenario) => scenario.method === 'GET' && scenario.target.minRatio !== undefined;
  if (scenarios.some(isAgainstWire)) wireBaseline = await startBaselineServer(responsesFile, { wire: true });
  for (const scenario of scenarios) {
    const measured = await measureScenario(scenario, server.url, baseline.url, { connections, duration, rounds });
    results[scenario.name] = measured;
    if (scenario.path.startsWith('/api/admin')) adminRequests += measured.app.requests;
    rows.push(summariseAutocannon(scenario, measured));
    console.log(
      `${scenario.name}: ${Math.round(measured.app.requestsPerSecond)} req/s (baseline ${Math.round(measured.baseline.requestsPerSecond)})`,
    );
    if (wireBaseline === null || !isAgainstWire(scenario)) continue;
    const wire = await measureScenario(scenario, server.url, wireBaseline.url, { connections, duration, rounds });
    results[`${scenario.name} vs the same bytes on the wire`] = wire;
    if (scenario.path.startsWith('/api/admin')) adminRequests += wire.app.requests;
    rows.push({
      ...summariseAutocannon(scenario, wire),
      endpoint: `${scenario.name}, baseline sending every header the app sent`,
    });
    console.log(
      `${scenario.name}: ${Math.round(wire.app.requestsPerSecond)} req/s against ${Math.round(wire.baseline.requestsPerSecond)} with every header, ${Math.round(measured.baseline.requestsPerSecond)} with the essential ones`,
    );
  }
  psql(databaseUrl, `delete from leads where email like '%@${BENCH_EMAIL_DOMAIN}'`);
  const peakRssHttp = server.peakRss();
  await new Promise((resolve) => setTimeout(resolve, 1500)); // PostgreSQL publishes table statistics within a second
  results['session row writes'] = { adminRequests, writes: sessionWrites() - sessionWritesBefore };
  console.log(
    `session rows written during ${adminRequests} signed-in requests: ${sessionWrites() - sessionWritesBefore}`,
  );

  // --only: the HTTP scenarios alone.
  let peakRssStreamed: number | null = null;
  let buffered: Awaited<ReturnType<typeof sendRaw>> | undefined;
  let peakRssBuffered: number | null = null;
  if (only === undefined) {
    // ---- export: single timed requests, the streamed CSV against psql \copy of the same columns
    const exportRequest = {
      method: 'POST',
      path: '/api/admin/leads/export',
      headers: { ...admin, accept: 'text/csv', 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ format: 'csv' }),
      discardBody: true,
    };
    const streamed: Array<{ ms: number; bytes: number; rows: number; status: number }> = [];
    const copies: Array<{ ms: number; bytes: number; rows: number }> = [];
    for (let rep = 0; rep < exportReps; rep += 1) {
      const response = await sendRaw(server.url, exportRequest);
      if (response.status !== 200 || !response.headers['content-type']?.startsWith('text/csv')) {
        throw new Error(
          `streamed export answered ${response.status} ${response.headers['content-type']}, not a CSV stream`,
        );
      }
      streamed.push({ ms: response.ms, bytes: response.bytes, rows: response.lines - 1, status: response.status });
      copies.push(timePsqlCopy(databaseUrl));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
    const exportMs = median(streamed.map((r) => r.ms));
    const copyMs = median(copies.map((r) => r.ms));
    peakRssStreamed = server.peakRss();
    results['export 100k (streamed CSV)'] = { streamed, copies, exportMs, copyMs, ratio: exportMs / copyMs };
    rows.push({
      endpoint: `POST export, Accept: text/csv (${streamed[0]?.rows} rows)`,
      'req/s': (1000 / exportMs).toFixed(2),
      'p50 ms': Math.round(exportMs),
      'p99 ms': Math.round(Math.max(...streamed.map((r) => r.ms))),
      'baseline req/s': (1000 / copyMs).toFixed(2),
      ratio: `${(exportMs / copyMs).toFixed(2)}x time`,
      target: '<= 3x psql \\copy',
      verdict: exportMs <= 3 * copyMs ? 'ok' : 'MISS',
    });

    // The buffered { content, format, count } answer, once: it holds the whole file in memory by design.
    buffered = await sendRaw(server.url, {
      ...exportRequest,
      headers: { ...exportRequest.headers, accept: 'application/json' },
    });
    peakRssBuffered = server.peakRss();
    results['export 100k (buffered JSON envelope)'] = {
      ms: buffered.ms,
      bytes: buffered.bytes,
      status: buffered.status,
    };

    const rssTarget = 300 * MB;
    const peakRss = peakRssStreamed ?? peakRssHttp;
    rows.push({
      endpoint: 'server peak RSS (VmHWM), HTTP + streamed export',
      'req/s': '',
      'p50 ms': '',
      'p99 ms': '',
      'baseline req/s': '',
      ratio: peakRss === null ? 'n/a' : `${(peakRss / MB).toFixed(0)} MB`,
      target: '<= 300 MB',
      verdict: peakRss === null ? 'n/a' : peakRss <= rssTarget ? 'ok' : 'MISS',
    });

    // Quote → staff screen: the CRM on this process, the quotes to a second one on the same database.
    if (liveQuotes > 0) {
      const second = await startAppServer(serverEnv);
      try {
        const live = await measureQuoteToScreen({
          crmUrl: server.url,
          postUrl: second.url,
          cookie,
          quotes: liveQuotes,
        });
        results['quote → staff screen (live stream, second process)'] = live;
        rows.push({
          endpoint: `quote → staff screen, other process (${live.samples.length} quotes)`,
          'req/s': '',
          'p50 ms': Math.round(live.p50),
          'p99 ms': Math.round(live.p99),
          'baseline req/s': '',
          ratio: 'polling design: ~5000 / 10000',
          target: 'p99 <= 1000 ms',
          verdict: live.p99 <= 1000 ? 'ok' : 'MISS',
        });
      } finally {
        await second.stop();
      }
    }
  }

  // --profile: where a first page and a 304 spend the server's time (V8's sampling profiler, each
  // against a fresh profiled server of its own on the same database).
  const profiles: ScenarioProfile[] = [];
  if (args.profile) {
    for (const name of ['GET leads (first page)', 'GET leads 304 (If-None-Match)']) {
      const scenario = scenarios.find((candidate) => candidate.name === name);
      if (!scenario) continue;
      const profile = await profileScenario({
        scenario,
        databaseUrl,
        serverEnv,
        admin: ADMIN,
        connections,
        seconds: 8,
      });
      printScenarioProfile(profile);
      profiles.push(profile);
    }
  }
  const loadAverage = load.end();
  console.table(rows);
  if (buffered) {
    console.log(
      `buffered export (${buffered.status}): ${Math.round(buffered.ms)} ms, ${(buffered.bytes / MB).toFixed(1)} MB; ` +
        `peak RSS after it ${peakRssBuffered === null ? 'n/a' : `${(peakRssBuffered / MB).toFixed(0)} MB`}`,
    );
  }
  const out = path.join(repoRoot, 'bench/results/latest.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
        settings: { leads: totalLeads, duration, rounds, connections, exportReps, seedMs, only },
        loadAverage,
        peakRss: { afterHttp: peakRssHttp, afterStreamedExport: peakRssStreamed, afterBufferedExport: peakRssBuffered },
        table: rows,
        results,
        profiles,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`wrote ${path.relative(repoRoot, out)}`);
} finally {
  await baseline?.stop();
  await wireBaseline?.stop();
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}
