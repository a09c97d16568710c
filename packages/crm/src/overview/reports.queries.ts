import type { IntakeReport, Metrics } from '@shine/shared/types';
import { useQuery } from '@tanstack/react-query';
import { livePolling, POLL_INTERVAL_MS, useLive } from '../api/live.ts';
import { activitySummaryKey, intakeKey, metricsKey, statsKey } from '../api/query-keys.ts';
import type { ActivitySummary, StatsReport } from '../api/types.ts';

export function useStats() {
  const live = useLive();
  return useQuery<StatsReport>({ queryKey: statsKey, ...livePolling(live, POLL_INTERVAL_MS.stats) });
}

export function useMetrics() {
  const live = useLive();
  return useQuery<Metrics>({ queryKey: metricsKey, ...livePolling(live, POLL_INTERVAL_MS.metrics) });
}

export function useActivitySummary() {
  return useQuery<ActivitySummary>({ queryKey: activitySummaryKey });
}

/** Speed-to-lead, leads waiting for contact and rejected submissions, polled like the metrics. */
export function useIntakeReport() {
  const live = useLive();
  return useQuery<IntakeReport>({ queryKey: intakeKey, ...livePolling(live, POLL_INTERVAL_MS.metrics) });
}
