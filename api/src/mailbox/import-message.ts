// One message of the mailbox onto its lead: parsed, matched (match-lead.ts), stored through the
// conversation store, which keeps one row per Message-ID however often it is offered.
import type { Knex } from 'knex';
import { recordInboundMessage } from '../conversations/conversations.service.ts';
import { type LeadMatch, matchLead } from './match-lead.ts';
import { parseReply } from './parse-reply.ts';

export type ImportOutcome =
  | { kind: 'stored'; match: LeadMatch; duplicate: boolean }
  /** Names no lead: left for staff in the mailbox (docs/decisions.md, "Replies by e-mail"). */
  | { kind: 'unmatched' };

/** Parses and matches without storing: what the importer decides before it claims the message. */
export async function prepareImport(db: Knex, source: Buffer, arrivedAt: Date, replyMailbox: string | undefined) {
  const reply = await parseReply(source, arrivedAt);
  const match = await matchLead(db, reply, replyMailbox);
  return { reply, match };
}

export async function storeImport(
  db: Knex,
  prepared: Awaited<ReturnType<typeof prepareImport>>,
): Promise<ImportOutcome> {
  const { reply, match } = prepared;
  if (!match) return { kind: 'unmatched' };
  const stored = await recordInboundMessage(db, {
    leadId: match.leadId,
    channel: 'email',
    body: reply.body,
    subject: reply.subject,
    from: reply.from ?? '',
    externalId: reply.externalId,
    receivedAt: reply.receivedAt,
  });
  return { kind: 'stored', match, duplicate: stored.duplicate };
}
