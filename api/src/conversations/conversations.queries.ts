// conversation_messages: the conversations feature's table (docs/architecture.md#table-ownership).
import type { Knex } from 'knex';

export type ConversationChannel = 'email' | 'sms';
export type ConversationDirection = 'in' | 'out';
export type ConversationStatus = 'received' | 'pending' | 'sent' | 'failed' | 'not_sent';

export interface ConversationMessageRow {
  id: string;
  lead_id: string;
  channel: ConversationChannel;
  direction: ConversationDirection;
  status: ConversationStatus;
  subject: string | null;
  body: string;
  sender: string;
  recipient: string | null;
  external_id: string | null;
  reason: string | null;
  sent_by: string | null;
  at: Date;
  created_at: Date;
}

declare module 'knex/types/tables.js' {
  interface Tables {
    conversation_messages: ConversationMessageRow;
  }
}

export type NewConversationMessage = Pick<
  ConversationMessageRow,
  'lead_id' | 'channel' | 'direction' | 'status' | 'subject' | 'body' | 'sender' | 'recipient' | 'external_id' | 'at'
> &
  Partial<Pick<ConversationMessageRow, 'reason' | 'sent_by'>>;

/** Inserts the message unless its (channel, external_id) is stored already; answers the new row or undefined. */
export async function insertMessageOnce(
  db: Knex,
  message: NewConversationMessage,
): Promise<ConversationMessageRow | undefined> {
  const [row] = await db('conversation_messages')
    .insert(message)
    .onConflict(['channel', 'external_id'])
    .ignore()
    .returning('*');
  return row as ConversationMessageRow | undefined;
}

export async function findMessageIdByExternalId(
  db: Knex,
  channel: ConversationChannel,
  externalId: string,
): Promise<string | undefined> {
  const row = await db('conversation_messages').where({ channel, external_id: externalId }).first('id');
  return row?.id;
}

/** A lead's conversation, oldest first. */
export function listMessageRowsOfLead(db: Knex, leadId: string): Promise<ConversationMessageRow[]> {
  return db('conversation_messages')
    .where({ lead_id: leadId })
    .orderBy([{ column: 'at' }, { column: 'created_at' }]);
}

export async function updateMessageDelivery(
  db: Knex,
  id: string,
  delivery: Pick<ConversationMessageRow, 'status' | 'reason'> & { external_id?: string | null },
): Promise<ConversationMessageRow> {
  const [row] = await db('conversation_messages').where({ id }).update(delivery).returning('*');
  return row as ConversationMessageRow;
}
