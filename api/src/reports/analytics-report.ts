// The analytics screen's report (definitions in api/README.md, "Analytics"): the
// leads feature groups its rows in SQL, this module lays them out with every week and month of the
// range present, zeros included, so a chart and its table show the same buckets.
import { type AnalyticsRange, monthsOfRange, weeksOfRange } from '@shine/shared/analytics';
import { LEAD_STATUSES } from '@shine/shared/enums';
import type { AnalyticsReport } from '@shine/shared/types';
import type { Knex } from 'knex';
import {
  type ClosedLeadsRow,
  type LeadAnalyticsRow,
  measureClosedLeadsInRange,
  measureLeadsInRange,
} from '../leads/index.ts';

/** Won ÷ (Won + Lost) × 100, 1 decimal; null when nothing is closed. */
function winRateOf(row: ClosedLeadsRow): { won: number; lost: number; winRate: number | null } {
  const closed = row.won + row.lost;
  return { won: row.won, lost: row.lost, winRate: closed === 0 ? null : Math.round((row.won * 1000) / closed) / 10 };
}

const byClosedThenName = (name: (row: ClosedLeadsRow) => string) => (a: ClosedLeadsRow, b: ClosedLeadsRow) =>
  b.won + b.lost - (a.won + a.lost) || name(a).localeCompare(name(b));

function rowsOf(rows: LeadAnalyticsRow[], set: LeadAnalyticsRow['set']): LeadAnalyticsRow[] {
  return rows.filter((row) => row.set === set);
}

export async function buildAnalyticsReport(
  db: Knex,
  range: AnalyticsRange,
  timeZone: string,
): Promise<AnalyticsReport> {
  const [rows, closed] = await Promise.all([
    measureLeadsInRange(db, range, timeZone),
    measureClosedLeadsInRange(db, range, timeZone),
  ]);
  const closedOf = (set: ClosedLeadsRow['set']) => closed.filter((row) => row.set === set);
  const bySource = rowsOf(rows, 'source').sort(
    (a, b) => b.count - a.count || (a.source as string).localeCompare(b.source as string),
  );
  const sources = bySource.map((row) => row.source as string);

  const weekRows = new Map(rowsOf(rows, 'week').map((row) => [row.week, row]));
  const weekSourceCounts = new Map<string, Record<string, number>>();
  for (const row of rowsOf(rows, 'weekSource')) {
    const counts = weekSourceCounts.get(row.week as string) ?? {};
    counts[row.source as string] = row.count;
    weekSourceCounts.set(row.week as string, counts);
  }
  const weeks = weeksOfRange(range);
  const monthRows = new Map(rowsOf(rows, 'month').map((row) => [row.month, row]));
  const statusCounts = new Map(rowsOf(rows, 'status').map((row) => [row.status, row.count]));

  return {
    from: range.from,
    to: range.to,
    timeZone,
    total: bySource.reduce((sum, row) => sum + row.count, 0),
    sources,
    leadsPerWeek: weeks.map((week) => {
      const counts = weekSourceCounts.get(week) ?? {};
      return {
        week,
        total: weekRows.get(week)?.count ?? 0,
        bySource: Object.fromEntries(sources.map((source) => [source, counts[source] ?? 0])),
      };
    }),
    conversionBySource: bySource.map((row) => ({
      source: row.source as string,
      leads: row.count,
      won: row.won,
      // Same rounding as the metrics' conversion rate: Won ÷ all × 100, 1 decimal.
      conversionRate: Math.round((row.won * 1000) / row.count) / 10,
    })),
    wonRevenueByMonth: monthsOfRange(range).map((month) => ({
      month,
      won: monthRows.get(month)?.won ?? 0,
      value: monthRows.get(month)?.wonValue ?? '0.00',
      recurringValue: monthRows.get(month)?.wonRecurringValue ?? '0.00',
    })),
    speedToLeadByWeek: weeks.map((week) => ({
      week,
      medianMinutes: weekRows.get(week)?.medianMinutes ?? null,
      contacted: weekRows.get(week)?.contacted ?? 0,
    })),
    funnel: LEAD_STATUSES.map((status) => ({ status, count: statusCounts.get(status) ?? 0 })),
    lossReasons: closedOf('lostReason')
      .filter((row) => row.lost > 0)
      .sort(
        (a, b) =>
          b.lost - a.lost ||
          Number(a.lostReason === null) - Number(b.lostReason === null) ||
          (a.lostReason ?? '').localeCompare(b.lostReason ?? ''),
      )
      .map((row) => ({ reason: row.lostReason, count: row.lost })),
    winRateBySource: closedOf('source')
      .sort(byClosedThenName((row) => row.source ?? ''))
      .map((row) => ({ source: row.source ?? '', ...winRateOf(row) })),
    winRateByPerson: closedOf('assignee')
      .sort(byClosedThenName((row) => row.assigneeName ?? ''))
      .map((row) => ({
        person: row.assigneeId ? { id: row.assigneeId, name: row.assigneeName ?? '' } : null,
        ...winRateOf(row),
      })),
  };
}
