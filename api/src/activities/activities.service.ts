import type { ActivityCreate } from '@shine/shared/activities';
import { CONTACT_ACTIVITY_TYPES } from '@shine/shared/enums';
import { API_ERRORS } from '@shine/shared/messages';
import type { Activity } from '@shine/shared/types';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { assertLeadExists, lockLead, recordLeadContact } from '../leads/leads.service.ts';
import { toActivity } from './activity-mapper.ts';
import {
  type ActivityCounts,
  countPendingActivities,
  insertActivity,
  listActivityRowsOfLead,
  summarizeActivityRows,
} from './activities.queries.ts';

/**
 * New Activity: `title` is stored as the subject, the author is the signed-in user, a completed one
 * is completed now, and a completed call, e-mail or meeting is the lead's last contact (same
 * transaction, so both happen or neither).
 */
export async function createActivity(db: Knex, userId: string, input: ActivityCreate, now: Date): Promise<Activity> {
  return db.transaction(async (trx) => {
    if (!(await lockLead(trx, input.leadId))) throw new AppError(404, API_ERRORS.leadNotFound);
    const completed = input.status === 'completed';
    const row = await insertActivity(trx, {
      lead_id: input.leadId,
      user_id: userId,
      type: input.type,
      subject: input.title,
      description: input.description ?? null,
      status: input.status,
      scheduled_at: input.scheduledAt ? new Date(input.scheduledAt) : null,
      completed_at: completed ? now : null,
    });
    if (completed && CONTACT_ACTIVITY_TYPES.includes(input.type)) await recordLeadContact(trx, input.leadId, now);
    return toActivity(row);
  });
}

export async function listActivitiesOfLead(db: Knex, leadId: string): Promise<Activity[]> {
  await assertLeadExists(db, leadId);
  return (await listActivityRowsOfLead(db, leadId)).map(toActivity);
}

export function summarizeActivities(db: Knex): Promise<ActivityCounts> {
  return summarizeActivityRows(db);
}

/** Activities still to do (metrics' "Pending Tasks"): every type, status pending. */
export function countPendingTasks(db: Knex): Promise<number> {
  return countPendingActivities(db);
}
