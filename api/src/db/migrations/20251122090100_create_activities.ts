import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Activities die with their lead (CASCADE). A user who logged activities cannot be deleted
  // (RESTRICT): the history keeps who did what, and user_id is required, so SET NULL is impossible.
  await knex.raw(`
    create table activities (
      id uuid primary key default gen_random_uuid(),
      lead_id uuid not null references leads (id) on delete cascade,
      user_id uuid not null references users (id) on delete restrict,
      type text not null check (type in ('call', 'email', 'meeting', 'note', 'task')),
      subject text not null,
      description text,
      status text not null default 'completed' check (status in ('pending', 'completed', 'cancelled')),
      scheduled_at timestamptz,
      completed_at timestamptz,
      created_at timestamptz not null default now()
    )`);
  await knex.raw('create index activities_lead_id_created_at_idx on activities (lead_id, created_at desc)');
  await knex.raw('create index activities_user_id_idx on activities (user_id)');
  await knex.raw("create index activities_pending_idx on activities (scheduled_at) where status = 'pending'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists activities');
}
