// For the automation engine's scan and a rule's preview: the leads a rule's trigger and conditions
// select, each with the occurrence that makes it due.
import type { AutomationConditions } from '@shine/shared/automations';
import type { AutomationTrigger } from '@shine/shared/enums';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { latestActivityByLead } from '../activities/index.ts';
import {
  type AlertCandidateQuery,
  type CandidateQuery,
  countCandidateRows,
  listAlertCandidateRows,
  leadsFromSameClientAs,
  listCandidateRows,
  type OccurrenceCondition,
} from './lead-candidates.queries.ts';
import { toLead } from './lead-mapper.ts';

export type { AlertCandidateQuery, LeadSubquery, OccurrenceCondition } from './lead-candidates.queries.ts';

export interface CandidateSelection {
  trigger: AutomationTrigger;
  conditions: AutomationConditions;
  now: Date;
  /** Leave out leads whose current occurrence meets this (a saved rule has already run for it). */
  exclude?: OccurrenceCondition | undefined;
  /** quote_not_answered: the quotes feature's open sent quotes (quotes.service openSentQuotes). */
  openQuotes?: Knex.QueryBuilder | undefined;
  /** visit_upcoming: the scheduling feature's visits within 24 hours (scheduling-reads.service upcomingVisits). */
  upcomingVisits?: Knex.QueryBuilder | undefined;
}

export interface LeadCandidate {
  lead: Lead;
  /** What makes the lead due now (api/README.md, "Occurrences"): a run is unique per rule, lead and occurrence. */
  occurrenceKey: string;
}

const toQuery = (db: Knex, selection: CandidateSelection): CandidateQuery => ({
  ...selection,
  latestActivity: latestActivityByLead(db),
});

/** Matching leads, oldest occurrence first (newest leads first for the event triggers). */
export async function listLeadCandidates(
  db: Knex,
  selection: CandidateSelection,
  limit: number,
): Promise<LeadCandidate[]> {
  const rows = await listCandidateRows(db, toQuery(db, selection), limit);
  return rows.map(({ occurrence_key: occurrenceKey, ...row }) => ({ lead: toLead(row), occurrenceKey }));
}

export function countLeadCandidates(db: Knex, selection: CandidateSelection): Promise<number> {
  return countCandidateRows(db, toQuery(db, selection));
}

/** For speed-to-lead alerts: the leads of a time window, optionally only unanswered ones, oldest first. */
export function listAlertCandidates(
  db: Knex,
  query: AlertCandidateQuery,
  limit: number,
): Promise<Array<{ id: string; createdAt: Date }>> {
  return listAlertCandidateRows(db, query, limit).then((rows) =>
    rows.map((row) => ({ id: row.id, createdAt: new Date(row.created_at) })),
  );
}

/** The leads from the same client address as `leadId`'s, a subquery of ids (speed to lead's limit per address). */
export function leadIdsFromSameClientAs(db: Knex, leadId: string): Knex.QueryBuilder {
  return leadsFromSameClientAs(db, leadId);
}
