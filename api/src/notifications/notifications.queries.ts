// The notifications table (migration 20251205120100): this feature's alone.
import type { NotificationKind } from '@shine/shared/notifications';
import type { Knex } from 'knex';

export interface NotificationRow {
  id: string;
  user_id: string;
  kind: NotificationKind;
  lead_id: string | null;
  text: string;
  created_at: Date;
  read_at: Date | null;
}

export type NewNotificationRow = Pick<NotificationRow, 'user_id' | 'kind' | 'lead_id' | 'text'>;

export async function insertNotificationRows(
  trx: Knex,
  rows: readonly NewNotificationRow[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return (await trx('notifications').insert(rows).returning('*')) as NotificationRow[];
}

export async function listNotificationRows(db: Knex, userId: string, limit: number): Promise<NotificationRow[]> {
  return (await db('notifications')
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)) as NotificationRow[];
}

export async function countUnreadNotificationRows(db: Knex, userId: string): Promise<number> {
  const row = (await db('notifications')
    .where({ user_id: userId })
    .whereNull('read_at')
    .first(db.raw('count(*)::int as count'))) as { count: number } | undefined;
  return Number(row?.count ?? 0);
}

/** Marks the person's unread notifications read: those of `ids`, or all; answers how many changed. */
export async function markNotificationRowsRead(
  db: Knex,
  userId: string,
  which: { ids: readonly string[] } | { all: true } | { leadId: string },
  now: Date,
): Promise<number> {
  const query = db('notifications').where({ user_id: userId }).whereNull('read_at');
  if ('ids' in which) query.whereIn('id', which.ids);
  if ('leadId' in which) query.where({ lead_id: which.leadId });
  return Number(await query.update({ read_at: now }));
}

/** A notification of one of `kinds` about the lead whose id is `leadId` (SQL) went to `userId` (notifications_lead_alert_idx). */
export function notificationAboutLead(
  db: Knex,
  userId: string,
  kinds: readonly NotificationKind[],
): (leadId: string) => Knex.QueryBuilder {
  return (leadId) =>
    db('notifications as told')
      .whereRaw(`told.lead_id = ${leadId}`)
      .where('told.user_id', userId)
      .whereIn('told.kind', kinds);
}

/** The person's unread notification of `kind`, the newest. */
export async function findUnreadNotificationRow(
  db: Knex,
  userId: string,
  kind: NotificationKind,
  of: { leadId?: string; since?: Date } = {},
): Promise<NotificationRow | undefined> {
  return (await db('notifications')
    .where({ user_id: userId, kind })
    .modify((query) => {
      if (of.leadId) query.where({ lead_id: of.leadId });
      if (of.since) query.where('created_at', '>=', of.since);
    })
    .whereNull('read_at')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first()) as NotificationRow | undefined;
}

/** Gives an unread notification new words and brings it to the top of the list, as of `at`. */
export async function rewriteNotificationRow(db: Knex, id: string, text: string, at: Date): Promise<NotificationRow> {
  const [row] = (await db('notifications')
    .where({ id })
    .update({ text, created_at: at })
    .returning('*')) as NotificationRow[];
  if (!row) throw new Error('the notification to rewrite disappeared inside its transaction');
  return row;
}
