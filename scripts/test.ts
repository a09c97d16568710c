// `pnpm test`: every check CI runs, in order, with one closing line that totals them all.
// Each step runs even when an earlier one failed (except steps that need the build), so one run
// shows every failure. Test runners report their own counts; a check without test cases
// (lint, typecheck, build, audit, budgets) counts as one test.
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { type ChromiumOptions, describeChromium, findChromium } from './chromium.ts';
import { pageSnapshot } from './page-snapshot.ts';
import {
  type Counts,
  countPlaywrightFiles,
  countVitestFiles,
  didNotStart,
  type NotStarted,
  notStartedCounts,
  notStartedLine,
  notStartedReason,
  type Outcome,
  outcome,
} from './step-outcome.ts';

interface Step {
  name: string;
  run: (out: Output) => Promise<StepResult>;
  /** Steps that make no sense when the build failed. */
  needsBuild?: boolean;
}

/** Steps that run at the same time (each mostly on one core, or waiting): one stage of the run. */
interface Together {
  together: Step[];
}

const root = path.resolve(import.meta.dirname, '..');
const logDir = path.join(root, '.ci-logs');
rmSync(logDir, { recursive: true, force: true });
mkdirSync(logDir, { recursive: true });
// Tests that skip for want of a real part (api/test/support/missing-parts.ts) name it here.
const missingPartsFile = path.join(logDir, 'missing-parts.jsonl');
process.env.SHINE_MISSING_PARTS_FILE = missingPartsFile;

interface MissingPart {
  part: string;
  skipped: string;
  install: string;
  reason?: string;
}

/** Each missing part once (a file run on several databases reports it once per run). */
function readMissingParts(): MissingPart[] {
  if (!existsSync(missingPartsFile)) return [];
  const byPart = new Map<string, MissingPart>();
  for (const line of readFileSync(missingPartsFile, 'utf8').split('\n').filter(Boolean)) {
    const missing = JSON.parse(line) as MissingPart;
    byPart.set(missing.part, missing);
  }
  return [...byPart.values()];
}

/**
 * Where a step's output goes: the terminal, or (a step running beside others) a log file that is
 * printed whole when the step ends, so parallel steps never interleave their lines.
 */
type Output = { kind: 'terminal' } | { kind: 'file'; file: string };

function sh(command: string, out: Output, env: NodeJS.ProcessEnv = {}): Promise<number> {
  const header = `\n$ ${command}\n`;
  const options = { cwd: root, shell: true, env: { ...process.env, ...env } };
  if (out.kind === 'terminal') {
    process.stdout.write(header);
    const child = spawn(command, { ...options, stdio: 'inherit' });
    return new Promise((resolve) => child.on('close', (status) => resolve(status ?? 1)));
  }
  appendFileSync(out.file, header);
  const fd = openSync(out.file, 'a');
  const child = spawn(command, { ...options, stdio: ['ignore', fd, fd] });
  return new Promise((resolve) =>
    child.on('close', (status) => {
      closeSync(fd);
      resolve(status ?? 1);
    }),
  );
}

/** Exit code a check uses to say it could not run here (it says why, loudly); counted as skipped. */
const EXIT_SKIPPED = 77;

async function check(command: string, out: Output, env?: NodeJS.ProcessEnv): Promise<Counts> {
  const status = await sh(command, out, env);
  if (status === EXIT_SKIPPED) return { passed: 0, failed: 0, skipped: 1 };
  return { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 };
}

