import type { Knex } from 'knex';

// The conversation with a lead (docs/requirements.md#conversations), owned by
// api/src/conversations: what the customer sent us (e-mail replies, texts) and what staff sent them
// one to one. Automated messages stay in the automations' outbox (automation_messages); the
// messages API merges the two.
// - external_id: the provider's id (an e-mail's Message-ID, an SMS's SID), unique per channel, so a
//   message read twice (two processes, a webhook retried) is stored once. Null for a manual message
//   not yet accepted by its provider (several may be null: NULLs are distinct).
// - status: 'received' for what came in; a manual message is 'pending' until its transport answers,
//   then 'sent', 'failed' or 'not_sent' (no transport configured), with the reason.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table conversation_messages (
      id uuid primary key default gen_random_uuid(),
      lead_id uuid not null references leads (id) on delete cascade,
      channel text not null check (channel in ('email', 'sms')),
      direction text not null check (direction in ('in', 'out')),
      status text not null check (status in ('received', 'pending', 'sent', 'failed', 'not_sent')),
      subject text,
      body text not null,
      sender text not null,
      recipient text,
      external_id text,
      reason text,
      sent_by uuid references users (id) on delete set null,
      at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      constraint conversation_messages_external_key unique (channel, external_id),
      constraint conversation_messages_direction_status check ((direction = 'in') = (status = 'received'))
    )`);
  await knex.raw('create index conversation_messages_lead_idx on conversation_messages (lead_id, at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists conversation_messages');
}
