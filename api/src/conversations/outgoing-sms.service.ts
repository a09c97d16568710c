// A text another feature sends a lead's number (the text back to a missed call), kept in the lead's
// conversation like a text sent by hand: stored pending before the provider has it, then its delivery
// recorded, so the thread shows what the customer received (or why not).
import type { Knex } from 'knex';
import { publishLiveEvent } from '../live/index.ts';
import { type ConversationStatus, insertMessage, updateMessageDelivery } from './conversations.queries.ts';

export interface LeadTextRecord {
  leadId: string;
  to: string;
  body: string;
  sentBy: { id: string; username: string };
  at: Date;
  /** pending: about to be handed to the provider; otherwise why it was not (a STOP, no SMS account). */
  status: Extract<ConversationStatus, 'pending' | 'not_sent'>;
  reason: string | null;
}

/** Stores the text in the lead's conversation (inside `db`'s transaction when it is one); answers its id. */
export async function recordLeadText(db: Knex, text: LeadTextRecord): Promise<string> {
  const row = await insertMessage(db, {
    lead_id: text.leadId,
    channel: 'sms',
    direction: 'out',
    status: text.status,
    reason: text.reason,
    subject: null,
    body: text.body,
    sender: text.sentBy.username,
    recipient: text.to,
    external_id: null,
    at: text.at,
    sent_by: text.sentBy.id,
  });
  await publishLiveEvent(db, { type: 'message.created', leadId: text.leadId, messageId: row.id });
  return row.id;
}

/** Records the delivery of the pending text `id` of the lead. */
export async function settleLeadText(
  db: Knex,
  leadId: string,
  id: string,
  outcome: { sent: true; sid: string | null } | { sent: false; reason: string },
): Promise<void> {
  await db.transaction(async (trx) => {
    await updateMessageDelivery(
      trx,
      id,
      outcome.sent
        ? { status: 'sent', reason: null, external_id: outcome.sid }
        : { status: 'failed', reason: outcome.reason },
    );
    await publishLiveEvent(trx, { type: 'message.created', leadId, messageId: id });
  });
}
