import type { LeadAlertSettings, LeadAlertSettingsView } from '@shine/shared/lead-alerts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';
import { API } from '../api/paths.ts';
import { leadAlertSettingsKey } from '../api/query-keys.ts';

/** GET /api/admin/settings/lead-alerts (admins). */
export function useLeadAlertSettings() {
  return useQuery<LeadAlertSettingsView>({ queryKey: leadAlertSettingsKey });
}

/** PUT /api/admin/settings/lead-alerts: the whole settings; the answer (with its warnings) replaces the cache. */
export function useSaveLeadAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: LeadAlertSettings) => apiJson<LeadAlertSettingsView>('PUT', API.leadAlertSettings, settings),
    onSuccess: (view) => queryClient.setQueryData(leadAlertSettingsKey, view),
  });
}
