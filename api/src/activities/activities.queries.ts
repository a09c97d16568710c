import { ACTIVITY_STATUSES, ACTIVITY_TYPES } from '@shine/shared/enums';
import type { Knex } from 'knex';
import type { ActivitySummary } from '@shine/shared/types';
import { userNameOf } from '../auth/index.ts';
import type { ActivityRow } from '../db/tables.ts';

/** An activity with its author's display name (the auth feature's userNameOf), as answers show it. */
export type NamedActivityRow = ActivityRow & { author_name: string | null };

const authorName = (db: Knex) => userNameOf(db, 'activities.user_id').as('author_name');

export type NewActivityRow = Pick<
  ActivityRow,
  'lead_id' | 'user_id' | 'type' | 'subject' | 'description' | 'status' | 'scheduled_at' | 'completed_at'
> &
  Partial<Pick<ActivityRow, 'outcome'>>;

export async function insertActivity(db: Knex, activity: NewActivityRow): Promise<NamedActivityRow> {
  const [row] = await db('activities')
    .insert(activity)
    .returning<NamedActivityRow[]>(['*', db.raw('? as author_name', [userNameOf(db, 'activities.user_id')])]);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A lead's activities, newest first. */
export async function listActivityRowsOfLead(db: Knex, leadId: string): Promise<NamedActivityRow[]> {
  return (await db('activities')
    .select('activities.*', authorName(db))
    .where({ lead_id: leadId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])) as NamedActivityRow[];
}

/** Each lead's latest activity, as a subquery of (lead_id, last_at). */
export function latestActivityPerLead(db: Knex): Knex.QueryBuilder {
  return db('activities').select('lead_id').max({ last_at: 'created_at' }).groupBy('lead_id');
}

export async function countPendingActivities(db: Knex): Promise<number> {
  const row = (await db('activities').where({ status: 'pending' }).first(db.raw('count(*)::int as count'))) as
    | { count: number }
    | undefined;
  return Number(row?.count ?? 0);
}

/**
 * Pending tasks whose due time (scheduledAt) has passed, and the latest such due time (it changes
 * when another task falls due, which is what the metrics' ETag needs).
 */
export async function measureOverdueTaskRows(db: Knex, now: Date): Promise<{ count: number; latestDue: Date | null }> {
  const row = (await db('activities')
    .where({ status: 'pending', type: 'task' })
    .where('scheduled_at', '<', now)
    .first(db.raw('count(*)::int as count'), db.raw('max(scheduled_at) as latest'))) as
    | { count: number; latest: Date | string | null }
    | undefined;
  return { count: Number(row?.count ?? 0), latestDue: row?.latest ? new Date(row.latest) : null };
}

/** When the latest overdue task fell due (the metrics ETag): one probe of the pending-tasks index. */
export async function findLatestOverdueTaskDue(db: Knex, now: Date): Promise<Date | null> {
  const row = (await db('activities')
    .where({ status: 'pending', type: 'task' })
    .where('scheduled_at', '<', now)
    .first(db.raw('max(scheduled_at) as latest'))) as { latest: Date | string | null } | undefined;
  return row?.latest ? new Date(row.latest) : null;
}

/**
 * Counts per type and per status of the activities people logged, in one pass (grouping sets); every
 * value present, zero included. The product's own entries (`systemUserId`'s) are counted apart.
 */
export async function summarizeActivityRows(db: Knex, systemUserId: string | undefined): Promise<ActivitySummary> {
  const result = await db.raw<{
    rows: Array<{ type: string | null; status: string | null; count: number; automatic: number }>;
  }>(
    `select type, status,
            count(*) filter (where user_id is distinct from ?::uuid)::int as count,
            count(*) filter (where user_id = ?::uuid)::int as automatic
       from activities group by grouping sets ((type), (status), ())`,
    [systemUserId ?? null, systemUserId ?? null],
  );
  const byType = Object.fromEntries(ACTIVITY_TYPES.map((type) => [type, 0])) as ActivitySummary['byType'];
  const byStatus = Object.fromEntries(ACTIVITY_STATUSES.map((status) => [status, 0])) as ActivitySummary['byStatus'];
  let total = 0;
  let automatic = 0;
  for (const row of result.rows) {
    const count = Number(row.count);
    if (row.type !== null) byType[row.type as keyof typeof byType] = count;
    else if (row.status !== null) byStatus[row.status as keyof typeof byStatus] = count;
    else {
      total = count;
      automatic = Number(row.automatic);
    }
  }
  return { total, byType, byStatus, automatic };
}

/** Activities on the lead whose id is `leadId` (SQL) logged by a person, not by the product (`systemUserId`). */
export function staffActivityOnLead(db: Knex, leadId: string, systemUserId: string): Knex.QueryBuilder {
  return db('activities as sa').whereRaw(`sa.lead_id = ${leadId}`).whereNot('sa.user_id', systemUserId);
}

/**
 * Pending tasks due before `until` (SQL), or with no due time, earliest first. `scope`: the tasks on
 * the leads of a subquery or logged by a person; absent: everyone's.
 */
export async function listTasksDueRows(
  db: Knex,
  until: Knex.Raw,
  scope: { leadIds: Knex.QueryBuilder; authorId: string } | undefined,
  limit: number,
): Promise<NamedActivityRow[]> {
  const query = db('activities')
    .select('activities.*', authorName(db))
    .where('activities.type', 'task')
    .where('activities.status', 'pending')
    .where((due) => due.whereNull('activities.scheduled_at').orWhere('activities.scheduled_at', '<', until));
  if (scope) {
    query.where((mine) =>
      mine.whereIn('activities.lead_id', scope.leadIds).orWhere('activities.user_id', scope.authorId),
    );
  }
  return (await query
    .orderByRaw('activities.scheduled_at asc nulls last, activities.created_at asc, activities.id asc')
    .limit(limit)) as NamedActivityRow[];
}

export async function findActivityRow(db: Knex, id: string): Promise<NamedActivityRow | undefined> {
  return (await db('activities').select('activities.*', authorName(db)).where('activities.id', id).first()) as
    | NamedActivityRow
    | undefined;
}

export async function updateActivityRow(
  db: Knex,
  id: string,
  changes: Partial<Pick<ActivityRow, 'status' | 'scheduled_at' | 'completed_at'>>,
): Promise<void> {
  await db('activities').where({ id }).update(changes);
}

/** A page of every lead's activities of `status`, earliest due first (no due time last), and how many there are. */
export async function listActivityRowsByStatus(
  db: Knex,
  status: ActivityRow['status'],
  page: { limit: number; offset: number },
): Promise<{ rows: NamedActivityRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db('activities')
      .select('activities.*', authorName(db))
      .where('activities.status', status)
      .orderByRaw('activities.scheduled_at asc nulls last, activities.created_at asc, activities.id asc')
      .limit(page.limit)
      .offset(page.offset) as Promise<NamedActivityRow[]>,
    db('activities').where({ status }).first(db.raw('count(*)::int as count')) as Promise<
      { count: number } | undefined
    >,
  ]);
  return { rows, total: Number(count?.count ?? 0) };
}
