import type { Knex } from 'knex';

// Who has read which lead's replies, owned by api/src/conversations: one row per person and
// lead, the creation time of the latest inbound message that person has seen. A reply stored later is
// unread for them (the Inbox); each person reads for themselves.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table conversation_reads (
      user_id uuid not null references users (id) on delete cascade,
      lead_id uuid not null references leads (id) on delete cascade,
      read_up_to timestamptz not null,
      primary key (user_id, lead_id)
    )`);
  // The Inbox scans the inbound messages; the lead index covers a lead's thread.
  await knex.raw(
    `create index conversation_messages_inbound_idx on conversation_messages (created_at) where direction = 'in'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists conversation_messages_inbound_idx');
  await knex.raw('drop table if exists conversation_reads');
}
