import type { HeldListQuery } from '@shine/shared/leads';
import { leadOperations } from '@shine/shared/operations/leads';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';
import { livePolling, POLL_INTERVAL_MS, useLive } from '../api/live.ts';
import { heldKey, intakeKey, leadsKey, metricsKey, shellCountsKey, statsKey } from '../api/query-keys.ts';
import { fullName } from '../format/lead-labels.ts';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';

/** The query string of GET /api/admin/held-submissions (newest first on the server). */
export type HeldListParams = HeldListQuery;

export const HELD_PAGE_SIZE = 20;
export const HELD_PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** One page of held submissions; polled like the leads list in the sidebar CRM. */
export function useHeldList(params: HeldListParams) {
  const live = useLive();
  return useQuery({
    ...queryOptions(leadOperations.listHeldSubmissions, { query: params }),
    placeholderData: keepPreviousData,
    ...livePolling(live, POLL_INTERVAL_MS.leads),
  });
}

/**
 * POST …/{id}/release: the submission goes through the normal intake and answers the lead it became
 * (new, or the open lead it joined as a repeat). Leads, counts and the intake report change with it;
 * the held list is refreshed even on failure, since a 404 means someone else already released it.
 */
export function useReleaseHeld() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => call(leadOperations.releaseHeldSubmission, { params: { id } }),
    onSuccess: async (lead) => {
      toast.success('Released as a lead', fullName(lead));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadsKey }),
        queryClient.invalidateQueries({ queryKey: metricsKey }),
        queryClient.invalidateQueries({ queryKey: statsKey }),
        queryClient.invalidateQueries({ queryKey: intakeKey }),
      ]);
    },
    onError: (error) => toast.error('Could not release the held submission', errorText(error)),
    onSettled: () =>
      Promise.all([heldKey, shellCountsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** DELETE …/{id}: gone for good; the held counts change with it. */
export function useDeleteHeld() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => call(leadOperations.deleteHeldSubmission, { params: { id } }),
    onSuccess: async () => {
      toast.success('Held submission deleted');
      await queryClient.invalidateQueries({ queryKey: intakeKey });
    },
    onError: (error) => toast.error('Could not delete the held submission', errorText(error)),
    onSettled: () =>
      Promise.all([heldKey, shellCountsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** POST …/{id}/client-address: an admin asks for a held sender's full address (audited on the server). */
export function useShowHeldClientAddress() {
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => call(leadOperations.showHeldClientAddress, { params: { id } }),
    onError: (error) => toast.error('Could not show the address', errorText(error)),
  });
}
