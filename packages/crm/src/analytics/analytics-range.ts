import { type AnalyticsRange, analyticsRangeSchema, defaultAnalyticsRange } from '@shine/shared/analytics';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { businessDateOf } from '../format/date-time.ts';

/**
 * The analytics range lives in the URL (`/crm/analytics?from=…&to=…`): shareable, kept on reload,
 * and Back returns to the previous range. A missing or invalid range reads as the last 12 weeks.
 */
export function useAnalyticsRange(): [AnalyticsRange, (range: AnalyticsRange) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = analyticsRangeSchema.safeParse({ from: params.get('from'), to: params.get('to') });
  const range = parsed.success ? parsed.data : defaultAnalyticsRange(businessDateOf(new Date()));
  const setRange = useCallback(
    (next: AnalyticsRange) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set('from', next.from);
        updated.set('to', next.to);
        return updated;
      }),
    [setParams],
  );
  return [range, setRange];
}
