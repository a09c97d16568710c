import { leadOperations } from '@shine/shared/operations/leads';
import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { activitiesKey, leadKey, leadsKey } from '../api/query-keys.ts';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';
import { fullName } from '../format/lead-labels.ts';

/** "apply": the lead takes the request's details (who, home and service); "dismiss": it keeps its own. */
export type DetailsDecision = 'apply' | 'dismiss';

export interface DetailsDecisionInput {
  leadId: string;
  requestId: string;
  decision: DetailsDecision;
}

const DECISIONS = {
  apply: leadOperations.applyRequestDetails,
  dismiss: leadOperations.dismissRequestDetails,
} as const;

const SUCCESS: Record<DetailsDecision, string> = {
  apply: 'Lead details updated',
  dismiss: 'Lead details kept',
};

/**
 * POST /api/admin/leads/{id}/requests/{requestId}/apply (or /dismiss). The answer is the whole lead
 * detail, so it replaces the cached one; the lists (names, the "Details differ" flag) and the
 * timeline (the decision is written there) are refreshed.
 */
export function useDetailsDecision() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ leadId, requestId, decision }: DetailsDecisionInput) =>
      call(DECISIONS[decision], { params: { id: leadId, requestId } }),
    onSuccess: async (lead, { decision }) => {
      toast.success(SUCCESS[decision], `${fullName(lead)} · ${lead.email} · ${lead.phone}`);
      queryClient.setQueryData(leadKey(lead.id), lead);
      const detail = hashKey(leadKey(lead.id));
      await Promise.all([
        // Everything under /api/admin/leads but the detail just set from the answer.
        queryClient.invalidateQueries({
          queryKey: leadsKey,
          predicate: (query) => query.queryHash !== detail,
        }),
        queryClient.invalidateQueries({ queryKey: activitiesKey }),
      ]);
    },
    onError: (error) => toast.error('Could not update the contact details', errorText(error)),
  });
}

/**
 * POST /api/admin/leads/{id}/requests/{requestId}/split ("This is a different person"): the request
 * becomes a lead of its own. The new lead's detail is cached from the answer and `onSplit` opens it;
 * the original lead, the lists and the timelines are read again.
 */
export function useSplitRequest(onSplit?: (leadId: string) => void) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ leadId, requestId }: { leadId: string; requestId: string }) =>
      call(leadOperations.splitRequest, { params: { id: leadId, requestId } }),
    onSuccess: async (lead) => {
      toast.success('Split into a lead of its own', `${fullName(lead)} · ${lead.email} · ${lead.phone}`);
      queryClient.setQueryData(leadKey(lead.id), lead);
      const detail = hashKey(leadKey(lead.id));
      onSplit?.(lead.id);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadsKey, predicate: (query) => query.queryHash !== detail }),
        queryClient.invalidateQueries({ queryKey: activitiesKey }),
      ]);
    },
    onError: (error) => toast.error('Could not split the request off', errorText(error)),
  });
}
