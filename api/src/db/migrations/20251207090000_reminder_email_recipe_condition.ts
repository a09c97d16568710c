import type { Knex } from 'knex';

// The e-mail reminder recipe's rule is for customers texts do not reach (docs/decisions.md, "Scheduling:
// starter recipes"): rules made from it before it carried that condition get it, unless staff have
// since given the rule conditions of their own.
export async function up(knex: Knex): Promise<void> {
  await knex('automations')
    .where({ recipe_key: 'day-before-reminder-email' })
    .whereRaw(`conditions = '{}'::jsonb`)
    .update({ conditions: knex.raw(`'{"textsAllowed":false}'::jsonb`) });
}

export async function down(knex: Knex): Promise<void> {
  await knex('automations')
    .where({ recipe_key: 'day-before-reminder-email' })
    .whereRaw(`conditions = '{"textsAllowed":false}'::jsonb`)
    .update({ conditions: knex.raw(`'{}'::jsonb`) });
}
