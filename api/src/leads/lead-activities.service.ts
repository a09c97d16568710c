// A staff member's activity on a lead (POST /api/admin/activities) and a lead's timeline. Logging a
// call, e-mail or meeting changes the lead itself (its first contact, which stops the speed-to-lead
// clock, and its last contact), so the use case is the lead's; the activities feature stores the entry.
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityCreate,
  type ActivityListQuery,
  type ActivityUpdate,
  defaultActivityStatus,
} from '@shine/shared/activities';
import { businessMinutesBetween } from '@shine/shared/business-time';
import { CONTACT_ACTIVITY_TYPES } from '@shine/shared/enums';
import { API_ERRORS } from '@shine/shared/messages';
import type { ActivityList } from '@shine/shared/responses/activities';
import type { Activity } from '@shine/shared/types';
import type { Knex } from 'knex';
import {
  addActivity,
  changeActivity,
  findActivity,
  listActivitiesByStatus,
  listActivitiesOfLead,
} from '../activities/index.ts';
import { AppError } from '../http/app-error.ts';
import { markLeadNotificationsRead } from '../notifications/index.ts';
import { lockLeadForContact, setFirstContact } from './lead-intake.queries.ts';
import { markLeadContacted } from './leads.queries.ts';
import { worklistLeadsByIds } from './lead-worklist.service.ts';
import { assertLeadExists } from './leads.service.ts';

/**
 * New Activity by `userId`, in one transaction: the lead is locked (serialising a lead's activities),
 * its first one records the first contact and the business minutes it took (in `timeZone`), `title`
 * is stored as the subject, a completed one is completed now, and a completed call, e-mail or meeting
 * is the lead's last contact. Activities the system records (repeat-request notes, automations) never
 * count as first contact.
 */
export function createStaffActivity(
  db: Knex,
  userId: string,
  input: ActivityCreate,
  now: Date,
  timeZone: string,
): Promise<Activity> {
  return db.transaction((trx) => logStaffActivity(trx, userId, input, now, timeZone));
}

/** createStaffActivity inside the caller's transaction (a call logged with its follow-up and status). */
export async function logStaffActivity(
  trx: Knex.Transaction,
  userId: string,
  input: ActivityCreate,
  now: Date,
  timeZone: string,
): Promise<Activity> {
  {
    const lead = await lockLeadForContact(trx, input.leadId);
    if (!lead) throw new AppError(404, API_ERRORS.leadNotFound);
    if (lead.first_contacted_at === null) {
      const minutes = businessMinutesBetween(new Date(lead.created_at), now, timeZone);
      await setFirstContact(trx, input.leadId, now, minutes);
    }
    const status = input.status ?? defaultActivityStatus(input.type, input.scheduledAt, now);
    const completed = status === 'completed';
    const activity = await addActivity(trx, {
      leadId: input.leadId,
      userId,
      type: input.type,
      subject: input.title,
      description: input.description ?? null,
      status,
      scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
      completedAt: completed ? now : null,
      outcome: input.outcome ?? null,
    });
    if (completed && CONTACT_ACTIVITY_TYPES.includes(input.type)) await markLeadContacted(trx, input.leadId, now);
    // Logging something on the lead is acting on it: what the person was told about it has been seen.
    await markLeadNotificationsRead(trx, userId, input.leadId, now);
    return activity;
  }
}

/** A lead's timeline, newest first; 404 for an unknown lead. */
export async function listLeadActivities(db: Knex, leadId: string): Promise<Activity[]> {
  await assertLeadExists(db, leadId);
  return listActivitiesOfLead(db, leadId);
}

/** GET /api/admin/activities?status=: a page of every lead's activities of the status, with the leads' names. */
export async function listActivitiesWithLeads(db: Knex, query: ActivityListQuery): Promise<ActivityList> {
  const pageSize = ACTIVITY_PAGE_SIZE;
  const { items, total } = await listActivitiesByStatus(db, query.status, {
    limit: pageSize,
    offset: (query.page - 1) * pageSize,
  });
  const leads = await worklistLeadsByIds(
    db,
    items.map((activity) => activity.leadId),
  );
  return {
    items: items.map((activity) => ({ ...activity, leadName: leads.get(activity.leadId)?.name ?? '' })),
    total,
    page: query.page,
    pageSize,
  };
}

/**
 * PATCH /api/admin/activities/{id} by `userId`: a task done or moved (My Day). A call, e-mail or
 * meeting completed now is the lead's last contact, as when it is logged; acting on it reads the
 * person's notifications of the lead. 404 for an unknown activity.
 */
export function updateStaffActivity(
  db: Knex,
  userId: string,
  id: string,
  update: ActivityUpdate,
  now: Date,
): Promise<Activity> {
  return db.transaction(async (trx) => {
    const activity = await findActivity(trx, id);
    if (!activity) throw new AppError(404, API_ERRORS.activityNotFound);
    const changed = await changeActivity(
      trx,
      activity,
      {
        status: update.status,
        scheduledAt:
          update.scheduledAt === undefined
            ? undefined
            : update.scheduledAt === null
              ? null
              : new Date(update.scheduledAt),
      },
      now,
    );
    if (
      activity.status !== 'completed' &&
      changed.status === 'completed' &&
      CONTACT_ACTIVITY_TYPES.includes(changed.type)
    ) {
      await markLeadContacted(trx, changed.leadId, now);
    }
    await markLeadNotificationsRead(trx, userId, changed.leadId, now);
    return changed;
  });
}
