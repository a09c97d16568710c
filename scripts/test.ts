// `pnpm test`: every check CI runs, in order, with one closing line that totals them all.
// Each step runs even when an earlier one failed (except steps that need the build), so one run
// shows every failure. Test runners report their own counts; a check without test cases
// (lint, typecheck, build, audit, budgets) counts as one test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describeChromium, findChromium } from './chromium.ts';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface Step {
  name: string;
  run: () => Counts;
  /** Steps that make no sense when the build failed. */
  needsBuild?: boolean;
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

function sh(command: string, env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n$ ${command}`);
  const result = spawnSync(command, { cwd: root, shell: true, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Exit code a check uses to say it could not run here (it says why, loudly); counted as skipped. */
const EXIT_SKIPPED = 77;

function check(command: string, env?: NodeJS.ProcessEnv): Counts {
  const status = sh(command, env);
  if (status === EXIT_SKIPPED) return { passed: 0, failed: 0, skipped: 1 };
  return { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 };
}

/** node:test files; counts come from a TAP copy of the report. */
function nodeTest(files: string, name: string): Counts {
  const report = path.join(logDir, `${name}.tap`);
  const status = sh(
    `node --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=tap --test-reporter-destination=${report} ${files}`,
  );
  if (!existsSync(report)) return { passed: 0, failed: 1, skipped: 0 };
  const tap = readFileSync(report, 'utf8');
  const count = (key: string) => Number(tap.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
  const failed = count('fail') + (count('fail') === 0 && status !== 0 ? 1 : 0);
  return { passed: count('pass'), failed, skipped: count('skipped') + count('todo') };
}

/** What failed, listed again just above the summary: CI shows a run's last lines first. */
const failures: Array<{ step: string; title: string; message: string }> = [];

/** A vitest run; counts come from its JSON report. A crash without a report counts as one failure. */
function vitest(filter: string, name: string, args = '', env?: NodeJS.ProcessEnv): Counts {
  const report = path.join(logDir, `${name}.json`);
  const status = sh(
    `pnpm --filter ${filter} exec vitest run ${args} --reporter=default --reporter=json --outputFile=${report}`,
    env,
  );
  if (!existsSync(report)) return { passed: 0, failed: 1, skipped: 0 };
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numFailedTestSuites: number;
    testResults: Array<{
      name: string;
      message?: string;
      assertionResults: Array<{ status: string; fullName: string; failureMessages: string[] }>;
    }>;
  };
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
    tests: Array<{ results: Array<{ status: string; error?: { message?: string } }> }>;
  }>;
}

function collectPlaywrightFailures(step: string, suites: PlaywrightSuite[] | undefined, titles: string[]): void {
  for (const suite of suites ?? []) {
    const inner = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const error = spec.tests.flatMap((t) => t.results).find((r) => r.error)?.error?.message ?? '';
      failures.push({
        step,
        title: `${spec.file}:${spec.line} › ${[...inner, spec.title].join(' › ')}`,
        message: error,
      });
    }
    collectPlaywrightFailures(step, suite.suites, inner);
  }
}

function playwright(name: string, filter: string, args = ''): Counts {
  const report = path.join(logDir, `${name}.json`);
  const status = sh(`pnpm --filter ${filter} exec playwright test ${args}`, { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  if (!existsSync(report)) return { passed: 0, failed: 1, skipped: 0 };
  const { stats, suites } = JSON.parse(readFileSync(report, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites: PlaywrightSuite[];
  };
  collectPlaywrightFailures(name, suites, []);
  const failed = stats.unexpected + stats.flaky + (stats.unexpected === 0 && status !== 0 ? 1 : 0);
  return { passed: stats.expected, failed, skipped: stats.skipped };
}

// The browser of the end-to-end and Lighthouse steps (scripts/chromium.ts), found once; its children
// inherit it through CHROMIUM_PATH. Without one, those steps fail with the one command that installs it.
const browser = await findChromium().then(
  async (choice) => {
    process.env.CHROMIUM_PATH = choice.executablePath;
    Object.assign(process.env, choice.env);
    return { line: await describeChromium(choice), error: undefined };
  },
  (error: Error) => ({ line: undefined, error: error.message }),
);

/** A step that drives the browser: says which one, or fails with why there is none. */
function withBrowser(run: () => Counts): () => Counts {
  return () => {
    if (browser.error) {
      console.log(browser.error);
      failures.push({ step: 'browser', title: 'no browser for the end-to-end tests', message: browser.error });
      return { passed: 0, failed: 1, skipped: 0 };
    }
    console.log(browser.line);
    return run();
  };
}

// Without TEST_DATABASE_URL the API suite's PostgreSQL project starts a throw-away embedded server
// (api/test/support/embedded-postgres.ts). With it (CI: the system PostgreSQL 15), the PostgreSQL
// project runs a second time on the embedded server, so both versions are covered.
const hasOwnPostgres = Boolean(process.env.TEST_DATABASE_URL);

const steps: Step[] = [
  { name: 'lint (biome, dependency-cruiser)', run: () => check('pnpm lint') },
  { name: 'typecheck', run: () => check('pnpm -r typecheck && pnpm typecheck:scripts') },
  { name: 'unit: shared', run: () => vitest('@shine/shared', 'shared') },
  { name: 'unit: scripts', run: () => nodeTest('scripts/*.test.ts', 'scripts') },
  {
    name: `api: PGlite + PostgreSQL (${hasOwnPostgres ? 'TEST_DATABASE_URL' : 'embedded'})`,
    run: () => vitest('@shine/api', 'api'),
  },
  ...(hasOwnPostgres
    ? [
        {
          name: 'api: PostgreSQL (embedded)',
          run: () => vitest('@shine/api', 'api-embedded', '--project postgres', { TEST_DATABASE_URL: '' }),
        },
      ]
    : []),
  // Generated bad input, authorisation matrix, database faults, shutdown, backups.
  { name: 'api: resilience', run: () => vitest('@shine/api', 'resilience', '-c vitest.resilience.config.ts') },
  { name: 'unit: crm', run: () => vitest('@shine/crm', 'crm') },
  { name: 'unit: desktop', run: () => vitest('@shine/desktop', 'desktop') },
  { name: 'build', run: () => check('pnpm build') },
  ...(existsSync(path.join(root, 'scripts/budgets.ts'))
    ? [{ name: 'front-end budgets', run: () => check('node scripts/budgets.ts'), needsBuild: true }]
    : []),
  { name: 'e2e: site, CRM (Chromium)', run: withBrowser(() => playwright('e2e', '@shine/tests')), needsBuild: true },
  // The customer's quote page (docs/decisions.md, "Quote page and Lighthouse SEO") scores at least
  // 0.95 in every Lighthouse category on mobile.
  {
    name: 'lighthouse: quote page (mobile)',
    run: withBrowser(() => check('node scripts/lighthouse.ts --only=/q --check')),
    needsBuild: true,
  },
  // The desktop app (docs/requirements.md#desktop): the built app in a real Electron (under Xvfb on
  // Linux); skipped, loudly, without a binary.
  {
    name: 'e2e: desktop (Electron)',
    run: () => playwright('desktop', '@shine/desktop', '-c playwright.config.ts'),
    needsBuild: true,
  },
  ...(existsSync(path.join(root, 'scripts/audit.ts'))
    ? [{ name: 'supply chain audit', run: () => check('node scripts/audit.ts') }]
    : []),
];

const results: Array<{ name: string } & Counts & { seconds: number }> = [];
let buildFailed = false;
const runStarted = performance.now();
for (const step of steps) {
  if (step.needsBuild && buildFailed) {
    console.log(`\n--- ${step.name}: not run, the build failed`);
    results.push({ name: step.name, passed: 0, failed: 1, skipped: 0, seconds: 0 });
    continue;
  }
  console.log(`\n=== ${step.name}`);
  const started = performance.now();
  const counts = step.run();
  if (step.name === 'build' && counts.failed > 0) buildFailed = true;
  results.push({ name: step.name, ...counts, seconds: Math.round((performance.now() - started) / 1000) });
}
const totalSeconds = Math.round((performance.now() - runStarted) / 1000);

const total = results.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
if (failures.length > 0) {
  console.log('\nFailed');
  for (const failure of failures) {
    // Colour codes out, and only the first lines: the full report is above and in .ci-logs/.
    const message = stripVTControlCharacters(failure.message).split('\n').slice(0, 12).join('\n    ');
    console.log(`- [${failure.step}] ${failure.title}\n    ${message}`);
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
console.table([...results, { name: 'total', ...total, seconds: totalSeconds }]);
writeFileSync(path.join(logDir, 'steps.json'), `${JSON.stringify({ results, totalSeconds, missingParts }, null, 2)}\n`);
const line = `${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`;
writeFileSync(path.join(logDir, 'summary.txt'), `${line}\n`);
console.log(line);
process.exit(total.failed > 0 ? 1 : 0);
