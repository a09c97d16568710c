// `pnpm bench --export [--export-reps 3] [--profile]`: the export alone, at the seeded lead count,
// without the HTTP scenarios. Each rep times the bare CSV (`Accept: text/csv`), then `psql \copy` of
// the same columns; then as many `{ content, format, count }` answers (`Accept: application/json`),
// each followed by a `psql \copy` too, so every figure has its baseline from the same minutes.
// --profile: the server runs under V8's sampling profiler and the run ends with its self time by
// package and by function (the whole run: exports only).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CpuProfile, startCpuCount, summarise } from './cpu-profile.ts';
import { timePsqlCopy } from './database.ts';
import { sendRaw } from './http.ts';
import { recordLoadAverage } from './load-average.ts';
import { signIn, startAppServer } from '../scripts/server-process.ts';

const MB = 1024 * 1024;

const megabytes = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / MB).toFixed(0)} MB`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export async function benchExport(settings: {
  databaseUrl: string;
  serverEnv: Record<string, string | undefined>;
  admin: { email: string; password: string };
  reps: number;
  profile: boolean;
}): Promise<void> {
  const { databaseUrl, reps } = settings;
  const directory = mkdtempSync(path.join(tmpdir(), 'shine-bench-export-'));
  const load = recordLoadAverage('export');
  const server = await startAppServer({
    ...settings.serverEnv,
    ...(settings.profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${directory}` } : {}),
  });
  try {
    const cookie = await signIn(server.url, settings.admin.email, settings.admin.password);
    const request = (accept: string) => ({
      method: 'POST',
      path: '/api/admin/leads/export',
      headers: { cookie, accept, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ format: 'csv' }),
      discardBody: true,
    });
    const streamed: number[] = [];
    const buffered: number[] = [];
    const copies: number[] = [];
    let rows = 0;
    let csvBytes = 0;
    let envelopeBytes = 0;
    const cpu = startCpuCount(databaseUrl, server.pid);
    for (let rep = 0; rep < reps; rep += 1) {
      const csv = await sendRaw(server.url, request('text/csv'));
      if (csv.status !== 200) throw new Error(`streamed export answered ${csv.status}`);
      streamed.push(csv.ms);
      rows = csv.lines - 1;
      csvBytes = csv.bytes;
      copies.push(timePsqlCopy(databaseUrl).ms);
    }
    // The peak is the process's high-water mark: read after the bare CSVs, before any envelope.
    const peakRssStreamed = server.peakRss();
    for (let rep = 0; rep < reps; rep += 1) {
      const envelope = await sendRaw(server.url, request('application/json'));
      if (envelope.status !== 200) throw new Error(`buffered export answered ${envelope.status}`);
      buffered.push(envelope.ms);
      envelopeBytes = envelope.bytes;
      copies.push(timePsqlCopy(databaseUrl).ms);
    }
    const cpuSeconds = cpu.stop();
    const peakRss = server.peakRss();
    const copyMs = median(copies);
    const loadAverage = load.end();
    console.table([
      {
        answer: `psql \\copy (${rows} rows)`,
        'median ms': Math.round(copyMs),
        'all ms': copies.map(Math.round).join(' '),
        ratio: '1.00x',
      },
      {
        answer: `streamed CSV, ${(csvBytes / MB).toFixed(1)} MB`,
        'median ms': Math.round(median(streamed)),
        'all ms': streamed.map(Math.round).join(' '),
        ratio: `${(median(streamed) / copyMs).toFixed(2)}x`,
      },
      {
        answer: `{ content, format, count }, ${(envelopeBytes / MB).toFixed(1)} MB`,
        'median ms': Math.round(median(buffered)),
        'all ms': buffered.map(Math.round).join(' '),
        ratio: `${(median(buffered) / copyMs).toFixed(2)}x`,
      },
    ]);
    console.log(
      `target: streamed <= 3x psql \\copy: ${median(streamed) <= 3 * copyMs ? 'ok' : 'MISS'}; ` +
        `CPU seconds over the ${reps} reps: server ${cpuSeconds.serverCpuSeconds}, PostgreSQL backends ${cpuSeconds.postgresCpuSeconds}; ` +
        `server peak RSS ${megabytes(peakRssStreamed)} after the bare CSVs, ${megabytes(peakRss)} after the envelopes; load average ${loadAverage.start} → ${loadAverage.end}`,
    );
    if (settings.profile) {
      await server.stop();
      const file = readdirSync(directory).find((name) => name.endsWith('.cpuprofile'));
      if (!file) throw new Error('the server wrote no CPU profile (did it exit cleanly?)');
      const { byPackage, byFunction } = summarise(
        JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as CpuProfile,
        15,
      );
      console.table(
        byPackage.map((row, index) => ({
          'package (self time)': row.name,
          '%': row.share,
          'function (self time)': byFunction[index]?.name ?? '',
          '% ': byFunction[index]?.share ?? '',
        })),
      );
    }
  } finally {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}
