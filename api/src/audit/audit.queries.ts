import type { AuditQuery } from '@shine/shared/team';
import type { Knex } from 'knex';
import type { AuditEntity, AuditLogRow } from '../db/tables.ts';

/**
 * A query of `id, name` from the feature that owns the table: auth's people (auth/users.service.ts
 * `userNames`, joined for the actor's name), leads, rules, templates.
 */
export type NameQuery = (db: Knex) => Knex.QueryBuilder;
export type PersonNames = NameQuery;

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

/** The names of `ids` (uuids) that `names` knows, by id. */
export async function selectNames(db: Knex, names: NameQuery, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows: Array<{ id: string; name: string | null }> = await db
    .from(names(db).as('named'))
    .whereIn('named.id', ids)
    .select('named.id', 'named.name');
  return new Map(rows.flatMap((row) => (row.name === null ? [] : [[String(row.id), row.name]])));
}

/**
 * The name each of `ids` (of `entity`) last had in its own audit rows (a created, renamed or deleted
 * rule, template or person holds it): the name of one since removed.
 */
export async function selectLastKnownNames(
  db: Knex,
  entity: AuditEntity,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const name = "coalesce(a.after->>'name', a.before->>'name')";
  const rows: Array<{ entity_id: string; name: string }> = await db('audit_log as a')
    .distinctOn('a.entity_id')
    .select('a.entity_id', db.raw(`${name} as name`))
    .where('a.entity', entity)
    .whereIn('a.entity_id', ids)
    .whereRaw(`${name} is not null`)
    .orderBy([{ column: 'a.entity_id' }, { column: 'a.at', order: 'desc' }, { column: 'a.id', order: 'desc' }]);
  return new Map(rows.map((row) => [row.entity_id, row.name]));
}

/**
 * Who entered the lead by hand in the CRM (the actor of its `created` audit row), or null for a lead
 * that came in by the form or was made by the product.
 */
export async function findLeadMakerId(db: Knex, leadId: string): Promise<string | null> {
  const row: { actor_id: string | null } | undefined = await db('audit_log')
    .where({ lead_id: leadId, entity: 'lead', entity_id: leadId, action: 'created' })
    .whereNotNull('actor_id')
    .first('actor_id');
  return row?.actor_id ?? null;
}
