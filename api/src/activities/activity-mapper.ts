import type { Activity } from '@shine/shared/types';
import type { NamedActivityRow } from './activities.queries.ts';

const toIso = (value: Date | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toActivity(row: NamedActivityRow): Activity {
  return {
    id: row.id,
    leadId: row.lead_id,
    userId: row.user_id,
    author: { id: row.user_id, name: row.author_name ?? '' },
    type: row.type,
    subject: row.subject,
    description: row.description,
    status: row.status,
    outcome: row.outcome,
    scheduledAt: toIso(row.scheduled_at),
    completedAt: toIso(row.completed_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}
