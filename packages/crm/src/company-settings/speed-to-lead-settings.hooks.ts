import type { SpeedToLeadSettings } from '@shine/shared/speed-to-lead';
import { settingsOperations } from '@shine/shared/operations/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';

const leadAlertSettingsQuery = queryOptions(settingsOperations.getSpeedToLeadSettings);

/** GET /api/admin/settings/lead-alerts (admins). */
export function useSpeedToLeadSettings() {
  return useQuery(leadAlertSettingsQuery);
}

/** PUT /api/admin/settings/lead-alerts: the whole settings; the answer (with its warnings) replaces the cache. */
export function useSaveSpeedToLeadSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SpeedToLeadSettings) => call(settingsOperations.saveSpeedToLeadSettings, { body: settings }),
    onSuccess: (view) => queryClient.setQueryData(leadAlertSettingsQuery.queryKey, view),
  });
}
