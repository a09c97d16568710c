import type { TemplateType } from '@shine/shared/enums';
import type { Knex } from 'knex';
import type { TemplateRow } from '../db/tables.ts';

export interface TemplateValues {
  name?: string;
  type?: TemplateType;
  subject?: string | null;
  content?: string;
  variables?: string[];
  isActive?: boolean;
  starterKey?: string;
}

function toColumns(db: Knex, values: TemplateValues) {
  return {
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values.type !== undefined ? { type: values.type } : {}),
    ...(values.subject !== undefined ? { subject: values.subject } : {}),
    ...(values.content !== undefined ? { content: values.content } : {}),
    ...(values.variables !== undefined ? { variables: db.raw('?::jsonb', [JSON.stringify(values.variables)]) } : {}),
    ...(values.isActive !== undefined ? { is_active: values.isActive } : {}),
    ...(values.starterKey !== undefined ? { starter_key: values.starterKey } : {}),
  };
}

export function listTemplateRows(db: Knex): Promise<TemplateRow[]> {
  return db('templates').orderBy([
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
}

export function findTemplateRow(db: Knex, id: string, lock = false): Promise<TemplateRow | undefined> {
  const query = db('templates').where({ id });
  if (lock) query.forUpdate();
  return query.first();
}

export async function insertTemplate(db: Knex, values: TemplateValues): Promise<TemplateRow> {
  const [row] = await db('templates').insert(toColumns(db, values)).returning('*');
  if (!row) throw new Error('insert returned no row');
  return row;
}

export function findTemplateRowByStarterKey(db: Knex, starterKey: string): Promise<TemplateRow | undefined> {
  return db('templates').where({ starter_key: starterKey }).first();
}

/** Inserts a starter unless one with its key exists (a concurrent restore inserted it first): undefined then. */
export async function insertStarterTemplateRow(db: Knex, values: TemplateValues): Promise<TemplateRow | undefined> {
  const [row] = await db('templates').insert(toColumns(db, values)).onConflict('starter_key').ignore().returning('*');
  return row;
}

export async function updateTemplateRow(
  db: Knex,
  id: string,
  values: TemplateValues,
): Promise<TemplateRow | undefined> {
  const [row] = await db('templates')
    .where({ id })
    .update({ ...toColumns(db, values), updated_at: db.fn.now() })
    .returning('*');
  return row;
}

/** The deleted row, or undefined when there was none. */
export async function deleteTemplateRow(db: Knex, id: string): Promise<TemplateRow | undefined> {
  // returning(): knex-pglite does not report affected-row counts for deletes.
  const [row] = await db('templates').where({ id }).delete().returning('*');
  return row;
}

/** `id, name` of every template, for another feature to name one (an audit row's subject). */
export function templateNamesQuery(db: Knex): Knex.QueryBuilder {
  return db('templates').select('id', 'name');
}
