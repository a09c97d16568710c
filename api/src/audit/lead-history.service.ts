// A lead's part of the audit trail, for its timeline (GET /api/admin/leads/{id}/history).
import type { AuditEntry } from '@shine/shared/types';
import type { Knex } from 'knex';
import { listAuditRowsOfLead, type NamedAuditRow } from './lead-history.queries.ts';

/** The most a timeline shows; a lead changed more often than this is rare, and the Audit view pages. */
const LEAD_HISTORY_LIMIT = 200;

function toAuditEntry(row: NamedAuditRow): AuditEntry {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actor: row.actor_id ? { id: row.actor_id, name: row.actor_name ?? '' } : null,
    entity: row.entity,
    entityId: row.entity_id,
    leadId: row.lead_id,
    action: row.action,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** The lead's audit rows, newest first (the latest LEAD_HISTORY_LIMIT). */
export async function leadHistory(db: Knex, leadId: string): Promise<AuditEntry[]> {
  return (await listAuditRowsOfLead(db, leadId, LEAD_HISTORY_LIMIT)).map(toAuditEntry);
}
