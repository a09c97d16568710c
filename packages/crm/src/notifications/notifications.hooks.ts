import type { NotificationsRead } from '@shine/shared/notifications';
import { workdayOperations } from '@shine/shared/operations/workday';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';
import { livePolling, useLive } from '../api/live.ts';
import { myDayKey, notificationsKey, shellCountsKey } from '../api/query-keys.ts';

/** While the live stream is down, the bell asks this often. */
const NOTIFICATIONS_POLL_MS = 30_000;

/**
 * GET /api/admin/notifications, asked while the bell's list is open (its count comes with the shell's,
 * api/shell-counts.ts): refreshed by `notification.created` (api/live-stream.ts), polled without it.
 */
export function useNotifications(enabled: boolean) {
  const live = useLive();
  return useQuery({
    ...queryOptions(workdayOperations.listNotifications),
    enabled,
    ...livePolling(live, NOTIFICATIONS_POLL_MS),
  });
}

/** POST /api/admin/notifications/read: `{ ids }` or `{ all: true }`. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: NotificationsRead) => call(workdayOperations.markNotificationsRead, { body: which }),
    onSuccess: async () => {
      await Promise.all(
        [notificationsKey, shellCountsKey, myDayKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
