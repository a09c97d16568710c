// Who wrote: the lead of an e-mail sender, for a reply that carries neither its lead's reply address
// nor a Message-ID we sent (mailbox/match-lead.ts).
import { CLOSED_LEAD_STATUSES } from '@shine/shared/enums';
import type { Knex } from 'knex';

/** The newest open lead with this address (any case), else the newest closed one (leads_email_lower_idx); undefined: none. */
export async function findLeadIdBySenderEmail(db: Knex, email: string): Promise<string | undefined> {
  const row = await db('leads')
    .whereRaw('lower(email) = ?', [email.toLowerCase()])
    .orderByRaw(`(status in (${CLOSED_LEAD_STATUSES.map(() => '?').join(', ')})) asc, created_at desc, id desc`, [
      ...CLOSED_LEAD_STATUSES,
    ])
    .first('id');
  return row?.id;
}
