// lead_reply_tokens: the token of each lead's reply address (mailbox.service.ts).
import type { Knex } from 'knex';

export interface LeadReplyTokenRow {
  lead_id: string;
  token: string;
  created_at: Date;
}

declare module 'knex/types/tables.js' {
  interface Tables {
    lead_reply_tokens: LeadReplyTokenRow;
  }
}

/** The lead's token, `candidate` stored when it has none (two senders at once keep the first one). */
export async function findOrInsertReplyToken(db: Knex, leadId: string, candidate: string): Promise<string> {
  await db('lead_reply_tokens').insert({ lead_id: leadId, token: candidate }).onConflict('lead_id').ignore();
  const row = await db('lead_reply_tokens').where({ lead_id: leadId }).first('token');
  if (!row) throw new Error('the reply token could not be stored');
  return row.token;
}

export async function findLeadIdOfReplyToken(db: Knex, token: string): Promise<string | undefined> {
  const row = await db('lead_reply_tokens').where({ token }).first('lead_id');
  return row?.lead_id;
}

// lead_sent_emails: the Message-IDs (their uuid) of e-mails sent to a lead outside the outbox and the
// conversation table (the quote e-mail), so a reply answering one is filed on its lead.
export interface LeadSentEmailRow {
  id: string;
  lead_id: string;
  created_at: Date;
}

declare module 'knex/types/tables.js' {
  interface Tables {
    lead_sent_emails: LeadSentEmailRow;
  }
}

/** A new id for an e-mail to the lead: its Message-ID is made of it. */
export async function insertLeadSentEmail(db: Knex, leadId: string): Promise<string> {
  const [row] = await db('lead_sent_emails').insert({ lead_id: leadId }).returning('id');
  return (row as { id: string }).id;
}

export async function findLeadIdOfLeadSentEmail(db: Knex, id: string): Promise<string | undefined> {
  const row = await db('lead_sent_emails').where({ id }).first('lead_id');
  return row?.lead_id;
}
