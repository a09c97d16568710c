// Deep pages by number through page maps (docs/performance.md, "A page by number at any depth"), on
// PGlite and PostgreSQL: `page=N` answers exactly the rows that walking by `nextCursor` reaches as the
// N-th page, in every sort, order and filter, before and after a write moves the leads' version; a
// seek made for an older version finds nothing, so the page is read by OFFSET instead.
import { LEAD_PRIORITIES, LEAD_STATUSES } from '@shine/shared/enums';
import { LEAD_SORT_FIELDS, leadListQuerySchema } from '@shine/shared/leads';
import type { LeadPage } from '@shine/shared/types';
import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { resolveLeadFilter } from '../src/leads/lead-filter.ts';
import { type PageSeek, selectLeadPageRows } from '../src/leads/lead-list.queries.ts';
import { listLeads } from '../src/leads/lead-list.service.ts';
import { createPageMaps, PAGE_MAP_DEFAULTS, type PageMaps } from '../src/leads/lead-page-map.ts';
import { cachesHeard, describeApi, insertLead, useTestApp } from './support/test-app.ts';

const ORDERS = ['asc', 'desc'] as const;
// Few distinct values, so that sort keys tie; microseconds, which a JavaScript Date would lose.
const TIMES = ['2025-01-01 12:00:00+00', '2025-01-01 12:00:00.000001+00', '2025-03-04 08:30:15.123456+00'];
const FILTERS: Array<Record<string, string>> = [{}, { status: 'New' }, { search: 'ann' }, { assignedTo: 'none' }];

/** 41 leads whose every sort key ties with others, absent values included. */
async function insertMixedLeads(db: Knex, assignee: string): Promise<void> {
  await db('leads').insert(
    Array.from(
      { length: 41 },
      (_, n): Record<string, unknown> => ({
        first_name: ['Ann', 'ann', 'Bo', 'Zoë'][n % 4],
        last_name: ['Lee', 'Smith', 'Annan'][n % 3],
        email: `walk${n}@example.com`,
        phone: '214-555-0100',
        zipcode: '75201',
        bedrooms: '2',
        bathrooms: '1',
        cleaning_type: 'Basic',
        frequency: 'Weekly',
        status: LEAD_STATUSES[n % 2 === 0 ? 0 : n % LEAD_STATUSES.length],
        priority: LEAD_PRIORITIES[n % LEAD_PRIORITIES.length],
        estimated_value: n % 4 === 0 ? null : ['0.00', '250.00', '99.50'][n % 3],
        next_follow_up_at: n % 5 === 0 ? null : TIMES[n % 3],
        created_at: TIMES[n % 3],
        updated_at: TIMES[(n + 1) % 3],
        last_request_at: TIMES[(n + 2) % 3],
        assigned_to: n % 3 === 0 ? assignee : null,
      }),
    ),
  );
  // The process's change counter must know this write, or its first maps would be of another version.
  await cachesHeard(db);
}

/** Page maps that record every seek they hand out, so a test can tell a seek from an OFFSET read. */
function recordingPageMaps(): PageMaps & { seeks: Array<PageSeek | undefined> } {
  // A boundary every 3 rows, from the second page on: every deep page of 4 leads seeks and then skips.
  const maps = createPageMaps({ every: 3, from: 1, capacity: 200 });
  const seeks: Array<PageSeek | undefined> = [];
  return {
    seeks,
    async seek(db, query, offset) {
      const found = await maps.seek(db, query, offset);
      seeks.push(found);
      return found;
    },
  };
}

