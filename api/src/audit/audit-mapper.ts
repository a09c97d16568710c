import type { AuditEntry } from '@shine/shared/types';
import type { AuditRowWithActor } from './audit.queries.ts';

export function toAuditEntry(row: AuditRowWithActor, named: Pick<AuditEntry, 'subject' | 'names'>): AuditEntry {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    // A null actor is the automation engine or the command line; a removed person keeps their id.
    actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? '' },
    entity: row.entity,
    entityId: row.entity_id,
    leadId: row.lead_id,
    action: row.action,
    // jsonb comes back parsed from pg and PGlite alike.
    before: row.before ?? null,
    after: row.after ?? null,
    subject: named.subject,
    names: named.names,
  };
}
