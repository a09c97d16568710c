import { STARTER_TEMPLATES, type StarterTemplateKey } from '@shine/shared/starter-templates';
import { extractPlaceholders } from '@shine/shared/template-render';
import type { Knex } from 'knex';

// Starter content (docs/requirements.md#starter-content). A migration runs once
// per database, so a starter staff delete never comes back on a later start, and it inserts only
// into an empty templates table, so an install with templates of its own gets no duplicates.
// - templates.starter_key: which starter a template was made from, so a recipe finds it by key
//   after staff rename or edit it, and recreating a deleted one cannot make two.
// - automations.recipe_key: which recipe a rule was made from; unique, so two staff clicking the
//   same recipe at once make one rule (the second insert does nothing and answers the first rule).
//   Deleting the rule frees the key and the recipe is offered again.
// The three starters of that time: later ones come with their own migration.
const FIRST_STARTER_KEYS: readonly StarterTemplateKey[] = ['welcome-email', 'welcome-sms', 'follow-up-email'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'alter table templates add column starter_key text, add constraint templates_starter_key_key unique (starter_key)',
  );
  await knex.raw(
    'alter table automations add column recipe_key text, add constraint automations_recipe_key_key unique (recipe_key)',
  );
  const existing = (await knex('templates').first(knex.raw('1 as found'))) as unknown;
  if (existing !== undefined) return;
  // The CRM lists templates newest first: a millisecond apart, they show in the order of the keys.
  for (const [index, key] of FIRST_STARTER_KEYS.entries()) {
    const starter = STARTER_TEMPLATES[key];
    await knex('templates').insert({
      name: starter.name,
      type: starter.type,
      subject: starter.subject,
      content: starter.content,
      variables: knex.raw('?::jsonb', [JSON.stringify(extractPlaceholders(starter.subject, starter.content))]),
      starter_key: starter.key,
      created_at: knex.raw("now() - ? * interval '1 millisecond'", [index]),
    });
  }
}

// Starter templates stay (staff may have edited them); only the keys go.
export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table automations drop column recipe_key');
  await knex.raw('alter table templates drop column starter_key');
}
