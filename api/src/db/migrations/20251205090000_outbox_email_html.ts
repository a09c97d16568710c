import type { Knex } from 'knex';

// An automated e-mail's HTML part beside its text (api/src/email): rendered once with the text when
// the message is written, so a retry sends the very message the outbox shows. Null for SMS, and for
// e-mail written before the HTML layout (those go out as text, as they were written).
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table automation_messages add column html text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table automation_messages drop column if exists html');
}
