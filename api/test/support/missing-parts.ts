// A real part a test needs (an IMAP server, a load balancer, PostgreSQL's own tools) that this machine
// lacks: the test is skipped, and the part is named loudly here and again in `pnpm test`'s closing
// summary (scripts/test.ts reads SHINE_MISSING_PARTS_FILE), with the one command that installs it.
import { appendFileSync } from 'node:fs';

export interface MissingPart {
  /** What is missing, e.g. "HAProxy". */
  part: string;
  /** Which tests are skipped without it. */
  skipped: string;
  /** The one command that installs it. */
  install: string;
  /** Why it was found missing, when that says more than the part's name. */
  reason?: string;
}

export function reportMissingPart(missing: MissingPart): void {
  const bar = '!'.repeat(78);
  const lines = [
    `${missing.skipped.toUpperCase()} SKIPPED, for want of ${missing.part}${missing.reason ? `: ${missing.reason}` : '.'}`,
    `Install it with: ${missing.install}`,
  ];
  console.warn(`\n${bar}\n${lines.map((line) => `!!! ${line}`).join('\n')}\n${bar}\n`);
  const file = process.env.SHINE_MISSING_PARTS_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(missing)}\n`);
}
