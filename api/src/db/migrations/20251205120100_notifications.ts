import type { Knex } from 'knex';

// A person's notifications (owned by api/src/notifications): one row per person and happening (a new
// lead on their watch, a reply, a quote answered), written in the transaction of what caused it, kept
// until they read it or act on the lead (docs/decisions.md, "Notifications").
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table notifications (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      kind text not null,
      lead_id uuid references leads (id) on delete cascade,
      text text not null,
      created_at timestamptz not null default now(),
      read_at timestamptz
    )`);
  await knex.raw('create index notifications_user_created_idx on notifications (user_id, created_at desc, id desc)');
  await knex.raw('create index notifications_unread_idx on notifications (user_id, lead_id) where read_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists notifications');
}
