import { STARTER_TEMPLATES, type StarterTemplateKey } from '@shine/shared/starter-templates';
import { extractPlaceholders } from '@shine/shared/template-render';
import type { Knex } from 'knex';

// The starter templates of scheduling's recipes (docs/decisions.md, "Scheduling: starter recipes"):
// the booking confirmation and day-before reminder texts, the reminder e-mail and the review request.
// Unlike the first starters they go into every install, templates or not: they are new words for a
// new feature, kept by key, so none duplicates a template of the install's own; one already there
// (the key taken) is left alone.
const VISIT_STARTER_KEYS: readonly StarterTemplateKey[] = [
  'booking-confirmation-sms',
  'visit-reminder-sms',
  'visit-reminder-email',
  'review-request-email',
];

const FIRST_STARTER_COUNT = 3;

export async function up(knex: Knex): Promise<void> {
  for (const [index, key] of VISIT_STARTER_KEYS.entries()) {
    const starter = STARTER_TEMPLATES[key];
    await knex('templates')
      .insert({
        name: starter.name,
        type: starter.type,
        subject: starter.subject,
        content: starter.content,
        variables: knex.raw('?::jsonb', [JSON.stringify(extractPlaceholders(starter.subject, starter.content))]),
        starter_key: starter.key,
        // The CRM lists templates newest first: a millisecond apart, after the first three starters
        // (made at the same now() when a fresh database migrates in one go), in the order of the keys.
        created_at: knex.raw("now() - ? * interval '1 millisecond'", [FIRST_STARTER_COUNT + index]),
      })
      .onConflict('starter_key')
      .ignore();
  }
}

// Kept on the way down: staff may have edited them, and the starter key column stays.
export async function down(): Promise<void> {}
