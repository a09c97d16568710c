import { leadOperations } from '@shine/shared/operations/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { assigneesKey, leadsKey, teamUsersKey } from '../api/query-keys.ts';
import { formatCount } from '@shine/shared/format';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';
import { mergeLeadIntoCache } from './leads.hooks.ts';

/** Who to assign to, with the name for the toast; null id for nobody. */
export interface AssignTarget {
  id: string | null;
  name: string | null;
}

/** Assignment changes the lists (the Assigned column, "Mine"), the lead's history and the Team's open-lead counts. */
function useRefreshAfterAssign() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: leadsKey }),
      queryClient.invalidateQueries({ queryKey: teamUsersKey }),
      queryClient.invalidateQueries({ queryKey: assigneesKey }),
    ]);
}

/** "Assigned 3 leads to Ana Ruiz", "Assigned 1 lead to Ben", "Unassigned 2 leads". */
export function describeAssignment(count: number, target: AssignTarget): string {
  return target.id && target.name
    ? `Assigned ${formatCount(count, 'lead')} to ${target.name}`
    : `Unassigned ${formatCount(count, 'lead')}`;
}

/** PATCH /api/admin/leads/{id} with `assignedTo`, from the drawer. */
export function useAssignLead() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterAssign();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ leadId, target }: { leadId: string; target: AssignTarget }) =>
      call(leadOperations.updateLead, { params: { id: leadId }, body: { assignedTo: target.id } }),
    onSuccess: async (lead, { target }) => {
      toast.success(target.id ? `Assigned to ${target.name}` : 'Unassigned');
      mergeLeadIntoCache(queryClient, lead);
      await refresh();
    },
    onError: (error) => toast.error('Could not change the assignee', errorText(error)),
  });
}

/** POST /api/admin/leads/assign: the selected leads to one person (or to nobody), in one go. */
export function useBulkAssign() {
  const refresh = useRefreshAfterAssign();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ ids, target }: { ids: string[]; target: AssignTarget }) =>
      call(leadOperations.assignLeads, { body: { ids, assignedTo: target.id } }),
    onSuccess: async (result, { target }) => {
      toast.success(describeAssignment(result.updated, target));
      await refresh();
    },
    onError: (error) => toast.error('Could not assign the leads', errorText(error)),
  });
}