describeApi('deep pages by number through page maps: GET /api/admin/leads?page=', () => {
  const t = useTestApp();

  const ids = (page: LeadPage) => page.items.map((lead) => lead.id);
  const list = (query: Record<string, string | number>, pageMaps?: PageMaps) =>
    listLeads(
      t.db,
      resolveLeadFilter(leadListQuerySchema.parse(query), t.adminId, { now: new Date(), timeZone: 'America/Chicago' }),
      { pageMaps },
    );

  async function walk(query: Record<string, string | number>): Promise<LeadPage[]> {
    const pages: LeadPage[] = [await list(query)];
    for (let page = pages[0]; page?.nextCursor; ) {
      page = await list({ ...query, cursor: page.nextCursor });
      pages.push(page);
    }
    return pages;
  }

  /** Every page by number (through `pageMaps`) against the same page reached by walking. */
  async function expectPagesMatchWalk(query: Record<string, string | number>, pageMaps: PageMaps): Promise<number> {
    const walked = await walk(query);
    for (const [index, reached] of walked.entries()) {
      const byNumber = await list({ ...query, page: index + 1 }, pageMaps);
      const label = `${JSON.stringify(query)} page ${index + 1}`;
      expect(ids(byNumber), label).toEqual(ids(reached));
      expect(byNumber, label).toMatchObject({ page: index + 1, total: reached.total });
      expect(byNumber.nextCursor === null, label).toBe(reached.nextCursor === null);
    }
    // One page past the end is empty, as OFFSET answers it.
    expect((await list({ ...query, page: walked.length + 1 }, pageMaps)).items).toEqual([]);
    return walked.length;
  }

  it('answers every page of every sort, order and filter as walking reaches it, also after writes', async () => {
    await insertMixedLeads(t.db, t.adminId);
    const pageMaps = recordingPageMaps();
    const everyQuery = LEAD_SORT_FIELDS.flatMap((sort) =>
      ORDERS.flatMap((order) => FILTERS.map((filter) => ({ ...filter, sort, order, pageSize: 4 }))),
    );
    for (const query of everyQuery) expect(await expectPagesMatchWalk(query, pageMaps)).toBeGreaterThan(1);
    const seeksBefore = pageMaps.seeks.filter(Boolean).length;
    // Most deep pages were seeks (the rest: pages past the end), not OFFSET reads.
    expect(seeksBefore).toBeGreaterThan(everyQuery.length * 3);

    // Writes that move rows in every sort: the maps of the old version are not used again.
    const moved = (await t.db('leads').orderBy('id').limit(5).select('id')) as Array<{ id: string }>;
    for (const [n, { id }] of moved.entries()) {
      const changes: Record<string, unknown> = {
        first_name: 'Aaron',
        status: LEAD_STATUSES[n],
        priority: LEAD_PRIORITIES[n % LEAD_PRIORITIES.length],
        estimated_value: '1.00',
        next_follow_up_at: TIMES[0],
        updated_at: '2026-01-01 00:00:00+00',
        last_request_at: '2024-01-01 00:00:00+00',
        created_at: '2026-01-01 00:00:00+00',
      };
      await t.db('leads').where({ id }).update(changes);
    }
    await t.db('leads').where({ id: moved[0]?.id }).del();
    await insertLead(t.db, { first_name: 'Annie', status: 'New', created_at: TIMES[1] });
    await cachesHeard(t.db);
    for (const query of everyQuery) await expectPagesMatchWalk(query, pageMaps);
    expect(pageMaps.seeks.filter(Boolean).length - seeksBefore).toBeGreaterThan(everyQuery.length * 3);
  }, 180_000);

  it('finds nothing by a seek of an older version, and the page is then read by OFFSET', async () => {
    await insertMixedLeads(t.db, t.adminId);
    const pageMaps = recordingPageMaps();
    const asked = { sort: 'firstName', order: 'asc', pageSize: 4, page: 5 };
    const query = resolveLeadFilter(leadListQuerySchema.parse(asked), t.adminId, {
      now: new Date(),
      timeZone: 'America/Chicago',
    });
    const seek = await pageMaps.seek(t.db, query, 16);
    expect(seek).toMatchObject({ skip: 1 });
    if (!seek) throw new Error('expected a seek');
    const before = await selectLeadPageRows(t.db, query, { seek });
    expect(before.map((row) => row.id)).toEqual(
      (await selectLeadPageRows(t.db, query, { page: 5 })).map((row) => row.id),
    );

    // A lead that sorts first shifts every page by one; the process may not have heard of it yet.
    await insertLead(t.db, { first_name: 'Aaa' });
    expect(await selectLeadPageRows(t.db, query, { seek })).toEqual([]);
    const byOffset = (await selectLeadPageRows(t.db, query, { page: 5 })).map((row) => row.id);
    expect(byOffset.slice(1)).toEqual(before.slice(0, 4).map((row) => row.id));
    const answered = await list(asked, pageMaps);
    expect(ids(answered)).toEqual(byOffset.slice(0, 4));
  });

  it(`seeks over HTTP from offset ${PAGE_MAP_DEFAULTS.from}, exactly as walking pages there`, async () => {
    const count = PAGE_MAP_DEFAULTS.from + 3 * PAGE_MAP_DEFAULTS.every + 7;
    await t.db.raw(
      `insert into leads (first_name, last_name, email, phone, zipcode, bedrooms, bathrooms, cleaning_type,
                          frequency, created_at)
       select 'Lead' || (n % 97), 'Lee', 'many' || n || '@example.com', '214-555-0100', '75201', '2', '1',
              'Basic', 'Weekly', timestamptz '2025-01-01 00:00:00+00' + (n % 500) * interval '1 minute'
         from generate_series(1, ?) as n`,
      [count],
    );
    await cachesHeard(t.db);
    const agent = await t.agent();
    const pageSize = 100;
    const get = async (query: string) => {
      const response = await agent.get(`/api/admin/leads?sort=firstName&order=desc&pageSize=${pageSize}&${query}`);
      expect(response.status).toBe(200);
      return response.body as LeadPage;
    };
    const walked: LeadPage[] = [await get('page=1')];
    for (let page = walked[0]; page?.nextCursor; ) {
      page = await get(`cursor=${page.nextCursor}`);
      walked.push(page);
    }
    expect(walked.flatMap(ids)).toHaveLength(count);
    const deep = Array.from({ length: walked.length }, (_, index) => index + 1).filter(
      (page) => (page - 1) * pageSize >= PAGE_MAP_DEFAULTS.from,
    );
    expect(deep.length).toBeGreaterThan(1);
    for (const page of deep)
      expect(ids(await get(`page=${page}`)), `page ${page}`).toEqual(ids(walked[page - 1] as LeadPage));

    // After a write the same pages are answered from the new version.
    await t.db('leads').where({ first_name: 'Lead96' }).update({ first_name: 'Lead00' });
    await cachesHeard(t.db);
    const rewalked: LeadPage[] = [await get('page=1')];
    for (let page = rewalked[0]; page?.nextCursor; ) {
      page = await get(`cursor=${page.nextCursor}`);
      rewalked.push(page);
    }
    for (const page of deep) {
      expect(ids(await get(`page=${page}`)), `page ${page} after the write`).toEqual(
        ids(rewalked[page - 1] as LeadPage),
      );
    }
  }, 120_000);
});
