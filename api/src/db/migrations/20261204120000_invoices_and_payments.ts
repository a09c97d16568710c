import type { Knex } from 'knex';

// Getting paid, owned by api/src/payments (docs/decisions.md, "Invoices and payments"):
// - invoices: one per completed visit (the unique visit_id: the same visit completed twice, by two
//   processes at once, still makes one), numbered INV-000123 from a sequence. Amounts in cents, as
//   computed when made: tax at the rate kept with it. The customer's pay link is stored only as its
//   SHA-256, like the quote links. `status` is open, paid or void; past due is open after due_at.
// - invoice_lines: what the customer is billed for, in order; a discount's amount is negative, a
//   returned check's fee is an untaxed line added later.
// - payments: cash, checks and (later) card payments against an invoice.
// - lead_events gains the two events whose e-mails the reactions send: invoice_created, payment_recorded.
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
];
const EVENT_TRIGGERS = [...OLD_EVENT_TRIGGERS, 'invoice_created', 'payment_recorded'];

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
  await reactionTimeIndex(knex, [
    'quote_sent',
    'booking_changed',
    'visits_cancelled',
    'visit_booked',
    'invoice_created',
    'payment_recorded',
  ]);
  await knex.raw('create sequence invoice_number_seq start 1');
  await knex.raw(`
    create table invoices (
      id uuid primary key default gen_random_uuid(),
      number text not null unique default ('INV-' || lpad(nextval('invoice_number_seq')::text, 6, '0')),
      lead_id uuid not null references leads (id) on delete cascade,
      visit_id uuid references visits (id) on delete set null,
      token_hash text not null unique,
      status text not null default 'open' check (status in ('open', 'paid', 'void')),
      subtotal_cents bigint not null check (subtotal_cents >= 0),
      discount_cents bigint not null check (discount_cents >= 0 and discount_cents <= subtotal_cents),
      tax_rate_basis_points integer not null check (tax_rate_basis_points between 0 and 10000),
      tax_cents bigint not null check (tax_cents >= 0),
      total_cents bigint not null check (total_cents = subtotal_cents - discount_cents + tax_cents),
      fees_cents bigint not null default 0 check (fees_cents >= 0),
      paid_cents bigint not null default 0 check (paid_cents >= 0 and paid_cents <= total_cents + fees_cents),
      due_at timestamptz not null,
      created_at timestamptz not null default now(),
      paid_at timestamptz,
      constraint invoices_one_per_visit unique (visit_id)
    )`);
  await knex.raw('create index invoices_lead_idx on invoices (lead_id, created_at)');
  await knex.raw('create index invoices_created_idx on invoices (created_at desc)');
  await knex.raw(`
    create table invoice_lines (
      id uuid primary key default gen_random_uuid(),
      invoice_id uuid not null references invoices (id) on delete cascade,
      position integer not null,
      kind text not null check (kind in ('cleaning', 'add_on', 'discount', 'fee')),
      description text not null,
      quantity integer not null check (quantity > 0),
      unit_price_cents bigint not null,
      amount_cents bigint not null check (amount_cents = quantity * unit_price_cents),
      created_at timestamptz not null default now(),
      constraint invoice_lines_position_key unique (invoice_id, position),
      constraint invoice_lines_sign check ((kind = 'discount') = (amount_cents < 0) or amount_cents = 0)
    )`);
  await knex.raw(`
    create table payments (
      id uuid primary key default gen_random_uuid(),
      invoice_id uuid not null references invoices (id) on delete cascade,
      lead_id uuid not null references leads (id) on delete cascade,
      method text not null check (method in ('card', 'cash', 'check')),
      amount_cents bigint not null check (amount_cents > 0),
      status text not null default 'succeeded'
        check (status in ('succeeded', 'failed', 'refunded', 'partially_refunded', 'returned')),
      reference text,
      recorded_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      returned_at timestamptz
    )`);
  await knex.raw('create index payments_invoice_idx on payments (invoice_id, created_at)');
  await knex.raw("create index payments_succeeded_time_idx on payments (created_at) where status = 'succeeded'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists payments');
  await knex.raw('drop table if exists invoice_lines');
  await knex.raw('drop table if exists invoices');
  await knex.raw('drop sequence if exists invoice_number_seq');
  await knex.raw(`delete from lead_events where trigger not in (${list(OLD_EVENT_TRIGGERS)})`);
  await checkTriggers(knex, OLD_EVENT_TRIGGERS);
  await reactionTimeIndex(knex, ['quote_sent', 'booking_changed', 'visits_cancelled', 'visit_booked']);
}
