// A lead's conversation (docs/requirements.md#conversations): what the customer sent us and what
// staff sent them one to one. Inbound channels (the SMS webhook, the mailbox reader) hand their
// messages in here; the automated messages stay the automations' (their outbox), and the messages
// API merges both.
import type { Knex } from 'knex';
import { recordSystemActivity } from '../activities/index.ts';
import { findOrCreateSystemUserId } from '../auth/index.ts';
import { publishLiveEvent } from '../live/index.ts';
import { notifyAboutLead } from '../leads/index.ts';
import {
  findInboundEmailId,
  findLeadIdOfManualEmail,
  findMessageIdByExternalId,
  insertMessageOnce,
} from './conversations.queries.ts';

/** For My Day: the leads with replies a person has not read (inbox.ts). */
export { listRepliesWaiting } from './inbox.ts';
/** For the CRM's counts: the Inbox's total. */
export { countLeadsWithUnreadReplies } from './conversations.queries.ts';

export interface InboundMessage {
  leadId: string;
  channel: 'email' | 'sms';
  /** Text, quoted history already trimmed by the caller. */
  body: string;
  subject: string | null;
  /** Sender address or E.164 phone. */
  from: string;
  /** Message-ID or provider SID: a text once per SID, an e-mail once per lead, mailbox and Message-ID. */
  externalId: string;
  /** E-mail: the mailbox it was read from (part of its key: a sender chooses its Message-ID). */
  mailbox?: string;
  /** When the product received it (never a date the sender wrote): its place in the thread. */
  receivedAt: Date;
  /** A person on the team who filed it on the lead by hand (an unmatched e-mail attached): the timeline says who. */
  filedBy?: { id: string; name: string };
}

/** What the timeline says of a message that came in. */
function describeInbound(message: InboundMessage): { type: 'email' | 'note'; subject: string } {
  if (message.channel === 'email') {
    const what = message.filedBy
      ? `E-mail from ${message.from || 'an unknown sender'}, attached by ${message.filedBy.name}`
      : 'E-mail from the customer';
    return { type: 'email', subject: `${what}${message.subject ? `: ${message.subject}` : ''}` };
  }
  return { type: 'note', subject: `Text from the customer (${message.from})` };
}

/**
 * Stores an inbound message once (a text per SID; an e-mail per lead, mailbox and Message-ID); duplicate: true when it was
 * already stored. Writes the lead's timeline and publishes a live event. The timeline entry is also
 * the lead's latest activity, so a reply ends the current `no_activity` chase of the lead
 * (leads/lead-candidates.queries.ts counts silence from the latest activity).
 */
export async function recordInboundMessage(
  db: Knex,
  message: InboundMessage,
  /** BUSINESS_TIMEZONE: who is on duty when nobody holds the lead. */
  timeZone: string,
): Promise<{ id: string; duplicate: boolean }> {
  // Resolved before the transaction: PGlite's one connection is the transaction's until it ends.
  const systemUserId = await findOrCreateSystemUserId(db);
  const stored = await db.transaction(async (trx) => {
    const row = await insertMessageOnce(trx, {
      lead_id: message.leadId,
      channel: message.channel,
      direction: 'in',
      status: 'received',
      subject: message.subject,
      body: message.body,
      sender: message.from,
      recipient: null,
      external_id: message.externalId,
      ...(message.channel === 'email' ? { mailbox: message.mailbox ?? '' } : {}),
      at: message.receivedAt,
    });
    if (!row) return undefined;
    const { type, subject } = describeInbound(message);
    await recordSystemActivity(
      trx,
      {
        leadId: message.leadId,
        userId: message.filedBy?.id ?? systemUserId,
        type,
        subject: subject.slice(0, 300),
        description: message.body,
      },
      message.receivedAt,
    );
    await publishLiveEvent(trx, { type: 'message.created', leadId: message.leadId, messageId: row.id });
    await notifyAboutLead(
      trx,
      message.leadId,
      { kind: 'customer_reply', excerpt: message.body || message.subject || '' },
      { now: message.receivedAt, timeZone, actorId: message.filedBy?.id ?? null },
    );
    return row.id;
  });
  if (stored) return { id: stored, duplicate: false };
  const existing =
    message.channel === 'email'
      ? await findInboundEmailId(db, {
          leadId: message.leadId,
          mailbox: message.mailbox ?? '',
          externalId: message.externalId,
        })
      : await findMessageIdByExternalId(db, message.channel, message.externalId);
  if (!existing) throw new Error('An inbound message was neither stored nor found');
  return { id: existing, duplicate: true };
}

/** For the mailbox: the lead an e-mail staff sent by hand went to, by the message's id (its Message-ID's uuid). */
export function findLeadIdOfSentManualEmail(db: Knex, id: string): Promise<string | undefined> {
  return findLeadIdOfManualEmail(db, id);
}

/** For the customer's account: their conversation, read-only. */
export { listLeadMessages } from './lead-messages.ts';
