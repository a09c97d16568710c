// An e-mail another feature sends the customer one to one (the quote with its PDF), kept in the lead's
// conversation like a message sent by hand: stored pending before it is handed to the mail server,
// then its delivery recorded, so the thread shows what the customer received (or failed to).
import type { Knex } from 'knex';
import type { EmailDelivery, LeadEmailRecord } from '../deps.ts';
import { toJsonb } from '../db/jsonb.ts';
import { publishLiveEvent } from '../live/index.ts';
import { insertMessage, updateMessageDelivery } from './conversations.queries.ts';

/** Stores the e-mail as pending in the lead's conversation (inside `db`'s transaction when it is one). */
export async function recordPendingEmail(db: Knex, email: LeadEmailRecord): Promise<string> {
  const row = await insertMessage(db, {
    lead_id: email.leadId,
    channel: 'email',
    direction: 'out',
    status: 'pending',
    subject: email.subject,
    body: email.body,
    sender: email.sentBy.username,
    recipient: email.to,
    external_id: null,
    at: email.at,
    sent_by: email.sentBy.id,
    attachments: toJsonb(db, email.attachments),
  });
  await publishLiveEvent(db, { type: 'message.created', leadId: email.leadId, messageId: row.id });
  return row.id;
}

/** Records the delivery of the pending e-mail `id` of the lead. */
export async function settleEmail(db: Knex, leadId: string, id: string, outcome: EmailDelivery): Promise<void> {
  await db.transaction(async (trx) => {
    await updateMessageDelivery(
      trx,
      id,
      outcome.sent ? { status: 'sent', reason: null } : { status: 'failed', reason: outcome.reason },
    );
    await publishLiveEvent(trx, { type: 'message.created', leadId, messageId: id });
  });
}
