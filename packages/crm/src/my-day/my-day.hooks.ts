import type { ActivityUpdate } from '@shine/shared/activities';
import type { MyDayScope } from '@shine/shared/my-day';
import { schedulingOperations } from '@shine/shared/operations/scheduling';
import { leadOperations } from '@shine/shared/operations/leads';
import { workdayOperations } from '@shine/shared/operations/workday';
import { type MyDay, nextVisitStartOf } from '@shine/shared/responses/my-day';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';
import { livePolling, useLive } from '../api/live.ts';
import {
  activitiesKey,
  leadsKey,
  metricsKey,
  myDayKey,
  notificationsKey,
  shellCountsKey,
  visitsKey,
} from '../api/query-keys.ts';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';

/** While the live stream is down, My Day (and its badge) asks this often. */
const MY_DAY_POLL_MS = 30_000;

/**
 * How long until the next visit listed today begins (when it starts to count towards the badge), a
 * second after, so the server's clock has passed it too; false when none is still to begin.
 */
export function msUntilNextVisitBegins(day: MyDay | undefined, now: number): number | false {
  const next = day ? nextVisitStartOf(day, now) : undefined;
  return next === undefined ? false : next - now + 1_000;
}

/**
 * GET /api/admin/my-day?scope=: refreshed by the live events of leads, replies, tasks, quotes and
 * visits, and when a visit of the day begins.
 */
export function useMyDay(scope: MyDayScope, enabled = true) {
  const live = useLive();
  const polling = livePolling(live, MY_DAY_POLL_MS);
  return useQuery({
    ...queryOptions(workdayOperations.getMyDay, { query: { scope } }),
    enabled,
    ...polling,
    refetchInterval: (query) => {
      const waits = [polling.refetchInterval, msUntilNextVisitBegins(query.state.data, Date.now())].filter(
        (ms): ms is number => ms !== false,
      );
      return waits.length > 0 ? Math.min(...waits) : false;
    },
  });
}

/** What My Day's one-click actions refresh: the day, the bell (acting on a lead reads its notifications), the lists, the figures and the Schedule. */
function useRefreshDay() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [myDayKey, notificationsKey, shellCountsKey, leadsKey, activitiesKey, metricsKey, visitsKey].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** PATCH /api/admin/activities/{id}: a task done or moved. */
export function useUpdateTask() {
  const refresh = useRefreshDay();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, ...update }: { id: string } & ActivityUpdate) =>
      call(workdayOperations.updateActivity, { params: { id }, body: update }),
    onSuccess: async (_activity, update) => {
      toast.success(update.status === 'completed' ? 'Task done' : 'Task moved');
      await refresh();
    },
    onError: (error) => toast.error('Could not change the task', errorText(error)),
  });
}

/** PATCH /api/admin/leads/{id}: a follow-up done (cleared) or moved. */
export function useUpdateFollowUp() {
  const refresh = useRefreshDay();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, nextFollowUpAt }: { id: string; nextFollowUpAt: string | null }) =>
      call(leadOperations.updateLead, { params: { id }, body: { nextFollowUpAt } }),
    onSuccess: async (_lead, change) => {
      toast.success(change.nextFollowUpAt ? 'Follow-up moved' : 'Follow-up done');
      await refresh();
    },
    onError: (error) => toast.error('Could not change the follow-up', errorText(error)),
  });
}

/**
 * PATCH /api/admin/visits/{id} with status completed: the Schedule's "Mark completed", from My Day
 * (CompleteVisitButton asks first and says how it went).
 */
export function useCompleteVisit() {
  const refresh = useRefreshDay();
  return useMutation({
    mutationFn: ({ id, confirmEarly }: { id: string; confirmEarly: boolean }) =>
      call(schedulingOperations.updateVisit, { params: { id }, body: { status: 'completed', confirmEarly } }),
    onSuccess: () => refresh(),
  });
}
