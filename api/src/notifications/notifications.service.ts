// A person's notifications (docs/decisions.md, "Notifications"): written by the feature where the
// thing happened, in its own transaction, with a live `notification.created` to that person's open
// screens; read through /api/admin/notifications. Who is told is the caller's decision (the leads
// feature knows a lead's assignee and the person on duty).
import { NOTIFICATIONS_LIST_LIMIT, type NotificationKind, type NotificationsRead } from '@shine/shared/notifications';
import type { Notification, NotificationList } from '@shine/shared/responses/notifications';
import type { Knex } from 'knex';
import { publishLiveEvents } from '../live/index.ts';
import {
  countUnreadNotificationRows,
  findUnreadNotificationRow,
  rewriteNotificationRow,
  insertNotificationRows,
  listNotificationRows,
  markNotificationRowsRead,
  type NotificationRow,
  notificationAboutLead,
} from './notifications.queries.ts';

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    leadId: row.lead_id,
    text: row.text,
    at: new Date(row.created_at).toISOString(),
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
  };
}

/** One notification to each of `userIds` (each person once), in the caller's transaction. */
export async function notifyPeople(
  trx: Knex,
  userIds: ReadonlyArray<string | null | undefined>,
  notice: { kind: NotificationKind; leadId: string | null; text: string },
): Promise<void> {
  const people = [...new Set(userIds.filter((id): id is string => typeof id === 'string'))];
  const rows = await insertNotificationRows(
    trx,
    people.map((userId) => ({ user_id: userId, kind: notice.kind, lead_id: notice.leadId, text: notice.text })),
  );
  await publishLiveEvents(
    trx,
    rows.map((row) => ({
      type: 'notification.created' as const,
      userId: row.user_id,
      notificationId: row.id,
      leadId: row.lead_id,
    })),
  );
}

/**
 * One notification of its kind to `userId` while it is unread: when one waits, it takes the new words
 * and comes to the top (as of `now`) instead of another joining it, so a burst of the same happening
 * is one line in the bell. In the caller's transaction, with a live `notification.created`.
 */
export async function notifyPersonOnce(
  trx: Knex,
  userId: string,
  notice: { kind: NotificationKind; leadId: null; text: string },
  now: Date,
): Promise<void> {
  const waiting = await findUnreadNotificationRow(trx, userId, notice.kind);
  if (!waiting) {
    await notifyPeople(trx, [userId], notice);
    return;
  }
  const row = await rewriteNotificationRow(trx, waiting.id, notice.text, now);
  await publishLiveEvents(trx, [
    { type: 'notification.created', userId: row.user_id, notificationId: row.id, leadId: row.lead_id },
  ]);
}

export async function listNotifications(db: Knex, userId: string): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    listNotificationRows(db, userId, NOTIFICATIONS_LIST_LIMIT),
    countUnreadNotificationRows(db, userId),
  ]);
  return { items: rows.map(toNotification), unread };
}

/** How many of the person's notifications are unread (the bell's badge). */
export function countUnreadNotifications(db: Knex, userId: string): Promise<number> {
  return countUnreadNotificationRows(db, userId);
}

/** POST /api/admin/notifications/read: the person's own notifications only; another's id changes nothing. */
export async function markNotificationsRead(
  db: Knex,
  userId: string,
  which: NotificationsRead,
  now: Date,
): Promise<{ marked: number; unread: number }> {
  const marked = await markNotificationRowsRead(db, userId, which, now);
  return { marked, unread: await countUnreadNotificationRows(db, userId) };
}

/** The person acted on the lead (logged an activity, read its replies, moved it): its notifications are read. */
export async function markLeadNotificationsRead(db: Knex, userId: string, leadId: string, now: Date): Promise<void> {
  await markNotificationRowsRead(db, userId, { leadId }, now);
}

/** The kinds that tell the person on duty of a lead nobody holds: its arrival, and its asking again. */
const LEAD_ALERT_KINDS = ['new_lead', 'repeat_request'] as const satisfies readonly NotificationKind[];

/**
 * For My Day (docs/decisions.md, "My Day"): a correlated subquery that holds a row when the bell told
 * `userId` of the lead whose id is `leadId` (SQL) arriving or asking again.
 */
export function leadAlertNotified(db: Knex, userId: string): (leadId: string) => Knex.QueryBuilder {
  return notificationAboutLead(db, userId, LEAD_ALERT_KINDS);
}

/**
 * A notification about a lead to each of `userIds`, folded into the same lead's unread one of the same
 * kind from the last `windowMs`: that one takes the new words and comes to the top (as of `now`), so a
 * customer's burst of changes is one line in the bell, not one per click (docs/security.md, third
 * review, finding 4). In the caller's transaction, with a live `notification.created` either way.
 */
export async function notifyPeopleFolded(
  trx: Knex,
  userIds: ReadonlyArray<string | null | undefined>,
  notice: { kind: NotificationKind; leadId: string; text: string },
  now: Date,
  windowMs: number,
): Promise<void> {
  const people = [...new Set(userIds.filter((id): id is string => typeof id === 'string'))];
  const since = new Date(now.getTime() - windowMs);
  const fresh: string[] = [];
  for (const userId of people) {
    const waiting = await findUnreadNotificationRow(trx, userId, notice.kind, { leadId: notice.leadId, since });
    if (!waiting) {
      fresh.push(userId);
      continue;
    }
    const row = await rewriteNotificationRow(trx, waiting.id, notice.text, now);
    await publishLiveEvents(trx, [
      { type: 'notification.created', userId: row.user_id, notificationId: row.id, leadId: row.lead_id },
    ]);
  }
  await notifyPeople(trx, fresh, notice);
}
