// The CRM lead table's reads (docs/requirements.md#lead-list): a page by number or by cursor, and its
// total. Every sort has an index of its own shape, (key, id) covering the list's equality filters
// (migration 20251202120000_lead_sort_indexes), so that
// - a page by number skips its OFFSET inside that index (a deferred join: the subquery picks the
//   page's ids from the index alone, then only those rows are read from the table);
// - a page by cursor starts at its key: `(key, id) > (cursor key, cursor id)` is an index condition;
// - a deep page by number seeks the same way to the nearest boundary of a page map (lead-page-map.ts).
import { dataVersionSubquery } from '../db/data-versions.ts';
import { LEAD_PRIORITIES, LEAD_STATUSES } from '@shine/shared/enums';
import type { LeadListQuery, LeadSortField } from '@shine/shared/leads';
import type { Knex } from 'knex';
import { userNameOf } from '../auth/index.ts';
import { sqlStringList } from '../db/sql-text.ts';
import type { LeadCursor, SortKeyKind } from './lead-cursor.ts';
import { applyLeadFilter, type Resolved, type ResolvedLeadFilter } from './lead-filter.ts';
import type { LeadRow } from '../db/tables.ts';
import type { SamePhoneLead } from './lead-mapper.ts';
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

/**
 * A list row: the columns of a LeadListItem (the shared contract), its timestamps already ISO 8601
 * text (LIST_TIMESTAMPS), and its sort key as text (what a cursor holds).
 */
export interface ListedLeadRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  bedrooms: string;
  bathrooms: string;
  cleaning_type: string;
  frequency: string;
  source: string;
  status: LeadRow['status'];
  priority: LeadRow['priority'];
  assigned_to: string | null;
  assignee_name: string | null;
  estimated_value: string | number | null;
  repeat_count: string | number | null;
  details_differ_request_id: string | null;
  same_phone_leads: SamePhoneLead[] | null;
  next_follow_up_at_iso: string | null;
  created_at_iso: string;
  last_request_at_iso: string;
  last_repeat_at_iso: string | null;
  first_contacted_at_iso: string | null;
  contact_due_at_iso: string | null;
  sort_key: string;
}

/**
 * The list's timestamps as the API writes them (`Date#toISOString`: UTC, milliseconds, "Z"), formatted
 * by PostgreSQL: the driver then hands over text, and 50 rows × 6 timestamps are neither parsed into
 * `Date`s nor formatted back in Node (docs/performance.md, "Lean list answers"). Microseconds are cut,
 * not rounded, as the driver's `Date` cuts them. Named apart from the columns: ORDER BY resolves a bare
 * name to an output column first, and the page must be ordered by the timestamps, not by their text.
 */
const LIST_TIMESTAMPS: Record<string, string> = {
  next_follow_up_at_iso: 'next_follow_up_at',
  created_at_iso: 'created_at',
  last_request_at_iso: 'coalesce(last_request_at, created_at)',
  last_repeat_at_iso: 'last_repeat_at',
  first_contacted_at_iso: 'first_contacted_at',
  contact_due_at_iso: 'contact_due_at',
};
const isoText = (expression: string) => `to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const LIST_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'bedrooms',
  'bathrooms',
  'cleaning_type',
  'frequency',
  'source',
  'status',
  'priority',
  'assigned_to',
  'estimated_value',
  'repeat_count',
  'details_differ_request_id',
].map((column) => `leads.${column}`);

/**
 * A page by number found through a page map (lead-page-map.ts): the rows after the boundary `after`
 * in the list's order, `skip` of them skipped, while the leads are still at `version`.
 */
export interface PageSeek {
  after: { key: string; id: string };
  skip: number;
  version: string;
}

/**
 * Where a page starts: a page number (OFFSET over the index), the row next to it (a cursor), or a
 * page number's seek (no rows at all when the leads have moved past the seek's version).
 */
export type PagePosition = { page: number } | { cursor: LeadCursor } | { seek: PageSeek };

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
  const startAfter = (row: { key: string; id: string }) =>
    ids.whereRaw(`(${sort.expression}, leads.id) ${descending ? '<' : '>'} (?::${sort.cast}, ?::uuid)`, [
      row.key,
      row.id,
    ]);
  if ('cursor' in position) startAfter(position.cursor);
  else if ('seek' in position) {
    startAfter(position.seek.after)
      .whereRaw(`${dataVersionSubquery('leads')} = ?::bigint`, [position.seek.version])
      .offset(position.seek.skip);
  } else ids.offset((position.page - 1) * query.pageSize);
  const rows = db('leads')
    .select(
      ...LIST_COLUMNS,
      ...Object.entries(LIST_TIMESTAMPS).map(([name, expression]) => db.raw(`${isoText(expression)} as ${name}`)),
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
