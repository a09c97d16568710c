import type { Knex } from 'knex';

// The automation engine (docs/requirements.md#automations): one row per execution of a rule for a
// lead and an occurrence of its trigger, and the messages those executions rendered (sent, kept in
// the outbox, or failed).
export async function up(knex: Knex): Promise<void> {
  // unique (automation, lead, trigger, occurrence): a rule fires at most once per lead per
  // occurrence, however many processes or scans see it (see api/README.md, "Occurrences").
  // automation_id is SET NULL on delete so a lead's history keeps the runs of a deleted rule,
  // under the name it had (automation_name).
  await knex.raw(`
    create table automation_runs (
      id uuid primary key default gen_random_uuid(),
      automation_id uuid references automations (id) on delete set null,
      automation_name text not null,
      lead_id uuid not null references leads (id) on delete cascade,
      trigger text not null check (trigger in ('lead_created', 'status_changed', 'no_activity', 'follow_up_due')),
      occurrence_key text not null,
      action jsonb not null,
      status text not null default 'queued'
        check (status in ('queued', 'running', 'retrying', 'succeeded', 'failed', 'skipped')),
      outcome text,
      error text,
      attempts integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz,
      constraint automation_runs_occurrence_key unique (automation_id, lead_id, trigger, occurrence_key)
    )`);
  await knex.raw('create index automation_runs_automation_idx on automation_runs (automation_id, created_at desc)');
  await knex.raw('create index automation_runs_lead_idx on automation_runs (lead_id, created_at desc)');

  await knex.raw(`
    create table automation_messages (
      id uuid primary key default gen_random_uuid(),
      lead_id uuid not null references leads (id) on delete cascade,
      run_id uuid unique references automation_runs (id) on delete set null,
      channel text not null check (channel in ('email', 'sms')),
      recipient text not null,
      subject text,
      body text not null,
      status text not null default 'pending' check (status in ('pending', 'sent', 'not_sent', 'failed')),
      reason text,
      attempts integer not null default 0,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    )`);
  await knex.raw('create index automation_messages_lead_idx on automation_messages (lead_id, created_at desc)');
  await knex.raw(
    "create index automation_messages_unsent_idx on automation_messages (created_at desc) where status <> 'sent'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists automation_messages');
  await knex.raw('drop table if exists automation_runs');
}
