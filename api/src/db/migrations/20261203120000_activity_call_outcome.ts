import type { Knex } from 'knex';

// How a call went (docs/decisions.md, "Calls with an outcome"): calls only, and calls logged before
// this have none.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table activities
      add column outcome text
        constraint activities_outcome_known check (outcome in ('reached', 'voicemail', 'no_answer', 'wrong_number')),
      add constraint activities_outcome_only_calls check (outcome is null or type = 'call')
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table activities
      drop constraint activities_outcome_only_calls,
      drop column outcome
  `);
}
