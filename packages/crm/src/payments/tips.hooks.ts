import type { AnalyticsRange } from '@shine/shared/analytics';
import { tipOperations } from '@shine/shared/operations/tips';
import type { TipInput } from '@shine/shared/tips';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, collectionKeyOf, queryOptions } from '../api/client.ts';

const tipsKey = collectionKeyOf(tipOperations.listTips);

/** GET /api/admin/tips for the range (payroll); the previous range's list stays while the next loads. */
export function useTips(range: AnalyticsRange) {
  return useQuery({ ...queryOptions(tipOperations.listTips, { query: range }), placeholderData: keepPreviousData });
}

/** POST /api/admin/visits/{id}/tips: a tip the crew was handed; the payroll list reads it anew. */
export function useRecordTip(visitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TipInput) => call(tipOperations.recordVisitTip, { params: { id: visitId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tipsKey }),
  });
}
