// A customer accepted a quote: the lead's assignee gets a toast with the lead's name, the
// accepted total (now the lead's value) and an Open action; an unassigned lead alerts the admins.
// The timeline has the acceptance whoever is signed in.
import type { LiveEvent } from '@shine/shared/live';
import { formatDollars } from '@shine/shared/quote-pricing';
import { leadOperations } from '@shine/shared/operations/leads';
import type { Lead } from '@shine/shared/types';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { createElement, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { OpenLeadButton } from '../new-lead-alerts/index.ts';
import { queryOptions } from '../api/client.ts';
import { fullName } from '../format/lead-labels.ts';
import { useCurrentUser } from '../session/current-user.ts';
import { leadPath } from '../navigation/index.ts';

/** Whether the signed-in person is the one to tell: the assignee, or an admin when nobody is assigned. */
export function isAlertedOfAcceptance(lead: Pick<Lead, 'assignedTo'>, user: { id: string; role: string }): boolean {
  return lead.assignedTo ? lead.assignedTo === user.id : user.role === 'admin';
}

export function useQuoteAcceptedAlerts(): (event: LiveEvent) => void {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = useCurrentUser();
  return useCallback(
    (event: LiveEvent) => {
      if (event.type !== 'quote.accepted' || !user) return;
      void queryClient
        .fetchQuery({ ...queryOptions(leadOperations.getLead, { params: { id: event.leadId } }), staleTime: 0 })
        .then(
          (lead) => {
            if (!isAlertedOfAcceptance(lead, user)) return;
            const name = fullName(lead);
            const open = () => navigate(leadPath(lead.id));
            notification.success({
              key: `quote-accepted-${event.quoteId}`,
              title: `Quote accepted: ${name}`,
              description: `${lead.estimatedValue === null ? 'The quote' : formatDollars(Math.round(lead.estimatedValue * 100))} — the lead is ${lead.status}.`,
              role: 'status',
              actions: createElement(OpenLeadButton, { onOpen: open, name }),
            });
          },
          () => undefined, // the lead is gone or not this person's to see: nothing to announce
        );
    },
    [queryClient, navigate, notification, user],
  );
}
