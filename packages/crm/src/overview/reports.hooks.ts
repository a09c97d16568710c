import { leadOperations } from '@shine/shared/operations/leads';
import { useQuery } from '@tanstack/react-query';
import { queryOptions } from '../api/client.ts';
import { livePolling, POLL_INTERVAL_MS, useLive } from '../api/live.ts';

export function useStats() {
  const live = useLive();
  return useQuery({ ...queryOptions(leadOperations.getStats), ...livePolling(live, POLL_INTERVAL_MS.stats) });
}

export function useMetrics() {
  const live = useLive();
  return useQuery({ ...queryOptions(leadOperations.getMetrics), ...livePolling(live, POLL_INTERVAL_MS.metrics) });
}

export function useActivitySummary() {
  return useQuery(queryOptions(leadOperations.getActivitySummary));
}

/** Speed-to-lead, leads waiting for contact and rejected submissions, polled like the metrics. */
export function useIntakeReport() {
  const live = useLive();
  return useQuery({ ...queryOptions(leadOperations.getIntakeReport), ...livePolling(live, POLL_INTERVAL_MS.metrics) });
}
