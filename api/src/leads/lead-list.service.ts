// GET /api/admin/leads: a page by number (`page`) or by cursor (`cursor`, from an earlier answer's
// `nextCursor` or `prevCursor`), with cursors to the pages on either side and the total.
import type { LeadListQuery } from '@shine/shared/leads';
import type { LeadListItem, LeadPage } from '@shine/shared/types';
import type { Knex } from 'knex';
import { decodeLeadCursor, encodeLeadCursor, type LeadCursor } from './lead-cursor.ts';
import type { Resolved } from './lead-filter.ts';
import {
  countOrEstimateLeadRows,
  LEAD_SORTS,
  type ListedLeadRow,
  type PagePosition,
  selectLeadPageRows,
} from './lead-list.queries.ts';
import type { PageMaps } from './lead-page-map.ts';

export type LeadTotal = Awaited<ReturnType<typeof countOrEstimateLeadRows>>;

export interface ListLeadsShared {
  /**
   * Where the route keeps totals by filter and data version, so that the pages of one filter (any
   * sort, any depth) count once per change of the leads; without it, every call counts.
   */
  total?: (count: () => Promise<LeadTotal>) => Promise<LeadTotal>;
  /** The process's page maps: deep pages by number seek instead of walking; without them, OFFSET. */
  pageMaps?: PageMaps;
}

export async function listLeads(
  db: Knex,
  query: Resolved<LeadListQuery>,
  shared: ListLeadsShared = {},
): Promise<LeadPage> {
  const sharedTotal = shared.total ?? ((count) => count());
  const cursor =
    query.cursor === undefined
      ? undefined
      : decodeLeadCursor(query.cursor, { sort: query.sort, order: query.order, keyKind: LEAD_SORTS[query.sort].kind });
  const [page, count] = await Promise.all([
    readPage(db, query, cursor, shared.pageMaps),
    sharedTotal(() => countOrEstimateLeadRows(db, query)),
  ]);
  const first = page.rows[0];
  const last = page.rows.at(-1);
  const cursorAt = (row: ListedLeadRow, direction: LeadCursor['direction'], target: number) =>
    encodeLeadCursor({ sort: query.sort, order: query.order, direction, key: row.sort_key, id: row.id, page: target });
  return {
    items: page.rows.map(toLeadListItem),
    total: count.total,
    totalIsEstimate: count.isEstimate,
    page: page.number,
    pageSize: query.pageSize,
    nextCursor: page.hasNext && last ? cursorAt(last, 'after', page.number + 1) : null,
    prevCursor: page.hasPrevious && first ? cursorAt(first, 'before', Math.max(1, page.number - 1)) : null,
  };
}

interface ReadPage {
  rows: ListedLeadRow[];
  number: number;
  hasNext: boolean;
  hasPrevious: boolean;
}

async function readPage(
  db: Knex,
  query: Resolved<LeadListQuery>,
  cursor: LeadCursor | undefined,
  pageMaps: PageMaps | undefined,
): Promise<ReadPage> {
  const position: PagePosition = cursor ? { cursor } : await pagePosition(db, query, pageMaps);
  let found = await selectLeadPageRows(db, query, position);
  // A seek finds nothing when the leads moved on from its map's version: the page is read by OFFSET.
  if ('seek' in position && found.length === 0) found = await selectLeadPageRows(db, query, { page: query.page });
  const more = found.length > query.pageSize;
  const rows = found.slice(0, query.pageSize);
  if (!cursor) return { rows, number: query.page, hasNext: more, hasPrevious: query.page > 1 };
  if (cursor.direction === 'after') return { rows, number: cursor.page, hasNext: more, hasPrevious: true };
  // Going back reached the start (rows before it were removed, or the numbering was off): answer a
  // full first page rather than a short one that claims to be page n.
  if (!more) return readPage(db, { ...query, page: 1, cursor: undefined }, undefined, undefined);
  return { rows: rows.reverse(), number: cursor.page, hasNext: true, hasPrevious: true };
}

/** A page by number: a seek through the page map when one covers its offset, otherwise OFFSET. */
async function pagePosition(
  db: Knex,
  query: Resolved<LeadListQuery>,
  pageMaps: PageMaps | undefined,
): Promise<PagePosition> {
  const seek = await pageMaps?.seek(db, query, (query.page - 1) * query.pageSize);
  return seek ? { seek } : { page: query.page };
}

/**
 * A list row as the API's LeadListItem: only the columns the CRM's lists show, its timestamps already
 * ISO 8601 text from the query (lead-list.queries.ts), so nothing goes through a `Date`.
 */
export function toLeadListItem(row: ListedLeadRow): LeadListItem {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    cleaningType: row.cleaning_type,
    frequency: row.frequency,
    source: row.source,
    status: row.status,
    priority: row.priority,
    assignee: row.assigned_to ? { id: row.assigned_to, name: row.assignee_name ?? '' } : null,
    estimatedValue: row.estimated_value === null ? null : Number(row.estimated_value),
    nextFollowUpAt: row.next_follow_up_at_iso,
    createdAt: row.created_at_iso,
    lastRequestAt: row.last_request_at_iso,
    repeatCount: Number(row.repeat_count ?? 0),
    lastRepeatAt: row.last_repeat_at_iso,
    detailsDifferRequestId: row.details_differ_request_id,
    firstContactedAt: row.first_contacted_at_iso,
    contactDueAt: row.contact_due_at_iso,
    samePhoneLeads: row.same_phone_leads ?? [],
  };
}
