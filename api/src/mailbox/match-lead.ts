// Which lead a reply belongs to, in order of certainty: the reply address's token (it names the lead
// and nothing else), then a Message-ID of ours that it answers, then the sender's address (a customer
// who wrote a new e-mail to the mailbox). A token that names no lead (a deleted lead) falls through.
import type { Knex } from 'knex';
import { findLeadIdOfSentEmail } from '../automations/sent-email.service.ts';
import { findLeadIdBySenderEmail } from '../leads/lead-senders.service.ts';
import type { ParsedReply } from './parse-reply.ts';
import { replyTokensIn } from './reply-address.ts';
import { findLeadIdOfReplyToken } from './reply-tokens.queries.ts';

export type MatchedBy = 'reply-address' | 'thread' | 'sender';

export interface LeadMatch {
  leadId: string;
  by: MatchedBy;
}

export async function matchLead(
  db: Knex,
  reply: Pick<ParsedReply, 'recipients' | 'answers' | 'from'>,
  replyMailbox: string | undefined,
): Promise<LeadMatch | undefined> {
  for (const token of replyMailbox ? replyTokensIn(reply.recipients, replyMailbox) : []) {
    const leadId = await findLeadIdOfReplyToken(db, token);
    if (leadId) return { leadId, by: 'reply-address' };
  }
  for (const messageId of reply.answers) {
    const leadId = await findLeadIdOfSentEmail(db, messageId);
    if (leadId) return { leadId, by: 'thread' };
  }
  if (reply.from) {
    const leadId = await findLeadIdBySenderEmail(db, reply.from);
    if (leadId) return { leadId, by: 'sender' };
  }
  return undefined;
}
