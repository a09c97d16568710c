// What a lead change writes to the audit trail (audit/audit.service.ts): only the fields that changed,
// before and after, in the API's names and forms. Recorded in the change's own transaction.
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { LIVE_LEAD_FIELDS, type LiveEvent, type LiveLeadField } from '@shine/shared/live';
import { type AuditChange, recordAudit } from '../audit/index.ts';
import { publishLiveEvents } from '../live/index.ts';

/** The drawer's fields that PATCH /api/admin/leads/{id} edits (the assignee has its own action). */
export const EDITED_FIELDS = ['priority', 'estimatedValue', 'nextFollowUpAt', 'tags', 'notes'] as const;

/** The changed fields of `before` → `after`, each side holding only those; undefined when nothing changed. */
export function diffLeadFields(
  before: Lead,
  after: Lead,
): { before: Record<string, unknown>; after: Record<string, unknown> } | undefined {
  const changed = EDITED_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  if (changed.length === 0) return undefined;
  return {
    before: Object.fromEntries(changed.map((field) => [field, before[field]])),
    after: Object.fromEntries(changed.map((field) => [field, after[field]])),
  };
}

/** Who holds a lead, as an audit row shows it (the name as it was then: people are renamed). */
export interface AssigneeState {
  assignedTo: string | null;
  assigneeName: string | null;
}

export const assigneeStateOf = (person: { id: string; name: string } | null): AssigneeState => ({
  assignedTo: person?.id ?? null,
  assigneeName: person?.name ?? null,
});

/** A lead change's audit row: entity and timeline are the lead. `actorId` null: an automation. */
export function leadChange(
  actorId: string | null,
  leadId: string,
  action: string,
  before: unknown,
  after: unknown,
): AuditChange {
  return { actorId, entity: 'lead', entityId: leadId, leadId, action, before, after };
}

/** What the live stream says changed, for each audited action on a lead. */
const LIVE_FIELDS_OF: Record<string, readonly LiveLeadField[]> = {
  status_changed: ['status'],
  assigned: ['assignedTo'],
  details_applied: ['contact', 'requests', 'estimatedValue'],
  request_split: ['requests', 'notes', 'consent'],
  split_from: ['requests'],
  details_kept: ['requests'],
  repeat_merged: ['requests'],
  held_released: ['requests'],
  email_unsubscribed: ['consent'],
  email_resubscribed: ['consent'],
  sms_opted_out: ['consent'],
  sms_opted_in: ['consent'],
};

function liveFieldsOf(change: AuditChange): LiveLeadField[] {
  if (change.action !== 'updated') return [...(LIVE_FIELDS_OF[change.action] ?? ['contact'])];
  const edited = Object.keys((change.after ?? {}) as object);
  return LIVE_LEAD_FIELDS.filter((field) => edited.includes(field));
}

/**
 * Records lead changes in the audit trail and tells the live stream, both in the change's own
 * transaction: every lead change is audited, so every one reaches open screens (one event per lead).
 */
export async function recordLeadChanges(trx: Knex, changes: AuditChange[]): Promise<void> {
  await recordAudit(trx, changes);
  const fieldsByLead = new Map<string, Set<LiveLeadField>>();
  for (const change of changes) {
    if (!change.leadId) continue;
    const fields = fieldsByLead.get(change.leadId) ?? new Set<LiveLeadField>();
    for (const field of liveFieldsOf(change)) fields.add(field);
    fieldsByLead.set(change.leadId, fields);
  }
  const events = [...fieldsByLead]
    .filter(([, fields]) => fields.size > 0)
    .map(([leadId, fields]): LiveEvent => ({ type: 'lead.updated', leadId, changes: [...fields] }));
  await publishLiveEvents(trx, events);
}
