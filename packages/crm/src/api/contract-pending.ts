// Answers and names of issue 15 that the API helpers add to @shine/shared on their branches
// (responses/team.ts `assigneeSchema`, responses/leads.ts `leadBulkAssignResultSchema`,
// automations.ts `ROUND_ROBIN` and the `assign` action). Until those merge, the CRM types them here,
// in this one file, to the contract of issue 15: once shared has them, import them from there and
// delete this file.
import type { UserRole } from '@shine/shared/enums';

/** GET /api/admin/assignees: an active team member, for assignment pickers and the person filter. */
export interface Assignee {
  id: string;
  name: string;
  role: UserRole;
  away: boolean;
  awayUntil: string | null;
}
export interface AssigneeList {
  items: Assignee[];
}

/** POST /api/admin/leads/assign → how many leads changed. */
export interface LeadBulkAssignResult {
  updated: number;
}

/** The automation action that assigns a lead: `{ type: 'assign', to: 'round_robin' | userId }`. */
export const ASSIGN_ACTION = 'assign';
export const ROUND_ROBIN = 'round_robin';
