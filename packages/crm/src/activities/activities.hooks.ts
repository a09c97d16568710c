import type { ActivityCreate, CallLog } from '@shine/shared/activities';
import { MESSAGES } from '@shine/shared/messages';
import { leadOperations } from '@shine/shared/operations/leads';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';
import { activitiesKey, leadKey, leadsKey, metricsKey, myDayKey, notificationsKey } from '../api/query-keys.ts';
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

/**
 * POST /api/admin/leads/{id}/calls: a call made now with its outcome, and the lead's follow-up and
 * status in the same step. Refreshes what it can change: the timeline, the lead and the lists, My Day,
 * the bell (acting on a lead reads its notifications) and the figures.
 */
export function useLogCall() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ leadId, log }: { leadId: string; log: CallLog }) =>
      call(leadOperations.logCall, { params: { id: leadId }, body: log }),
    onSuccess: async () => {
      toast.success('Call logged');
      await Promise.all(
        [activitiesKey, leadsKey, myDayKey, notificationsKey, metricsKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (error) => toast.error('Could not log the call', errorText(error)),
  });
}
