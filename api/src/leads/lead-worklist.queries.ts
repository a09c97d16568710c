// The leads of a person's working day (My Day): new leads not contacted yet, follow-ups due.
import { CLOSED_LEAD_STATUSES } from '@shine/shared/enums';
import type { Knex } from 'knex';
import { userNameOf } from '../auth/user-names.service.ts';

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

/** New and never contacted, oldest first (the longest wait is the most urgent). `assignedTo` null: anyone's. */
export async function selectLeadsToContact(
  db: Knex,
  assignedTo: string | null,
  limit: number,
): Promise<WorklistLeadRow[]> {
  return (await worklistQuery(db, assignedTo)
    .where('leads.status', 'New')
    .whereNull('leads.first_contacted_at')
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
