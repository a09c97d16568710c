import type { Knex } from 'knex';

// Who a request comes from (docs/decisions.md, "Repeat requests: e-mail, or phone and name"): a request
// that shares only the phone of a lead is another person's new lead, and the two are linked.
// - same_phone_links: one row per direction (lead, the other lead of the same phone), owned by leads.
// - lead_requests.sms_consent_at / sms_consent_text: consent is kept with the request that gave it, in
//   the wording shown then. Requests stored before this migration get the consent of their lead where
//   the lead's consent time is the request's arrival (intake stamps consent with that instant).
// - lead_events: the trigger repeat_request (a true repeat was kept on its lead, request_id names it),
//   which the engine answers with an alert to the lead's assignee.
// - lead_alerts: the step repeat, once per request (request_id), beside once per lead for the others.
const EVENT_TRIGGERS = ['lead_created', 'status_changed', 'quote_viewed', 'quote_accepted', 'quote_declined'];
const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table same_phone_links (
      lead_id uuid not null references leads (id) on delete cascade,
      other_lead_id uuid not null references leads (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (lead_id, other_lead_id),
      check (lead_id <> other_lead_id)
    )`);
  await knex.raw(`
    alter table lead_requests
      add column sms_consent_at timestamptz,
      add column sms_consent_text text`);
  await knex.raw(`
    update lead_requests r
       set sms_consent_at = l.sms_consent_at, sms_consent_text = l.sms_consent_text
      from leads l
     where r.lead_id = l.id and l.sms_consent_at is not null and r.received_at = l.sms_consent_at`);
  await knex.raw('alter table lead_events drop constraint lead_events_trigger_check');
  await knex.raw(
    `alter table lead_events add constraint lead_events_trigger_check check (trigger in (${list([...EVENT_TRIGGERS, 'repeat_request'])}))`,
  );
  await knex.raw('alter table lead_events add column request_id uuid references lead_requests (id) on delete cascade');
  await knex.raw(`
    alter table lead_alerts
      drop constraint lead_alerts_step_check,
      add constraint lead_alerts_step_check check (step in ('on_duty', 'escalation', 'repeat')),
      add column request_id uuid references lead_requests (id) on delete cascade,
      drop constraint lead_alerts_step_key,
      add constraint lead_alerts_step_key unique nulls not distinct (lead_id, step, request_id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("delete from lead_alerts where step = 'repeat'");
  await knex.raw(`
    alter table lead_alerts
      drop constraint lead_alerts_step_key,
      drop column request_id,
      add constraint lead_alerts_step_key unique (lead_id, step),
      drop constraint lead_alerts_step_check,
      add constraint lead_alerts_step_check check (step in ('on_duty', 'escalation'))`);
  await knex.raw("delete from lead_events where trigger = 'repeat_request'");
  await knex.raw('alter table lead_events drop column request_id');
  await knex.raw('alter table lead_events drop constraint lead_events_trigger_check');
  await knex.raw(
    `alter table lead_events add constraint lead_events_trigger_check check (trigger in (${list(EVENT_TRIGGERS)}))`,
  );
  await knex.raw('alter table lead_requests drop column sms_consent_at, drop column sms_consent_text');
  await knex.raw('drop table if exists same_phone_links');
}
