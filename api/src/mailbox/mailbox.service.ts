// What other features ask of the mailbox: the reply address of a lead's e-mails (the automations'
// messages and the quote e-mail), so the customer's answer comes back to that lead.
import type { Knex } from 'knex';
import { createReplyToken, plusAddressOf } from './reply-address.ts';
import { findOrInsertReplyToken, insertLeadSentEmail } from './reply-tokens.queries.ts';

/** sales+{token}@… for the lead (its token made on first use); undefined without REPLY_MAILBOX. */
export async function replyAddressOfLead(
  db: Knex,
  replyMailbox: string | undefined,
  leadId: string,
): Promise<string | undefined> {
  if (!replyMailbox) return undefined;
  return plusAddressOf(replyMailbox, await findOrInsertReplyToken(db, leadId, createReplyToken()));
}

/** A new id for an e-mail to the lead (its Message-ID is made of it), recorded so a reply answering it is filed on the lead. */
export function sentEmailIdOfLead(db: Knex, leadId: string): Promise<string> {
  return insertLeadSentEmail(db, leadId);
}
