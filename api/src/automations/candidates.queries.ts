// The leads a rule acts on: for the time-based triggers, with the occurrence that makes each one due
// (see api/README.md, "Occurrences"). Reads leads and activities (read-only) for the engine's scan
// and the preview; conditions are applied in SQL here, with the same meaning as matchesConditions().
import type { AutomationConditions } from '@shine/shared/automations';
import { noActivityDays } from '@shine/shared/automation-rules';
import { CLOSED_LEAD_STATUSES, type AutomationTrigger } from '@shine/shared/enums';
import type { Knex } from 'knex';
import type { LeadRow } from '../db/tables.ts';

export type CandidateRow = LeadRow & { occurrence_key: string };

/** An ISO-8601 UTC text of a timestamptz, the same for the same instant on both drivers. */
const isoKey = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const LAST_ACTIVITY = 'greatest(l.created_at, coalesce(a.last_at, l.created_at))';

export interface CandidateQuery {
  trigger: AutomationTrigger;
  conditions: AutomationConditions;
  now: Date;
  /** Leave out leads this saved rule has already run for at their current occurrence. */
  automationId?: string;
}

function applyConditions(query: Knex.QueryBuilder, conditions: AutomationConditions, trigger: AutomationTrigger) {
  // A status change is an event: fromStatus/toStatus describe it, so outside status_changed they match
  // nothing, and in a preview of status_changed toStatus is the status the lead has now.
  if (trigger !== 'status_changed' && (conditions.fromStatus || conditions.toStatus)) query.whereRaw('false');
  if (trigger === 'status_changed' && conditions.toStatus) query.where('l.status', conditions.toStatus);
  if (conditions.status) query.where('l.status', conditions.status);
  if (conditions.source) query.whereRaw('lower(l.source) = lower(?)', [conditions.source]);
  if (conditions.cleaningType) query.where('l.cleaning_type', conditions.cleaningType);
  if (conditions.frequency) query.where('l.frequency', conditions.frequency);
  if (conditions.priority) query.where('l.priority', conditions.priority);
}

function candidateQuery(db: Knex, { trigger, conditions, now, automationId }: CandidateQuery): Knex.QueryBuilder {
  const query = db('leads as l');
  if (trigger === 'no_activity') {
    const since = new Date(now.getTime() - noActivityDays(conditions) * 86_400_000);
    query
      .leftJoin(
        db('activities').select('lead_id').max({ last_at: 'created_at' }).groupBy('lead_id').as('a'),
        'a.lead_id',
        'l.id',
      )
      .whereNotIn('l.status', CLOSED_LEAD_STATUSES)
      .whereRaw(`${LAST_ACTIVITY} <= ?`, [since]);
  } else if (trigger === 'follow_up_due') {
    query.whereNotIn('l.status', CLOSED_LEAD_STATUSES).where('l.next_follow_up_at', '<=', now);
  }
  applyConditions(query, conditions, trigger);
  if (automationId) {
    query.whereNotExists(
      db('automation_runs as r')
        .where('r.automation_id', automationId)
        .whereRaw('r.lead_id = l.id')
        .whereRaw(`r.occurrence_key = ${occurrenceKeyExpression(trigger)}`),
    );
  }
  return query;
}

function occurrenceKeyExpression(trigger: AutomationTrigger): string {
  if (trigger === 'no_activity') return isoKey(LAST_ACTIVITY);
  if (trigger === 'follow_up_due') return isoKey('l.next_follow_up_at');
  return "''";
}

/** Matching leads, oldest occurrence first (newest leads first for the event triggers). */
export function listCandidateRows(db: Knex, query: CandidateQuery, limit: number): Promise<CandidateRow[]> {
  const timed = query.trigger === 'no_activity' || query.trigger === 'follow_up_due';
  return candidateQuery(db, query)
    .select('l.*', db.raw(`${occurrenceKeyExpression(query.trigger)} as occurrence_key`))
    .orderBy(timed ? [{ column: 'occurrence_key', order: 'asc' }] : [{ column: 'l.created_at', order: 'desc' }])
    .orderBy('l.id')
    .limit(limit);
}

export async function countCandidateRows(db: Knex, query: CandidateQuery): Promise<number> {
  const row = (await candidateQuery(db, query).count({ n: '*' }).first()) as { n: string | number } | undefined;
  return Number(row?.n ?? 0);
}

/** How far back the scan looks for lead_created runs that were owed but never created. */
export const MISSED_CREATED_WINDOW_MS = 24 * 3_600_000;

/**
 * Leads a lead_created rule is owed a run for but has none: created while the rule stood as it is
 * now (after its last change, so a new or re-enabled rule never reaches back) within the window.
 * Normally the event made the run within seconds; this finds the ones whose event was lost with its
 * process between the commit and the queue. Inserting the run is idempotent, so a race with a late
 * event makes one run, not two.
 */
export function listMissedCreatedRows(
  db: Knex,
  rule: { id: string; updated_at: Date },
  conditions: AutomationConditions,
  now: Date,
  limit: number,
): Promise<LeadRow[]> {
  const since = new Date(Math.max(rule.updated_at.getTime(), now.getTime() - MISSED_CREATED_WINDOW_MS));
  const query = db('leads as l').select('l.*').where('l.created_at', '>', since).where('l.created_at', '<=', now);
  applyConditions(query, conditions, 'lead_created');
  return query
    .whereNotExists(
      db('automation_runs as r')
        .where('r.automation_id', rule.id)
        .where('r.trigger', 'lead_created')
        .whereRaw('r.lead_id = l.id'),
    )
    .orderBy('l.created_at')
    .limit(limit);
}
