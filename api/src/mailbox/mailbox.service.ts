// What other features ask of the mailbox: the reply address of a lead's e-mails (the automations'
// messages and the quote e-mail), so the customer's answer comes back to that lead.
import type { Knex } from 'knex';
import { createReplyToken, plusAddressOf } from './reply-address.ts';
import { findOrInsertReplyToken } from './reply-tokens.queries.ts';

/** sales+{token}@… for the lead (its token made on first use); undefined without REPLY_MAILBOX. */
export async function replyAddressOfLead(
  db: Knex,
  replyMailbox: string | undefined,
  leadId: string,
): Promise<string | undefined> {
  if (!replyMailbox) return undefined;
  return plusAddressOf(replyMailbox, await findOrInsertReplyToken(db, leadId, createReplyToken()));
}
