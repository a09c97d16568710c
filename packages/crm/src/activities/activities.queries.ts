import type { ActivityCreate } from '@shine/shared/activities';
import { MESSAGES } from '@shine/shared/messages';
import { leadOperations } from '@shine/shared/operations/leads';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';
import { activitiesKey, leadKey, metricsKey } from '../api/query-keys.ts';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';

/** GET /api/admin/activities/lead/{leadId} */
export function useLeadActivities(leadId: string | undefined) {
  return useQuery({
    ...queryOptions(leadOperations.listLeadActivities, { params: { leadId: leadId ?? '' } }),
    enabled: Boolean(leadId),
  });
}

/**
 * POST /api/admin/activities. Refreshes that lead's activities and the summary, the pending-task
 * count, and the lead itself (a completed call or e-mail sets its last-contacted time).
 */
export function useCreateActivity() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (activity: ActivityCreate) => call(leadOperations.createActivity, { body: activity }),
    onSuccess: async (_activity, variables) => {
      toast.success(MESSAGES.activity.success);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: activitiesKey }),
        queryClient.invalidateQueries({ queryKey: metricsKey }),
        queryClient.invalidateQueries({ queryKey: leadKey(variables.leadId), exact: true }),
      ]);
    },
    onError: (error) => toast.error(MESSAGES.activity.failed, errorText(error)),
  });
}
