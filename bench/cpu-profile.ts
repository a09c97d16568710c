// Where one scenario's time goes (`pnpm bench --pages --profile`): the server under that scenario's
// load with V8's sampling profiler on (NODE_OPTIONS=--cpu-prof, written when the server exits), the
// CPU seconds the server and PostgreSQL's backends spent meanwhile (/proc/<pid>/stat), and the
// profile's self time grouped by package and by function.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { databaseName, psql } from './database.ts';
import type { Scenario } from './load.ts';
import { signIn, startAppServer } from '../scripts/server-process.ts';

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

export interface ScenarioProfile {
  scenario: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  serverCpuSeconds: number;
  postgresCpuSeconds: number;
  /** Share of the server's samples, largest first. */
  byPackage: Array<{ name: string; share: number }>;
  byFunction: Array<{ name: string; share: number }>;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** User plus system CPU seconds of a process so far, or 0 once it has gone. */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function postgresBackends(databaseUrl: string): number[] {
  const admin = databaseUrl.replace(/\/[^/]+$/, '/postgres');
  return psql(admin, `select pid from pg_stat_activity where datname = '${databaseName(databaseUrl)}'`)
    .split('\n')
    .filter(Boolean)
    .map(Number);
}

/** node_modules/.pnpm/x@1/node_modules/@scope/name/... → @scope/name; the repository's own files by path. */
function packageOf(url: string, functionName: string): string {
  if (!url) return functionName;
  const modules = url.lastIndexOf('node_modules/');
  if (modules === -1) return url.replace(/^file:\/\/.*?\/(api|packages|scripts)\//, '$1/');
  const parts = url.slice(modules + 'node_modules/'.length).split('/');
  return (parts[0]?.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

function topShares(selfTime: Map<string, number>, count: number): Array<{ name: string; share: number }> {
  const total = [...selfTime.values()].reduce((sum, value) => sum + value, 0);
  return [...selfTime]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, value]) => ({ name, share: Math.round((1000 * value) / total) / 10 }));
}

export function summarise(profile: CpuProfile, count: number): Pick<ScenarioProfile, 'byPackage' | 'byFunction'> {
  const selfById = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfById.set(id, (selfById.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const self = selfById.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    const owner = packageOf(url, functionName);
    byPackage.set(owner, (byPackage.get(owner) ?? 0) + self);
    const where = url ? ` ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'}${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + self);
  }
  return { byPackage: topShares(byPackage, count), byFunction: topShares(byFunction, count) };
}

/** Counts the CPU seconds of the server and of the database's backends from now until `stop()`. */
export function startCpuCount(
  databaseUrl: string,
  serverPid: number,
): { stop: () => { serverCpuSeconds: number; postgresCpuSeconds: number } } {
  const backendsBefore = new Map(postgresBackends(databaseUrl).map((pid) => [pid, cpuSecondsOf(pid)]));
  const serverBefore = cpuSecondsOf(serverPid);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    stop: () => ({
      serverCpuSeconds: round(cpuSecondsOf(serverPid) - serverBefore),
      postgresCpuSeconds: round(
        postgresBackends(databaseUrl).reduce((sum, pid) => sum + cpuSecondsOf(pid) - (backendsBefore.get(pid) ?? 0), 0),
      ),
    }),
  };
}

/** Runs `scenario` for `seconds` against a profiled server of its own (same database and settings). */
export async function profileScenario(settings: {
  scenario: Scenario;
  databaseUrl: string;
  serverEnv: Record<string, string | undefined>;
  admin: { email: string; password: string };
  connections: number;
  seconds: number;
}): Promise<ScenarioProfile> {
  const { scenario, databaseUrl, connections, seconds } = settings;
  const directory = mkdtempSync(path.join(tmpdir(), 'shine-bench-profile-'));
  const server = await startAppServer({
    ...settings.serverEnv,
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${directory}`,
  });
  try {
    const cookie = await signIn(server.url, settings.admin.email, settings.admin.password);
    const backendsBefore = new Map(postgresBackends(databaseUrl).map((pid) => [pid, cpuSecondsOf(pid)]));
    const serverBefore = cpuSecondsOf(server.pid);
    const result = await autocannon({
      url: server.url,
      connections,
      duration: seconds,
      requests: [
        {
          method: scenario.method,
          setupRequest: (request: Record<string, unknown>) => ({
            ...request,
            path: scenario.varyPath ? scenario.varyPath() : scenario.path,
            headers: { ...scenario.headers, cookie },
          }),
        },
      ],
    });
    const serverCpuSeconds = cpuSecondsOf(server.pid) - serverBefore;
    const postgresCpuSeconds = postgresBackends(databaseUrl).reduce(
      (sum, pid) => sum + cpuSecondsOf(pid) - (backendsBefore.get(pid) ?? 0),
      0,
    );
    await server.stop();
    const file = readdirSync(directory).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no CPU profile (did it exit cleanly?)');
    const profile = JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as CpuProfile;
    const round = (value: number) => Math.round(value * 10) / 10;
    return {
      scenario: scenario.name,
      connections,
      seconds,
      requestsPerSecond: round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      serverCpuSeconds: round(serverCpuSeconds),
      postgresCpuSeconds: round(postgresCpuSeconds),
      ...summarise(profile, 15),
    };
  } finally {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

export function printScenarioProfile(profile: ScenarioProfile): void {
  console.log(
    `${profile.scenario}, profiled (${profile.connections} connections, ${profile.seconds} s): ` +
      `${profile.requestsPerSecond} req/s, p50 ${profile.p50Ms} ms, p99 ${profile.p99Ms} ms; ` +
      `CPU seconds: server ${profile.serverCpuSeconds}, PostgreSQL backends ${profile.postgresCpuSeconds}`,
  );
  console.table(
    profile.byPackage.map((row, index) => ({
      'package (self time)': row.name,
      '%': row.share,
      'function (self time)': profile.byFunction[index]?.name ?? '',
      '% ': profile.byFunction[index]?.share ?? '',
    })),
  );
}
