import type { Knex } from 'knex';

// The ceiling of staff alerts that the public cannot exhaust (docs/security.md, round two):
// - leads.client_key: a pseudonymous key of the client address that sent the quote which made the
//   lead (a SHA-256 of the address, its IPv6 /56 network), null for leads made any other way; alerts
//   of one address share a small hourly budget.
// - lead_alerts.folded_at: an alert over the budget is folded into a digest message instead of being
//   sent on its own (status 'folded' until the digest goes out); digest_id is the alert whose outbox
//   messages carried that digest.
// - the hourly budget of messages one person sends by hand counts their recent outbound messages.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table leads add column client_key text');
  await knex.raw(`
    alter table lead_alerts
      add column folded_at timestamptz,
      add column digest_id uuid references lead_alerts (id) on delete set null,
      drop constraint lead_alerts_status_check,
      add constraint lead_alerts_status_check
        check (status in ('queued', 'running', 'retrying', 'sent', 'not_sent', 'failed', 'folded'))`);
  await knex.raw("create index lead_alerts_folded_idx on lead_alerts (step, folded_at) where status = 'folded'");
  await knex.raw(
    "create index conversation_messages_sent_by_idx on conversation_messages (sent_by, at) where direction = 'out'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists conversation_messages_sent_by_idx');
  await knex.raw("update lead_alerts set status = 'not_sent' where status = 'folded'");
  await knex.raw(`
    alter table lead_alerts
      drop column digest_id,
      drop column folded_at,
      drop constraint lead_alerts_status_check,
      add constraint lead_alerts_status_check
        check (status in ('queued', 'running', 'retrying', 'sent', 'not_sent', 'failed'))`);
  await knex.raw('alter table leads drop column client_key');
}
