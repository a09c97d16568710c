// The leads a rule acts on: for the time-based triggers, with the occurrence that makes each one due
// (see api/README.md, "Occurrences"), for the automation engine's scan and the preview. Conditions
// are applied in SQL here, with the same meaning as matchesConditions(). Each lead's latest activity
// and "already run" are subqueries the activities and automations features hand in.
import type { AutomationConditions } from '@shine/shared/automations';
import { noActivityDays, quoteChaseDays } from '@shine/shared/automation-rules';
import { CLOSED_LEAD_STATUSES, type AutomationTrigger } from '@shine/shared/enums';
import type { Knex } from 'knex';
import { userNameOf } from '../auth/index.ts';
import type { NamedLeadRow } from './lead-mapper.ts';

export type CandidateRow = NamedLeadRow & { occurrence_key: string };

/** An ISO-8601 UTC text of a timestamptz, the same for the same instant on both drivers. */
const isoKey = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const LAST_ACTIVITY = 'greatest(l.created_at, coalesce(a.last_at, l.created_at))';

/** A condition on a lead's occurrence, given the SQL expressions of the lead's id and occurrence key. */
export type OccurrenceCondition = (lead: { id: string; occurrenceKey: string }) => Knex.QueryBuilder;

export interface CandidateQuery {
  trigger: AutomationTrigger;
  conditions: AutomationConditions;
  now: Date;
  /** Subquery of (lead_id, last_at): each lead's latest activity (no_activity counts from it). */
  latestActivity: Knex.QueryBuilder;
  /**
   * Subquery of (lead_id, quote_id, sent_at): the sent quotes still waiting for an answer, handed in
   * by the quotes feature (quote_not_answered; without it that trigger selects nothing).
   */
  openQuotes?: Knex.QueryBuilder | undefined;
  /**
   * Subquery of (lead_id, visit_id, starts_at): the scheduled visits starting within 24 hours, handed in
   * by the scheduling feature (visit_upcoming; without it that trigger selects nothing).
   */
  upcomingVisits?: Knex.QueryBuilder | undefined;
  /** Leave out leads whose current occurrence meets this (a saved rule has already run for it). */
  exclude?: OccurrenceCondition | undefined;
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
  // As sms-consent.ts automatedSmsRefusal decides: consent given and no STOP since.
  if (conditions.textsAllowed === true) query.whereNotNull('l.sms_consent_at').whereNull('l.sms_opted_out_at');
  if (conditions.textsAllowed === false) {
    query.where((texts) => texts.whereNull('l.sms_consent_at').orWhereNotNull('l.sms_opted_out_at'));
  }
}

function candidateQuery(
  db: Knex,
  { trigger, conditions, now, latestActivity, openQuotes, upcomingVisits, exclude }: CandidateQuery,
): Knex.QueryBuilder {
  const query = db('leads as l');
  if (trigger === 'no_activity') {
    const since = new Date(now.getTime() - noActivityDays(conditions) * 86_400_000);
    query
      .leftJoin(latestActivity.as('a'), 'a.lead_id', 'l.id')
      .whereNotIn('l.status', CLOSED_LEAD_STATUSES)
      .whereRaw(`${LAST_ACTIVITY} <= ?`, [since]);
  } else if (trigger === 'follow_up_due') {
    query.whereNotIn('l.status', CLOSED_LEAD_STATUSES).where('l.next_follow_up_at', '<=', now);
  } else if (trigger === 'quote_not_answered') {
    // One occurrence per quote: a lead is chased once per version it was sent.
    const sentBefore = new Date(now.getTime() - quoteChaseDays(conditions) * 86_400_000);
    if (openQuotes) query.join(openQuotes.as('q'), 'q.lead_id', 'l.id').where('q.sent_at', '<=', sentBefore);
    else query.whereRaw('false');
  } else if (trigger === 'visit_upcoming') {
    // One occurrence per visit: the day-before reminder of each.
    if (upcomingVisits) query.join(upcomingVisits.as('v'), 'v.lead_id', 'l.id');
    else query.whereRaw('false');
  }
  applyConditions(query, conditions, trigger);
  if (exclude) query.whereNotExists(exclude({ id: 'l.id', occurrenceKey: occurrenceKeyExpression(trigger) }));
  return query;
}

