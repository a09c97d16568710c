import type { Knex } from 'knex';

// Consent and opt-outs of a lead (docs/requirements.md#sms-consent):
// - sms_consent_at / sms_consent_text: when the visitor ticked "Text me about my quote", and the exact
//   disclosure the form showed them (packages/shared/src/sms-consent.ts); null: never asked for texts.
// - sms_opted_out_at: the number answered STOP (set on every lead of the number; START clears it).
// - email_unsubscribed_at: the lead followed an e-mail's unsubscribe link.
// The index on the last ten digits of the phone is how an inbound text finds its lead(s): a provider
// writes +1 and ten digits, a visitor any way they like.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table leads
      add column sms_consent_at timestamptz,
      add column sms_consent_text text,
      add column sms_opted_out_at timestamptz,
      add column email_unsubscribed_at timestamptz,
      add constraint leads_sms_consent_text check ((sms_consent_at is null) = (sms_consent_text is null))`);
  await knex.raw('create index leads_phone_national_idx on leads (right(phone_digits, 10))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists leads_phone_national_idx');
  await knex.raw(`
    alter table leads
      drop constraint if exists leads_sms_consent_text,
      drop column if exists email_unsubscribed_at,
      drop column if exists sms_opted_out_at,
      drop column if exists sms_consent_text,
      drop column if exists sms_consent_at`);
}
