import { FORMER_WELCOME_EMAIL_SUBJECT, WELCOME_EMAIL_SUBJECT } from '@shine/shared/starter-templates';
import type { Knex } from 'knex';

// The Welcome e-mail had the quote e-mail's subject ("Your cleaning quote from …") but holds no quote:
// it says the request arrived (docs/decisions.md, "The Welcome e-mail's subject"). A template made from
// that starter gets the new subject unless staff have since written a subject of their own.
export async function up(knex: Knex): Promise<void> {
  await knex('templates')
    .where({ starter_key: 'welcome-email', subject: FORMER_WELCOME_EMAIL_SUBJECT })
    .update({ subject: WELCOME_EMAIL_SUBJECT });
}

export async function down(knex: Knex): Promise<void> {
  await knex('templates')
    .where({ starter_key: 'welcome-email', subject: WELCOME_EMAIL_SUBJECT })
    .update({ subject: FORMER_WELCOME_EMAIL_SUBJECT });
}
