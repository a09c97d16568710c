import type { LostReasons } from '@shine/shared/lost-reasons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';
import { API } from '../api/paths.ts';
import { lostReasonsKey } from '../api/query-keys.ts';

/** GET /api/admin/lost-reasons: what a person picks from when a lead is lost ("Other" follows them). */
export function useLostReasons(enabled = true) {
  return useQuery<LostReasons>({ queryKey: lostReasonsKey, enabled });
}

/** PUT /api/admin/lost-reasons (admins): the answer replaces the cache. */
export function useSaveLostReasons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: LostReasons) => apiJson<LostReasons>('PUT', API.lostReasons, value),
    onSuccess: (value) => queryClient.setQueryData(lostReasonsKey, value),
  });
}
