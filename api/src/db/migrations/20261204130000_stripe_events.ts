import type { Knex } from 'knex';

// The card processor's webhook events taken (POST /api/payments/stripe/webhook): one row per event
// id, so an event delivered again (the processor retries until it hears 2xx) is answered and nothing
// more is done.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table stripe_events (
      id text primary key,
      type text not null,
      received_at timestamptz not null default now()
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists stripe_events');
}
