import type { Knex } from 'knex';

// Replies by e-mail (docs/requirements.md#email-replies), owned by api/src/mailbox: each lead's
// reply token, the part of the plus address its e-mails answer to (sales+{token}@…). Random, not
// the lead's id, so an address seen in one e-mail tells nothing of other leads; made the first time
// a lead is e-mailed.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table lead_reply_tokens (
      lead_id uuid primary key references leads (id) on delete cascade,
      token text not null unique check (token ~ '^[a-z0-9]{16,40}$'),
      created_at timestamptz not null default now()
    )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table lead_reply_tokens');
}
