// How `pnpm test` tells a step whose runner never ran a test ("did not start": its PostgreSQL server or
// its web server could not start, its config did not load) from a step with failing tests. Such a
// step counts each of its test files as failed, so thousands of tests that never ran cannot read as
// "1 failed", and the summary names the step and the reason on the line above the closing line.

/** What a step's runner reported. */
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Why a step did not start, and how many test files it would have run. */
export interface NotStarted {
  reason: string;
  files: number;
}

/** A step's line in the summary table. */
export type Outcome = 'passed' | 'failed' | 'skipped' | 'did not start' | 'not run: the build failed';

/**
 * Whether a runner's exit means it ran no test at all: it failed, and left no report or a report
 * without one test in it (skipped tests count as run: the runner got that far).
 */
export function didNotStart(status: number, report: Counts | undefined): boolean {
  if (status === 0) return false;
  return report === undefined || report.passed + report.failed + report.skipped === 0;
}

/** The reason a suite's global setup left (api/test/support/not-started.ts), or what is known without it. */
export function notStartedReason(left: string | undefined, status: number): string {
  const reason = left?.trim().split('\n')[0]?.trim();
  if (reason) return reason;
  return `its runner exited with status ${status} before any test ran (its output is above and in .ci-logs/)`;
}

/** Every test file counts as one failure; a step whose files could not even be listed, as one. */
export function notStartedCounts(notStarted: NotStarted): Counts {
  return { passed: 0, failed: Math.max(notStarted.files, 1), skipped: 0 };
}

/** The line printed above the closing line. */
export function notStartedLine(step: string, notStarted: NotStarted): string {
  const files = notStarted.files;
  const what =
    files > 0
      ? `its ${files} test file${files === 1 ? '' : 's'} did not run, counted as ${files} failed`
      : 'its test files could not be listed, counted as 1 failed';
  return `${step} did not start: ${notStarted.reason} — ${what}`;
}

/** How many test files `vitest list --filesOnly --json` listed (one entry per file and project). */
export function countVitestFiles(listing: string): number {
  const entries = JSON.parse(listing) as unknown;
  return Array.isArray(entries) ? entries.length : 0;
}

/** How many spec files `playwright test --list --reporter=json` listed (its top-level suites). */
export function countPlaywrightFiles(listing: string): number {
  const { suites } = JSON.parse(listing) as { suites?: unknown[] };
  return suites?.length ?? 0;
}

/** A step's outcome for the summary table. */
export function outcome(counts: Counts, notStarted: NotStarted | undefined): Outcome {
  if (notStarted) return 'did not start';
  if (counts.failed > 0) return 'failed';
  if (counts.passed === 0 && counts.skipped > 0) return 'skipped';
  return 'passed';
}
