import type { Knex } from 'knex';

// Scheduling, owned by api/src/scheduling (docs/decisions.md, "Scheduling"):
// - bookings: a lead's booked service, from an accepted quote (the customer, by its link) or by staff;
//   at most one active booking per lead. Its prices are frozen from the quote when booked.
// - visits: each cleaning of a booking as a row (a recurring series is materialised ahead, never
//   computed on read); planned_start is where its series put it, so a visit moved by hand or to
//   another window never moves the rest of the series. A visit keeps one crew busy from starts_at to ends_at; the exclusion constraint
//   makes a crew's two live visits overlapping impossible, whatever processes book at once. btree_gist
//   lets the constraint compare the crew number with `=` beside the time range's `&&` (a trusted
//   extension on PostgreSQL 13+; PGlite loads it from the extension the factory registers).
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists btree_gist');
  await knex.raw(`
    create table bookings (
      id uuid primary key default gen_random_uuid(),
      lead_id uuid not null references leads (id) on delete cascade,
      quote_id uuid references quotes (id) on delete set null,
      frequency text not null check (frequency in ('One Time', 'Weekly', 'Biweekly', 'Monthly')),
      status text not null default 'active' check (status in ('active', 'cancelled')),
      duration_minutes integer not null check (duration_minutes between 30 and 1440),
      first_visit_cents bigint check (first_visit_cents >= 0),
      per_visit_cents bigint check (per_visit_cents >= 0),
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      cancelled_at timestamptz
    )`);
  await knex.raw("create unique index bookings_one_active_per_lead on bookings (lead_id) where status = 'active'");
  await knex.raw('create index bookings_quote_idx on bookings (quote_id)');
  await knex.raw(`
    create table visits (
      id uuid primary key default gen_random_uuid(),
      booking_id uuid not null references bookings (id) on delete cascade,
      lead_id uuid not null references leads (id) on delete cascade,
      sequence integer not null check (sequence > 0),
      crew integer not null check (crew > 0),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      arrival_ends_at timestamptz not null,
      planned_start timestamptz not null,
      status text not null default 'scheduled' check (status in ('scheduled', 'completed', 'cancelled')),
      needs_review boolean not null default false,
      reminded_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint visits_ends_after_start check (ends_at > starts_at and arrival_ends_at >= starts_at),
      constraint visits_booking_sequence_key unique (booking_id, sequence),
      constraint visits_crew_free exclude using gist (crew with =, tstzrange(starts_at, ends_at) with &&)
        where (status <> 'cancelled')
    )`);
  await knex.raw('create index visits_starts_at_idx on visits (starts_at)');
  await knex.raw('create index visits_lead_idx on visits (lead_id, starts_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists visits');
  await knex.raw('drop table if exists bookings');
}
