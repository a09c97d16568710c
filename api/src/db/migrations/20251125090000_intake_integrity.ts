import type { Knex } from 'knex';

// Intake integrity (docs/requirements.md#intake): nothing a visitor sends is dropped, overwritten
// or unfindable.
// - held_submissions: requests a spam rule caught, whole, for staff to release or delete.
// - lead_requests: every quote request of a lead as it was sent, the first and each repeat; a repeat
//   no longer overwrites the lead's name, e-mail or phone.
// - leads.last_request_at: a repeat resurfaces its lead (the default list order).
// - leads.details_differ_request_id: the repeat whose identity differs, until staff decide.
// - an index on the phone's digits for search ("2145550106" finds "(214) 555-0106").
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table held_submissions (
      id uuid primary key default gen_random_uuid(),
      received_at timestamptz not null,
      rule text not null check (rule in ('honeypot', 'too_fast', 'machine_content')),
      reason text not null,
      payload jsonb not null,
      client_ip text,
      user_agent text
    )`);
  // Newest first for the Held view; the retention purge walks the same index from the old end.
  await knex.raw('create index held_submissions_received_idx on held_submissions (received_at desc, id desc)');

  await knex.raw(`
    create table lead_requests (
      id uuid primary key default gen_random_uuid(),
      lead_id uuid not null references leads (id) on delete cascade,
      received_at timestamptz not null,
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
      estimate jsonb,
      source text not null,
      utm_source text,
      utm_medium text,
      utm_campaign text,
      referrer_host text,
      landing_page text,
      released_from_rule text check (released_from_rule in ('honeypot', 'too_fast', 'machine_content'))
    )`);
  await knex.raw('create index lead_requests_lead_idx on lead_requests (lead_id, received_at, id)');
  // "Requests today" counts by arrival time.
  await knex.raw('create index lead_requests_received_idx on lead_requests (received_at)');

  // Every lead so far came from (at least) one request: its own first request, from its columns.
  // Repeats merged before this migration live on only as their "Repeat request" notes.
  await knex.raw(`
    insert into lead_requests (lead_id, received_at, first_name, last_name, email, phone, zipcode, bedrooms,
                               bathrooms, cleaning_type, frequency, notes, estimate, source, utm_source,
                               utm_medium, utm_campaign, referrer_host, landing_page)
    select id, created_at, first_name, last_name, email, phone, zipcode, bedrooms, bathrooms, cleaning_type,
           frequency, notes, estimate_breakdown, source, utm_source, utm_medium, utm_campaign, referrer_host,
           landing_page
      from leads`);

  await knex.raw(`
    alter table leads
      add column last_request_at timestamptz,
      add column details_differ_request_id uuid references lead_requests (id) on delete set null`);
  await knex.raw('update leads set last_request_at = greatest(created_at, coalesce(last_repeat_at, created_at))');
  await knex.raw('alter table leads alter column last_request_at set not null');
  // A lead inserted without it (the seed, imports) was last requested when it was created.
  await knex.raw(`
    create function leads_default_last_request_at() returns trigger language plpgsql as $$
    begin
      new.last_request_at := coalesce(new.last_request_at, new.created_at, now());
      return new;
    end
    $$`);
  await knex.raw(`
    create trigger leads_default_last_request_at before insert on leads
    for each row execute function leads_default_last_request_at()`);
  // The default list order (sort=lastRequestAt), with the id as the tie-breaker of every sort.
  await knex.raw('create index leads_last_request_at_idx on leads (last_request_at, id)');
  // The status and priority filters in that order (as leads_status_created_at_idx was for created_at).
  await knex.raw('create index leads_status_last_request_at_idx on leads (status, last_request_at, id)');
  await knex.raw('create index leads_priority_last_request_at_idx on leads (priority, last_request_at, id)');
  await knex.raw(
    'create index leads_details_differ_idx on leads (details_differ_request_id) where details_differ_request_id is not null',
  );
  // Phone search by digits: '%2145550106%' against the digits of the stored phone. A stored column,
  // not an expression index: where the planner filters rows instead of using the trigram index (a
  // number shared by many leads), a LIKE on a column costs a fraction of a regexp_replace per row.
  await knex.raw(
    "alter table leads add column phone_digits text generated always as (regexp_replace(phone, '[^0-9]', '', 'g')) stored",
  );
  await knex.raw('create index leads_phone_digits_trgm_idx on leads using gin (phone_digits gin_trgm_ops)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table leads drop column phone_digits');
  await knex.raw('drop trigger if exists leads_default_last_request_at on leads');
  await knex.raw('drop function if exists leads_default_last_request_at()');
  await knex.raw('alter table leads drop column details_differ_request_id, drop column last_request_at');
  await knex.raw('drop table if exists lead_requests');
  await knex.raw('drop table if exists held_submissions');
}
