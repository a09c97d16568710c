import type { Knex } from 'knex';

// Speed to lead (docs/decisions.md, "Speed to lead: on duty and escalation"): the person on duty is
// alerted of each new lead, and the escalation contact when nobody answers in time.
// - company_settings: the company's own settings, one jsonb value per key (today "lead-alerts"),
//   validated by the API (packages/shared/src/lead-alerts.ts).
// - lead_alerts: one row per lead and step, unique, so an alert is decided and sent once however
//   many processes hear of the lead; its messages are outbox rows (automation_messages.alert_id), one
//   per channel, so a retry re-sends only what did not go out.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table company_settings (
      key text primary key,
      value jsonb not null,
      updated_at timestamptz not null default now(),
      updated_by uuid references users (id) on delete set null
    )`);
  await knex.raw(`
    create table lead_alerts (
      id uuid primary key default gen_random_uuid(),
      lead_id uuid not null references leads (id) on delete cascade,
      step text not null check (step in ('on_duty', 'escalation')),
      status text not null default 'queued'
        check (status in ('queued', 'running', 'retrying', 'sent', 'not_sent', 'failed')),
      recipient_id uuid references users (id) on delete set null,
      outcome text,
      attempts integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz,
      constraint lead_alerts_step_key unique (lead_id, step)
    )`);
  await knex.raw("create index lead_alerts_sent_idx on lead_alerts (finished_at) where status = 'sent'");
  await knex.raw("create index lead_alerts_unfinished_idx on lead_alerts (updated_at) where status = 'queued'");
  await knex.raw(`
    alter table automation_messages
      add column alert_id uuid references lead_alerts (id) on delete cascade,
      add constraint automation_messages_alert_channel_key unique (alert_id, channel)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table automation_messages drop column alert_id');
  await knex.raw('drop table if exists lead_alerts');
  await knex.raw('drop table if exists company_settings');
}
