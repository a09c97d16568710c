import type { Knex } from 'knex';

// My Day's new leads include the unassigned ones the person was alerted about (docs/decisions.md,
// "My Day"): a speed-to-lead alert that reached them (sent, or folded into a digest) or a new-lead or
// repeat-request notification (the bell). Both are looked up per lead of the short list of new,
// never-contacted ones, so each index leads with the lead.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "create index lead_alerts_reached_idx on lead_alerts (lead_id, recipient_id) where status in ('sent', 'folded')",
  );
  await knex.raw(
    "create index notifications_lead_alert_idx on notifications (lead_id, user_id) where kind in ('new_lead', 'repeat_request')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists notifications_lead_alert_idx');
  await knex.raw('drop index if exists lead_alerts_reached_idx');
}
