// The audit trail: who changed what, when, before and after. Owns audit_log. A feature
// records its change with recordAudit inside the transaction that makes the change, so the row and
// the change commit or roll back together. The table is append-only (a trigger refuses UPDATE and
// DELETE); nothing here edits or removes a row, and no route does.
import type { AuditQuery } from '@shine/shared/team';
import type { AuditEntry, AuditPage } from '@shine/shared/types';
import type { Knex } from 'knex';
import type { AuditEntity } from '../db/tables.ts';
import { countAuditRows, listAuditRows, listLeadAuditRows, type PersonNames } from './audit.queries.ts';
import { toAuditEntry } from './audit-mapper.ts';
import { toJsonb } from '../db/jsonb.ts';

export type { PersonNames };

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

const json = (trx: Knex, value: unknown) => (value === undefined || value === null ? null : toJsonb(trx, value));

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

/**
 * The fields whose values differ between two snapshots (same keys, JSON values), as an audit row's
 * before and after; undefined when nothing changed.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | undefined {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (changed.length === 0) return undefined;
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}

/**
 * GET /api/admin/audit: newest first, filtered and paged. `names` is the auth feature's people
 * (auth/users.service.ts `userNames`), handed in so that audit never imports the features it records.
 */
export async function listAudit(db: Knex, query: AuditQuery, names: PersonNames): Promise<AuditPage> {
  const [rows, total] = await Promise.all([listAuditRows(db, query, names), countAuditRows(db, query)]);
  return { items: rows.map(toAuditEntry), total, page: query.page, pageSize: query.pageSize };
}

/** GET /api/admin/leads/{id}/history: the lead's part of the audit trail, newest first. */
export async function leadHistory(db: Knex, leadId: string, names: PersonNames): Promise<AuditEntry[]> {
  return (await listLeadAuditRows(db, leadId, names)).map(toAuditEntry);
}
