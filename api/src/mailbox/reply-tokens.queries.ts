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
