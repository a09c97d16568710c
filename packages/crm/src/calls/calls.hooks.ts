import type { CallListQuery } from '@shine/shared/calls';
import { callOperations } from '@shine/shared/operations/calls';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';
import { livePolling, POLL_INTERVAL_MS, useLive } from '../api/live.ts';
import { callsKey, myDayKey, shellCountsKey } from '../api/query-keys.ts';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';

/** One page of the Calls list (newest first on the server); refreshed by `call.changed`. */
export function useCallList(query: CallListQuery) {
  const live = useLive();
  return useQuery({
    ...queryOptions(callOperations.listCalls, { query }),
    placeholderData: keepPreviousData,
    ...livePolling(live, POLL_INTERVAL_MS.leads),
  });
}

/** POST …/{id}/called-back: the call leaves My Day; the list and the counts refresh. */
export function useMarkCalledBack() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => call(callOperations.markCallCalledBack, { params: { id } }),
    onError: (error) => toast.error('Could not mark the call called back', errorText(error)),
    onSettled: () =>
      Promise.all([callsKey, myDayKey, shellCountsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
