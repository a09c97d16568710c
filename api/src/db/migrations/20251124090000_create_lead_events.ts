import type { Knex } from 'knex';

// The automation engine's outbox of lead events. A new lead and a status change write their event
// row in the same transaction as the change itself, so an event can no longer be lost between the
// commit and the job queue: the engine marks each event handled, and the per-minute scan hands any
// event still unhandled (its process stopped, or the queue could not be reached) to the rules.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table lead_events (
      id uuid primary key default gen_random_uuid(),
      lead_id uuid not null references leads (id) on delete cascade,
      trigger text not null check (trigger in ('lead_created', 'status_changed')),
      from_status text,
      to_status text,
      occurred_at timestamptz not null default now(),
      handled_at timestamptz,
      check ((trigger = 'status_changed') = (from_status is not null and to_status is not null))
    )
  `);
  await knex.raw('create index lead_events_lead_idx on lead_events (lead_id)');
  await knex.raw('create index lead_events_unhandled_idx on lead_events (occurred_at) where handled_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists lead_events');
}
