// One benchmarked endpoint: autocannon against the app, then against the bare baseline, same settings.
import autocannon from 'autocannon';
import { startScript, stopChild } from './server-process.ts';

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  expect: number;
  /** A different path for every request (defeats the server's ETag memo); the baseline answers `path`'s response. */
  varyPath?: () => string;
  /** Issue 8's target for this endpoint. */
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
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

export function runAutocannon(
  url: string,
  scenario: Scenario,
  options: { connections: number; duration: number; varyPaths?: boolean },
): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}${scenario.path}`,
        method: scenario.method,
        headers: scenario.headers,
        body: scenario.body,
        connections: options.connections,
        duration: options.duration,
        ...(scenario.varyPath && options.varyPaths
          ? {
              requests: [
                {
                  setupRequest: (request: Record<string, unknown>) => ({ ...request, path: scenario.varyPath?.() }),
                },
              ],
            }
          : {}),
        warmup: { connections: options.connections, duration: 2 },
      },
      (error: Error | null, result: AutocannonResult) => {
        if (error) return reject(error);
        const expected = result.statusCodeStats[String(scenario.expect)]?.count ?? 0;
        const answered = Object.values(result.statusCodeStats).reduce((sum, stat) => sum + stat.count, 0);
        resolve({
          requestsPerSecond: result.requests.average,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          requests: result.requests.total,
          errors: result.errors,
          timeouts: result.timeouts,
          unexpectedStatus: answered - expected,
          statusCodes: Object.fromEntries(
            Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
          ),
        });
      },
    );
  });
}

/** The bare node:http baseline in its own process, replaying recorded responses. */
export async function startBaselineServer(responsesFile: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = startScript('bench/baseline-server.ts', {}, { label: 'baseline', args: [responsesFile] });
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

export async function measureScenario(
  scenario: Scenario,
  appUrl: string,
  baselineUrl: string,
  options: { connections: number; duration: number },
): Promise<{ app: LoadFigures; baseline: LoadFigures; ratio: number; responseBytes?: number }> {
  const app = await runAutocannon(appUrl, scenario, { ...options, varyPaths: true });
  const baseline = await runAutocannon(baselineUrl, scenario, options);
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
