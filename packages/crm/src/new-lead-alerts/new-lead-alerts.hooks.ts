import type { NewLeadAlertSettingsUpdate } from '@shine/shared/new-lead-alerts';
import { liveOperations } from '@shine/shared/operations/live';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';

const alertSettingsQuery = queryOptions(liveOperations.getAlertSettings);

/**
 * The person's alert settings, asked with the screen's first reads (not after them, as the shell's
 * counts are): a new lead's alert that arrives before they are in is not announced, so they must be
 * in at once even when the screen's own data is slow.
 */
export function useNewLeadAlertSettings() {
  return useQuery(alertSettingsQuery);
}

export function useNewLeadAlertSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: NewLeadAlertSettingsUpdate) => call(liveOperations.updateAlertSettings, { body: update }),
    onSuccess: (settings) => queryClient.setQueryData(alertSettingsQuery.queryKey, settings),
  });
}
