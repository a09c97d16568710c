import type { Knex } from 'knex';

// The customer's own account, owned by api/src/account (docs/decisions.md, "The customer's account"):
// - account_sign_in_links: a sign-in link asked for by a customer's address, kept only as the SHA-256
//   of its token; it works once (used_at) until expires_at.
// - account_sessions: a signed-in customer, by the SHA-256 of their cookie's token; the e-mail address
//   names the customer (every lead sharing it, any case). It ends idle (last_seen_at) or at its
//   absolute end, whichever comes first, and at sign-out (the row is removed).
// - lead_events gains account_link_requested: the link's e-mail goes out as a reaction (durable).
const OLD_EVENT_TRIGGERS = [
  'lead_created',
  'status_changed',
  'quote_viewed',
  'quote_accepted',
  'quote_declined',
  'repeat_request',
  'visit_booked',
  'visit_completed',
  'quote_sent',
  'booking_changed',
  'visits_cancelled',
  'invoice_created',
  'payment_recorded',
];
const EVENT_TRIGGERS = [...OLD_EVENT_TRIGGERS, 'account_link_requested'];
const OLD_REACTION_TRIGGERS = [
  'quote_sent',
  'booking_changed',
  'visits_cancelled',
  'visit_booked',
  'invoice_created',
  'payment_recorded',
];

const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');

async function checkTriggers(knex: Knex, triggers: string[]): Promise<void> {
  await knex.raw('alter table lead_events drop constraint lead_events_trigger_check');
  await knex.raw(
    `alter table lead_events add constraint lead_events_trigger_check check (trigger in (${list(triggers)}))`,
  );
}

async function reactionTimeIndex(knex: Knex, triggers: string[]): Promise<void> {
  await knex.raw('drop index if exists lead_events_reaction_time_idx');
  await knex.raw(
    `create index lead_events_reaction_time_idx on lead_events (occurred_at) where trigger in (${list(triggers)})`,
  );
}

export async function up(knex: Knex): Promise<void> {
  await checkTriggers(knex, EVENT_TRIGGERS);
  await reactionTimeIndex(knex, [...OLD_REACTION_TRIGGERS, 'account_link_requested']);
  await knex.raw(`
    create table account_sign_in_links (
      id uuid primary key default gen_random_uuid(),
      token_hash text not null unique,
      email text not null check (email = lower(email)),
      lead_id uuid not null references leads (id) on delete cascade,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`);
  await knex.raw('create index account_sign_in_links_expiry_idx on account_sign_in_links (expires_at)');
  await knex.raw(`
    create table account_sessions (
      id uuid primary key default gen_random_uuid(),
      token_hash text not null unique,
      email text not null check (email = lower(email)),
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      ends_at timestamptz not null
    )`);
  await knex.raw('create index account_sessions_email_idx on account_sessions (email)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists account_sessions');
  await knex.raw('drop table if exists account_sign_in_links');
  await knex.raw(`delete from lead_events where trigger not in (${list(OLD_EVENT_TRIGGERS)})`);
  await checkTriggers(knex, OLD_EVENT_TRIGGERS);
  await reactionTimeIndex(knex, OLD_REACTION_TRIGGERS);
}
