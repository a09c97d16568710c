import type { AlertSettings, AlertSettingsUpdate } from '@shine/shared/alerts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';
import { API } from '../api/paths.ts';
import { alertSettingsKey } from '../api/query-keys.ts';

export function useAlertSettings() {
  return useQuery<AlertSettings>({ queryKey: alertSettingsKey });
}

export function useAlertSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: AlertSettingsUpdate) => apiJson<AlertSettings>('PATCH', API.alertSettings, update),
    onSuccess: (settings) => queryClient.setQueryData(alertSettingsKey, settings),
  });
}
