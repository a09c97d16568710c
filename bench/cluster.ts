// `pnpm bench --cluster` (docs/deploy.md): three API processes behind HAProxy (deploy/haproxy.cfg) on
// one PostgreSQL, against one process alone on the same database in the same run. Measures quote
// intake (POST /api/leads, a new visitor each request) and the first page of the leads list through
// each, then posts quotes through HAProxy while one process is killed with SIGKILL and restarted:
// what failed, and whether every acknowledged quote is stored. Writes bench/results/cluster.json.
//
//   pnpm bench --cluster [--duration 10] [--connections 32]
import autocannon from 'autocannon';
import { writeBenchResult } from './results.ts';
import {
  type Cluster,
  createClusterDatabase,
  haproxyMissing,
  startCluster,
} from '../api/test/resilience/support/cluster.ts';
import { cleanUpRun, runDir } from '../api/test/resilience/support/run-resources.ts';
import { TEST_ADMIN, startServer, stopServer } from '../api/test/resilience/support/server-process.ts';
import { buildQuote, listAllLeadIds, postQuote, runLoad, signIn } from '../api/test/resilience/support/http.ts';

interface Throughput {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

function measure(
  url: string,
  options: {
    method: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: () => string;
    connections: number;
    duration: number;
  },
): Promise<Throughput> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: options.method,
        headers: options.headers,
        connections: options.connections,
        duration: options.duration,
        ...(options.body
          ? {
              requests: [
                { setupRequest: (request: Record<string, unknown>) => ({ ...request, body: options.body?.() }) },
              ],
            }
          : {}),
      },
      (error: Error | null, result: autocannon.Result) =>
        error
          ? reject(error)
          : resolve({
              requestsPerSecond: Math.round(result.requests.average),
              p50Ms: result.latency.p50,
              p99Ms: result.latency.p99,
              non2xx: result.non2xx,
              errors: result.errors,
            }),
    );
  });
}

export async function benchCluster(settings: { duration: number; connections: number }): Promise<void> {
  const missing = haproxyMissing();
  if (missing) throw new Error(`pnpm bench --cluster needs HAProxy: ${missing}`);
  const dir = runDir();
  let cluster: Cluster | undefined;
  let single: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const databaseUrl = await createClusterDatabase(`shine_bench_cluster_${process.pid}`);
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'bench-cluster-secret-0123456789abcdef0123',
    };
    cluster = await startCluster(databaseUrl, env);
    single = await startServer({ env: { DATABASE_URL: databaseUrl, ...env } });
    let visitor = 0;
    const quote = () => JSON.stringify(buildQuote(`bench${process.pid}`, visitor++));
    const post = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: quote };
    const cookie = await signIn(cluster.baseUrl);
    const list = { method: 'GET' as const, headers: { cookie, accept: 'application/json' } };
    const run = { connections: settings.connections, duration: settings.duration };

    const rows: Array<Record<string, string | number>> = [];
    const results: Record<string, unknown> = {};
    for (const [name, path_, options] of [
      ['POST /api/leads', '/api/leads', post],
      ['GET /api/admin/leads (first page)', '/api/admin/leads', list],
    ] as const) {
      const one = await measure(`${single.baseUrl}${path_}`, { ...options, ...run });
      const three = await measure(`${cluster.baseUrl}${path_}`, { ...options, ...run });
      results[name] = { oneProcess: one, threeBehindHaproxy: three };
      rows.push({
        endpoint: name,
        '1 process req/s': one.requestsPerSecond,
        '3 + HAProxy req/s': three.requestsPerSecond,
        ratio: (three.requestsPerSecond / one.requestsPerSecond).toFixed(2),
        'p99 ms (1 / 3)': `${one.p99Ms} / ${three.p99Ms}`,
        'errors (1 / 3)': `${one.non2xx + one.errors} / ${three.non2xx + three.errors}`,
      });
    }

    // Kill one process under quote traffic and start it again.
    const tag = `benchkill${process.pid}`;
    const live = cluster;
    const load = runLoad(settings.connections, (i) => postQuote(live.baseUrl, buildQuote(tag, i), 20_000));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const goneAt = await live.kill(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await live.restart(1);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const outcomes = await load.stop();
    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => (o.body as { id: string }).id);
    const failed = outcomes.filter((o) => o.status !== 201);
    const stored = await listAllLeadIds(live.baseUrl, cookie);
    const kill = {
      quotesSent: outcomes.length,
      acknowledged: acknowledged.length,
      acknowledgedLost: acknowledged.filter((id) => !stored.has(id)).length,
      failed: failed.length,
      /** Sent once the process was gone: HAProxy should have given them to another process. */
      failedAfterItWasGone: failed.filter((o) => o.sentAt > goneAt).length,
      failureStatuses: [...new Set(failed.map((o) => o.status || o.error))],
    };
    results['SIGKILL + restart under load'] = kill;

    console.table(rows);
    console.log(
      `SIGKILL of one of 3 processes under ${settings.connections} quote clients: ${kill.acknowledged} acknowledged, ` +
        `${kill.acknowledgedLost} of them lost, ${kill.failed} failed (${kill.failedAfterItWasGone} sent after it was gone; ` +
        `statuses ${kill.failureStatuses.join(', ') || 'none'})`,
    );
    writeBenchResult('cluster', {
      settings: { ...settings, admin: TEST_ADMIN.email },
      table: rows,
      results,
    });
  } finally {
    await stopServer(single);
    await cluster?.stop();
    cleanUpRun(dir);
  }
}
