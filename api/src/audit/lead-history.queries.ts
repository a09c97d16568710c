import type { Knex } from 'knex';
import { userNameOf } from '../auth/user-names.service.ts';
import type { AuditLogRow } from '../db/tables.ts';

export type NamedAuditRow = AuditLogRow & { actor_name: string | null };

/** A lead's audit rows with the actor's name, newest first (audit_log_lead_idx). */
export async function listAuditRowsOfLead(db: Knex, leadId: string, limit: number): Promise<NamedAuditRow[]> {
  return (await db('audit_log as a')
    .select('a.*', userNameOf(db, 'a.actor_id').as('actor_name'))
    .where('a.lead_id', leadId)
    .orderBy([
      { column: 'a.at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ])
    .limit(limit)) as NamedAuditRow[];
}
