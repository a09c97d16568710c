// `pnpm bench --soak [--minutes 5] [--connections 32]`: the server under a steady
// mixed load (the leads list, stats, metrics, a conditional list read and new quotes) for N minutes,
// its resident set sampled every second from /proc and its live heap read from V8's own GC trace
// (`--trace-gc`: the heap size after each full mark-compact). Reports peak RSS and the drift of RSS and
// heap between the first minute after a minute of warm-up and the last minute; writes
// bench/results/soak.json. Leads it creates are deleted afterwards.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { writeBenchResult } from './results.ts';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.ts';
import { findFreePort, readPeakRss, signIn, startScript, stopChild, waitForHealth } from '../scripts/server-process.ts';
import { psql } from './database.ts';

const SOAK_DOMAIN = 'bench-soak.example.com';
/** Left out of the drift: start-up, JIT, the first fill of caches and pools. */
const WARM_UP_S = 60;
const MB = 1024 * 1024;

interface Sample {
  atS: number;
  rssMb: number;
}

function readRssMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

export async function benchSoak(settings: {
  databaseUrl: string;
  minutes: number;
  connections: number;
  admin: { email: string; password: string };
}): Promise<void> {
  const { databaseUrl, minutes, connections } = settings;
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startScript(
    'api/src/server.ts',
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: undefined,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: settings.admin.email,
      ADMIN_PASSWORD: settings.admin.password,
      SESSION_SECRET: 'bench-soak-secret-0123456789abcdef0123456789',
      RATE_LIMIT_LEADS_PER_MINUTE: '100000000',
      RATE_LIMIT_LOGIN_PER_15_MINUTES: '1000',
    },
    { label: 'soak server', nodeFlags: [...SERVER_NODE_FLAGS, '--trace-gc'] },
  );
  const started = performance.now();
  const heap: Array<{ atS: number; heapMb: number }> = [];
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      // "… Mark-Compact 61.2 (75.0) -> 48.3 (76.5) MB, …": the live heap after a full collection.
      const match = /Mark-Compact.*?->\s*([\d.]+)\s*\(/.exec(line);
      if (match) heap.push({ atS: (performance.now() - started) / 1000, heapMb: Number(match[1]) });
    }
  });
  const samples: Sample[] = [];
  try {
    await waitForHealth(url, child, 60_000);
    const pid = child.pid as number;
    const cookie = await signIn(url, settings.admin.email, settings.admin.password);
    const list = await fetch(`${url}/api/admin/leads`, { headers: { cookie } });
    const etag = list.headers.get('etag') ?? '';
    const sampler = setInterval(() => {
      const rssMb = readRssMb(pid);
      if (rssMb !== null) samples.push({ atS: (performance.now() - started) / 1000, rssMb });
    }, 1000);
    let visitor = 0;
    const admin = { cookie, accept: 'application/json' };
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url,
          connections,
          duration: minutes * 60,
          requests: [
            { method: 'GET', path: '/api/admin/leads', headers: admin },
            { method: 'GET', path: '/api/admin/leads', headers: { ...admin, 'if-none-match': etag } },
            { method: 'GET', path: '/api/admin/stats', headers: admin },
            { method: 'GET', path: '/api/admin/metrics', headers: admin },
            {
              method: 'POST',
              path: '/api/leads',
              headers: { 'content-type': 'application/json' },
              setupRequest: (request: Record<string, unknown>) => {
                const n = visitor++;
                return {
                  ...request,
                  body: JSON.stringify({
                    firstName: 'Soak',
                    lastName: 'Runner',
                    email: `s${n}.${process.pid}@${SOAK_DOMAIN}`,
                    phone: `7${String(n).padStart(9, '0')}`,
                    zipcode: '75201',
                    bedrooms: '3',
                    bathrooms: '2',
                    cleaningType: 'Deep',
                    frequency: 'Biweekly',
                    notes: 'Created by pnpm bench --soak',
                  }),
                };
              },
            },
          ],
        },
        (error: Error | null, answer: autocannon.Result) => (error ? reject(error) : resolve(answer)),
      );
    });
    clearInterval(sampler);
    const peak = readPeakRss(pid);
    const end = samples.at(-1)?.atS ?? 0;
    const from = (samples[0]?.atS ?? 0) + WARM_UP_S;
    const firstMinute = samples.filter((s) => s.atS >= from && s.atS <= from + 60).map((s) => s.rssMb);
    const lastMinute = samples.filter((s) => s.atS >= end - 60).map((s) => s.rssMb);
    const heapFirst = heap.filter((h) => h.atS >= from && h.atS <= from + 60).map((h) => h.heapMb);
    const heapLast = heap.filter((h) => h.atS >= end - 60).map((h) => h.heapMb);
    const rssDrift = (mean(lastMinute) - mean(firstMinute)) / mean(firstMinute);
    const heapDrift = heapFirst.length && heapLast.length ? (mean(heapLast) - mean(heapFirst)) / mean(heapFirst) : NaN;
    const row = {
      minutes,
      connections,
      'req/s': Math.round(result.requests.average),
      'non-2xx/304': result.non2xx,
      'peak RSS MB': peak === null ? 'n/a' : Math.round(peak / MB),
      'RSS first / last minute MB': `${mean(firstMinute).toFixed(0)} / ${mean(lastMinute).toFixed(0)}`,
      'RSS drift': `${(rssDrift * 100).toFixed(1)}%`,
      'heap after full GC first / last MB': `${mean(heapFirst).toFixed(1)} / ${mean(heapLast).toFixed(1)}`,
      'heap drift': Number.isNaN(heapDrift) ? 'n/a (no full GC)' : `${(heapDrift * 100).toFixed(1)}%`,
      verdict: (peak ?? 0) <= 300 * MB && Math.abs(rssDrift) < 0.1 ? 'ok' : 'MISS',
    };
    console.table([row]);
    writeBenchResult('soak', {
      table: [row],
      rss: samples,
      heapAfterFullGc: heap,
    });
  } finally {
    await stopChild(child);
    psql(databaseUrl, `delete from leads where email like '%@${SOAK_DOMAIN}'`);
  }
}
