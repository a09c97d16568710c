// A lead's conversation and the Inbox (docs/requirements.md#conversations): the thread, a message sent
// by hand, read marks. The live event `message.created` refreshes the thread and the Inbox
// (api/live-stream.ts); without the stream they poll like the other reads.
import type { ManualMessage } from '@shine/shared/conversations';
import { conversationOperations } from '@shine/shared/operations/conversations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';
import { livePolling, POLL_INTERVAL_MS, useLive } from '../api/live.ts';
import { inboxKey, leadActivitiesKey, leadMessagesKey, shellCountsKey } from '../api/query-keys.ts';

/**
 * The automated messages in a thread change without a live event (the queue works on its own, like
 * the drawer's run history): polled while the thread is open, besides `message.created`.
 */
const THREAD_POLL_MS = 5_000;

/** GET /api/admin/leads/{id}/messages: every message to and from the lead, oldest first. */
export function useLeadMessages(leadId: string) {
  return useQuery({
    ...queryOptions(conversationOperations.listLeadMessages, { params: { id: leadId } }),
    refetchInterval: THREAD_POLL_MS,
  });
}

/** GET /api/admin/inbox: the leads whose replies the signed-in person has not read. */
export function useInbox() {
  const live = useLive();
  return useQuery({
    ...queryOptions(conversationOperations.getInbox),
    ...livePolling(live, POLL_INTERVAL_MS.metrics),
  });
}

/** POST /api/admin/leads/{id}/messages: the answer carries the delivery and any warning; the caller shows them. */
export function useSendMessage(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: ManualMessage) =>
      call(conversationOperations.sendLeadMessage, { params: { id: leadId }, body: message }),
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
      await call(conversationOperations.markLeadMessagesRead, { params: { id: leadId } });
    },
    onSuccess: () =>
      Promise.all([inboxKey, shellCountsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
