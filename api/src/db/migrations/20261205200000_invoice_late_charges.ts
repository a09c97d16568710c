import type { Knex } from 'knex';

// Late charges (docs/decisions.md, "Late charge"): one row per invoice and business-time-zone month,
// so the sweep, run in every process every hour, adds an invoice's charge for a month at most once
// (the primary key decides; the charge's line and the invoice's fees are written in the same
// transaction). `basis_cents` is the balance the 1.5 % was taken of.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table invoice_late_charges (
      invoice_id uuid not null references invoices (id) on delete cascade,
      month text not null check (month ~ '^\\d{4}-(0[1-9]|1[0-2])$'),
      basis_cents bigint not null check (basis_cents > 0),
      amount_cents bigint not null check (amount_cents > 0),
      created_at timestamptz not null default now(),
      primary key (invoice_id, month)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists invoice_late_charges');
}
