// GET /api/admin/leads: a page by number (`page`) or by cursor (`cursor`, from an earlier answer's
// `nextCursor` or `prevCursor`), with cursors to the pages on either side and the total.
import type { LeadListQuery } from '@shine/shared/leads';
import type { LeadPage } from '@shine/shared/types';
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
import { toLead } from './lead-mapper.ts';

export type LeadTotal = Awaited<ReturnType<typeof countOrEstimateLeadRows>>;

/**
 * `sharedTotal`: where the route keeps totals by filter and data version, so that the pages of one
 * filter (any sort, any depth) count once per change of the leads; without it, every call counts.
 */
export async function listLeads(
  db: Knex,
  query: Resolved<LeadListQuery>,
  sharedTotal: (count: () => Promise<LeadTotal>) => Promise<LeadTotal> = (count) => count(),
): Promise<LeadPage> {
  const cursor =
    query.cursor === undefined
      ? undefined
      : decodeLeadCursor(query.cursor, { sort: query.sort, order: query.order, keyKind: LEAD_SORTS[query.sort].kind });
  const [page, count] = await Promise.all([
    readPage(db, query, cursor),
    sharedTotal(() => countOrEstimateLeadRows(db, query)),
  ]);
  const first = page.rows[0];
  const last = page.rows.at(-1);
  const cursorAt = (row: ListedLeadRow, direction: LeadCursor['direction'], target: number) =>
    encodeLeadCursor({ sort: query.sort, order: query.order, direction, key: row.sort_key, id: row.id, page: target });
  return {
    items: page.rows.map(toLead),
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

async function readPage(db: Knex, query: Resolved<LeadListQuery>, cursor: LeadCursor | undefined): Promise<ReadPage> {
  const position: PagePosition = cursor ? { cursor } : { page: query.page };
  const found = await selectLeadPageRows(db, query, position);
  const more = found.length > query.pageSize;
  const rows = found.slice(0, query.pageSize);
  if (!cursor) return { rows, number: query.page, hasNext: more, hasPrevious: query.page > 1 };
  if (cursor.direction === 'after') return { rows, number: cursor.page, hasNext: more, hasPrevious: true };
  // Going back reached the start (rows before it were removed, or the numbering was off): answer a
  // full first page rather than a short one that claims to be page n.
  if (!more) return readPage(db, { ...query, page: 1, cursor: undefined }, undefined);
  return { rows: rows.reverse(), number: cursor.page, hasNext: true, hasPrevious: true };
}
