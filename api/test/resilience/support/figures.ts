// The figures a resilience run reports at its end (requests tried, faults injected, leads
// acknowledged versus found). Tests run in separate workers, so each figure is appended to a file
// that the global teardown totals and prints.
import { appendFileSync } from 'node:fs';

export type FigureName =
  | 'requestsTried'
  | 'faultsInjected'
  | 'leadsAcknowledged'
  | 'leadsFound'
  | 'authChecks'
  | 'tablesCompared'
  | 'rowsCompared'
  | 'quotesAcknowledged'
  | 'failedRequests'
  | 'emailsResentSameMessageId';

export const FIGURE_LABELS: Record<FigureName, string> = {
  requestsTried: 'requests tried',
  faultsInjected: 'faults injected',
  leadsAcknowledged: 'leads acknowledged (201)',
  leadsFound: 'acknowledged leads found in the database',
  authChecks: 'authorisation checks',
  tablesCompared: 'tables compared after restore',
  rowsCompared: 'rows compared after restore',
  quotesAcknowledged: 'quotes acknowledged through HAProxy while a process was killed',
  failedRequests: 'requests failed (in flight on the killed process)',
  emailsResentSameMessageId: 'e-mails re-sent with the same Message-ID after the kill',
};

/** Adds `value` to a figure under the suite's name, and prints it where the test runs. */
export function recordFigure(suite: string, name: FigureName, value: number): void {
  const file = process.env.RESILIENCE_FIGURES_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ suite, name, value })}\n`);
  console.log(`[figures] ${suite}: ${FIGURE_LABELS[name]} = ${value}`);
}
