// One benchmarked endpoint: autocannon against the app and against the bare baseline, same settings,
// in alternating rounds.
import autocannon from 'autocannon';
import { startScript, stopChild } from '../scripts/server-process.ts';

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  expect: number;
  /** A different path for every request (defeats the server's ETag memo); the baseline answers `path`'s response. */
  varyPath?: () => string;
  /** A different body for every request (a new visitor each time); the baseline answers `body`'s response. */
  varyBody?: () => string;
  /** This endpoint's target (docs/performance.md, "Against the targets"). */
  target: { p99Ms?: number; p50Ms?: number; minRatio?: number };
  responseBytes?: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  /** Responses whose status was not the expected one. */
  unexpectedStatus: number;
  statusCodes: Record<string, number>;
}

interface AutocannonResult {
  requests: { total: number };
  duration: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

interface AutocannonInstance {
  on: (event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void) => void;
}

/** One autocannon run: its result and every response time (ms), for percentiles over several runs. */
interface Run {
  result: AutocannonResult;
  latencies: number[];
}

function runOnce(
  url: string,
  scenario: Scenario,
  options: { connections: number; duration: number; vary?: boolean },
): Promise<Run> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}${scenario.path}`,
        method: scenario.method,
        headers: scenario.headers,
        body: scenario.body,
        connections: options.connections,
        duration: options.duration,
        ...((scenario.varyPath || scenario.varyBody) && options.vary
          ? {
              requests: [
                {
                  setupRequest: (request: Record<string, unknown>) => ({
                    ...request,
                    ...(scenario.varyPath ? { path: scenario.varyPath() } : {}),
                    ...(scenario.varyBody ? { body: scenario.varyBody() } : {}),
                  }),
                },
              ],
            }
          : {}),
      },
      (error: Error | null, result: AutocannonResult) => (error ? reject(error) : resolve({ result, latencies })),
    ) as AutocannonInstance;
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function combine(runs: Run[], scenario: Scenario): LoadFigures {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  for (const { result } of runs) {
    for (const [code, stat] of Object.entries(result.statusCodeStats))
      statusCodes[code] = (statusCodes[code] ?? 0) + stat.count;
  }
  const answered = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  const requests = runs.reduce((sum, run) => sum + run.result.requests.total, 0);
  const seconds = runs.reduce((sum, run) => sum + run.result.duration, 0);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requestsPerSecond: requests / seconds,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    requests,
    errors: runs.reduce((sum, run) => sum + run.result.errors, 0),
    timeouts: runs.reduce((sum, run) => sum + run.result.timeouts, 0),
    unexpectedStatus: answered - (statusCodes[String(scenario.expect)] ?? 0),
    statusCodes,
  };
}

/**
 * The bare node:http baseline in its own process, replaying recorded responses: their content type and
 * validators, or with `wire` every header the app sent (bench/baseline-server.ts).
 */
export async function startBaselineServer(
  responsesFile: string,
  options: { wire?: boolean } = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const args = options.wire ? [responsesFile, '--wire'] : [responsesFile];
  const child = startScript(
    'bench/baseline-server.ts',
    {},
    { label: options.wire ? 'baseline (wire)' : 'baseline', args },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`baseline server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

/**
 * The app and the baseline in alternating rounds (app, baseline, app, baseline...) after a warm-up of
 * each, so that both see the same background load however it changes during the run; figures are
 * over all rounds (percentiles from every response time).
 */
export async function measureScenario(
  scenario: Scenario,
  appUrl: string,
  baselineUrl: string,
  options: { connections: number; duration: number; rounds: number },
): Promise<{ app: LoadFigures; baseline: LoadFigures; ratio: number; responseBytes?: number }> {
  const { connections } = options;
  await runOnce(appUrl, scenario, { connections, duration: 2, vary: true });
  await runOnce(baselineUrl, scenario, { connections, duration: 2 });
  const slice = Math.max(1, Math.round(options.duration / options.rounds));
  const appRuns: Run[] = [];
  const baselineRuns: Run[] = [];
  for (let round = 0; round < options.rounds; round += 1) {
    appRuns.push(await runOnce(appUrl, scenario, { connections, duration: slice, vary: true }));
    baselineRuns.push(await runOnce(baselineUrl, scenario, { connections, duration: slice }));
  }
  const app = combine(appRuns, scenario);
  const baseline = combine(baselineRuns, scenario);
  return {
    app,
    baseline,
    ratio: app.requestsPerSecond / baseline.requestsPerSecond,
    responseBytes: scenario.responseBytes,
  };
}

export function summariseAutocannon(
  scenario: Scenario,
  measured: { app: LoadFigures; baseline: LoadFigures; ratio: number },
): Record<string, string | number> {
  const { app, baseline, ratio } = measured;
  const { p99Ms, p50Ms, minRatio } = scenario.target;
  const checks: Array<[string, boolean]> = [];
  if (p99Ms !== undefined) checks.push([`p99 <= ${p99Ms} ms`, app.p99Ms <= p99Ms]);
  if (p50Ms !== undefined) checks.push([`p50 <= ${p50Ms} ms`, app.p50Ms <= p50Ms]);
  if (minRatio !== undefined) checks.push([`>= ${minRatio * 100}% of baseline`, ratio >= minRatio]);
  const broken = app.errors + app.timeouts + app.unexpectedStatus;
  return {
    endpoint: scenario.name,
    'req/s': Math.round(app.requestsPerSecond),
    'p50 ms': app.p50Ms,
    'p99 ms': app.p99Ms,
    'baseline req/s': Math.round(baseline.requestsPerSecond),
    ratio: `${(ratio * 100).toFixed(1)}%`,
    target: checks.map(([label]) => label).join(', '),
    verdict: broken > 0 ? `BROKEN (${broken} errors/unexpected)` : checks.every(([, ok]) => ok) ? 'ok' : 'MISS',
  };
}
