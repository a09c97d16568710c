// Which lead a reply belongs to, by proof the product gave out and nothing a sender can write: the
// reply address's token (it names the lead and nothing else), else a Message-ID of an e-mail we sent
// to the lead that it answers (In-Reply-To, References). A From: line proves nothing (anyone can
// write any address there), so a message with neither is held for staff (unmatched-emails.service.ts)
// with the reason, never filed on the lead of its sender's address.
import type { Knex } from 'knex';
import { findLeadIdOfSentEmail } from '../automations/index.ts';
import { findLeadIdOfSentManualEmail } from '../conversations/index.ts';
import type { ParsedReply } from './parse-reply.ts';
import { replyTokensIn } from './reply-address.ts';
import { findLeadIdOfLeadSentEmail, findLeadIdOfReplyToken } from './reply-tokens.queries.ts';

export type MatchedBy = 'reply-address' | 'thread';

export interface LeadMatch {
  leadId: string;
  by: MatchedBy;
}

export type MatchResult = { kind: 'matched'; leads: LeadMatch[] } | { kind: 'held'; reason: string };

export const HELD_REASONS = {
  unknownToken: 'Its reply address names no lead (a deleted lead, or an address we never gave out).',
  unknownThread: 'It answers no e-mail we sent (In-Reply-To and References name none of ours).',
  noProof: 'It has no reply address of a lead and answers no e-mail we sent; the From: line alone proves nothing.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id an e-mail of ours was sent under: its Message-ID is `<{id}@{our domain}>`. */
function idOfMessageId(messageId: string): string | undefined {
  const local = /^<([^@<>]+)@[^<>]+>$/.exec(messageId.trim())?.[1];
  return local && UUID.test(local) ? local.toLowerCase() : undefined;
}

/** The lead an e-mail of ours went to, from its Message-ID: an automated one, one sent by hand, a quote. */
async function findLeadIdOfOurMessageId(db: Knex, messageId: string): Promise<string | undefined> {
  const id = idOfMessageId(messageId);
  if (!id) return undefined;
  return (
    (await findLeadIdOfSentEmail(db, messageId)) ??
    (await findLeadIdOfSentManualEmail(db, id)) ??
    (await findLeadIdOfLeadSentEmail(db, id))
  );
}

/**
 * Every lead whose reply address the message carries (one message to two leads' addresses is filed on
 * both); else the lead of the newest e-mail of ours it answers; else held, with the reason.
 */
export async function matchLead(
  db: Knex,
  reply: Pick<ParsedReply, 'recipients' | 'answers'>,
  replyMailbox: string | undefined,
): Promise<MatchResult> {
  const tokens = replyMailbox ? [...new Set(replyTokensIn(reply.recipients, replyMailbox))] : [];
  const byToken: LeadMatch[] = [];
  for (const token of tokens) {
    const leadId = await findLeadIdOfReplyToken(db, token);
    if (leadId && !byToken.some((match) => match.leadId === leadId)) byToken.push({ leadId, by: 'reply-address' });
  }
  if (byToken.length > 0) return { kind: 'matched', leads: byToken };
  for (const messageId of reply.answers) {
    const leadId = await findLeadIdOfOurMessageId(db, messageId);
    if (leadId) return { kind: 'matched', leads: [{ leadId, by: 'thread' }] };
  }
  const reasons = [
    ...(tokens.length > 0 ? [HELD_REASONS.unknownToken] : []),
    ...(reply.answers.length > 0 ? [HELD_REASONS.unknownThread] : []),
  ];
  return { kind: 'held', reason: reasons.length > 0 ? reasons.join(' ') : HELD_REASONS.noProof };
}
