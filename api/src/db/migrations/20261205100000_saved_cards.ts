import type { Knex } from 'knex';

// Cards on file and their charges, owned by api/src/payments (docs/decisions.md, "Cards on file"):
// - stripe_customers: the card processor's customer of a lead, made once (the lead is the key).
// - card_setups: a Checkout Session in setup mode the customer was sent to, with the terms they
//   agreed to before going (text, version, time, client address): the card saved from it keeps them.
// - saved_cards: what Stripe tells of a saved card (brand, last four, expiry; never the number), the
//   setup it came from (once: a replayed webhook finds it) and its terms. One card in use per lead;
//   a removed card is kept with the time it was removed.
// - card_charges: one off-session charge attempt of an invoice (the unique invoice and attempt), its
//   PaymentIntent's idempotency key is made of the two; cancelled when nothing was owed any more.
// - payment_refunds: each refund Stripe made, once (its id is the key): a request sent twice is one.
// - payments gain the PaymentIntent that paid them (unique: a charge is recorded once, whoever hears
//   of it first: the charging process, another one, or the webhook) and what was refunded of them.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table stripe_customers (
      lead_id uuid primary key references leads (id) on delete cascade,
      stripe_customer_id text not null unique,
      created_at timestamptz not null default now()
    )`);
  await knex.raw(`
    create table card_setups (
      id uuid primary key default gen_random_uuid(),
      lead_id uuid not null references leads (id) on delete cascade,
      checkout_session_id text not null unique,
      stripe_customer_id text not null,
      terms_version text not null,
      terms_text text not null,
      agreed_at timestamptz not null,
      agreed_ip text,
      created_at timestamptz not null default now()
    )`);
  await knex.raw('create index card_setups_lead_idx on card_setups (lead_id)');
  await knex.raw(`
    create table saved_cards (
      id uuid primary key default gen_random_uuid(),
      lead_id uuid not null references leads (id) on delete cascade,
      setup_id uuid not null unique references card_setups (id) on delete cascade,
      stripe_customer_id text not null,
      stripe_payment_method_id text not null,
      brand text not null,
      last4 text not null check (last4 ~ '^[0-9]{4}$'),
      exp_month integer not null check (exp_month between 1 and 12),
      exp_year integer not null,
      terms_version text not null,
      terms_text text not null,
      agreed_at timestamptz not null,
      agreed_ip text,
      created_at timestamptz not null default now(),
      removed_at timestamptz,
      removed_by uuid references users (id) on delete set null
    )`);
  await knex.raw('create unique index saved_cards_one_in_use on saved_cards (lead_id) where removed_at is null');
  await knex.raw(`
    create table card_charges (
      id uuid primary key default gen_random_uuid(),
      invoice_id uuid not null references invoices (id) on delete cascade,
      lead_id uuid not null references leads (id) on delete cascade,
      card_id uuid not null references saved_cards (id) on delete cascade,
      attempt integer not null check (attempt >= 1),
      amount_cents bigint not null check (amount_cents > 0),
      status text not null default 'pending'
        check (status in ('pending', 'succeeded', 'failed', 'requires_action', 'cancelled')),
      payment_intent_id text,
      failure_code text,
      due_at timestamptz not null,
      created_at timestamptz not null default now(),
      settled_at timestamptz,
      constraint card_charges_once_per_attempt unique (invoice_id, attempt)
    )`);
  await knex.raw("create index card_charges_pending_idx on card_charges (due_at) where status = 'pending'");
  await knex.raw(`
    create table payment_refunds (
      stripe_refund_id text primary key,
      payment_id uuid not null references payments (id) on delete cascade,
      amount_cents bigint not null check (amount_cents > 0),
      reason text not null,
      refunded_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now()
    )`);
  await knex.raw('create index payment_refunds_payment_idx on payment_refunds (payment_id)');
  await knex.raw('alter table payments add column stripe_payment_intent_id text');
  await knex.raw('alter table payments add column refunded_cents bigint not null default 0');
  await knex.raw(
    'alter table payments add constraint payments_refund_within check (refunded_cents >= 0 and refunded_cents <= amount_cents)',
  );
  // Unique, and null for cash and checks (nulls are never equal).
  await knex.raw('alter table payments add constraint payments_one_per_intent unique (stripe_payment_intent_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table payments drop constraint if exists payments_one_per_intent');
  await knex.raw('alter table payments drop constraint if exists payments_refund_within');
  await knex.raw('alter table payments drop column if exists refunded_cents');
  await knex.raw('alter table payments drop column if exists stripe_payment_intent_id');
  await knex.raw('drop table if exists payment_refunds');
  await knex.raw('drop table if exists card_charges');
  await knex.raw('drop table if exists saved_cards');
  await knex.raw('drop table if exists card_setups');
  await knex.raw('drop table if exists stripe_customers');
}
