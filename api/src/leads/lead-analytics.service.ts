// The analytics screen's aggregates over the leads created in a range (definitions in api/README.md,
// "Analytics"): one scan through leads_created_at_idx, grouped five ways. Money stays numeric in SQL
// and leaves as text, so no float ever touches a sum.
import type { LeadStatus } from '@shine/shared/enums';
import { canonicalLeadSource, leadSourceKeySql } from '@shine/shared/lead-sources';
import { leadValuePerVisitSql, recurringValueSql } from '@shine/shared/recurring-revenue';
import type { Knex } from 'knex';
import { userNameOf } from '../auth/index.ts';

const WON: LeadStatus = 'Won';
const LOST: LeadStatus = 'Lost';

export interface LeadAnalyticsRow {
  /** Which grouping the row is: see measureLeadsInRange. */
  set: 'weekSource' | 'source' | 'month' | 'status' | 'week';
  week: string | null;
  month: string | null;
  source: string | null;
  status: string | null;
  count: number;
  won: number;
  /** Value of the Won leads, a decimal string with two places. */
  wonValue: string;
  /** Recurring revenue a year of the Won recurring leads: regular value per visit × visits a year (two places). */
  wonRecurringValue: string;
  /** Median speed-to-lead minutes (1 decimal) of the contacted leads; null when none. */
  medianMinutes: number | null;
  contacted: number;
}

// grouping(week, month, source_key, status) as a bit mask: a 1 bit is a column not grouped by.
const SETS: Record<number, LeadAnalyticsRow['set']> = {
  5: 'weekSource',
  13: 'source',
  11: 'month',
  14: 'status',
  7: 'week',
};

/**
 * `from`/`to` are business dates, both included: from local midnight of `from` to local midnight
 * after `to` in `timeZone`. Weeks start on Monday, as date_trunc('week').
 */
export async function measureLeadsInRange(
  db: Knex,
  range: { from: string; to: string },
  timeZone: string,
): Promise<LeadAnalyticsRow[]> {
  const result = await db.raw<{
    rows: Array<Omit<LeadAnalyticsRow, 'set'> & { kind: number; source_key: string | null }>;
  }>(
    `with ranged as (
       select to_char(date_trunc('week', created_at at time zone ?), 'YYYY-MM-DD') as week,
              to_char(created_at at time zone ?, 'YYYY-MM') as month,
              source, ${leadSourceKeySql('source')} as source_key, status, speed_to_lead_minutes,
              ${leadValuePerVisitSql('estimated_value')} as value_per_visit,
              ${recurringValueSql(leadValuePerVisitSql('estimated_value'), 'frequency')} as recurring_value
         from leads
        where created_at >= (?::date)::timestamp at time zone ?
          and created_at < (?::date + 1)::timestamp at time zone ?)
     select week, month, source_key, mode() within group (order by source) as source, status,
            grouping(week, month, source_key, status)::int as kind,
            count(*)::int as count,
            count(*) filter (where status = ?)::int as won,
            to_char(coalesce(sum(value_per_visit) filter (where status = ?), 0),
                    'FM9999999999990.00') as "wonValue",
            to_char(coalesce(sum(recurring_value) filter (where status = ?), 0),
                    'FM9999999999990.00') as "wonRecurringValue",
            round((percentile_cont(0.5) within group (order by speed_to_lead_minutes))::numeric, 1)::float8
              as "medianMinutes",
            count(speed_to_lead_minutes)::int as contacted
       from ranged
      group by grouping sets ((week, source_key), (source_key), (month), (status), (week))`,
    [timeZone, timeZone, range.from, timeZone, range.to, timeZone, WON, WON, WON],
  );
  // One name per source, whatever its spellings: the per-source row's (its week rows may have seen
  // fewer spellings), a known source under its canonical name.
  const sourceNames = new Map<string, string>();
  for (const row of result.rows) {
    if (SETS[Number(row.kind)] === 'source' && row.source_key !== null) {
      sourceNames.set(row.source_key, canonicalLeadSource(row.source ?? ''));
    }
  }
  return result.rows.flatMap((row) => {
    const set = SETS[Number(row.kind)];
    if (!set) return [];
    return [
      {
        set,
        week: row.week,
        month: row.month,
        source: set === 'source' || set === 'weekSource' ? (sourceNames.get(row.source_key ?? '') ?? null) : null,
        status: row.status,
        count: Number(row.count),
        won: Number(row.won),
        wonValue: row.wonValue,
        wonRecurringValue: row.wonRecurringValue,
        medianMinutes: row.medianMinutes === null ? null : Number(row.medianMinutes),
        contacted: Number(row.contacted),
      },
    ];
  });
}

/** Won and Lost leads of a range grouped one way: by source, by assignee or by lost reason. */
export interface ClosedLeadsRow {
  set: 'source' | 'assignee' | 'lostReason';
  source: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  lostReason: string | null;
  won: number;
  lost: number;
}

// grouping(source_key, assigned_to, lost_reason) as a bit mask: a 1 bit is a column not grouped by.
const CLOSED_SETS: Record<number, ClosedLeadsRow['set']> = { 3: 'source', 5: 'assignee', 6: 'lostReason' };

/**
 * The Won and Lost leads created in the range (as measureLeadsInRange counts them), for win rates by
 * source and by the person they are assigned to, and the reasons the lost ones were lost.
 */
export async function measureClosedLeadsInRange(
  db: Knex,
  range: { from: string; to: string },
  timeZone: string,
): Promise<ClosedLeadsRow[]> {
  const result = await db.raw<{
    rows: Array<{
      kind: number;
      source_key: string | null;
      source: string | null;
      assigned_to: string | null;
      assignee_name: string | null;
      lost_reason: string | null;
      won: number;
      lost: number;
    }>;
  }>(
    `with closed as (
       select source, ${leadSourceKeySql('source')} as source_key, assigned_to, lost_reason, status
         from leads
        where created_at >= (?::date)::timestamp at time zone ?
          and created_at < (?::date + 1)::timestamp at time zone ?
          and status in (?, ?))
     select source_key, mode() within group (order by source) as source, assigned_to, lost_reason,
            (?) as assignee_name,
            grouping(source_key, assigned_to, lost_reason)::int as kind,
            count(*) filter (where status = ?)::int as won,
            count(*) filter (where status = ?)::int as lost
       from closed
      group by grouping sets ((source_key), (assigned_to), (lost_reason))`,
    [range.from, timeZone, range.to, timeZone, WON, LOST, userNameOf(db, 'closed.assigned_to'), WON, LOST],
  );
  return result.rows.flatMap((row) => {
    const set = CLOSED_SETS[Number(row.kind)];
    if (!set) return [];
    return [
      {
        set,
        source: set === 'source' ? canonicalLeadSource(row.source ?? '') : null,
        assigneeId: set === 'assignee' ? row.assigned_to : null,
        assigneeName: set === 'assignee' ? row.assignee_name : null,
        lostReason: set === 'lostReason' ? row.lost_reason : null,
        won: Number(row.won),
        lost: Number(row.lost),
      },
    ];
  });
}
