// Which leads are owed an alert now: the on-duty alert of a new lead, the escalation of one nobody
// answered. The leads feature selects them (leads/lead-candidates.service.ts); the subqueries of
// "already alerted" (lead_alerts) and "answered" (what a person logged) are handed in.
import { addBusinessMinutes } from '@shine/shared/business-time';
import type { SpeedToLeadSettings } from '@shine/shared/speed-to-lead';
import type { Knex } from 'knex';
import { staffActivityOf } from '../activities/index.ts';
import { listAlertCandidates } from '../leads/index.ts';
import { alertOfLead } from './lead-alerts.queries.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** A lead whose on-duty alert was never offered (its process stopped) is still alerted this long after it came in. */
const ON_DUTY_CATCH_UP_MS = HOUR;
/** How far back the scan looks for unanswered leads (a weekend is under three days of wall time). */
const ESCALATION_WINDOW_MS = 7 * 24 * HOUR;

/** Nobody answered: still New, and nothing a person logged on it. */
export function unansweredUnless(db: Knex, systemUserId: string) {
  return (leadId: string) => staffActivityOf(db, leadId, systemUserId);
}

/** The leads owed an on-duty alert now: the newest hour since alerts were switched on, without one yet. */
export async function leadsOwedOnDutyAlert(
  db: Knex,
  enabledAt: Date,
  now: Date,
  limit: number,
  leadId?: string,
): Promise<string[]> {
  const createdFrom = new Date(Math.max(enabledAt.getTime(), now.getTime() - ON_DUTY_CATCH_UP_MS));
  const rows = await listAlertCandidates(
    db,
    { createdFrom, createdTo: now, exclude: alertOfLead(db, 'on_duty'), leadId },
    limit,
  );
  return rows.map((row) => row.id);
}

/** The leads whose escalation is due now: unanswered for `escalateAfterMinutes` business minutes, not escalated yet. */
export async function leadsOwedEscalation(
  db: Knex,
  settings: SpeedToLeadSettings,
  enabledAt: Date,
  now: Date,
  systemUserId: string,
  limit: number,
): Promise<string[]> {
  const minutes = settings.escalateAfterMinutes;
  const rows = await listAlertCandidates(
    db,
    {
      createdFrom: new Date(Math.max(enabledAt.getTime(), now.getTime() - ESCALATION_WINDOW_MS)),
      // Business minutes never outrun the wall clock: younger leads cannot be due.
      createdTo: new Date(now.getTime() - minutes * MINUTE),
      unansweredUnless: unansweredUnless(db, systemUserId),
      exclude: alertOfLead(db, 'escalation'),
    },
    limit,
  );
  return rows
    .filter((row) => addBusinessMinutes(row.createdAt, minutes).getTime() <= now.getTime())
    .map((row) => row.id);
}

/** Whether the lead is still unanswered (the escalation checks it again just before it goes out). */
export async function isStillUnanswered(db: Knex, leadId: string, now: Date, systemUserId: string): Promise<boolean> {
  const rows = await listAlertCandidates(
    db,
    { createdFrom: new Date(0), createdTo: now, unansweredUnless: unansweredUnless(db, systemUserId), leadId },
    1,
  );
  return rows.length > 0;
}
