// The intake part of the dashboard's report: what waits for a first contact, what the spam rules
// caught and what is held for review.
import { REJECTION_RULES, type RejectionRule, SPAM_RULES, type SpamRule } from '@shine/shared/intake';
import type { IntakeReport } from '@shine/shared/types';
import type { Knex } from 'knex';
import { countHeldSubmissionsByRule } from './held-submissions.queries.ts';
import type { IntakeClock } from './lead-intake.service.ts';
import { countAwaitingContact, sumRejections } from './lead-intake.queries.ts';

/** The dashboard's window for speed-to-lead and rejections. */
export const INTAKE_REPORT_DAYS = 30;

/**
 * The intake part of GET /api/admin/intake (reports/intake-report.ts adds speed to lead's metric):
 * open leads past their contact due time, submissions caught by each rule, and the held submissions
 * waiting for review.
 */
export async function measureIntake(
  db: Knex,
  clock: IntakeClock,
): Promise<Pick<IntakeReport, 'awaitingContact' | 'rejections' | 'held'>> {
  const [awaitingContact, rejections, held] = await Promise.all([
    countAwaitingContact(db, clock.now),
    sumRejections(db, clock.now, clock.timeZone, INTAKE_REPORT_DAYS),
    countHeldSubmissionsByRule(db),
  ]);
  const byRule = Object.fromEntries(REJECTION_RULES.map((rule) => [rule, rejections.get(rule) ?? 0])) as Record<
    RejectionRule,
    number
  >;
  const heldByRule = SPAM_RULES.map((rule) => [rule, held.get(rule) ?? 0] as const);
  return {
    awaitingContact,
    rejections: { total: Object.values(byRule).reduce((sum, n) => sum + n, 0), byRule },
    held: {
      waiting: heldByRule.reduce((sum, [, n]) => sum + n, 0),
      byRule: Object.fromEntries(heldByRule) as Record<SpamRule, number>,
    },
  };
}
