// Pages by number at the cost of the first page (docs/performance.md, "A page by number at any
// depth"). OFFSET walks the sort's index up to the page (~12 ms for the last of 2,000 pages at 100k
// leads, on every request). A page map instead holds, for one filter, sort and order at one version
// of the leads (the change counter of db/data-versions.ts), the sort key and id of every `every`-th
// row; page n then starts with a keyset seek to the boundary at or before its offset, plus an OFFSET
// of fewer than `every` rows. The map costs one walk of the filter's index per change of the leads,
// shared by every page, page size and request of that filter and sort in the process.
//
// Exactness: the map and the version it describes come from one statement (one snapshot), and the
// page's seek only returns rows while the counter still holds that version (a condition in the same
// statement as the rows). Any write between the two makes the seek find nothing, and the page is
// read again by OFFSET: the answer is always the rows OFFSET would give, never an approximation.
import type { LeadListQuery } from '@shine/shared/leads';
import type { Knex } from 'knex';
import { dataVersionSubquery, readDataVersions } from '../db/data-versions.ts';
import { createEtagMemo } from '../http/etag-memo.ts';
import { applyLeadFilter, isRepeatable, type Resolved } from './lead-filter.ts';
import { LEAD_SORTS, type PageSeek } from './lead-list.queries.ts';

export interface PageMapOptions {
  /** Rows between two boundaries: the most a seek still skips by OFFSET. */
  every: number;
  /** Offsets below this are read by OFFSET alone (a short walk costs less than a map). */
  from: number;
  /** Maps kept per process (filter × sort × order), least recently used dropped first. */
  capacity: number;
}

/**
 * 50 rows a boundary: at 100k leads a map is 2,000 keys (~300 KB); a page seeks and then skips at
 * most 49 index entries. From offset 2,500 (page 51 of 50): nearer the start the walk is under
 * ~0.3 ms, and the CRM's first pages never pay for a map.
 */
export const PAGE_MAP_DEFAULTS: PageMapOptions = { every: 50, from: 2_500, capacity: 24 };

interface PageMap {
  /** The leads counter the boundaries were read at, or undefined when no row reached a boundary. */
  version: string | undefined;
  /** boundaries[i]: sort key (as text) and id of the row at 1-based position (i + 1) × every. */
  boundaries: Array<{ key: string; id: string }>;
}

export interface PageMaps {
  /** Where page `offset / pageSize + 1` starts, or undefined when OFFSET alone should read it. */
  seek: (db: Knex, query: Resolved<LeadListQuery>, offset: number) => Promise<PageSeek | undefined>;
}

export function createPageMaps(options: PageMapOptions = PAGE_MAP_DEFAULTS): PageMaps {
  const maps = createEtagMemo<PageMap>(options.capacity);
  return {
    async seek(db, query, offset) {
      const boundary = Math.floor(offset / options.every);
      // A map of a filter resolved against the clock would never be asked for again: OFFSET reads it.
      if (offset < options.from || boundary === 0 || !isRepeatable(query)) return undefined;
      const { leads: version } = await readDataVersions(db, ['leads']);
      const { sort, order, search, status, priority, assignedTo, source } = query;
      const key = JSON.stringify([version, sort, order, search, status, priority, assignedTo, source]);
      const map = await maps.get(key, () => readPageMap(db, query, options.every));
      const after = map.boundaries[boundary - 1];
      // A map of another version (a write landed before it was read), or a page past the end: OFFSET.
      if (!after || map.version !== version) return undefined;
      return { after, skip: offset - boundary * options.every, version };
    },
  };
}

/** The boundaries of one filter, sort and order: one walk of the sort's index, numbered in order. */
async function readPageMap(db: Knex, query: Resolved<LeadListQuery>, every: number): Promise<PageMap> {
  const sort = LEAD_SORTS[query.sort];
  const direction = query.order;
  const numbered = applyLeadFilter(
    db('leads').select(
      db.raw(`(${sort.expression})::text as sort_key`),
      'leads.id',
      db.raw(`row_number() over (order by ${sort.expression} ${direction}, leads.id ${direction}) as position`),
    ),
    query,
  );
  const rows = (await db
    .from(numbered.as('numbered'))
    .select('sort_key', 'id', db.raw(`${dataVersionSubquery('leads')}::text as data_version`))
    .whereRaw('position % ? = 0', [every])
    .orderBy('position')) as Array<{ sort_key: string; id: string; data_version: string | null }>;
  return {
    version: rows[0]?.data_version ?? undefined,
    boundaries: rows.map((row) => ({ key: row.sort_key, id: row.id })),
  };
}
