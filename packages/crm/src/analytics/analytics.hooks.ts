import type { AnalyticsRange } from '@shine/shared/analytics';
import { leadOperations } from '@shine/shared/operations/leads';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOptions } from '../api/client.ts';

/** GET /api/admin/reports/analytics for the range; the previous range's figures stay while the next loads. */
export function useAnalyticsReport(range: AnalyticsRange) {
  return useQuery({
    ...queryOptions(leadOperations.getAnalyticsReport, { query: { from: range.from, to: range.to } }),
    placeholderData: keepPreviousData,
    // Past weeks do not change, this week does: a minute old is fresh enough for a trend.
    staleTime: 60_000,
  });
}
