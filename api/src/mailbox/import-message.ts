// One message of the mailbox onto its lead(s): parsed, matched (match-lead.ts) and stored through the
// conversation store, once per lead, mailbox and Message-ID however often it is offered; a message
// nothing ties to a lead is held for staff (unmatched-emails.service.ts), once per mailbox and bytes.
import type { Knex } from 'knex';
import { recordInboundMessage } from '../conversations/index.ts';
import { type LeadMatch, matchLead } from './match-lead.ts';
import { parseReply } from './parse-reply.ts';
import { holdEmail } from './unmatched-emails.service.ts';

export type ImportOutcome =
  /** duplicate: it was stored on each of its leads before (a second copy, another process's store). */
  | { kind: 'stored'; leads: LeadMatch[]; duplicate: boolean }
  /** Held for staff as "Unmatched e-mail" (docs/security.md, "Forged replies"). */
  | { kind: 'held'; duplicate: boolean };

/** Parses and matches without storing. `receivedAt`: when the product read it. */
export async function prepareImport(db: Knex, source: Buffer, receivedAt: Date, replyMailbox: string | undefined) {
  const reply = await parseReply(source, receivedAt);
  const match = await matchLead(db, reply, replyMailbox);
  return { reply, match };
}

/** Stores it (`mailbox`: the IMAP account it was read from, part of its key); throws when it could not be stored. */
export async function storeImport(
  db: Knex,
  prepared: Awaited<ReturnType<typeof prepareImport>>,
  mailbox: string,
  /** BUSINESS_TIMEZONE: who is on duty to hear of a reply nobody holds. */
  timeZone: string,
): Promise<ImportOutcome> {
  const { reply, match } = prepared;
  if (match.kind === 'held') return { kind: 'held', ...(await holdEmail(db, mailbox, reply, match.reason)) };
  let duplicate = true;
  for (const { leadId } of match.leads) {
    const stored = await recordInboundMessage(
      db,
      {
        leadId,
        channel: 'email',
        body: reply.body,
        subject: reply.subject,
        from: reply.from ?? '',
        externalId: reply.externalId,
        mailbox,
        receivedAt: reply.receivedAt,
      },
      timeZone,
    );
    duplicate &&= stored.duplicate;
  }
  return { kind: 'stored', leads: match.leads, duplicate };
}
