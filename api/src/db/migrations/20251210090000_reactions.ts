import type { Knex } from 'knex';

// Reactions (api/src/reactions/): what tells a customer of a change runs after the change's commit,
// from the change's own lead_events row, through the job queue. The events that carry what such a
// message needs get a payload; a quote sent, a booking changed and visits cancelled become events;
// each reaction to an event is one row of reaction_deliveries (unique per event and reaction), whose
// status and Message-ID make its message go out once across retries, crashes and processes.
const OLD_EVENT_TRIGGERS = [
  'lead_created',
  'status_changed',
  'quote_viewed',
  'quote_accepted',
  'quote_declined',
  'repeat_request',
  'visit_booked',
  'visit_completed',
];
const EVENT_TRIGGERS = [...OLD_EVENT_TRIGGERS, 'quote_sent', 'booking_changed', 'visits_cancelled'];

const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');

async function checkTriggers(knex: Knex, triggers: string[]): Promise<void> {
  await knex.raw('alter table lead_events drop constraint lead_events_trigger_check');
  await knex.raw(
    `alter table lead_events add constraint lead_events_trigger_check check (trigger in (${list(triggers)}))`,
  );
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table lead_events add column payload jsonb');
  await checkTriggers(knex, EVENT_TRIGGERS);
  await knex.raw(`
    create table reaction_deliveries (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references lead_events (id) on delete cascade,
      reaction text not null,
      lead_id uuid not null references leads (id) on delete cascade,
      -- Deliveries of one reaction with the same key fold into the newest while it waits (a burst of
      -- a customer's changes to one booking is one e-mail).
      fold_key text,
      -- What folded deliveries carried that the newest must say too (calendar events withdrawn).
      folded jsonb not null default '[]',
      status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'skipped', 'folded')),
      send_after timestamptz not null,
      message_id text,
      conversation_message_id uuid,
      reason text,
      created_at timestamptz not null default now(),
      settled_at timestamptz,
      unique (event_id, reaction)
    )
  `);
  await knex.raw(
    `create index reaction_deliveries_pending_idx on reaction_deliveries (send_after) where status = 'pending'`,
  );
  await knex.raw(
    `create index reaction_deliveries_fold_idx on reaction_deliveries (reaction, fold_key) where status = 'pending'`,
  );
  await knex.raw('create index reaction_deliveries_lead_idx on reaction_deliveries (lead_id)');
  // The per-minute scan for events whose deliveries were never made reads the last day of these.
  await knex.raw(
    `create index lead_events_reaction_time_idx on lead_events (occurred_at)
      where trigger in ('quote_sent', 'booking_changed', 'visits_cancelled', 'visit_booked')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists lead_events_reaction_time_idx');
  await knex.raw('drop table if exists reaction_deliveries');
  await knex.raw(`delete from lead_events where trigger not in (${list(OLD_EVENT_TRIGGERS)})`);
  await checkTriggers(knex, OLD_EVENT_TRIGGERS);
  await knex.raw('alter table lead_events drop column payload');
}
