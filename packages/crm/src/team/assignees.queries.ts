import { useQuery } from '@tanstack/react-query';
import type { AssigneeList } from '@shine/shared/responses/team';
import { assigneesKey } from '../api/query-keys.ts';

/** GET /api/admin/assignees: the active team members, for assignment pickers and the person filter. */
export function useAssignees() {
  return useQuery<AssigneeList>({ queryKey: assigneesKey });
}
