import type { Knex } from 'knex';

// A staff member's new-lead alert settings: which alerts, sound, quiet hours. One jsonb
// column, validated by the API (packages/shared/src/alerts.ts); an empty object means the defaults.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table users add column alert_settings jsonb not null default '{}'::jsonb`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table users drop column alert_settings');
}
