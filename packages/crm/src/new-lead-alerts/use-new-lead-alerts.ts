// New-lead alerts: when the live stream says a lead was created, a toast with the lead's
// name, service and estimate and an Open action; a chime and a system notification unless it is the
// person's quiet hours. (The count on the desktop app's icon is the bell's: unread notifications.)
// What to show follows the person's own settings (GET /api/admin/me/alerts).
import { isQuietTime } from '@shine/shared/new-lead-alerts';
import type { LiveEvent } from '@shine/shared/live';
import { leadOperations } from '@shine/shared/operations/leads';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { createElement, useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { queryOptions } from '../api/client.ts';
import { fullName } from '../format/lead-labels.ts';
import { usePlatform } from '../platform/platform.ts';
import { type AlertQueue, createAlertQueue } from './alert-queue.ts';
import { useNewLeadAlertSettings } from './new-lead-alerts.hooks.ts';
import { browserNotifications } from './browser-notifications.ts';
import { playChime } from './chime.ts';
import { OpenLeadButton } from './OpenLeadButton.tsx';
import { describeNewLead } from '@shine/shared/speed-to-lead';
import { sectionPath, leadPath } from '../navigation/index.ts';

const NEW_LEAD_TOAST_CLASS = 'new-lead-toast';

interface LeadToast {
  key: string;
  /** The lead's full name (empty for a summary). */
  name: string;
  title: string;
  body: string;
  open: () => void;
}

/** "Ann Lee, Bo Cruz and 3 more". */
function summarizeNames(names: string[]): string {
  if (names.length <= 3) return names.join(', ');
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}

export function useNewLeadAlerts(): (event: LiveEvent) => void {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const platform = usePlatform();
  const system = useMemo(() => platform.notifications ?? browserNotifications(), [platform]);
  // Undefined until the person's own settings have loaded (right after sign-in or a reload): nothing is
  // announced before then, so someone who turned toasts off never gets one that stays until dismissed.
  // The lead still reaches them in the bell and the lists.
  const settings = useNewLeadAlertSettings().data;
  // The toast waits for the one slot (alert-queue.ts): it never replaces the toast of someone's action.
  const toasts = useRef<AlertQueue<LeadToast>>(undefined);
  useEffect(() => {
    const queue = createAlertQueue<LeadToast>({
      // Another new-lead toast is no reason to wait: the newer takes its place (it stays in the bell).
      isBusy: () => document.querySelector(`.ant-notification-notice:not(.${NEW_LEAD_TOAST_CLASS})`) !== null,
      show: ({ key, title, body, open }) =>
        notification.info({
          key,
          title,
          description: body,
          role: 'status',
          className: NEW_LEAD_TOAST_CLASS,
          // A new lead waits for an answer: the toast stays until the person opens or dismisses it.
          duration: 0,
          actions: createElement(OpenLeadButton, {
            onOpen: () => {
              notification.destroy(key);
              open();
            },
            name: title,
          }),
        }),
      summarize: (alerts) => ({
        key: 'new-leads',
        title: `${alerts.length} new leads`,
        body: summarizeNames(alerts.map((alert) => alert.name)),
        name: '',
        open: () => navigate(sectionPath('leads')),
      }),
    });
    toasts.current = queue;
    return () => queue.stop();
  }, [notification, navigate]);

  return useCallback(
    (event: LiveEvent) => {
      if (event.type !== 'lead.created' || !settings) return;
      void queryClient.fetchQuery(queryOptions(leadOperations.getLead, { params: { id: event.leadId } })).then(
        (lead) => {
          const { title, body } = describeNewLead(lead);
          const open = () => navigate(leadPath(lead.id));
          const quiet = isQuietTime(settings.quietHours, new Date());
          if (settings.newLeadToast)
            toasts.current?.push({ key: `new-lead-${lead.id}`, name: fullName(lead), title, body, open });
          if (quiet) return;
          if (settings.sound) playChime();
          if (document.visibilityState !== 'visible' && settings.systemNotifications) {
            system?.show({ title, body, tag: `new-lead-${lead.id}` }, open);
          }
        },
        () => undefined, // the lead is gone or unreadable: nothing to announce
      );
    },
    [queryClient, navigate, settings, system],
  );
}
