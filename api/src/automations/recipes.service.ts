// The one-click recipes of automation-recipes.ts: which are added, and adding one as an inactive rule.
import {
  AUTOMATION_RECIPES,
  type AutomationRecipe,
  type AutomationRecipeKey,
  buildRecipeAutomation,
  findRecipe,
  recipeTemplateKey,
} from '@shine/shared/automation-recipes';
import { API_ERRORS } from '@shine/shared/messages';
import type { AutomationRecipeState } from '@shine/shared/responses/automations';
import type { Automation } from '@shine/shared/types';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { findStarterTemplate, restoreStarterTemplate } from '../templates/index.ts';
import { toAutomation } from './automation-mapper.ts';
import { recordAutomationCreated } from './automations.service.ts';
import {
  findAutomationRowByRecipeKey,
  insertRecipeAutomationRow,
  listRecipeAutomationIds,
} from './automations.queries.ts';

export async function listRecipeStates(db: Knex): Promise<AutomationRecipeState[]> {
  const added = await listRecipeAutomationIds(db);
  const states: AutomationRecipeState[] = [];
  for (const recipe of AUTOMATION_RECIPES) {
    const templateKey = recipeTemplateKey(recipe);
    const template = templateKey ? await findStarterTemplate(db, templateKey) : undefined;
    states.push({
      key: recipe.key,
      automationId: added.get(recipe.key) ?? null,
      templateMissing: templateKey !== undefined && template === undefined,
    });
  }
  return states;
}

export interface RecipeAutomation {
  automation: Automation;
  /** False when the recipe had been added already (by this click's twin, or earlier). */
  created: boolean;
}

/**
 * Adds a recipe as an inactive rule, once: the unique recipe key makes a second click, or two staff
 * at once, answer the rule the first one made. A message recipe whose starter template was deleted
 * is refused unless `restoreTemplate` asks to recreate the template: never a rule with no template.
 */
export async function addRecipeAutomation(
  db: Knex,
  key: AutomationRecipeKey,
  options: { restoreTemplate?: boolean | undefined },
  actorId: string,
): Promise<RecipeAutomation> {
  return db.transaction(async (trx) => {
    const existing = await findAutomationRowByRecipeKey(trx, key);
    if (existing) return { automation: toAutomation(existing), created: false };
    const recipe = findRecipe(key);
    const templateId = await templateIdOf(trx, recipe, options.restoreTemplate === true, actorId);
    const rule = buildRecipeAutomation(recipe, templateId);
    const row = await insertRecipeAutomationRow(trx, {
      ...rule,
      description: rule.description ?? null,
      recipeKey: key,
    });
    if (row) {
      const automation = toAutomation(row);
      await recordAutomationCreated(trx, actorId, automation);
      return { automation, created: true };
    }
    const winner = await findAutomationRowByRecipeKey(trx, key);
    if (!winner) throw new AppError(409, API_ERRORS.conflict);
    return { automation: toAutomation(winner), created: false };
  });
}

async function templateIdOf(
  db: Knex,
  recipe: AutomationRecipe,
  restore: boolean,
  actorId: string,
): Promise<string | undefined> {
  const templateKey = recipeTemplateKey(recipe);
  if (!templateKey) return undefined;
  const template =
    (await findStarterTemplate(db, templateKey)) ??
    (restore ? await restoreStarterTemplate(db, templateKey, actorId) : undefined);
  if (!template) throw new AppError(409, API_ERRORS.recipeTemplateDeleted);
  const channel = recipe.action.type === 'send_sms' ? 'sms' : 'email';
  if (template.type !== channel) throw new AppError(409, API_ERRORS.recipeTemplateChanged);
  return template.id;
}
