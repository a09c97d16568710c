// A lead's conversation and the Inbox (docs/requirements.md#conversations): the thread, a message sent
// by hand, read marks. The live event `message.created` refreshes the thread and the Inbox
// (api/live-stream.ts); without the stream they poll like the other reads.
import type { ManualMessage } from '@shine/shared/conversations';
import type { Inbox, LeadMessages, SentLeadMessage } from '@shine/shared/responses/conversations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '../api/http.ts';
import { livePolling, POLL_INTERVAL_MS, useLive } from '../api/live.ts';
import { API } from '../api/paths.ts';
import { inboxKey, leadActivitiesKey, leadMessagesKey } from '../api/query-keys.ts';

const messagesPath = (leadId: string) => `${API.leads}/${encodeURIComponent(leadId)}/messages`;

/**
 * The automated messages in a thread change without a live event (the queue works on its own, like
 * the drawer's run history): polled while the thread is open, besides `message.created`.
 */
const THREAD_POLL_MS = 5_000;

/** GET /api/admin/leads/{id}/messages: every message to and from the lead, oldest first. */
export function useLeadMessages(leadId: string) {
  return useQuery<LeadMessages>({ queryKey: leadMessagesKey(leadId), refetchInterval: THREAD_POLL_MS });
}

/** GET /api/admin/inbox: the leads whose replies the signed-in person has not read. */
export function useInbox() {
  const live = useLive();
  return useQuery<Inbox>({ queryKey: inboxKey, ...livePolling(live, POLL_INTERVAL_MS.metrics) });
}

/** POST /api/admin/leads/{id}/messages: the answer carries the delivery and any warning; the caller shows them. */
export function useSendMessage(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: ManualMessage) => apiJson<SentLeadMessage>('POST', messagesPath(leadId), message),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadMessagesKey(leadId) }),
        queryClient.invalidateQueries({ queryKey: leadActivitiesKey(leadId) }),
      ]);
    },
  });
}

/** POST /api/admin/leads/{id}/messages/read, then the Inbox (and its badge) without that lead. */
export function useMarkMessagesRead(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', `${messagesPath(leadId)}/read`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKey }),
  });
}