/** node:test files; counts come from a TAP copy of the report. */
async function nodeTest(files: string, name: string, out: Output): Promise<Counts> {
  const report = path.join(logDir, `${name}.tap`);
  const status = await sh(
    `node --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=tap --test-reporter-destination=${report} ${files}`,
    out,
  );
  if (!existsSync(report)) return { passed: 0, failed: 1, skipped: 0 };
  const tap = readFileSync(report, 'utf8');
  const count = (key: string) => Number(tap.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
  const failed = count('fail') + (count('fail') === 0 && status !== 0 ? 1 : 0);
  return { passed: count('pass'), failed, skipped: count('skipped') + count('todo') };
}

/** What failed, listed again just above the summary: CI shows a run's last lines first. */
const failures: Array<{ step: string; title: string; message: string; page?: string }> = [];

/** What a step ends with: its counts, and why it did not start when its runner ran no test. */
type StepResult = Counts & { notStarted?: NotStarted };

/**
 * A step whose runner ran no test: why (the line its global setup left in the step's
 * SHINE_NOT_STARTED_FILE, or its exit status), and how many test files `listCommand` lists into
 * `listing` (counted by `count`), each counted as a failure.
 */
async function didNotStartStep(
  name: string,
  status: number,
  listCommand: string,
  listing: string,
  count: (listing: string) => number,
  env: NodeJS.ProcessEnv = {},
): Promise<StepResult> {
  const reasonFile = notStartedFile(name);
  const reason = notStartedReason(existsSync(reasonFile) ? readFileSync(reasonFile, 'utf8') : undefined, status);
  await sh(listCommand, { kind: 'file', file: path.join(logDir, `${name}.list.log`) }, env);
  let files = 0;
  try {
    files = count(readFileSync(listing, 'utf8'));
  } catch {
    // Not even listed: counted as one failure (notStartedCounts).
  }
  const notStarted = { reason, files };
  return { ...notStartedCounts(notStarted), notStarted };
}

/** Where a step's global setup writes why it could not start (api/test/support/not-started.ts). */
function notStartedFile(name: string): string {
  return path.join(logDir, `${name}.not-started`);
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{
    name: string;
    message?: string;
    assertionResults: Array<{ status: string; fullName: string; failureMessages: string[] }>;
  }>;
}

/**
 * A vitest run; counts come from its JSON report. A run that ran no test "did not start". `via` runs
 * the command through another (scripts/private-folder.ts).
 */
async function vitest(
  filter: string,
  name: string,
  out: Output,
  args = '',
  env?: NodeJS.ProcessEnv,
  via = '',
): Promise<StepResult> {
  const report = path.join(logDir, `${name}.json`);
  const status = await sh(
    `${via}pnpm --filter ${filter} exec vitest run ${args} --reporter=default --reporter=json --outputFile=${report}`,
    out,
    { ...env, SHINE_NOT_STARTED_FILE: notStartedFile(name) },
  );
  const json = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as VitestReport) : undefined;
  const reported = json && {
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
  };
  if (didNotStart(status, reported)) {
    const listing = path.join(logDir, `${name}.list.json`);
    return didNotStartStep(
      name,
      status,
      `pnpm --filter ${filter} exec vitest list --filesOnly ${args} --json=${listing}`,
      listing,
      countVitestFiles,
      env,
    );
  }
  if (!json) return { passed: 0, failed: 1, skipped: 0 };
  for (const file of json.testResults) {
    const where = path.relative(root, file.name);
    for (const test of file.assertionResults.filter((t) => t.status === 'failed')) {
      failures.push({ step: name, title: `${where} › ${test.fullName}`, message: test.failureMessages[0] ?? '' });
    }
    if (file.message) failures.push({ step: name, title: where, message: file.message });
  }
  const failed = json.numFailedTests + (json.numFailedTests === 0 && status !== 0 ? 1 : 0);
  return { passed: json.numPassedTests, failed, skipped: json.numPendingTests + json.numTodoTests };
}

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{
    title: string;
    file: string;
    line: number;
    ok: boolean;
    tests: Array<{
      results: Array<{
        status: string;
        error?: { message?: string };
        attachments?: Array<{ name: string; path?: string }>;
      }>;
    }>;
  }>;
}

function collectPlaywrightFailures(step: string, suites: PlaywrightSuite[] | undefined, titles: string[]): void {
  for (const suite of suites ?? []) {
    const inner = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const failed = spec.tests.flatMap((t) => t.results).find((r) => r.error);
      failures.push({
        step,
        title: `${spec.file}:${spec.line} › ${[...inner, spec.title].join(' › ')}`,
        message: failed?.error?.message ?? '',
        page: pageSnapshot(failed?.attachments?.find((a) => a.name === 'error-context')?.path),
      });
    }
    collectPlaywrightFailures(step, suite.suites, inner);
  }
}

