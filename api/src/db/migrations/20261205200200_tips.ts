import type { Knex } from 'knex';

// Tips for the crew (docs/decisions.md, "Tips"), owned by api/src/payments: one row per tip handed
// over for a completed visit, with the crew's number and name as they were (payroll pays the people of
// that crew; a crew renamed later keeps its tips' name). Not part of any invoice's balance.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table tips (
      id uuid primary key default gen_random_uuid(),
      lead_id uuid not null references leads (id) on delete cascade,
      visit_id uuid references visits (id) on delete set null,
      invoice_id uuid references invoices (id) on delete set null,
      crew integer not null check (crew > 0),
      crew_name text not null,
      method text not null check (method in ('card', 'cash', 'check')),
      amount_cents bigint not null check (amount_cents > 0),
      reference text,
      recorded_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now()
    )`);
  await knex.raw('create index tips_time_idx on tips (created_at)');
  await knex.raw('create index tips_visit_idx on tips (visit_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists tips');
}
