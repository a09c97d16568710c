// The audit trail: who changed what, when, before and after. Owns audit_log. A feature
// records its change with recordAudit inside the transaction that makes the change, so the row and
// the change commit or roll back together. The table is append-only (a trigger refuses UPDATE and
// DELETE); nothing here edits or removes a row, and no route does.
import type { AuditQuery } from '@shine/shared/team';
import type { AuditEntry, AuditPage } from '@shine/shared/types';
import type { Knex } from 'knex';
import type { AuditEntity } from '../db/tables.ts';
import {
  type AuditRowWithActor,
  countAuditRows,
  findLeadMakerId as findLeadMakerIdRow,
  listAuditRows,
  listLeadAuditRows,
  type NameQuery,
  type PersonNames,
} from './audit.queries.ts';
import { toAuditEntry } from './audit-mapper.ts';
import { type AuditNames, nameAuditRows } from './audit-subjects.ts';
import { toJsonb } from '../db/jsonb.ts';

export type { AuditNames, NameQuery, PersonNames };

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

async function toAuditEntries(db: Knex, rows: AuditRowWithActor[], names: AuditNames): Promise<AuditEntry[]> {
  const named = await nameAuditRows(db, rows, names);
  return rows.map((row, index) => toAuditEntry(row, named[index] as (typeof named)[number]));
}

/**
 * GET /api/admin/audit: newest first, filtered and paged, each row with its subject named. `names` are
 * the queries of names of the features it records (auth's people, leads, rules, templates), handed in
 * so that audit never imports them.
 */
export async function listAudit(db: Knex, query: AuditQuery, names: AuditNames): Promise<AuditPage> {
  const [rows, total] = await Promise.all([listAuditRows(db, query, names.people), countAuditRows(db, query)]);
  return { items: await toAuditEntries(db, rows, names), total, page: query.page, pageSize: query.pageSize };
}

/** GET /api/admin/leads/{id}/history: the lead's part of the audit trail, newest first. */
export async function leadHistory(db: Knex, leadId: string, names: AuditNames): Promise<AuditEntry[]> {
  return toAuditEntries(db, await listLeadAuditRows(db, leadId, names.people), names);
}

/** Who entered a lead by hand in the CRM, or null (speed to lead does not alert a person of their own lead). */
export function leadMakerIdOf(db: Knex, leadId: string): Promise<string | null> {
  return findLeadMakerIdRow(db, leadId);
}
