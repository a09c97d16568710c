import type { Knex } from 'knex';

// Lead intake (docs/requirements.md#intake): the quote estimate, visit attribution, repeat-request
// merging, speed-to-lead, and the count of rejected submissions.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table leads
      add column estimate_breakdown jsonb,
      add column utm_source text,
      add column utm_medium text,
      add column utm_campaign text,
      add column referrer_host text,
      add column landing_page text,
      add column repeat_count integer not null default 0 check (repeat_count >= 0),
      add column last_repeat_at timestamptz,
      add column previous_lead_id uuid references leads (id) on delete set null,
      add column first_contacted_at timestamptz,
      add column speed_to_lead_minutes integer check (speed_to_lead_minutes >= 0),
      add column contact_due_at timestamptz`);

  // Repeat requests are matched on the e-mail (case-insensitive) or the phone's digits: the exact
  // expressions of the lookup in lead-intake.queries.ts, so each side of its OR is an index scan.
  await knex.raw('create index leads_email_lower_idx on leads (lower(email))');
  await knex.raw("create index leads_phone_digits_idx on leads ((regexp_replace(phone, '[^0-9]', '', 'g')))");
  // Open leads still waiting for their first staff activity, by due time (the CRM's flag, the count).
  await knex.raw(
    `create index leads_awaiting_contact_idx on leads (contact_due_at)
      where first_contacted_at is null and status not in ('Won', 'Lost')`,
  );
  await knex.raw(
    'create index leads_previous_lead_id_idx on leads (previous_lead_id) where previous_lead_id is not null',
  );

  // Rejected quote submissions, counted per business day and rule; never the submissions themselves.
  await knex.raw(`
    create table intake_rejections (
      day date not null,
      rule text not null check (rule in ('honeypot', 'too_fast', 'machine_content', 'rate_limited')),
      count integer not null default 0,
      primary key (day, rule)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists intake_rejections');
  await knex.raw(`
    alter table leads
      drop column estimate_breakdown,
      drop column utm_source,
      drop column utm_medium,
      drop column utm_campaign,
      drop column referrer_host,
      drop column landing_page,
      drop column repeat_count,
      drop column last_repeat_at,
      drop column previous_lead_id,
      drop column first_contacted_at,
      drop column speed_to_lead_minutes,
      drop column contact_due_at`);
}
