// GET /api/admin/leads/{id}/messages: one thread of everything to and from the lead, oldest first —
// the automated messages (the automations' outbox, through their service) merged with the
// conversation table (what the customer sent, what staff sent by hand).
import type { OutboxMessage } from '@shine/shared/automation-rules';
import type { LeadMessage, LeadMessages } from '@shine/shared/responses/conversations';
import type { Knex } from 'knex';
import { userNameOf } from '../auth/user-names.service.ts';
import { listMessagesOfLead } from '../automations/runs.service.ts';
import { listMessageRowsOfLead, type MessageListRow } from './conversations.queries.ts';

export function toLeadMessage(row: MessageListRow): LeadMessage {
  return {
    id: row.id,
    channel: row.channel,
    direction: row.direction,
    source: row.direction === 'in' ? 'customer' : 'staff',
    subject: row.subject,
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
    subject: message.subject,
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
  const automated = (await listMessagesOfLead(db, leadId)).map(fromOutbox);
  const conversation = (await listMessageRowsOfLead(db, leadId, (userId) => userNameOf(db, userId))).map(toLeadMessage);
  // ISO instants in UTC sort as text; the sort is stable, so equal instants keep automated first.
  const items = [...automated, ...conversation].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { items };
}
