import type { AnswerOf } from '@shine/shared/operations/operation';
import type { publicOperations } from '@shine/shared/operations/public';
import { useQuery } from '@tanstack/react-query';
import { sessionQueryKey } from '../api/query-keys.ts';
import { getQueryFn } from '../api/query-client.ts';

/** GET /api/admin/me; a 401 reads as signed out rather than as an error. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: getQueryFn<AnswerOf<typeof publicOperations.getSession>>({ on401: 'returnNull' }),
  });
}
