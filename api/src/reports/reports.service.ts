// The dashboard's numbers (definitions in api/README.md). Each feature computes its own aggregates
// in SQL; this module assembles them and their ETags.
import { LEAD_PRIORITIES, LEAD_STATUSES, type LeadPriority, type LeadStatus } from '@shine/shared/enums';
import { DEFAULT_LEAD_SOURCE } from '@shine/shared/constants';
import type { Metrics, StatsReport } from '@shine/shared/types';
import type { Knex } from 'knex';
import { countPendingTasks, findLatestOverdueTask, measureOverdueTasks } from '../activities/index.ts';
import { readDataVersions } from '../db/data-versions.ts';
import { weakEtag } from '../http/conditional.ts';
import { countLeadGroups, measureLeadMetrics, readLeadClock } from '../leads/index.ts';
import { measurePaymentMetrics, paymentsVersion } from '../payments/index.ts';
import { measureScheduleMetrics, scheduleVersion } from '../scheduling/index.ts';

export async function buildStats(db: Knex): Promise<StatsReport> {
  const counts = await countLeadGroups(db);
  const byStatus = {} as Record<LeadStatus, number>;
  const revenueByStatus = {} as Record<LeadStatus, number>;
  for (const status of LEAD_STATUSES) {
    byStatus[status] = counts.byStatus.get(status)?.count ?? 0;
    revenueByStatus[status] = counts.byStatus.get(status)?.value ?? 0;
  }
  const byPriority = {} as Record<LeadPriority, number>;
  for (const priority of LEAD_PRIORITIES) byPriority[priority] = counts.byPriority.get(priority) ?? 0;
  // Every source that occurs, most leads first; Website Form (the quote form) is listed even at zero.
  const bySource: Record<string, number> = {};
  const sources = [...counts.bySource].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  for (const [source, count] of sources) bySource[source] = count;
  bySource[DEFAULT_LEAD_SOURCE] ??= 0;
  return {
    total: counts.total,
    byStatus,
    byPriority,
    bySource,
    potentialRevenue: counts.potentialRevenue,
    revenueByStatus,
  };
}

export async function statsEtag(db: Knex): Promise<string> {
  const { leads } = await readDataVersions(db, ['leads']);
  return weakEtag('stats', leads);
}

export async function buildMetrics(db: Knex, now: Date, timeZone: string): Promise<Metrics> {
  const [leads, pendingTasks, overdueTasks, schedule, payments] = await Promise.all([
    measureLeadMetrics(db, now, timeZone),
    countPendingTasks(db),
    measureOverdueTasks(db, now),
    measureScheduleMetrics(db, now, timeZone),
    measurePaymentMetrics(db, now, timeZone),
  ]);
  return {
    leadsToday: leads.leadsToday,
    requestsToday: leads.requestsToday,
    conversionRate: leads.conversionRate,
    averageDealValue: leads.averageDealValue,
    pendingTasks,
    overdueFollowUps: leads.overdueFollowUps,
    overdueTasks: overdueTasks.count,
    visitsThisWeek: schedule.visitsThisWeek,
    bookedRecurringRevenue: schedule.bookedRecurringRevenue,
    collectedThisMonth: payments.collectedThisMonth,
    outstanding: payments.outstanding,
  };
}

/**
 * Changes when leads, activities, visits or bookings change, at the business's midnight (a new week
 * starts at one), and when a follow-up or task falls due.
 */
export async function metricsEtag(db: Knex, now: Date, timeZone: string): Promise<string> {
  const [versions, clock, latestTaskDue, schedule, payments] = await Promise.all([
    readDataVersions(db, ['leads', 'activities']),
    readLeadClock(db, now, timeZone),
    findLatestOverdueTask(db, now),
    scheduleVersion(db),
    paymentsVersion(db),
  ]);
  return weakEtag(
    'metrics',
    versions.leads,
    versions.activities,
    clock.businessDate,
    clock.latestPassedFollowUp,
    String(latestTaskDue?.getTime() ?? 0),
    schedule,
    payments,
  );
}
