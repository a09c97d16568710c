import type { Knex } from 'knex';

// Calls to the company number (owned by api/src/calls, docs/requirements.md#missed-calls): one row per
// provider call id, however often the provider reports it; `outcome_at` is set once, by the first
// report of how the ringing ended, so a repeated callback is taken once. The text back to a missed
// caller lives on the call (its `text_*` columns are its outbox row): a stranger has no conversation.
// `text_claimed_at` is when a process took the pending text to send; one that died leaves it stale.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table calls (
      id uuid primary key default gen_random_uuid(),
      call_sid text not null,
      from_phone text not null,
      from_digits text,
      to_phone text,
      status text not null default 'ringing'
        constraint calls_status_known check (status in ('ringing', 'missed', 'answered', 'voicemail')),
      started_at timestamptz not null,
      outcome_at timestamptz,
      duration_seconds integer constraint calls_duration_not_negative check (duration_seconds >= 0),
      recording_url text,
      lead_id uuid references leads (id) on delete set null,
      owner_id uuid references users (id) on delete set null,
      rang_user_ids uuid[] not null default '{}',
      text_status text
        constraint calls_text_status_known check (text_status in ('pending', 'sent', 'skipped', 'not_sent', 'failed')),
      text_reason text,
      text_body text,
      text_at timestamptz,
      text_claimed_at timestamptz,
      text_sid text,
      conversation_message_id uuid,
      called_back_at timestamptz,
      called_back_by uuid references users (id) on delete set null,
      constraint calls_call_sid_unique unique (call_sid)
    )`);
  await knex.raw('create index calls_started_idx on calls (started_at desc, id desc)');
  await knex.raw('create index calls_status_started_idx on calls (status, started_at desc)');
  // The 12-hour rule asks for the number's latest text.
  await knex.raw('create index calls_texted_number_idx on calls (from_digits, text_at desc) where text_at is not null');
  await knex.raw('create index calls_to_call_back_idx on calls (owner_id) where called_back_at is null');
  await knex.raw("create index calls_pending_text_idx on calls (text_at) where text_status = 'pending'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists calls');
}
