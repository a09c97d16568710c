import { LEAD_STATUSES, type LeadStatus } from '@shine/shared/enums';
import type { Lead } from '@shine/shared/types';
import { Select } from 'antd';
import { fullName } from '../format/lead-labels.ts';
import { useLeadStatusMutation } from './leads.queries.ts';

/** The per-lead status dropdown (docs/requirements.md#sidebar-crm): any status can be set directly. */
export function LeadStatusSelect({ lead, size }: { lead: Lead; size?: 'small' | 'middle' }) {
  const mutation = useLeadStatusMutation();
  const pendingStatus = mutation.isPending ? mutation.variables?.status : undefined;
  return (
    <Select<LeadStatus>
      aria-label={`Status of ${fullName(lead)}`}
      size={size}
      className="lead-status-select"
      value={pendingStatus ?? lead.status}
      loading={mutation.isPending}
      // Not disabled while saving: disabling the focused select would drop keyboard focus to <body>.
      // It shows the status being saved, and a pick made meanwhile is ignored.
      popupMatchSelectWidth={false}
      onChange={(status) => {
        if (!mutation.isPending && status !== lead.status) mutation.mutate({ id: lead.id, status });
      }}
      options={LEAD_STATUSES.map((status) => ({ value: status, label: status }))}
    />
  );
}
