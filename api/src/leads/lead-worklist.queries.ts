// The leads of a person's working day (My Day): new leads not contacted yet, follow-ups due.
import { CLOSED_LEAD_STATUSES } from '@shine/shared/enums';
import type { Knex } from 'knex';
import { userNameOf } from '../auth/index.ts';

export interface WorklistLeadRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  zipcode: string;
  assigned_to: string | null;
  assignee_name: string | null;
  created_at: Date;
  contact_due_at: Date | null;
  next_follow_up_at: Date | null;
}

const COLUMNS = [
  'leads.id',
  'leads.first_name',
  'leads.last_name',
  'leads.email',
  'leads.phone',
  'leads.zipcode',
  'leads.assigned_to',
  'leads.created_at',
  'leads.contact_due_at',
  'leads.next_follow_up_at',
];

function worklistQuery(db: Knex, assignedTo: string | null): Knex.QueryBuilder {
  const query = db('leads').select(...COLUMNS, userNameOf(db, 'leads.assigned_to').as('assignee_name'));
  if (assignedTo !== null) query.where('leads.assigned_to', assignedTo);
  return query;
}

/** The end of the business day of `now` in `timeZone` (the next local midnight), as SQL. */
export function endOfBusinessDay(db: Knex, now: Date, timeZone: string): Knex.Raw {
  return db.raw("(date_trunc('day', ?::timestamptz at time zone ?) + interval '1 day') at time zone ?", [
    now.toISOString(),
    timeZone,
    timeZone,
  ]);
}

/**
 * A correlated subquery about the lead whose id is the SQL expression it is given: it holds a row when
 * the condition is true of that lead (another feature's, such as "an alert about it reached me").
 */
export type LeadCondition = (leadId: string) => Knex.QueryBuilder;

/**
 * New and never contacted, oldest first (the longest wait is the most urgent). `assignedTo` null:
 * anyone's; a person: theirs, and the leads nobody holds for which one of `alerted` is true (the
 * alerts that reached them).
 */
export async function selectLeadsToContact(
  db: Knex,
  assignedTo: string | null,
  limit: number,
  alerted: readonly LeadCondition[] = [],
): Promise<WorklistLeadRow[]> {
  const query = worklistQuery(db, null).where('leads.status', 'New').whereNull('leads.first_contacted_at');
  if (assignedTo !== null) {
    query.where((whose) => {
      whose.where('leads.assigned_to', assignedTo);
      if (alerted.length === 0) return;
      whose.orWhere((unheld) =>
        unheld.whereNull('leads.assigned_to').where((told) => {
          for (const condition of alerted) told.orWhereExists(condition('leads.id'));
        }),
      );
    });
  }
  return (await query
    .orderBy([{ column: 'leads.created_at' }, { column: 'leads.id' }])
    .limit(limit)) as WorklistLeadRow[];
}

/** Open leads whose follow-up falls before the end of today, earliest first. */
export async function selectFollowUpsDue(
  db: Knex,
  assignedTo: string | null,
  clock: { now: Date; timeZone: string },
  limit: number,
): Promise<WorklistLeadRow[]> {
  return (await worklistQuery(db, assignedTo)
    .where('leads.next_follow_up_at', '<', endOfBusinessDay(db, clock.now, clock.timeZone))
    .whereNotIn('leads.status', CLOSED_LEAD_STATUSES)
    .orderBy([{ column: 'leads.next_follow_up_at' }, { column: 'leads.id' }])
    .limit(limit)) as WorklistLeadRow[];
}

export async function selectWorklistLeadsByIds(db: Knex, ids: readonly string[]): Promise<WorklistLeadRow[]> {
  if (ids.length === 0) return [];
  return (await worklistQuery(db, null).whereIn('leads.id', [...new Set(ids)])) as WorklistLeadRow[];
}

/** The ids of the leads `userId` holds, as a subquery for another feature's list. */
export function leadIdsAssignedToQuery(db: Knex, userId: string): Knex.QueryBuilder {
  return db('leads').select('id').where('assigned_to', userId);
}
