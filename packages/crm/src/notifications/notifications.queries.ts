import type { NotificationsRead } from '@shine/shared/notifications';
import type { NotificationList, NotificationsReadAnswer } from '@shine/shared/responses/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';
import { livePolling, useLive } from '../api/live.ts';
import { API } from '../api/paths.ts';
import { myDayKey, notificationsKey } from '../api/query-keys.ts';

/** While the live stream is down, the bell asks this often. */
const NOTIFICATIONS_POLL_MS = 30_000;

/** GET /api/admin/notifications: refreshed by `notification.created` (api/live-stream.ts), polled without it. */
export function useNotifications() {
  const live = useLive();
  return useQuery<NotificationList>({ queryKey: notificationsKey, ...livePolling(live, NOTIFICATIONS_POLL_MS) });
}

/** POST /api/admin/notifications/read: `{ ids }` or `{ all: true }`. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: NotificationsRead) => apiJson<NotificationsReadAnswer>('POST', API.notificationsRead, which),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationsKey }),
        queryClient.invalidateQueries({ queryKey: myDayKey }),
      ]);
    },
  });
}
