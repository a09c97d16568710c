// GET /api/admin/intake: median speed-to-lead of the last 30 days' leads (overall and by source, most
// contacted first), open leads past their contact due time, submissions caught by each rule, and the
// held submissions waiting for review.
import type { IntakeReport } from '@shine/shared/types';
import type { Knex } from 'knex';
import { INTAKE_REPORT_DAYS, measureIntake } from '../leads/intake-measures.service.ts';
import type { IntakeClock } from '../leads/lead-intake.service.ts';
import { measureSpeedToLead } from '../speed-to-lead/speed-to-lead-metric.service.ts';

export async function buildIntakeReport(db: Knex, clock: IntakeClock): Promise<IntakeReport> {
  const [speedToLead, intake] = await Promise.all([
    measureSpeedToLead(db, clock.now, INTAKE_REPORT_DAYS),
    measureIntake(db, clock),
  ]);
  return { windowDays: INTAKE_REPORT_DAYS, speedToLead, ...intake };
}
