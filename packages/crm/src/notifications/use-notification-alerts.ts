// What the bell holds reaches the person when the window is in the background: a system notification
// (the browser's Notification API with their permission, or the desktop app's own) for each new one,
// and the unread count on the desktop app's icon. New leads have their own alert (new-lead-alerts), so they
// are not announced twice.
import { DEFAULT_NEW_LEAD_ALERT_SETTINGS, isQuietTime } from '@shine/shared/new-lead-alerts';
import type { LiveEvent } from '@shine/shared/live';
import { workdayOperations } from '@shine/shared/operations/workday';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { queryOptions } from '../api/client.ts';
import { useNewLeadAlertSettings } from '../new-lead-alerts/index.ts';
import { browserNotifications } from '../new-lead-alerts/index.ts';
import { usePlatform } from '../platform/platform.ts';
import { notificationPath } from './notification-path.ts';
import { useShellCounts } from '../api/shell-counts.ts';

const SYSTEM_TITLE = 'Lone Star Shine CRM';

export function useNotificationAlerts(): (event: LiveEvent) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const platform = usePlatform();
  const system = useMemo(() => platform.notifications ?? browserNotifications(), [platform]);
  const settings = useNewLeadAlertSettings().data ?? DEFAULT_NEW_LEAD_ALERT_SETTINGS;
  const unread = useShellCounts().data?.notifications;

  useEffect(() => {
    if (unread !== undefined) system?.setBadgeCount?.(unread);
  }, [unread, system]);

  return useCallback(
    (event: LiveEvent) => {
      if (event.type !== 'notification.created' || document.visibilityState === 'visible') return;
      if (!settings.systemNotifications || isQuietTime(settings.quietHours, new Date())) return;
      void queryClient.fetchQuery({ ...queryOptions(workdayOperations.listNotifications), staleTime: 0 }).then(
        (list) => {
          const item = list.items.find((notification) => notification.id === event.notificationId);
          if (!item || item.kind === 'new_lead') return;
          const open = () => {
            const path = notificationPath(item);
            if (path) navigate(path);
          };
          system?.show({ title: SYSTEM_TITLE, body: item.text, tag: `notification-${item.id}` }, open);
        },
        () => undefined, // unreadable now: the bell shows it once the window is back
      );
    },
    [queryClient, navigate, settings, system],
  );
}
