import type { Knex } from 'knex';

// Why a lead was lost, picked when it moves to Lost (docs/decisions.md, "Lost reasons"). Text, not a
// reference: the admin's list of reasons changes, and a lead keeps the reason as it read when chosen.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (table) => {
    table.text('lost_reason');
    table.text('lost_note');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (table) => {
    table.dropColumn('lost_note');
    table.dropColumn('lost_reason');
  });
}