async function playwright(
  name: string,
  filter: string,
  out: Output,
  args = '',
  env: NodeJS.ProcessEnv = {},
): Promise<StepResult> {
  const report = path.join(logDir, `${name}.json`);
  const status = await sh(`pnpm --filter ${filter} exec playwright test ${args}`, out, {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  const json = existsSync(report)
    ? (JSON.parse(readFileSync(report, 'utf8')) as {
        stats: { expected: number; unexpected: number; flaky: number; skipped: number };
        suites: PlaywrightSuite[];
      })
    : undefined;
  const reported = json && {
    passed: json.stats.expected,
    failed: json.stats.unexpected + json.stats.flaky,
    skipped: json.stats.skipped,
  };
  if (didNotStart(status, reported)) {
    const listing = path.join(logDir, `${name}.list.json`);
    return didNotStartStep(
      name,
      status,
      `pnpm --filter ${filter} exec playwright test --list --reporter=json ${args}`,
      listing,
      countPlaywrightFiles,
      { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: listing },
    );
  }
  if (!json) return { passed: 0, failed: 1, skipped: 0 };
  const { stats, suites } = json;
  collectPlaywrightFailures(name, suites, []);
  const failed = stats.unexpected + stats.flaky + (stats.unexpected === 0 && status !== 0 ? 1 : 0);
  return { passed: stats.expected, failed, skipped: stats.skipped };
}

/** A browser a step drives: the line that names it, and what its command's environment needs. */
type Browser = { line: string; env: NodeJS.ProcessEnv; error?: undefined } | { error: string };

async function findBrowser(options: ChromiumOptions): Promise<Browser> {
  try {
    const choice = await findChromium(options);
    return { line: await describeChromium(choice), env: { CHROMIUM_PATH: choice.executablePath, ...choice.env } };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

// The browsers of the Lighthouse and end-to-end steps (scripts/chromium.ts): found once each, before
// any step, and handed to the step's command through CHROMIUM_PATH. The specs take an installed headless
// shell first; Lighthouse the full browser. One after the other: the bundled one unpacks on first use.
// Without one, those steps fail with the one command that installs it.
const lighthouseBrowser = await findBrowser({});

/** Command prefixes for a step that yields the cores to another and for the one that goes first (`nice`). */
const YIELDING = process.platform === 'win32' ? '' : 'nice -n 19 ';
const AHEAD = process.platform !== 'win32' && process.getuid?.() === 0 ? 'nice -n -5 ' : '';
const e2eBrowser = await findBrowser({ headlessShell: true });

/** Whether nothing on this machine listens on the port (127.0.0.1). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The end-to-end servers' port (E2E_PORT; the mail, SMTP and SMS stand-ins take it + 1000, + 2000,
 * + 3000): 3111 when those four are free, else the first free set above it, so a server already on
 * 3111 (another run of `pnpm test`, a forgotten dev server) does not fail the suite.
 */
async function chooseE2ePort(): Promise<number> {
  for (let base = 3111; base < 4000; base += 17) {
    const ports = [base, base + 1000, base + 2000, base + 3000];
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return base;
  }
  throw new Error('no free ports for the end-to-end servers between 3111 and 7000');
}

/** A step that drives a browser: says which one, or fails with why there is none. */
function withBrowser(
  browser: Browser,
  run: (out: Output, env: NodeJS.ProcessEnv) => Promise<StepResult>,
): (out: Output) => Promise<StepResult> {
  return async (out) => {
    if (browser.error !== undefined) {
      console.log(browser.error);
      failures.push({ step: 'browser', title: 'no browser for the end-to-end tests', message: browser.error });
      return { passed: 0, failed: 1, skipped: 0 };
    }
    console.log(browser.line);
    return run(out, browser.env);
  };
}

// Without TEST_DATABASE_URL the API suite's PostgreSQL project starts a throw-away embedded server
// (api/test/support/embedded-postgres.ts). With it (CI: the system PostgreSQL 15), the files that lean
// on the database hardest (every migration, COPY, search, cursors, reports, the outbox, LISTEN) run a
// second time on the embedded server, so the second version is covered where versions differ: a
// third of the whole project's time (docs/testing.md, "Stages").
const hasOwnPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SECOND_VERSION_FILES = [
  'database',
  'seed',
  'export',
  'leads-export-stream',
  'lead-search',
  'lead-list-cursor',
  'analytics',
  'reports',
  'automation-outbox',
  'automation-exactly-once',
  'live',
  'lead-intake',
  'quotes',
  'scheduling',
].map((name) => `test/${name}.test.ts`);

const stages: Array<Step | Together> = [
  // Single-threaded tools, for the most part: side by side they keep both cores busy.
  {
    together: [
      { name: 'lint (biome, comments, docs, dependency-cruiser)', run: (out) => check('pnpm lint', out) },
      { name: 'typecheck', run: (out) => check('pnpm typecheck', out) },
      { name: 'unit: shared', run: (out) => vitest('@shine/shared', 'shared', out) },
      { name: 'unit: scripts', run: (out) => nodeTest('scripts/*.test.ts', 'scripts', out) },
      // Here rather than beside the build, which the CRM's unit tests already fill: a core would
      // otherwise wait for the typecheck alone. A newcomer's clone as root in a private folder (docs/testing.md, "A newcomer's run"): the embedded
      // PostgreSQL must start there.
      {
        name: 'api: PostgreSQL from a private folder (0700)',
        run: (out) =>
          vitest(
            '@shine/api',
            'private-folder',
            out,
            '--project postgres test/health.test.ts',
            { TEST_DATABASE_URL: '' },
            'node scripts/private-folder.ts -- ',
          ),
      },
    ],
  },
  // The build is apart from typecheck: `astro check` and `astro build` both write site/.astro/.
  {
    together: [
      { name: 'unit: crm', run: (out) => vitest('@shine/crm', 'crm', out) },
      { name: 'unit: desktop', run: (out) => vitest('@shine/desktop', 'desktop', out) },
      { name: 'build', run: (out) => check('pnpm build', out) },
    ],
  },
  // The API suite keeps the cores about nine tenths busy (its files wait on PostgreSQL and on their
  // own HTTP round trips) and Lighthouse about two fifths (it waits on its simulated network): side by
  // side they fill each other's gaps. Every public page and the customer's quote page
  // (docs/decisions.md, "Quote page and Lighthouse SEO") score at least 0.95 in every Lighthouse
  // category on mobile: one run a page, the median of three for a page whose first run misses;
  // performance judged with the main thread's CPU time, so a loaded machine does not fail a page
  // (docs/testing.md "Lighthouse").
  // Lighthouse goes first for the cores: the API suite runs at the lowest priority and, as root,
  // Lighthouse (its browser and server) a little above the normal one, so a page's task does not wait
  // for a core the suite holds; the suite takes what Lighthouse leaves.
  {
    together: [
      {
        name: `api: PGlite + PostgreSQL (${hasOwnPostgres ? 'TEST_DATABASE_URL' : 'embedded'})`,
        run: (out) => vitest('@shine/api', 'api', out, '', undefined, YIELDING),
      },
      {
        name: 'lighthouse: public pages (mobile)',
        run: withBrowser(lighthouseBrowser, (out, env) =>
          check(`${AHEAD}node scripts/lighthouse.ts --check --adaptive`, out, env),
        ),
        needsBuild: true,
      },
    ],
  },
  ...(hasOwnPostgres
    ? [
        {
          name: 'api: PostgreSQL (embedded), the database-heavy files',
          run: (out: Output) =>
            vitest('@shine/api', 'api-embedded', out, `--project postgres ${SECOND_VERSION_FILES.join(' ')}`, {
              TEST_DATABASE_URL: '',
            }),
        },
      ]
    : []),
  // Generated bad input, authorisation matrix, database faults, shutdown, backups.
  { name: 'api: resilience', run: (out) => vitest('@shine/api', 'resilience', out, '-c vitest.resilience.config.ts') },
  ...(existsSync(path.join(root, 'scripts/budgets.ts'))
    ? [{ name: 'front-end budgets', run: (out: Output) => check('node scripts/budgets.ts', out), needsBuild: true }]
    : []),
  {
    name: 'e2e: site, CRM (Chromium)',
    run: withBrowser(e2eBrowser, async (out, env) => {
      process.env.E2E_PORT ??= String(await chooseE2ePort());
      console.log(`End-to-end servers on ports ${process.env.E2E_PORT} (+1000, +2000, +3000)`);
      return playwright('e2e', '@shine/tests', out, '', env);
    }),
    needsBuild: true,
  },
  // The desktop app (docs/requirements.md#desktop): the built app in a real Electron (under Xvfb on
  // Linux); skipped, loudly, without a binary.
  {
    name: 'e2e: desktop (Electron)',
    run: (out) => playwright('desktop', '@shine/desktop', out, '-c playwright.config.ts'),
    needsBuild: true,
  },
  ...(existsSync(path.join(root, 'scripts/audit.ts'))
    ? [{ name: 'supply chain audit', run: (out: Output) => check('node scripts/audit.ts', out) }]
    : []),
];

/**
 * The machine's CPU time so far, busy and in all (Linux: the `cpu` line of /proc/stat, in clock ticks);
 * undefined elsewhere. A stage's busy share of the cores says whether it leaves one idle, which another
 * stage could use. The whole machine, not the run's own processes: those include servers the run does
 * not wait for (CI's PostgreSQL, the e2e web servers), and CI runs nothing else.
 */
function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    // user nice system idle iowait irq softirq steal …
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((sum, n) => sum + n, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return Number.isFinite(total) && total > 0 ? { busy: total - idle, total } : undefined;
  } catch {
    return undefined;
  }
}

/** How busy the machine's cores were since `before`, as a percentage ('' where it cannot be told). */
function coresBusy(before: { busy: number; total: number } | undefined): string {
  const after = machineTicks();
  if (!before || !after || after.total - before.total <= 0) return '';
  return `${Math.round(((after.busy - before.busy) / (after.total - before.total)) * 100)} %`;
}

const results: Array<{ name: string; outcome: Outcome } & Counts & { seconds: number; 'cores busy'?: string }> = [];
/** The "did not start" lines, printed just above the closing line. */
const stepsNotStarted: string[] = [];
let buildFailed = false;
const runStarted = performance.now();
const runTicks = machineTicks();

async function runStep(step: Step, out: Output): Promise<void> {
  if (step.needsBuild && buildFailed) {
    console.log(`\n--- ${step.name}: not run, the build failed`);
    results.push({
      name: step.name,
      outcome: 'not run: the build failed',
      passed: 0,
      failed: 1,
      skipped: 0,
      seconds: 0,
    });
    return;
  }
  if (out.kind === 'terminal') console.log(`\n=== ${step.name}`);
  const started = performance.now();
  const counts = await step.run(out);
  const seconds = Math.round((performance.now() - started) / 1000);
  if (step.name === 'build' && counts.failed > 0) buildFailed = true;
  if (out.kind === 'file') {
    console.log(`\n=== ${step.name} (${seconds} s, beside other steps)`);
    process.stdout.write(readFileSync(out.file, 'utf8'));
  }
  const { notStarted, ...counted } = counts;
  if (notStarted) stepsNotStarted.push(notStartedLine(step.name, notStarted));
  results.push({ name: step.name, outcome: outcome(counted, notStarted), ...counted, seconds });
}

for (const stage of stages) {
  const ticksBefore = machineTicks();
  const resultsBefore = results.length;
  if ('together' in stage) {
    console.log(
      `\n=== ${stage.together.map((step) => step.name).join(' | ')}: side by side, each printed when it ends`,
    );
    await Promise.all(
      stage.together.map((step) => {
        const file = path.join(logDir, `${step.name.replace(/[^a-z0-9]+/gi, '-')}.log`);
        writeFileSync(file, '');
        return runStep(step, { kind: 'file', file });
      }),
    );
  } else {
    await runStep(stage, { kind: 'terminal' });
  }
  // Steps side by side share their stage's figure: their processes cannot be told apart.
  const busy = coresBusy(ticksBefore);
  for (const result of results.slice(resultsBefore)) result['cores busy'] = busy;
}
const totalSeconds = Math.round((performance.now() - runStarted) / 1000);

const total = results.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
/** How much of a failed spec's page the summary shows; the whole tree is in the spec's error context. */
const PAGE_SNAPSHOT_LINES = 60;
if (failures.length > 0) {
  console.log('\nFailed');
  for (const failure of failures) {
    // Colour codes out, and only the first lines: the full report is above and in .ci-logs/.
    const message = stripVTControlCharacters(failure.message).split('\n').slice(0, 12).join('\n    ');
    console.log(`- [${failure.step}] ${failure.title}\n    ${message}`);
    if (failure.page) {
      const lines = failure.page.split('\n');
      const shown = lines.slice(0, PAGE_SNAPSHOT_LINES).join('\n      ');
      const more =
        lines.length > PAGE_SNAPSHOT_LINES ? `\n      … ${lines.length - PAGE_SNAPSHOT_LINES} more lines` : '';
      console.log(`    The page when it failed:\n      ${shown}${more}`);
    }
  }
}
const missingParts = readMissingParts();
if (missingParts.length > 0) {
  console.log('\nMissing parts: these tests were skipped (counted as skipped below). Install them to run everything:');
  for (const missing of missingParts) {
    console.log(
      `- ${missing.part}: ${missing.skipped} skipped${missing.reason ? ` (${missing.reason})` : ''}\n    ${missing.install}`,
    );
  }
}
console.log('\nSummary (seconds per step)');
console.table([
  ...results,
  {
    name: 'total',
    outcome: total.failed > 0 ? 'failed' : 'passed',
    ...total,
    seconds: totalSeconds,
    'cores busy': coresBusy(runTicks),
  },
]);
writeFileSync(path.join(logDir, 'steps.json'), `${JSON.stringify({ results, totalSeconds, missingParts }, null, 2)}\n`);
const line = `${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`;
if (stepsNotStarted.length > 0) console.log(`\n${stepsNotStarted.join('\n')}`);
writeFileSync(path.join(logDir, 'summary.txt'), `${line}\n`);
console.log(line);
process.exit(total.failed > 0 ? 1 : 0);
