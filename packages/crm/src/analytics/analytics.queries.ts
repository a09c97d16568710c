import type { AnalyticsRange } from '@shine/shared/analytics';
import type { AnalyticsReport } from '@shine/shared/types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsKey } from '../api/query-keys.ts';

/** GET /api/admin/reports/analytics for the range; the previous range's figures stay while the next loads. */
export function useAnalyticsReport(range: AnalyticsRange) {
  return useQuery<AnalyticsReport>({
    queryKey: analyticsKey(range),
    placeholderData: keepPreviousData,
    // Past weeks do not change, this week does: a minute old is fresh enough for a trend.
    staleTime: 60_000,
  });
}
