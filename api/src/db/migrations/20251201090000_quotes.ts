import type { Knex } from 'knex';

// Quotes customers accept online, owned by api/src/quotes.
// - quotes: every version of a lead's priced quote. `content` holds what staff decided (cents,
//   percent, basis points; packages/shared/src/quote-pricing.ts), `pricing` what it came to when
//   last saved (line items with their words, so a sent quote reads the same after the price table
//   changes), the *_cents columns its sums for SQL. At most one draft per lead; a sent version is frozen. The customer's link is
//   stored only as its SHA-256 (`token_hash`), like the set-up links.
// - quote_events: each time the customer's page was opened, and the answer, with its client.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table quotes (
      id uuid primary key default gen_random_uuid(),
      lead_id uuid not null references leads (id) on delete cascade,
      version integer not null check (version > 0),
      status text not null default 'draft'
        check (status in ('draft', 'sent', 'accepted', 'declined', 'superseded')),
      content jsonb not null,
      pricing jsonb not null,
      subtotal_cents bigint not null check (subtotal_cents >= 0),
      discount_cents bigint not null check (discount_cents >= 0),
      tax_cents bigint not null check (tax_cents >= 0),
      total_cents bigint not null check (total_cents >= 0),
      valid_days integer not null default 14 check (valid_days between 1 and 366),
      message text,
      token_hash text unique,
      created_by uuid references users (id) on delete set null,
      sent_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      sent_at timestamptz,
      valid_until timestamptz,
      viewed_at timestamptz,
      answered_at timestamptz,
      accepted_name text,
      preferred_dates jsonb,
      customer_note text,
      decline_reason text,
      constraint quotes_lead_version_key unique (lead_id, version),
      constraint quotes_sent_has_link check (status = 'draft' or (token_hash is not null and sent_at is not null))
    )`);
  await knex.raw("create unique index quotes_one_draft_per_lead on quotes (lead_id) where status = 'draft'");
  await knex.raw(`
    create table quote_events (
      id uuid primary key default gen_random_uuid(),
      quote_id uuid not null references quotes (id) on delete cascade,
      kind text not null check (kind in ('viewed', 'accepted', 'declined')),
      at timestamptz not null default now(),
      user_agent text,
      client_ip text
    )`);
  await knex.raw('create index quote_events_quote_idx on quote_events (quote_id, at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists quote_events');
  await knex.raw('drop table if exists quotes');
}
