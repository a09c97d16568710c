// The Inbox (GET /api/admin/inbox) and read marks (POST /api/admin/leads/{id}/messages/read): each
// person has their own read state of the customers' replies, so one rep reading a thread does not
// hide it from the others.
import type { Inbox } from '@shine/shared/responses/conversations';
import type { Knex } from 'knex';
import { assertLeadExists, leadNameOf } from '../leads/index.ts';
import { markLeadNotificationsRead } from '../notifications/index.ts';
import { type InboxRow, listInboxRows, markRepliesRead } from './conversations.queries.ts';

/** Enough for a working day's replies; `total` still counts every lead. */
const INBOX_LIMIT = 100;

function toInboxEntry(row: InboxRow): Inbox['items'][number] {
  return {
    leadId: row.lead_id,
    leadName: row.lead_name,
    unread: Number(row.unread),
    lastAt: new Date(row.last_at).toISOString(),
    lastChannel: row.last_channel,
    lastBody: row.last_body,
  };
}

export async function listInbox(db: Knex, userId: string): Promise<Inbox> {
  const { rows, total } = await listInboxRows(db, userId, (leadId) => leadNameOf(db, leadId), INBOX_LIMIT);
  return { items: rows.map(toInboxEntry), total };
}

/** The person has read every reply of the lead stored so far; 404 for an unknown lead. */
export async function markLeadMessagesRead(db: Knex, userId: string, leadId: string): Promise<void> {
  await assertLeadExists(db, leadId);
  await markRepliesRead(db, userId, leadId);
  // Reading the thread is acting on the lead: what the person was told about it has been seen.
  await markLeadNotificationsRead(db, userId, leadId, new Date());
}

/** My Day's replies: the leads of `onlyLeads` (the person's own; absent: every lead) with replies the person has not read. */
export async function listRepliesWaiting(
  db: Knex,
  userId: string,
  onlyLeads: Knex.QueryBuilder | undefined,
  limit: number,
): Promise<Inbox['items']> {
  const { rows } = await listInboxRows(db, userId, (leadId) => leadNameOf(db, leadId), limit, onlyLeads);
  return rows.map(toInboxEntry);
}
