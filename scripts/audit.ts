// Supply-chain check: `pnpm audit --prod` must report no high or critical advisory.
//
// Exit codes: 0 no high/critical finding; 1 findings (or an audit that could not be read);
// 77 SKIPPED: the registry's audit endpoint could not be reached, so nothing was checked. 77 is the
// automake "skipped" convention: a runner must count it as skipped, never as passed.
//
//   node scripts/audit.ts              the check
//   node scripts/audit.ts --outdated   also lists production dependencies with a newer release (informational)
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const EXIT_SKIPPED = 77;
const FAILING_LEVELS = ['high', 'critical'] as const;
const root = path.resolve(import.meta.dirname, '..');

interface AuditReport {
  error?: { code?: string; message?: string };
  advisories?: Record<
    string,
    { module_name: string; severity: string; title: string; url: string; vulnerable_versions: string }
  >;
  metadata?: { vulnerabilities?: Record<string, number>; dependencies?: number };
}

/** Error codes pnpm uses when the audit endpoint itself failed, as opposed to finding something. */
const UNREACHABLE_CODES = new Set([
  'ERR_PNPM_AUDIT_BAD_RESPONSE',
  'ERR_PNPM_AUDIT_ENDPOINT_NOT_EXISTS',
  'ERR_PNPM_META_FETCH_FAIL',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EAI_AGAIN',
]);

function loud(lines: string[]): void {
  const bar = '!'.repeat(78);
  console.warn(`\n${bar}\n${lines.map((line) => `!!! ${line}`).join('\n')}\n${bar}\n`);
}

function runAudit(): AuditReport | { unreachable: string } {
  const result = spawnSync('pnpm', ['audit', '--prod', '--json'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) return { unreachable: `could not run pnpm audit: ${result.error.message}` };
  const text = result.stdout.trim();
  let report: AuditReport;
  try {
    report = JSON.parse(text) as AuditReport;
  } catch {
    const stderr = result.stderr.trim();
    const isNetwork = /ECONN|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|socket hang up|network/i.test(`${text}\n${stderr}`);
    if (isNetwork) return { unreachable: stderr || text };
    console.error(`pnpm audit printed something that is not JSON (exit ${result.status}):\n${text}\n${stderr}`);
    process.exit(1);
  }
  if (report.error) {
    const code = report.error.code ?? '';
    if (
      UNREACHABLE_CODES.has(code) ||
      /responded with|fetch failed|ECONN|ENOTFOUND|ETIMEDOUT/i.test(report.error.message ?? '')
    ) {
      return { unreachable: `${code}: ${report.error.message ?? ''}` };
    }
    console.error(`pnpm audit failed: ${code} ${report.error.message ?? ''}`);
    process.exit(1);
  }
  return report;
}

function listOutdated(): void {
  const result = spawnSync('pnpm', ['outdated', '-r', '--prod', '--format', 'list'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  const text = `${result.stdout}${result.stderr}`.trim();
  console.log(
    text ? `\nProduction dependencies with a newer release:\n${text}` : '\nEvery production dependency is current.',
  );
}

const report = runAudit();
if ('unreachable' in report) {
  loud([
    'SUPPLY-CHAIN AUDIT SKIPPED: the registry audit endpoint could not be reached from this machine.',
    report.unreachable,
    'Nothing was checked. This is NOT a pass: run `node scripts/audit.ts` where the registry answers.',
  ]);
  if (process.argv.includes('--outdated')) listOutdated();
  process.exit(EXIT_SKIPPED);
}

const counts = report.metadata?.vulnerabilities ?? {};
const summary = ['info', 'low', 'moderate', 'high', 'critical']
  .map((level) => `${counts[level] ?? 0} ${level}`)
  .join(', ');
console.log(`pnpm audit --prod: ${report.metadata?.dependencies ?? '?'} dependencies, ${summary}`);

const failing = Object.values(report.advisories ?? {}).filter((advisory) =>
  (FAILING_LEVELS as readonly string[]).includes(advisory.severity),
);
const failingCount = FAILING_LEVELS.reduce((sum, level) => sum + (counts[level] ?? 0), 0);
for (const advisory of failing) {
  console.error(
    `  ${advisory.severity.toUpperCase()} ${advisory.module_name} ${advisory.vulnerable_versions}: ${advisory.title} (${advisory.url})`,
  );
}
if (process.argv.includes('--outdated')) listOutdated();
if (failingCount > 0 || failing.length > 0) {
  console.error(
    `\nFAIL: ${Math.max(failingCount, failing.length)} high or critical advisories in production dependencies.`,
  );
  process.exit(1);
}
console.log('OK: no high or critical advisories in production dependencies.');
