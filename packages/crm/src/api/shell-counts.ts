// The counts beside the sections and on the bell (GET /api/admin/counts): one read for all of them,
// asked once the screen's own reads are in (docs/performance.md, "The shell's counts in one read").
// On a first load the shell's five reads used to leave with the screen's own and queue with them in
// the browser's six connections a host, so the leads list (a few ms on the server) came ~100 ms late.
import { workdayOperations } from '@shine/shared/operations/workday';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryOptions } from './client.ts';
import { livePolling, POLL_INTERVAL_MS, useLive } from './live.ts';

/** The shell's reads wait at most this long for the screen's. */
const FIRST_SCREEN_WAIT_MS = 2_000;

let firstScreenIn = false;

/**
 * False until the reads the screen started on mount are answered (or a short wait is over), then true
 * for the rest of the page's life: what the shell asks for can wait for that.
 */
function useAfterFirstScreen(): boolean {
  const queryClient = useQueryClient();
  const [after, setAfter] = useState(firstScreenIn);
  useEffect(() => {
    if (after) return;
    return whenFirstScreenIn(queryClient, () => {
      firstScreenIn = true;
      setAfter(true);
    });
  }, [after, queryClient]);
  return after;
}

function whenFirstScreenIn(queryClient: QueryClient, done: () => void): () => void {
  const cache = queryClient.getQueryCache();
  let unsubscribe = () => {};
  const check = () => {
    if (queryClient.isFetching() > 0) return;
    finish();
  };
  const finish = () => {
    unsubscribe();
    clearTimeout(limit);
    clearTimeout(first);
    done();
  };
  const limit = setTimeout(finish, FIRST_SCREEN_WAIT_MS);
  // The screen's reads start in its components' effects, some of which run after this one (a sibling
  // later in the tree): look once they all have.
  const first = setTimeout(() => {
    unsubscribe = cache.subscribe(check);
    check();
  }, 0);
  return () => {
    unsubscribe();
    clearTimeout(limit);
    clearTimeout(first);
  };
}

/** For tests: a new page, whose first screen is not in yet. */
export function resetFirstScreen(): void {
  firstScreenIn = false;
}

/**
 * GET /api/admin/counts: refreshed by the live events that change a count (api/live-stream.ts), polled
 * while the stream is down, and asked again when a visit of the day begins (it then counts in My Day).
 */
export function useShellCounts() {
  const live = useLive();
  const after = useAfterFirstScreen();
  const polling = livePolling(live, POLL_INTERVAL_MS.metrics);
  return useQuery({
    ...queryOptions(workdayOperations.getShellCounts),
    enabled: after,
    ...polling,
    refetchInterval: (query) => {
      const changesAt = query.state.data?.myDayChangesAt;
      // A second after, so the server's clock has passed it too.
      const untilChange = changesAt ? Math.max(0, Date.parse(changesAt) - Date.now()) + 1_000 : false;
      const waits = [polling.refetchInterval, untilChange].filter((ms): ms is number => ms !== false);
      return waits.length > 0 ? Math.min(...waits) : false;
    },
  });
}
