import type { AlertSettingsUpdate } from '@shine/shared/alerts';
import { liveOperations } from '@shine/shared/operations/live';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';

const alertSettingsQuery = queryOptions(liveOperations.getAlertSettings);

export function useAlertSettings() {
  return useQuery(alertSettingsQuery);
}

export function useAlertSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: AlertSettingsUpdate) => call(liveOperations.updateAlertSettings, { body: update }),
    onSuccess: (settings) => queryClient.setQueryData(alertSettingsQuery.queryKey, settings),
  });
}
