import type { Lead } from '@shine/shared/types';
import { Select } from 'antd';
import { useAssignees } from '../team/index.ts';
import { useAssignLead } from './assign.hooks.ts';
import { UNASSIGNED, assigneeOptions, nameOf } from './assignee-options.ts';

/** The drawer's "Assigned To": the assignee's name, changed by picking another person or Unassigned. */
export function LeadAssigneeSelect({ lead }: { lead: Lead }) {
  const assignees = useAssignees();
  const assign = useAssignLead();
  const people = assignees.data?.items ?? [];
  return (
    <Select<string>
      aria-label="Assigned to"
      className="lead-assignee-select"
      value={lead.assignedTo ?? UNASSIGNED}
      loading={assignees.isPending || assign.isPending}
      disabled={assign.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      options={assigneeOptions(people, lead.assignee)}
      // Until the team has loaded, the value shows the lead's own assignee name, never the raw id.
      labelRender={({ value, label }) => label ?? (value === lead.assignedTo ? lead.assignee?.name : 'Unassigned')}
      onChange={(value) => {
        const id = value === UNASSIGNED ? null : value;
        if (id === lead.assignedTo) return;
        assign.mutate({ leadId: lead.id, target: { id, name: id ? nameOf(people, id, lead.assignee) : null } });
      }}
    />
  );
}
