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
