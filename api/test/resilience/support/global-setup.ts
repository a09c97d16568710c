// Totals the figures every resilience test recorded (see figures.ts) and prints them once at the end,
// and removes everything the run started (run-resources.ts), also when it is interrupted.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIGURE_LABELS, type FigureName } from './figures.ts';
import { startEmbeddedPostgres } from '../../support/embedded-postgres.ts';
import { findFreePort } from '../../support/free-port.ts';
import { FAULTS_CLUSTER_ENV } from './faults-cluster.ts';
import { cleanUpRun, RUN_DIR_ENV } from './run-resources.ts';

/** Cleans up once, at the end or on the first signal; a second signal is left to its default. */
function cleanUpOnce(dir: string): () => void {
  let done = false;
  const cleanUp = () => {
    if (done) return;
    done = true;
    const report = cleanUpRun(dir);
    if (report.processesKilled > 0 || report.databasesDropped > 0) {
      console.log(
        `Resilience cleanup: ${report.processesKilled} server process(es) killed, ${report.databasesDropped} database(s) dropped, the faults cluster and temporary files removed`,
      );
    }
  };
  // vitest may exit from its own signal handler first: the exit event still runs this.
  process.once('exit', cleanUp);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      cleanUp();
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
  return cleanUp;
}

/**
 * The PostgreSQL server of the tests that need one besides their own (the cluster, the backup round
 * trip): TEST_DATABASE_URL's, or, as in the API suite, a throw-away embedded server removed at the end.
 */
async function postgresForRun(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const server = await startEmbeddedPostgres('shine_resilience');
  console.log(
    `\nTEST_DATABASE_URL is not set: the resilience tests use an embedded ${server.version}, removed at the end.\n`,
  );
  // The test files run in forked workers, which inherit this process's environment.
  process.env.TEST_DATABASE_URL = server.url;
  return server.stop;
}

export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shine-resilience-run-'));
  process.env[RUN_DIR_ENV] = dir;
  const cleanUp = cleanUpOnce(dir);
  const stopPostgres = await postgresForRun();
  // The fault tests' PostgreSQL cluster: this run's own (a run's fixture runs share their parent's).
  process.env[FAULTS_CLUSTER_ENV.name] ??= `faults_${process.pid}`;
  process.env[FAULTS_CLUSTER_ENV.port] ??= String(await findFreePort());
  const file = path.join(dir, 'figures.jsonl');
  process.env.RESILIENCE_FIGURES_FILE = file;
  return async () => {
    const rows = existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { suite: string; name: FigureName; value: number })
      : [];
    const totals = new Map<FigureName, number>();
    const bySuite = new Map<string, Map<FigureName, number>>();
    for (const row of rows) {
      totals.set(row.name, (totals.get(row.name) ?? 0) + row.value);
      const suite = bySuite.get(row.suite) ?? new Map<FigureName, number>();
      suite.set(row.name, (suite.get(row.name) ?? 0) + row.value);
      bySuite.set(row.suite, suite);
    }
    console.log('\nResilience figures');
    for (const [suite, figures] of bySuite) {
      console.log(`  ${suite}: ${[...figures].map(([name, value]) => `${FIGURE_LABELS[name]} ${value}`).join(', ')}`);
    }
    console.log(`  TOTAL: ${[...totals].map(([name, value]) => `${FIGURE_LABELS[name]} ${value}`).join(', ')}\n`);
    cleanUp();
    await stopPostgres?.();
  };
}
