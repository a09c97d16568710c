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
  /** An inbound e-mail's mailbox (the importer's IMAP account); else null. */
  mailbox: string | null;
  reason: string | null;
  sent_by: string | null;
  /** The file names attached to an e-mail we sent (the quote's PDF); [] otherwise. */
  attachments: string[];
  at: Date;
  created_at: Date;
}

export interface ConversationReadRow {
  user_id: string;
  lead_id: string;
  read_up_to: Date;
}

declare module 'knex/types/tables.js' {
  interface Tables {
    conversation_messages: ConversationMessageRow;
    conversation_reads: ConversationReadRow;
  }
}

export type NewConversationMessage = Pick<
  ConversationMessageRow,
  'lead_id' | 'channel' | 'direction' | 'status' | 'subject' | 'body' | 'sender' | 'recipient' | 'external_id' | 'at'
> &
  Partial<Pick<ConversationMessageRow, 'reason' | 'sent_by' | 'mailbox'>> & { attachments?: Knex.Raw };

/**
 * Inserts the message unless it is stored already (a text: its SID; an inbound e-mail: its lead,
 * mailbox and Message-ID); answers the new row or undefined.
 */
export async function insertMessageOnce(
  db: Knex,
  message: NewConversationMessage,
): Promise<ConversationMessageRow | undefined> {
  const [row] = await db('conversation_messages')
    .insert(message)
    // Either unique index (the migration's partial ones) may be the one a repeat meets.
    .onConflict()
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

/** An inbound e-mail stored on the lead from that mailbox under that Message-ID. */
export async function findInboundEmailId(
  db: Knex,
  key: { leadId: string; mailbox: string; externalId: string },
): Promise<string | undefined> {
  const row = await db('conversation_messages')
    .where({
      channel: 'email',
      direction: 'in',
      lead_id: key.leadId,
      mailbox: key.mailbox,
      external_id: key.externalId,
    })
    .first('id');
  return row?.id;
}

/** The lead an e-mail staff sent by hand went to, by the message's id (its Message-ID is made of it). */
export async function findLeadIdOfManualEmail(db: Knex, id: string): Promise<string | undefined> {
  const row = await db('conversation_messages')
    .where({ id, channel: 'email', direction: 'out' })
    // Never handed to a mail server: nobody has its Message-ID. A failed send may still have gone out.
    .whereNot('status', 'not_sent')
    .first('lead_id');
  return row?.lead_id;
}

/**
 * The `limit`-th most recent message `userId` sent by hand since `since`, if there is one: the
 * person's hourly budget is spent until it leaves the window.
 */
export async function findLimitingManualMessage(
  db: Knex,
  userId: string,
  since: Date,
  limit: number,
): Promise<Date | undefined> {
  const row = await db('conversation_messages')
    .where({ sent_by: userId, direction: 'out' })
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .offset(limit - 1)
    .first('at');
  return row ? new Date(row.at) : undefined;
}

/** The lead an inbound text of this provider id was filed on, if it was received before. */
export async function findLeadOfReceivedSms(db: Knex, externalId: string): Promise<string | undefined> {
  const row = await db('conversation_messages').where({ channel: 'sms', external_id: externalId }).first('lead_id');
  return row?.lead_id;
}

export type MessageListRow = ConversationMessageRow & { sent_by_name: string | null };

/** A lead's conversation, oldest first, with the name of whoever sent a message by hand (`userName`: auth's subquery). */
export function listMessageRowsOfLead(
  db: Knex,
  leadId: string,
  userName: (userId: string) => Knex.QueryBuilder,
): Promise<MessageListRow[]> {
  return db('conversation_messages as m')
    .select('m.*', userName('m.sent_by').as('sent_by_name'))
    .where('m.lead_id', leadId)
    .orderBy([{ column: 'm.at' }, { column: 'm.created_at' }]);
}

export async function insertMessage(db: Knex, message: NewConversationMessage): Promise<ConversationMessageRow> {
  const [row] = await db('conversation_messages').insert(message).returning('*');
  return row as ConversationMessageRow;
}

/**
 * The person has read the lead's replies up to the latest one stored now (never backwards: two tabs
 * marking at once keep the later mark). Nothing to mark when the lead has no reply.
 */
export async function markRepliesRead(db: Knex, userId: string, leadId: string): Promise<void> {
  const latest = db('conversation_messages').max('created_at').where({ lead_id: leadId, direction: 'in' });
  await db.raw(
    `insert into conversation_reads (user_id, lead_id, read_up_to)
     select ?, ?, latest from (?) as last_reply (latest) where latest is not null
     on conflict (user_id, lead_id) do update
       set read_up_to = greatest(conversation_reads.read_up_to, excluded.read_up_to)`,
    [userId, leadId, latest],
  );
}

export interface InboxRow {
  lead_id: string;
  lead_name: string;
  unread: number | string;
  last_at: Date;
  last_channel: ConversationChannel;
  last_body: string;
}

/** Replies the person has not read: a query of (lead_id, id, channel, body, created_at). */
function unreadRepliesOf(db: Knex, userId: string): Knex.QueryBuilder {
  return db('conversation_messages as m')
    .leftJoin('conversation_reads as r', function joinReads() {
      this.on('r.lead_id', '=', 'm.lead_id').andOn('r.user_id', '=', db.raw('?', [userId]));
    })
    .where('m.direction', 'in')
    .where((unread) => unread.whereNull('r.read_up_to').orWhereRaw('m.created_at > r.read_up_to'))
    .select('m.lead_id', 'm.id', 'm.channel', 'm.body', 'm.created_at');
}

/** The leads with replies the person has not read, newest reply first (`leadName`: leads' subquery). */
export async function listInboxRows(
  db: Knex,
  userId: string,
  leadName: (leadId: string) => Knex.QueryBuilder,
  limit: number,
  /** Only the leads of this subquery (My Day: the person's own); absent: every lead. */
  onlyLeads?: Knex.QueryBuilder,
): Promise<{ rows: InboxRow[]; total: number }> {
  const unread = unreadRepliesOf(db, userId);
  if (onlyLeads) unread.whereIn('m.lead_id', onlyLeads);
  const perLead = db
    .with('unread', unread)
    .from('unread as u')
    .select(
      'u.lead_id',
      db.raw('count(*) over (partition by u.lead_id) as unread'),
      db.raw('row_number() over (partition by u.lead_id order by u.created_at desc, u.id desc) as nth'),
      'u.created_at as last_at',
      'u.channel as last_channel',
      'u.body as last_body',
    );
  const rows = (await db
    .from(perLead.as('p'))
    .where('p.nth', 1)
    .select(
      'p.lead_id',
      'p.unread',
      'p.last_at',
      'p.last_channel',
      'p.last_body',
      leadName('p.lead_id').as('lead_name'),
    )
    .orderBy([{ column: 'p.last_at', order: 'desc' }, { column: 'p.lead_id' }])
    .limit(limit)) as InboxRow[];
  return { rows, total: await countLeadsOf(db, unread) };
}

async function countLeadsOf(db: Knex, unread: Knex.QueryBuilder): Promise<number> {
  const counted = (await db.from(unread.clone().as('u')).countDistinct({ n: 'u.lead_id' }).first()) as
    | { n: number | string }
    | undefined;
  return Number(counted?.n ?? 0);
}

/** How many leads have replies the person has not read (the Inbox's total). */
export function countLeadsWithUnreadReplies(db: Knex, userId: string): Promise<number> {
  return countLeadsOf(db, unreadRepliesOf(db, userId));
}

export async function updateMessageDelivery(
  db: Knex,
  id: string,
  delivery: Pick<ConversationMessageRow, 'status' | 'reason'> & { external_id?: string | null },
): Promise<ConversationMessageRow> {
  const [row] = await db('conversation_messages').where({ id }).update(delivery).returning('*');
  return row as ConversationMessageRow;
}
