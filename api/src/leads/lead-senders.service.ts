// Who wrote: the lead of an e-mail sender, for a reply that carries neither its lead's reply address
// nor a Message-ID we sent (mailbox/match-lead.ts).
import { CLOSED_LEAD_STATUSES } from '@shine/shared/enums';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { toLead } from './lead-mapper.ts';

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

/** Every lead with this address (any case), the newest first: a customer's account is all of them. */
export async function findLeadsOfEmail(db: Knex, email: string): Promise<Lead[]> {
  const rows = await db('leads')
    .whereRaw('lower(email) = ?', [email.toLowerCase()])
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select('*');
  return rows.map((row) => toLead({ ...row, assignee_name: null }));
}
