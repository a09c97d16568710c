// The audit trail (issue 15): who changed what, when, before and after. Owns audit_log. A feature
// records its change with recordAudit inside the transaction that makes the change, so the row and
// the change commit or roll back together. The table is append-only (a trigger refuses UPDATE and
// DELETE); nothing here edits or removes a row.
import type { Knex } from 'knex';
import type { AuditEntity } from '../db/tables.ts';

export interface AuditChange {
  /** The signed-in user; null for the automation engine and the command line. */
  actorId: string | null;
  entity: AuditEntity;
  entityId: string | null;
  /** The lead this change belongs to (shown on its timeline); null when it belongs to none. */
  leadId?: string | null;
  /** What happened, in snake_case: `status_changed`, `assigned`, `updated`, `created`, `disabled`… */
  action: string;
  /** Only the fields that changed, before and after; null for a creation (before) or removal (after). */
  before?: unknown;
  after?: unknown;
}

const json = (trx: Knex, value: unknown) =>
  value === undefined || value === null ? null : trx.raw('?::jsonb', [JSON.stringify(value)]);

/** Records one or several changes; call it with the transaction that makes them. */
export async function recordAudit(trx: Knex, changes: AuditChange | AuditChange[]): Promise<void> {
  const list = Array.isArray(changes) ? changes : [changes];
  if (list.length === 0) return;
  await trx('audit_log').insert(
    list.map((change) => ({
      actor_id: change.actorId,
      entity: change.entity,
      entity_id: change.entityId,
      lead_id: change.leadId ?? null,
      action: change.action,
      before: json(trx, change.before),
      after: json(trx, change.after),
    })),
  );
}
