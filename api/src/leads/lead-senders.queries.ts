import { CLOSED_LEAD_STATUSES } from '@shine/shared/enums';
import type { Knex } from 'knex';

/** The lead an e-mail from `email` belongs to: the newest open one, else the newest (leads_email_lower_idx). */
export async function findLeadIdRowByEmail(db: Knex, email: string): Promise<string | undefined> {
  const row = await db('leads')
    .whereRaw('lower(email) = ?', [email.toLowerCase()])
    .orderByRaw(`(status in (${CLOSED_LEAD_STATUSES.map(() => '?').join(', ')})) asc, created_at desc, id desc`, [
      ...CLOSED_LEAD_STATUSES,
    ])
    .first('id');
  return row?.id;
}
