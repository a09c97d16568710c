import type { LeadAlertSettings } from '@shine/shared/lead-alerts';
import { settingsOperations } from '@shine/shared/operations/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';

const leadAlertSettingsQuery = queryOptions(settingsOperations.getLeadAlertSettings);

/** GET /api/admin/settings/lead-alerts (admins). */
export function useLeadAlertSettings() {
  return useQuery(leadAlertSettingsQuery);
}

/** PUT /api/admin/settings/lead-alerts: the whole settings; the answer (with its warnings) replaces the cache. */
export function useSaveLeadAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: LeadAlertSettings) => call(settingsOperations.saveLeadAlertSettings, { body: settings }),
    onSuccess: (view) => queryClient.setQueryData(leadAlertSettingsQuery.queryKey, view),
  });
}
