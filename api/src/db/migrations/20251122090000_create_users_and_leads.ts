import type { Knex } from 'knex';

// Text columns with CHECK constraints rather than enum types: a new status is one migration that
// swaps a constraint, and both drivers treat them the same.
const LEAD_STATUSES = "'New', 'Contacted', 'Qualified', 'Quoted', 'Negotiating', 'Won', 'Lost'";
const LEAD_PRIORITIES = "'High', 'Medium', 'Low'";

export async function up(knex: Knex): Promise<void> {
  // Trigram indexes for the lead search. Trusted extension: no superuser needed on PostgreSQL 13+;
  // PGlite loads it from the extension the factory registers.
  await knex.raw('create extension if not exists pg_trgm');

  await knex.raw(`
    create table users (
      id uuid primary key default gen_random_uuid(),
      username text not null check (length(username) between 1 and 254),
      password_hash text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  // Sign-in is case-insensitive on the e-mail address.
  await knex.raw('create unique index users_username_lower_key on users (lower(username))');

  await knex.raw(`
    create table leads (
      id uuid primary key default gen_random_uuid(),
      first_name text not null,
      last_name text not null,
      email text not null,
      phone text not null,
      zipcode text not null,
      bedrooms text not null,
      bathrooms text not null,
      cleaning_type text not null,
      frequency text not null,
      notes text,
      status text not null default 'New' check (status in (${LEAD_STATUSES})),
      priority text not null default 'Medium' check (priority in (${LEAD_PRIORITIES})),
      assigned_to uuid references users (id) on delete set null,
      estimated_value numeric(10, 2) check (estimated_value >= 0),
      source text not null default 'Website Form',
      tags text[] not null default '{}',
      last_contacted_at timestamptz,
      next_follow_up_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);

  // Every filter and sort of the CRM's lead table. Sorts add id as a tie-breaker (stable pages).
  await knex.raw('create index leads_created_at_idx on leads (created_at, id)');
  await knex.raw('create index leads_updated_at_idx on leads (updated_at, id)');
  await knex.raw('create index leads_status_created_at_idx on leads (status, created_at)');
  await knex.raw('create index leads_priority_created_at_idx on leads (priority, created_at)');
  await knex.raw('create index leads_first_name_idx on leads (first_name, id)');
  await knex.raw('create index leads_last_name_idx on leads (last_name, id)');
  // Sorted as displayed: a lead without an estimate counts as the default 250.
  await knex.raw('create index leads_estimated_value_idx on leads ((coalesce(estimated_value, 250)), id)');
  await knex.raw('create index leads_next_follow_up_at_idx on leads (next_follow_up_at, id)');
  // Status and priority sort in pipeline order, not alphabetically (see leads.queries.ts).
  await knex.raw(
    `create index leads_status_rank_idx on leads ((array_position(array[${LEAD_STATUSES}]::text[], status)), id)`,
  );
  await knex.raw(
    `create index leads_priority_rank_idx on leads ((array_position(array[${LEAD_PRIORITIES}]::text[], priority)), id)`,
  );
  // Overdue follow-ups only concern open leads (metrics and their ETag).
  await knex.raw(
    "create index leads_open_follow_up_idx on leads (next_follow_up_at) where status not in ('Won', 'Lost')",
  );
  await knex.raw('create index leads_assigned_to_idx on leads (assigned_to) where assigned_to is not null');
  // The search (docs/requirements.md#lead-search): full name and e-mail case-insensitively, phone as a substring. The
  // expressions are exactly the ones the search SQL uses, so LIKE '%...%' can use them.
  await knex.raw(
    "create index leads_full_name_trgm_idx on leads using gin (lower(first_name || ' ' || last_name) gin_trgm_ops)",
  );
  await knex.raw('create index leads_email_trgm_idx on leads using gin (lower(email) gin_trgm_ops)');
  await knex.raw('create index leads_phone_trgm_idx on leads using gin (phone gin_trgm_ops)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists leads');
  await knex.raw('drop table if exists users');
}
