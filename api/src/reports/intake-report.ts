// GET /api/admin/intake: median speed-to-lead of the last 30 days' leads (overall and by source, most
// contacted first), open leads past their contact due time, submissions caught by each rule, and the
// held submissions waiting for review.
import type { IntakeReport } from '@shine/shared/types';
import type { Knex } from 'knex';
import { INTAKE_REPORT_DAYS, measureIntake, type IntakeClock } from '../leads/index.ts';
import { measureSpeedToLead } from '../speed-to-lead/index.ts';

export async function buildIntakeReport(db: Knex, clock: IntakeClock): Promise<IntakeReport> {
  const [speedToLead, intake] = await Promise.all([
    measureSpeedToLead(db, clock.now, INTAKE_REPORT_DAYS),
    measureIntake(db, clock),
  ]);
  return { windowDays: INTAKE_REPORT_DAYS, speedToLead, ...intake };
}
