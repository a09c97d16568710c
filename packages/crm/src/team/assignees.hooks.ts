import { teamOperations } from '@shine/shared/operations/team';
import { useQuery } from '@tanstack/react-query';
import { queryOptions } from '../api/client.ts';

/** GET /api/admin/assignees: the active team members, for assignment pickers and the person filter. */
export function useAssignees() {
  return useQuery(queryOptions(teamOperations.listAssignees));
}
