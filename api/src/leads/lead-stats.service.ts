// The dashboard's figures about leads (reports/ assembles them with other features' figures).
import type { Knex } from 'knex';
import {
  type ClosedLeadsRow,
  type LeadAnalyticsRow,
  measureClosedLeads,
  measureLeadAnalytics,
} from './lead-analytics.queries.ts';
import {
  countLeadsByGroup,
  type LeadGroupCounts,
  type LeadMetricCounts,
  measureLeads,
  readLeadClockMarkers,
} from './lead-stats.queries.ts';

export type { ClosedLeadsRow, LeadAnalyticsRow } from './lead-analytics.queries.ts';
export type { LeadGroupCounts, LeadMetricCounts } from './lead-stats.queries.ts';

/** Leads and their value per status, priority and source, and the value of every lead not Lost. */
export function countLeadGroups(db: Knex): Promise<LeadGroupCounts> {
  return countLeadsByGroup(db);
}

/** Today's leads and requests, conversion, average deal value and overdue follow-ups, as of `now`. */
export function measureLeadMetrics(db: Knex, now: Date, timeZone: string): Promise<LeadMetricCounts> {
  return measureLeads(db, now, timeZone);
}

/** What the clock changes about the lead metrics, for their ETag. */
export function readLeadClock(
  db: Knex,
  now: Date,
  timeZone: string,
): Promise<{ businessDate: string; latestPassedFollowUp: string }> {
  return readLeadClockMarkers(db, now, timeZone);
}

/** The analytics screen's groupings of the leads created in a range of business dates. */
export function measureLeadsInRange(
  db: Knex,
  range: { from: string; to: string },
  timeZone: string,
): Promise<LeadAnalyticsRow[]> {
  return measureLeadAnalytics(db, range, timeZone);
}

/** The Won and Lost leads of a range, by source, by assignee and by lost reason. */
export function measureClosedLeadsInRange(
  db: Knex,
  range: { from: string; to: string },
  timeZone: string,
): Promise<ClosedLeadsRow[]> {
  return measureClosedLeads(db, range, timeZone);
}
