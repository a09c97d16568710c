// Who wrote: the lead of an e-mail sender, for a reply that carries neither its lead's reply address
// nor a Message-ID we sent (mailbox/match-lead.ts).
import type { Knex } from 'knex';
import { findLeadIdRowByEmail } from './lead-senders.queries.ts';

/** The newest open lead with this address (any case), else the newest closed one; undefined: none. */
export function findLeadIdBySenderEmail(db: Knex, email: string): Promise<string | undefined> {
  return findLeadIdRowByEmail(db, email);
}
