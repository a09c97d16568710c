import type { NewLeadAlertSettingsUpdate } from '@shine/shared/new-lead-alerts';
import { liveOperations } from '@shine/shared/operations/live';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';

const alertSettingsQuery = queryOptions(liveOperations.getAlertSettings);

/** The person's alert settings; `enabled` false: not asked yet (the shell asks after the screen's data). */
export function useNewLeadAlertSettings(enabled = true) {
  return useQuery({ ...alertSettingsQuery, enabled });
}

export function useNewLeadAlertSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: NewLeadAlertSettingsUpdate) => call(liveOperations.updateAlertSettings, { body: update }),
    onSuccess: (settings) => queryClient.setQueryData(alertSettingsQuery.queryKey, settings),
  });
}
