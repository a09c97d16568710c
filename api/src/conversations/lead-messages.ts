// GET /api/admin/leads/{id}/messages: one thread of what the customer sent or was sent, oldest first —
// the automated messages to the lead (the automations' outbox, through their service; never the staff
// alerts about the lead, which the timeline records) merged with the conversation table (what the
// customer sent, what staff sent by hand, the quote e-mails).
import type { OutboxMessage } from '@shine/shared/automation-rules';
import type { LeadMessage, LeadMessages } from '@shine/shared/responses/conversations';
import type { Knex } from 'knex';
import { userNameOf } from '../auth/index.ts';
import { listMessagesToLead } from '../automations/index.ts';
import { listMessageRowsOfLead, type MessageListRow } from './conversations.queries.ts';

export function toLeadMessage(row: MessageListRow): LeadMessage {
  return {
    id: row.id,
    channel: row.channel,
    direction: row.direction,
    source: row.direction === 'in' ? 'customer' : 'staff',
    to: row.recipient,
    subject: row.channel === 'email' ? row.subject : null,
    attachments: row.channel === 'email' ? (row.attachments ?? []) : [],
    body: row.body,
    at: new Date(row.at).toISOString(),
    status: row.status,
    reason: row.reason,
    sentBy: row.sent_by_name,
  };
}

function fromOutbox(message: OutboxMessage): LeadMessage {
  return {
    id: message.id,
    channel: message.channel,
    direction: 'out',
    source: 'automation',
    to: message.recipient,
    subject: message.channel === 'email' ? message.subject : null,
    attachments: [],
    body: message.body,
    // When it left, or (not sent yet, or never) when the rule wrote it.
    at: message.sentAt ?? message.createdAt,
    status: message.status,
    reason: message.reason,
    sentBy: null,
  };
}

/** 404 for an unknown lead (the automations' list asks the leads feature). */
export async function listLeadMessages(db: Knex, leadId: string): Promise<LeadMessages> {
  const automated = (await listMessagesToLead(db, leadId)).map(fromOutbox);
  const conversation = (await listMessageRowsOfLead(db, leadId, (userId) => userNameOf(db, userId))).map(toLeadMessage);
  // ISO instants in UTC sort as text; the sort is stable, so equal instants keep automated first.
  const items = [...automated, ...conversation].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { items };
}
