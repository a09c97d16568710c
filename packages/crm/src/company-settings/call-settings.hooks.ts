import type { CallSettings } from '@shine/shared/calls';
import { callOperations } from '@shine/shared/operations/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';

const callSettingsQuery = queryOptions(callOperations.getCallSettings);

/** GET /api/admin/settings/calls (admins). */
export function useCallSettings() {
  return useQuery(callSettingsQuery);
}

/** PUT /api/admin/settings/calls: the answer replaces the cache. */
export function useSaveCallSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CallSettings) => call(callOperations.saveCallSettings, { body: settings }),
    onSuccess: (settings) => queryClient.setQueryData(callSettingsQuery.queryKey, settings),
  });
}
