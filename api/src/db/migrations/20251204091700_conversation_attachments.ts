import type { Knex } from 'knex';

// The file names attached to a message of a lead's conversation (the quote e-mail's PDF): the thread
// shows what the customer received, attachments included. The files themselves are not kept here.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table conversation_messages add column attachments jsonb not null default '[]'::jsonb`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table conversation_messages drop column if exists attachments');
}
