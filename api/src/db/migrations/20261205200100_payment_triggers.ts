import type { Knex } from 'knex';

// Automation triggers of getting paid (docs/decisions.md, "Payment triggers"): invoice_created (the
// event the pay link's e-mail already reacts to), payment_succeeded and payment_failed (lead events
// written with the payment, in its transaction). The checks on the trigger columns widen to them.
const OLD_RULE_TRIGGERS = [
  'lead_created',
  'status_changed',
  'no_activity',
  'follow_up_due',
  'quote_viewed',
  'quote_accepted',
  'quote_declined',
  'quote_not_answered',
  'visit_booked',
  'visit_upcoming',
  'visit_completed',
];
const PAYMENT_TRIGGERS = ['payment_succeeded', 'payment_failed'];
const RULE_TRIGGERS = [...OLD_RULE_TRIGGERS, 'invoice_created', ...PAYMENT_TRIGGERS];
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
  'invoice_created',
  'payment_recorded',
  'account_link_requested',
];
const EVENT_TRIGGERS = [...OLD_EVENT_TRIGGERS, ...PAYMENT_TRIGGERS];

const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');

async function checkTriggers(knex: Knex, table: string, triggers: string[]): Promise<void> {
  await knex.raw(`alter table ${table} drop constraint ${table}_trigger_check`);
  await knex.raw(`alter table ${table} add constraint ${table}_trigger_check check (trigger in (${list(triggers)}))`);
}

export async function up(knex: Knex): Promise<void> {
  await checkTriggers(knex, 'automations', RULE_TRIGGERS);
  await checkTriggers(knex, 'automation_runs', RULE_TRIGGERS);
  await checkTriggers(knex, 'lead_events', EVENT_TRIGGERS);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`delete from lead_events where trigger not in (${list(OLD_EVENT_TRIGGERS)})`);
  await knex.raw(`delete from automation_runs where trigger not in (${list(OLD_RULE_TRIGGERS)})`);
  await knex.raw(`delete from automations where trigger not in (${list(OLD_RULE_TRIGGERS)})`);
  await checkTriggers(knex, 'lead_events', OLD_EVENT_TRIGGERS);
  await checkTriggers(knex, 'automation_runs', OLD_RULE_TRIGGERS);
  await checkTriggers(knex, 'automations', OLD_RULE_TRIGGERS);
}
