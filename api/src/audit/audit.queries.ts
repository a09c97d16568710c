import type { AuditQuery } from '@shine/shared/team';
import type { Knex } from 'knex';
import type { AuditLogRow } from '../db/tables.ts';

/** A query of `id, name` per person (auth/users.service.ts `userNames`), joined for the actor's name. */
export type PersonNames = (db: Knex) => Knex.QueryBuilder;

export interface AuditRowWithActor extends AuditLogRow {
  actor_name: string | null;
}

/** The most a lead's history shows at once: its audit rows beyond are on the Audit view. */
const LEAD_HISTORY_LIMIT = 500;

function filtered(db: Knex, query: Pick<AuditQuery, 'leadId' | 'userId' | 'entity'>): Knex.QueryBuilder {
  const rows = db('audit_log as a');
  if (query.leadId) rows.where('a.lead_id', query.leadId);
  if (query.userId) rows.where('a.actor_id', query.userId);
  if (query.entity) rows.where('a.entity', query.entity);
  return rows;
}

function withActor(rows: Knex.QueryBuilder, db: Knex, names: PersonNames): Knex.QueryBuilder {
  return rows
    .leftJoin(names(db).as('actor'), 'actor.id', 'a.actor_id')
    .select('a.*', 'actor.name as actor_name')
    .orderBy([
      { column: 'a.at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ]);
}

export function listAuditRows(db: Knex, query: AuditQuery, names: PersonNames): Promise<AuditRowWithActor[]> {
  return withActor(filtered(db, query), db, names)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

export async function countAuditRows(db: Knex, query: AuditQuery): Promise<number> {
  const row = await filtered(db, query).first(db.raw('count(*)::int as count'));
  return Number((row as { count?: number } | undefined)?.count ?? 0);
}

export function listLeadAuditRows(db: Knex, leadId: string, names: PersonNames): Promise<AuditRowWithActor[]> {
  return withActor(filtered(db, { leadId }), db, names).limit(LEAD_HISTORY_LIMIT);
}
