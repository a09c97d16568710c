import type { AnswerOf } from '@shine/shared/operations/operation';
import type { publicOperations } from '@shine/shared/operations/public';
import { useQuery } from '@tanstack/react-query';
import { sessionQueryKey } from '../api/query-keys.ts';
import { getQueryFn } from '../api/query-client.ts';
import { setBusinessTimeZone } from '../format/date-time.ts';

type SessionAnswer = AnswerOf<typeof publicOperations.getSession>;
const readSession = getQueryFn<SessionAnswer>({ on401: 'returnNull' });

/**
 * GET /api/admin/me; a 401 reads as signed out rather than as an error. A signed-in answer names the
 * business time zone every date and time is shown in (format/date-time.ts).
 */
export async function readSessionAnswer(context: Parameters<typeof readSession>[0]): Promise<SessionAnswer | null> {
  const answer = await readSession(context);
  if (answer?.timeZone) setBusinessTimeZone(answer.timeZone);
  return answer;
}

export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: readSessionAnswer });
}
