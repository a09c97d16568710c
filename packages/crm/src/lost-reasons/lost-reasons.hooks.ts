import type { LostReasons } from '@shine/shared/lost-reasons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settingsOperations } from '@shine/shared/operations/settings';
import { call, queryOptions } from '../api/client.ts';
import { lostReasonsKey } from '../api/query-keys.ts';

/** GET /api/admin/lost-reasons: what a person picks from when a lead is lost ("Other" follows them). */
export function useLostReasons(enabled = true) {
  return useQuery({ ...queryOptions(settingsOperations.getLostReasons), enabled });
}

/** PUT /api/admin/lost-reasons (admins): the answer replaces the cache. */
export function useSaveLostReasons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: LostReasons) => call(settingsOperations.saveLostReasons, { body: value }),
    onSuccess: (value) => queryClient.setQueryData(lostReasonsKey, value),
  });
}
