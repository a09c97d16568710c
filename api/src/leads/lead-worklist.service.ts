// The leads' part of My Day (my-day/), and what the other features' parts need of the leads: the
// leads a person holds (as a subquery) and the names, numbers and ZIP codes of leads by id.
import type { Knex } from 'knex';
import {
  endOfBusinessDay,
  type LeadCondition,
  leadIdsAssignedToQuery,
  selectFollowUpsDue,
  selectLeadsToContact,
  selectWorklistLeadsByIds,
  type WorklistLeadRow,
} from './lead-worklist.queries.ts';

export interface WorklistLead {
  id: string;
  name: string;
  email: string;
  phone: string;
  zipcode: string;
  assignee: { id: string; name: string } | null;
  createdAt: Date;
  contactDueAt: Date | null;
  nextFollowUpAt: Date | null;
}

function toWorklistLead(row: WorklistLeadRow): WorklistLead {
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    phone: row.phone,
    zipcode: row.zipcode,
    assignee: row.assigned_to ? { id: row.assigned_to, name: row.assignee_name ?? '' } : null,
    createdAt: new Date(row.created_at),
    contactDueAt: row.contact_due_at ? new Date(row.contact_due_at) : null,
    nextFollowUpAt: row.next_follow_up_at ? new Date(row.next_follow_up_at) : null,
  };
}

export type { LeadCondition };

/**
 * `assignedTo`: the person whose day it is, with the leads nobody holds that one of `alerted` says
 * they were alerted about; null: everyone's.
 */
export async function listLeadsToContact(
  db: Knex,
  assignedTo: string | null,
  limit: number,
  alerted: readonly LeadCondition[] = [],
): Promise<WorklistLead[]> {
  return (await selectLeadsToContact(db, assignedTo, limit, alerted)).map(toWorklistLead);
}

export async function listFollowUpsDue(
  db: Knex,
  assignedTo: string | null,
  clock: { now: Date; timeZone: string },
  limit: number,
): Promise<WorklistLead[]> {
  return (await selectFollowUpsDue(db, assignedTo, clock, limit)).map(toWorklistLead);
}

export async function worklistLeadsByIds(db: Knex, ids: readonly string[]): Promise<Map<string, WorklistLead>> {
  return new Map((await selectWorklistLeadsByIds(db, ids)).map((row) => [row.id, toWorklistLead(row)]));
}

/** For another feature's query: the ids of the leads `userId` holds. */
export function leadIdsAssignedTo(db: Knex, userId: string): Knex.QueryBuilder {
  return leadIdsAssignedToQuery(db, userId);
}

/** The end of the business day of `now` (the next local midnight in `timeZone`), as SQL for another feature's query. */
export function endOfBusinessDayOf(db: Knex, now: Date, timeZone: string): Knex.Raw {
  return endOfBusinessDay(db, now, timeZone);
}
