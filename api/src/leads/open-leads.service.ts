// How many open leads each person holds, for the Team section. app.ts hands this to auth, which may
// not import leads (leads already imports auth).
import { CLOSED_LEAD_STATUSES } from '@shine/shared/enums';
import type { Knex } from 'knex';

/** Open (not Won or Lost) leads per assignee id; people with none are absent. */
export async function openLeadCountsByAssignee(db: Knex): Promise<Map<string, number>> {
  const rows: Array<{ assigned_to: string; count: number | string }> = await db('leads')
    .whereNotNull('assigned_to')
    .whereNotIn('status', CLOSED_LEAD_STATUSES)
    .groupBy('assigned_to')
    .select('assigned_to', db.raw('count(*)::int as count'));
  return new Map(rows.map((row) => [row.assigned_to, Number(row.count)]));
}
