// E-mail the mailbox held for staff (docs/security.md, "Forged replies"): never filed on a lead by
// itself. Staff attach one to the lead they choose, or dismiss it; nothing is deleted. No live event
// announces a held e-mail: the list polls like the Inbox's badge.
import { conversationOperations } from '@shine/shared/operations/conversations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';
import { livePolling, POLL_INTERVAL_MS, useLive } from '../api/live.ts';
import { leadActivitiesKey, leadMessagesKey, shellCountsKey, unmatchedEmailsKey } from '../api/query-keys.ts';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';

/** GET /api/admin/unmatched-emails: the held ones, newest first. */
export function useUnmatchedEmails() {
  const live = useLive();
  return useQuery({
    ...queryOptions(conversationOperations.listUnmatchedEmails, { query: {} }),
    ...livePolling(live, POLL_INTERVAL_MS.metrics),
  });
}

/** POST …/{id}/attach: in the chosen lead's thread and timeline; the list is refreshed even on failure (someone else may have acted). */
export function useAttachUnmatchedEmail() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, leadId }: { id: string; leadId: string }) =>
      call(conversationOperations.attachUnmatchedEmail, { params: { id }, body: { leadId } }),
    onSuccess: async (email, { leadId }) => {
      toast.success('E-mail attached', `It is in ${email.leadName ?? 'the lead'}’s conversation now.`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadMessagesKey(leadId) }),
        queryClient.invalidateQueries({ queryKey: leadActivitiesKey(leadId) }),
      ]);
    },
    onError: (error) => toast.error('The e-mail was not attached', errorText(error)),
    onSettled: () =>
      Promise.all([unmatchedEmailsKey, shellCountsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** POST …/{id}/dismiss: kept on the server, gone from the held list. */
export function useDismissUnmatchedEmail() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => call(conversationOperations.dismissUnmatchedEmail, { params: { id } }),
    onSuccess: () => toast.success('E-mail dismissed'),
    onError: (error) => toast.error('The e-mail was not dismissed', errorText(error)),
    onSettled: () =>
      Promise.all([unmatchedEmailsKey, shellCountsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
