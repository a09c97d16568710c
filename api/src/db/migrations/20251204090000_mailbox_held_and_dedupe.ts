import type { Knex } from 'knex';

// Replies by e-mail are filed on a lead only by proof the product gave out (docs/security.md,
// "Forged replies"), so:
// - unmatched_emails, owned by api/src/mailbox: every e-mail the mailbox could not file on a lead by
//   its reply address or an answer to an e-mail we sent, held for staff with the reason and the mail
//   server's Authentication-Results verdict. Never deleted: staff attach it to a lead (recorded with
//   who did it) or dismiss it. One row per mailbox and message bytes (source_digest), so a message
//   read twice is held once while two different messages claiming one Message-ID are both kept.
// - conversation_messages.mailbox: the mailbox an inbound e-mail was read from. An inbound e-mail is
//   unique per lead, mailbox and Message-ID (a sender chooses its Message-ID: one claimed by another
//   message, or for another lead, must not make a genuine reply a "duplicate"); texts keep their
//   provider's SID unique per channel.
// - lead_sent_emails, owned by api/src/mailbox: the Message-IDs (their uuid part) of e-mails sent to a
//   lead outside the outbox and the conversation table (the quote e-mail), so a reply to one is found.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table unmatched_emails (
      id uuid primary key default gen_random_uuid(),
      mailbox text not null,
      external_id text not null,
      source_digest text not null,
      sender text,
      recipients text not null default '',
      subject text,
      body text not null,
      header_date timestamptz,
      received_at timestamptz not null,
      reason text not null,
      authentication text,
      status text not null default 'held' check (status in ('held', 'attached', 'dismissed')),
      lead_id uuid references leads (id) on delete set null,
      resolved_by uuid references users (id) on delete set null,
      resolved_at timestamptz,
      created_at timestamptz not null default now(),
      constraint unmatched_emails_source_key unique (mailbox, source_digest)
    )`);
  await knex.raw('create index unmatched_emails_status_idx on unmatched_emails (status, received_at desc)');
  await knex.raw(`
    create table lead_sent_emails (
      id uuid primary key default gen_random_uuid(),
      lead_id uuid not null references leads (id) on delete cascade,
      created_at timestamptz not null default now()
    )`);
  await knex.raw('alter table conversation_messages add column mailbox text');
  await knex.raw(`update conversation_messages set mailbox = '' where channel = 'email' and direction = 'in'`);
  await knex.raw('alter table conversation_messages drop constraint conversation_messages_external_key');
  await knex.raw(
    `create unique index conversation_messages_sms_external_key on conversation_messages (external_id) where channel = 'sms'`,
  );
  await knex.raw(
    `create unique index conversation_messages_email_in_key on conversation_messages (lead_id, mailbox, external_id)
       where channel = 'email' and direction = 'in'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index conversation_messages_email_in_key');
  await knex.raw('drop index conversation_messages_sms_external_key');
  await knex.raw(
    'alter table conversation_messages add constraint conversation_messages_external_key unique (channel, external_id)',
  );
  await knex.raw('alter table conversation_messages drop column mailbox');
  await knex.raw('drop table lead_sent_emails');
  await knex.raw('drop table unmatched_emails');
}
