// For the mailbox: which lead an e-mail of ours went to, from the Message-ID a reply answers
// (In-Reply-To, References). Automated e-mails carry their outbox row's id in it (delivery/transports.ts).
import type { Knex } from 'knex';
import { outboxIdOfMessageId } from './delivery/transports.ts';
import { findLeadIdOfEmailMessage } from './runs.queries.ts';

export async function findLeadIdOfSentEmail(db: Knex, messageId: string): Promise<string | undefined> {
  const outboxId = outboxIdOfMessageId(messageId);
  return outboxId ? findLeadIdOfEmailMessage(db, outboxId) : undefined;
}
