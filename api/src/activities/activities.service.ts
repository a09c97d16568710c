// The activities table: every feature that writes a lead's timeline or counts tasks comes here.
// What an activity does to its lead (first and last contact) is the lead's (leads/lead-activities.service.ts).
import type { ActivityStatus, ActivityType, CallOutcome } from '@shine/shared/enums';
import type { Activity, ActivitySummary } from '@shine/shared/types';
import type { Knex } from 'knex';
import { toActivity } from './activity-mapper.ts';
import {
  listActivityRowsByStatus,
  countPendingActivities,
  findActivityRow,
  listTasksDueRows,
  updateActivityRow,
  findLatestOverdueTaskDue,
  insertActivity,
  latestActivityPerLead,
  listActivityRowsOfLead,
  measureOverdueTaskRows,
  staffActivityOnLead,
  summarizeActivityRows,
} from './activities.queries.ts';
import { findSystemUserId } from '../auth/index.ts';
import { publishLiveEvent } from '../live/index.ts';

export interface NewActivity {
  leadId: string;
  userId: string;
  type: ActivityType;
  subject: string;
  description: string | null;
  status: ActivityStatus;
  scheduledAt: Date | null;
  completedAt: Date | null;
  /** Calls only. */
  outcome?: CallOutcome | null;
}

/** Stores an activity as given (in the caller's transaction when `db` is one); the live stream hears of it at the commit. */
export async function addActivity(db: Knex, activity: NewActivity): Promise<Activity> {
  const row = await insertActivity(db, {
    lead_id: activity.leadId,
    user_id: activity.userId,
    type: activity.type,
    subject: activity.subject,
    description: activity.description,
    status: activity.status,
    scheduled_at: activity.scheduledAt,
    completed_at: activity.completedAt,
    outcome: activity.outcome ?? null,
  });
  await publishLiveEvent(db, { type: 'activity.created', leadId: row.lead_id, activityId: row.id });
  return toActivity(row);
}

/** A completed activity the product records by itself (e.g. a repeat request), in the caller's transaction. */
export function recordSystemActivity(
  db: Knex,
  activity: { leadId: string; userId: string; type: ActivityType; subject: string; description: string },
  now: Date,
): Promise<Activity> {
  return addActivity(db, { ...activity, status: 'completed', scheduledAt: null, completedAt: now });
}

/** A lead's activities, newest first (the caller knows the lead exists). */
export async function listActivitiesOfLead(db: Knex, leadId: string): Promise<Activity[]> {
  return (await listActivityRowsOfLead(db, leadId)).map(toActivity);
}

/** The Activity Summary: what people logged, and apart from it the product's own entries. */
export async function summarizeActivities(db: Knex): Promise<ActivitySummary> {
  return summarizeActivityRows(db, await findSystemUserId(db));
}

/** A page of every lead's activities of `status` (pending: what metrics' "Pending Tasks" counts), and their total. */
export async function listActivitiesByStatus(
  db: Knex,
  status: ActivityStatus,
  page: { limit: number; offset: number },
): Promise<{ items: Activity[]; total: number }> {
  const { rows, total } = await listActivityRowsByStatus(db, status, page);
  return { items: rows.map(toActivity), total };
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

/** For another feature's query: a subquery of (lead_id, last_at), each lead's latest activity. */
export function latestActivityByLead(db: Knex): Knex.QueryBuilder {
  return latestActivityPerLead(db);
}

/** For another feature's query: the activities a person logged on the lead whose id is `leadId` (SQL). */
export function staffActivityOf(db: Knex, leadId: string, systemUserId: string): Knex.QueryBuilder {
  return staffActivityOnLead(db, leadId, systemUserId);
}

/** Pending tasks due before `until` (SQL); `scope`: those on the leads of a subquery or logged by a person. */
export async function listTasksDue(
  db: Knex,
  until: Knex.Raw,
  scope: { leadIds: Knex.QueryBuilder; authorId: string } | undefined,
  limit: number,
): Promise<Activity[]> {
  return (await listTasksDueRows(db, until, scope, limit)).map(toActivity);
}

export async function findActivity(db: Knex, id: string): Promise<Activity | undefined> {
  const row = await findActivityRow(db, id);
  return row ? toActivity(row) : undefined;
}

/**
 * An activity's status or due time changed (in the caller's transaction): completed now when it
 * becomes completed, no longer completed otherwise; the live stream hears of it at the commit.
 */
export async function changeActivity(
  db: Knex,
  activity: Activity,
  changes: { status?: ActivityStatus; scheduledAt?: Date | null },
  now: Date,
): Promise<Activity> {
  const row: Parameters<typeof updateActivityRow>[2] = {};
  if (changes.scheduledAt !== undefined) row.scheduled_at = changes.scheduledAt;
  if (changes.status !== undefined && changes.status !== activity.status) {
    row.status = changes.status;
    row.completed_at = changes.status === 'completed' ? now : null;
  }
  if (Object.keys(row).length > 0) {
    await updateActivityRow(db, activity.id, row);
    await publishLiveEvent(db, { type: 'activity.updated', leadId: activity.leadId, activityId: activity.id });
  }
  return (await findActivity(db, activity.id)) as Activity;
}
