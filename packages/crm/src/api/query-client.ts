import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { sendApiRequest } from './http.ts';
import { HttpError, throwIfNotOk } from './http-error.ts';
import { buildPathFromKey } from './query-key.ts';
import { sessionQueryKey } from './query-keys.ts';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The generic data fetch (docs/requirements.md#crm-data): GET of the path the query key spells, cookies included.
 * A 401 is an error unless the caller asks for `null` (the session check).
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await sendApiRequest('GET', buildPathFromKey(queryKey), { signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}

/**
 * Query defaults of docs/requirements.md#crm-data: no retries, no refetch on focus (the sidebar CRM opts in), never
 * stale by itself. A 401 from any read or write means the session ended: the session check is
 * refetched, and the route guard then sends the user to the login screen.
 */
export function createQueryClient(): QueryClient {
  // Exactly the session check: the reads under its path (the person's alert settings) stay as they are.
  const recheckSession = () => void client.invalidateQueries({ queryKey: sessionQueryKey, exact: true });
  const isSessionCheck = (queryKey: readonly unknown[]) =>
    queryKey.length === sessionQueryKey.length && queryKey[0] === sessionQueryKey[0];
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error) && !isSessionCheck(query.queryKey)) recheckSession();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorized(error)) recheckSession();
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
