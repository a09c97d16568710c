// A suite whose global setup cannot give it what every test needs (its PostgreSQL server) runs no test
// at all. It says why in one line before vitest's own report, and leaves that line where `pnpm test`
// reads it (SHINE_NOT_STARTED_FILE, one per step), so the run's summary shows the step as "did not
// start" with the reason, not as one failed test.
import { writeFileSync } from 'node:fs';

export function reportNotStarted(error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`\n${reason}\n`);
  const file = process.env.SHINE_NOT_STARTED_FILE;
  if (file) writeFileSync(file, `${reason}\n`);
}
