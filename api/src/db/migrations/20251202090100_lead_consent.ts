import type { Knex } from 'knex';

// Consent of a lead (issue 18), owned by api/src/leads:
// - email_unsubscribed_at: the lead followed an automated e-mail's unsubscribe link; automated e-mail
//   is no longer sent to it.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table leads add column email_unsubscribed_at timestamptz');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table leads drop column email_unsubscribed_at');
}