function occurrenceKeyExpression(trigger: AutomationTrigger): string {
  if (trigger === 'no_activity') return isoKey(LAST_ACTIVITY);
  if (trigger === 'follow_up_due') return isoKey('l.next_follow_up_at');
  if (trigger === 'quote_not_answered') return "'quote:' || q.quote_id";
  if (trigger === 'visit_upcoming') return "'visit:' || v.visit_id";
  return "''";
}

/** Matching leads, oldest occurrence first (newest leads first for the event triggers). */
export function listCandidateRows(db: Knex, query: CandidateQuery, limit: number): Promise<CandidateRow[]> {
  const timed = query.trigger === 'no_activity' || query.trigger === 'follow_up_due';
  const chased = query.trigger === 'quote_not_answered';
  const reminded = query.trigger === 'visit_upcoming';
  return candidateQuery(db, query)
    .select(
      'l.*',
      db.raw(`${occurrenceKeyExpression(query.trigger)} as occurrence_key`),
      userNameOf(db, 'l.assigned_to').as('assignee_name'),
    )
    .orderBy(
      timed
        ? [{ column: 'occurrence_key', order: 'asc' }]
        : chased
          ? [{ column: 'q.sent_at', order: 'asc' }]
          : reminded
            ? [{ column: 'v.starts_at', order: 'asc' }]
            : [{ column: 'l.created_at', order: 'desc' }],
    )
    .orderBy('l.id')
    .limit(limit);
}

export async function countCandidateRows(db: Knex, query: CandidateQuery): Promise<number> {
  const row = (await candidateQuery(db, query).count({ n: '*' }).first()) as { n: string | number } | undefined;
  return Number(row?.n ?? 0);
}

/** A subquery on the lead whose id is `leadId` (SQL), handed in by the feature that owns its table. */
export type LeadSubquery = (leadId: string) => Knex.QueryBuilder;

export interface AlertCandidateQuery {
  /** Leads created in [createdFrom, createdTo]. */
  createdFrom: Date;
  createdTo: Date;
  /** Only leads nobody has answered: still New, and nothing in this subquery (what a person logged). */
  unansweredUnless?: LeadSubquery | undefined;
  /** Leave out the leads this subquery finds (their alert exists). */
  exclude?: LeadSubquery | undefined;
  /** Only this lead (the escalation checks its lead again before it goes out). */
  leadId?: string | undefined;
}

/** Leads a staff alert may be owed to, oldest first: their id and when they came in. */
export function listAlertCandidateRows(
  db: Knex,
  query: AlertCandidateQuery,
  limit: number,
): Promise<Array<{ id: string; created_at: Date }>> {
  const select = db('leads as l')
    .select('l.id', 'l.created_at')
    .where('l.created_at', '>=', query.createdFrom)
    .where('l.created_at', '<=', query.createdTo);
  if (query.leadId) select.where('l.id', query.leadId);
  if (query.unansweredUnless) select.where('l.status', 'New').whereNotExists(query.unansweredUnless('l.id'));
  if (query.exclude) select.whereNotExists(query.exclude('l.id'));
  return select.orderBy([{ column: 'l.created_at' }, { column: 'l.id' }]).limit(limit);
}

/**
 * The leads whose quotes came from the same client address as `leadId`'s (none when its address is
 * unknown), as a subquery of ids.
 */
export function leadsFromSameClientAs(db: Knex, leadId: string): Knex.QueryBuilder {
  const clientKey = db('leads').select('client_key').where('id', leadId);
  return db('leads').select('id').whereNotNull('client_key').where('client_key', clientKey);
}
