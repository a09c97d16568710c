// The CRM lead table's reads (docs/requirements.md#lead-list): a page by number or by cursor, and its
// total. Every sort has an index of its own shape, (key, id) covering the list's equality filters
// (migration 20251202120000_lead_sort_indexes), so that
// - a page by number skips its OFFSET inside that index (a deferred join: the subquery picks the
//   page's ids from the index alone, then only those rows are read from the table);
// - a page by cursor starts at its key: `(key, id) > (cursor key, cursor id)` is an index condition.
import { LEAD_PRIORITIES, LEAD_STATUSES } from '@shine/shared/enums';
import type { LeadListQuery, LeadSortField } from '@shine/shared/leads';
import type { Knex } from 'knex';
import { userNameOf } from '../auth/user-names.service.ts';
import { sqlStringList } from '../db/sql-text.ts';
import type { LeadCursor, SortKeyKind } from './lead-cursor.ts';
import { applyLeadFilter, type Resolved, type ResolvedLeadFilter } from './lead-filter.ts';
import type { NamedLeadRow } from './lead-mapper.ts';
import { samePhoneLeadsOf } from './leads.queries.ts';

/**
 * Sort keys. Status and priority sort in pipeline order rather than alphabetically, an absent
 * estimate sorts as the 250 it is shown as, and an absent follow-up as 'infinity' (last going up,
 * first going down, as NULL would, but comparable in a cursor). `cast`: the key's type, for the
 * cursor's text on its way back into SQL.
 */
export const LEAD_SORTS: Record<LeadSortField, { expression: string; kind: SortKeyKind; cast: string }> = {
  lastRequestAt: { expression: 'last_request_at', kind: 'time', cast: 'timestamptz' },
  createdAt: { expression: 'created_at', kind: 'time', cast: 'timestamptz' },
  updatedAt: { expression: 'updated_at', kind: 'time', cast: 'timestamptz' },
  firstName: { expression: 'first_name', kind: 'text', cast: 'text' },
  lastName: { expression: 'last_name', kind: 'text', cast: 'text' },
  status: {
    expression: `array_position(array[${sqlStringList(LEAD_STATUSES)}]::text[], status)`,
    kind: 'rank',
    cast: 'int',
  },
  priority: {
    expression: `array_position(array[${sqlStringList(LEAD_PRIORITIES)}]::text[], priority)`,
    kind: 'rank',
    cast: 'int',
  },
  estimatedValue: { expression: 'coalesce(estimated_value, 250)', kind: 'amount', cast: 'numeric' },
  nextFollowUpAt: {
    expression: "coalesce(next_follow_up_at, 'infinity'::timestamptz)",
    kind: 'time',
    cast: 'timestamptz',
  },
};

/** A list row with its sort key as text (what a cursor holds). */
export type ListedLeadRow = NamedLeadRow & { sort_key: string };

/** Where a page starts: a page number (OFFSET over the index), or the row next to it (a cursor). */
export type PagePosition = { page: number } | { cursor: LeadCursor };

/**
 * Up to `pageSize + 1` rows from the position, in scan order: the list's order, or its reverse for a
 * cursor's page before. The extra row tells whether more follow in that direction.
 */
export async function selectLeadPageRows(
  db: Knex,
  query: Resolved<LeadListQuery>,
  position: PagePosition,
): Promise<ListedLeadRow[]> {
  const sort = LEAD_SORTS[query.sort];
  const backwards = 'cursor' in position && position.cursor.direction === 'before';
  const descending = (query.order === 'desc') !== backwards;
  const direction = descending ? 'desc' : 'asc';
  const ids = applyLeadFilter(db('leads').select('leads.id'), query)
    .orderByRaw(`${sort.expression} ${direction}, leads.id ${direction}`)
    .limit(query.pageSize + 1);
  if ('cursor' in position) {
    ids.whereRaw(`(${sort.expression}, leads.id) ${descending ? '<' : '>'} (?::${sort.cast}, ?::uuid)`, [
      position.cursor.key,
      position.cursor.id,
    ]);
  } else {
    ids.offset((position.page - 1) * query.pageSize);
  }
  const rows = db('leads')
    .select(
      'leads.*',
      userNameOf(db, 'leads.assigned_to').as('assignee_name'),
      samePhoneLeadsOf(db),
      db.raw(`(${sort.expression})::text as sort_key`),
    )
    .join(ids.as('page'), 'page.id', 'leads.id')
    .orderByRaw(`${sort.expression} ${direction}, leads.id ${direction}`);
  return (await rows) as ListedLeadRow[];
}

/** Up to this many matching leads are counted one by one; beyond it the total is the planner's estimate. */
export const EXACT_TOTAL_UP_TO = 10_000;

/**
 * The list's total: exact up to EXACT_TOTAL_UP_TO (a count that stops there, at most that many index
 * entries), otherwise PostgreSQL's estimate of the filter's rows (statistics, no scan), never below
 * what was counted. A full count of 100k leads costs ~13 ms of database time on every page.
 */
export async function countOrEstimateLeadRows(
  db: Knex,
  filter: ResolvedLeadFilter,
): Promise<{ total: number; isEstimate: boolean }> {
  const capped = applyLeadFilter(db('leads').select(db.raw('1')), filter).limit(EXACT_TOTAL_UP_TO + 1);
  const row = (await db.from(capped.as('matched')).first(db.raw('count(*)::int as count'))) as
    | { count: number }
    | undefined;
  const counted = Number(row?.count ?? 0);
  if (counted <= EXACT_TOTAL_UP_TO) return { total: counted, isEstimate: false };
  const statement = applyLeadFilter(db('leads').select('id'), filter).toSQL();
  const result = await db.raw(`explain (format json) ${statement.sql}`, statement.bindings);
  return { total: Math.max(counted, plannedRows(result.rows)), isEstimate: true };
}

/** The top plan node's row estimate from EXPLAIN (FORMAT JSON), whether the driver parsed the JSON or not. */
function plannedRows(rows: Array<Record<string, unknown>>): number {
  const cell = rows[0]?.['QUERY PLAN'];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan?: { 'Plan Rows'?: number } }>;
  return Math.round(Number(plan[0]?.Plan?.['Plan Rows'] ?? 0));
}
