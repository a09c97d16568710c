import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // conditions/actions arrive as JSON text (docs/requirements.md#automation); jsonb keeps them queryable by the job
  // runner and guarantees they parse. The API answers them as JSON text again.
  await knex.raw(`
    create table automations (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      description text,
      trigger text not null check (trigger in ('lead_created', 'status_changed', 'no_activity', 'follow_up_due')),
      conditions jsonb not null default '{}'::jsonb,
      actions jsonb not null,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw('create index automations_trigger_active_idx on automations (trigger) where is_active');
  await knex.raw('create index automations_created_at_idx on automations (created_at)');

  await knex.raw(`
    create table templates (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      type text not null check (type in ('email', 'sms', 'task')),
      subject text,
      content text not null,
      variables jsonb not null default '[]'::jsonb check (jsonb_typeof(variables) = 'array'),
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw('create index templates_created_at_idx on templates (created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists templates');
  await knex.raw('drop table if exists automations');
}
