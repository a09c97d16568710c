// The dashboard's figures about leads (reports/ assembles them with other features' figures), computed
// in SQL (one scan each); no lead row reaches Node.
// "Value" is the estimated value, or the default 250 where there is none (docs/requirements.md#lead).
import { CLOSED_LEAD_STATUSES, type LeadStatus } from '@shine/shared/enums';
import { canonicalLeadSource, leadSourceKeySql } from '@shine/shared/lead-sources';
import { leadValuePerVisitSql } from '@shine/shared/recurring-revenue';
import type { Knex } from 'knex';
import { sqlStringList } from '../db/sql-text.ts';

const VALUE = leadValuePerVisitSql('estimated_value');
/** Written into the SQL (not bound): the partial index on open leads' follow-ups must match it. */
const CLOSED = sqlStringList(CLOSED_LEAD_STATUSES);
const WON: LeadStatus = 'Won';
const LOST: LeadStatus = 'Lost';

export interface LeadGroupCounts {
  total: number;
  byStatus: Map<string, { count: number; value: number }>;
  byPriority: Map<string, number>;
  bySource: Map<string, number>;
  /** Value of every lead that is not Lost. */
  potentialRevenue: number;
}

/** Leads and their value per status, priority and source, and the value of every lead not Lost. */
export async function countLeadGroups(db: Knex): Promise<LeadGroupCounts> {
  const result = await db.raw<{
    rows: Array<{
      status: string | null;
      priority: string | null;
      source: string | null;
      kind: number;
      count: number;
      value: number;
      open_value: number;
    }>;
  }>(
    `select status, priority, mode() within group (order by source) as source, grouping(status, priority, source_key)::int as kind,
            count(*)::int as count,
            coalesce(sum(${VALUE}), 0)::float8 as value,
            coalesce(sum(${VALUE}) filter (where status <> ?), 0)::float8 as open_value
       from (select status, priority, source, estimated_value, ${leadSourceKeySql('source')} as source_key
               from leads) as leads
      group by grouping sets ((status), (priority), (source_key), ())`,
    [LOST],
  );
  const counts: LeadGroupCounts = {
    total: 0,
    byStatus: new Map(),
    byPriority: new Map(),
    bySource: new Map(),
    potentialRevenue: 0,
  };
  // grouping() is a bit mask over (status, priority, source): 0b011 = grouped by status only, etc.
  for (const row of result.rows) {
    const count = Number(row.count);
    if (row.kind === 0b011) counts.byStatus.set(row.status as string, { count, value: Number(row.value) });
    else if (row.kind === 0b101) counts.byPriority.set(row.priority as string, count);
    // Every spelling of a source that differs only in case or spacing is one row; a known source by its canonical name.
    else if (row.kind === 0b110) counts.bySource.set(canonicalLeadSource(row.source ?? ''), count);
    else if (row.kind === 0b111) {
      counts.total = count;
      counts.potentialRevenue = Number(row.open_value);
    }
  }
  return counts;
}

export interface LeadMetricCounts {
  leadsToday: number;
  /** Quote requests (first and repeat) received since the business day began. */
  requestsToday: number;
  total: number;
  won: number;
  /** Mean value of Won leads, rounded to whole dollars; 0 when none. */
  averageDealValue: number;
  /** Won / all × 100, rounded to 1 decimal; 0 when there are no leads. */
  conversionRate: number;
  overdueFollowUps: number;
}

/**
 * `now` comes from the app's clock. "Today" starts at local midnight in the business time zone:
 * date_trunc on the local wall-clock time, turned back into an instant with the same zone.
 */
export async function measureLeadMetrics(db: Knex, now: Date, timeZone: string): Promise<LeadMetricCounts> {
  const result = await db.raw<{ rows: LeadMetricCounts[] }>(
    `with today as (select date_trunc('day', ?::timestamptz at time zone ?) at time zone ? as start)
     select
       count(*) filter (where created_at >= (select start from today))::int as "leadsToday",
       (select count(*) from lead_requests where received_at >= (select start from today))::int as "requestsToday",
       count(*)::int as total,
       count(*) filter (where status = ?)::int as won,
       coalesce(round(avg(${VALUE}) filter (where status = ?)), 0)::float8 as "averageDealValue",
       (case when count(*) = 0 then 0
             else round(count(*) filter (where status = ?) * 100.0 / count(*), 1) end)::float8
         as "conversionRate",
       count(*) filter (where next_follow_up_at < ?::timestamptz and status not in (${CLOSED}))::int
         as "overdueFollowUps"
     from leads`,
    [now.toISOString(), timeZone, timeZone, WON, WON, WON, now.toISOString()],
  );
  const row = result.rows[0];
  return {
    leadsToday: Number(row?.leadsToday ?? 0),
    requestsToday: Number(row?.requestsToday ?? 0),
    total: Number(row?.total ?? 0),
    won: Number(row?.won ?? 0),
    averageDealValue: Number(row?.averageDealValue ?? 0),
    conversionRate: Number(row?.conversionRate ?? 0),
    overdueFollowUps: Number(row?.overdueFollowUps ?? 0),
  };
}

/**
 * What the clock changes about the metrics, for their ETag: the business date (leadsToday restarts at
 * midnight) and the latest follow-up time of an open lead that has passed (when another one passes,
 * overdueFollowUps grows and this changes). An index-only lookup, not the metrics themselves.
 */
export async function readLeadClock(
  db: Knex,
  now: Date,
  timeZone: string,
): Promise<{ businessDate: string; latestPassedFollowUp: string }> {
  const result = await db.raw<{ rows: Array<{ date: string; latest: Date | null }> }>(
    `select to_char(?::timestamptz at time zone ?, 'YYYY-MM-DD') as date,
            (select max(next_follow_up_at) from leads
              where next_follow_up_at < ?::timestamptz and status not in (${CLOSED})) as latest`,
    [now.toISOString(), timeZone, now.toISOString()],
  );
  const row = result.rows[0];
  return {
    businessDate: row?.date ?? '',
    latestPassedFollowUp: row?.latest ? String(new Date(row.latest).getTime()) : '0',
  };
}
