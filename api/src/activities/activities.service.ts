import type { ActivityCreate } from '@shine/shared/activities';
import { type ActivityType, CONTACT_ACTIVITY_TYPES } from '@shine/shared/enums';
import { API_ERRORS } from '@shine/shared/messages';
import type { Activity } from '@shine/shared/types';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { assertLeadExists, lockLead, recordLeadContact, recordStaffActivityOnLead } from '../leads/leads.service.ts';
import { toActivity } from './activity-mapper.ts';
import {
  type ActivityCounts,
  countPendingActivities,
  insertActivity,
  findLatestOverdueTaskDue,
  measureOverdueTaskRows,
  listActivityRowsOfLead,
  summarizeActivityRows,
} from './activities.queries.ts';

/**
 * New Activity: `title` is stored as the subject, the author is the signed-in user, a completed one
 * is completed now, and a completed call, e-mail or meeting is the lead's last contact (same
 * transaction, so both happen or neither). `lockLeadFor` locks the lead first (false: no such lead).
 */
function insertActivityOfLead(
  db: Knex,
  lockLeadFor: (trx: Knex.Transaction) => Promise<boolean>,
  userId: string,
  input: ActivityCreate,
  now: Date,
): Promise<Activity> {
  return db.transaction(async (trx) => {
    if (!(await lockLeadFor(trx))) throw new AppError(404, API_ERRORS.leadNotFound);
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

/** An activity on behalf of `userId` that does not count as the lead's first staff contact. */
export function createActivity(db: Knex, userId: string, input: ActivityCreate, now: Date): Promise<Activity> {
  return insertActivityOfLead(db, (trx) => lockLead(trx, input.leadId), userId, input, now);
}

/**
 * POST /api/admin/activities, a staff member's activity: as createActivity, and the lead's first one
 * stops its speed-to-lead clock (business minutes in `timeZone`). Activities the system records
 * (createActivity, recordSystemActivity) never count as first contact.
 */
export function createStaffActivity(
  db: Knex,
  userId: string,
  input: ActivityCreate,
  now: Date,
  timeZone: string,
): Promise<Activity> {
  const lockLeadFor = (trx: Knex.Transaction) => recordStaffActivityOnLead(trx, input.leadId, now, timeZone);
  return insertActivityOfLead(db, lockLeadFor, userId, input, now);
}

/** A completed activity the product records by itself (e.g. a repeat request), in the caller's transaction. */
export async function recordSystemActivity(
  db: Knex,
  activity: { leadId: string; userId: string; type: ActivityType; subject: string; description: string },
  now: Date,
): Promise<Activity> {
  const row = await insertActivity(db, {
    lead_id: activity.leadId,
    user_id: activity.userId,
    type: activity.type,
    subject: activity.subject,
    description: activity.description,
    status: 'completed',
    scheduled_at: null,
    completed_at: now,
  });
  return toActivity(row);
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

/** Tasks still pending after their due time (e.g. an automation's follow-up reminder). */
export function measureOverdueTasks(db: Knex, now: Date): Promise<{ count: number; latestDue: Date | null }> {
  return measureOverdueTaskRows(db, now);
}

/** When the latest overdue task fell due; cheap enough for every poll's ETag. */
export function findLatestOverdueTask(db: Knex, now: Date): Promise<Date | null> {
  return findLatestOverdueTaskDue(db, now);
}
