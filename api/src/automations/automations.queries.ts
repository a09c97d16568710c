import type { AutomationTrigger } from '@shine/shared/enums';
import type { Knex } from 'knex';
import type { AutomationRow } from '../db/tables.ts';
import type { LeadEventCondition } from '../lead-events/index.ts';

export interface AutomationValues {
  name?: string;
  description?: string | null;
  trigger?: AutomationTrigger;
  /** JSON text, already validated. */
  conditions?: string;
  actions?: string;
  isActive?: boolean;
  recipeKey?: string;
}

function toColumns(db: Knex, values: AutomationValues) {
  return {
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values.description !== undefined ? { description: values.description } : {}),
    ...(values.trigger !== undefined ? { trigger: values.trigger } : {}),
    ...(values.conditions !== undefined ? { conditions: db.raw('?::jsonb', [values.conditions]) } : {}),
    ...(values.actions !== undefined ? { actions: db.raw('?::jsonb', [values.actions]) } : {}),
    ...(values.isActive !== undefined ? { is_active: values.isActive } : {}),
    ...(values.recipeKey !== undefined ? { recipe_key: values.recipeKey } : {}),
  };
}

export function listAutomationRows(db: Knex): Promise<AutomationRow[]> {
  return db('automations').orderBy([
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
}

export async function insertAutomation(db: Knex, values: AutomationValues): Promise<AutomationRow> {
  const [row] = await db('automations').insert(toColumns(db, values)).returning('*');
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The rule made from a recipe, or undefined when the recipe's rule was never added or was deleted. */
export function findAutomationRowByRecipeKey(db: Knex, recipeKey: string): Promise<AutomationRow | undefined> {
  return db('automations').where({ recipe_key: recipeKey }).first();
}

/** The rules made from recipes, by recipe key. */
export async function listRecipeAutomationIds(db: Knex): Promise<Map<string, string>> {
  const rows: Array<{ id: string; recipe_key: string }> = await db('automations')
    .whereNotNull('recipe_key')
    .select('id', 'recipe_key');
  return new Map(rows.map((row) => [row.recipe_key, row.id]));
}

/** Inserts a recipe's rule; undefined when its key is taken (another click added it first). */
export async function insertRecipeAutomationRow(
  db: Knex,
  values: AutomationValues,
): Promise<AutomationRow | undefined> {
  const [row] = await db('automations').insert(toColumns(db, values)).onConflict('recipe_key').ignore().returning('*');
  return row;
}

export async function updateAutomationRow(
  db: Knex,
  id: string,
  values: AutomationValues,
): Promise<AutomationRow | undefined> {
  const [row] = await db('automations')
    .where({ id })
    .update({ ...toColumns(db, values), updated_at: db.fn.now() })
    .returning('*');
  return row;
}

/** The deleted row, or undefined when there was none. */
export async function deleteAutomationRow(db: Knex, id: string): Promise<AutomationRow | undefined> {
  // returning(): knex-pglite does not report affected-row counts for deletes.
  const [row] = await db('automations').where({ id }).delete().returning('*');
  return row;
}

/** The active rules of a trigger, oldest first (the order they act in). */
export function listActiveAutomationRows(db: Knex, trigger: AutomationTrigger): Promise<AutomationRow[]> {
  return db('automations')
    .where({ trigger, is_active: true })
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
}

/** Whether any active rule listens for a trigger (one probe of automations_trigger_active_idx). */
export async function hasActiveAutomation(db: Knex, trigger: AutomationTrigger): Promise<boolean> {
  return (await db('automations').where({ trigger, is_active: true }).first(db.raw('1 as found'))) !== undefined;
}

/** The rule; `lock` holds it until the transaction ends (an edit compares before and after). */
export function findAutomationRow(db: Knex, id: string, lock = false): Promise<AutomationRow | undefined> {
  const query = db('automations').where({ id });
  if (lock) query.forUpdate();
  return query.first();
}

/** For the outbox of lead events: an active rule of the event's trigger was in force when it happened (not changed since). */
export function ruleInForce(db: Knex): LeadEventCondition {
  return (event) =>
    db('automations as a')
      .select(db.raw('1'))
      .where('a.is_active', true)
      .whereRaw(`a.trigger = ${event.trigger}`)
      .whereRaw(`a.updated_at <= ${event.occurredAt}`);
}

/** `id, name` of every rule, for another feature to name one (an audit row's subject). */
export function automationNamesQuery(db: Knex): Knex.QueryBuilder {
  return db('automations').select('id', 'name');
}
