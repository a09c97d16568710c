// The lead list's keyset cursor (docs/performance.md, "Any page fast") on PGlite and PostgreSQL: a
// walk by `nextCursor` (and back by `prevCursor`) meets every lead exactly once in every sort, ties
// and absent values included, in the order the `page` parameter answers; filters hold; a bad cursor
// is a 400; a lead added during a walk neither repeats a row nor hides one.
import { LEAD_PRIORITIES, LEAD_STATUSES } from '@shine/shared/enums';
import { LEAD_SORT_FIELDS, type LeadSortField, leadListQuerySchema } from '@shine/shared/leads';
import type { LeadPage } from '@shine/shared/types';
import fc from 'fast-check';
import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { CURSOR_ERRORS, encodeLeadCursor } from '../src/leads/lead-cursor.ts';
import { resolveLeadFilter } from '../src/leads/lead-filter.ts';
import { EXACT_TOTAL_UP_TO, LEAD_SORTS } from '../src/leads/lead-list.queries.ts';
import { listLeads } from '../src/leads/lead-list.service.ts';
import { describeApi, insertLead, useTestApp } from './support/test-app.ts';

const SOMEONE = '00000000-0000-4000-8000-000000000000';
const ORDERS = ['asc', 'desc'] as const;

/** The reference order: the columns themselves, NULL placed as PostgreSQL places it (last going up). */
const REFERENCE_ORDER: Record<LeadSortField, string> = {
  ...Object.fromEntries(LEAD_SORT_FIELDS.map((field) => [field, LEAD_SORTS[field].expression])),
  nextFollowUpAt: 'next_follow_up_at',
} as Record<LeadSortField, string>;

// Few distinct values, so that most sort keys tie; microseconds, which a JavaScript Date would lose.
const TIMES = ['2025-01-01 12:00:00+00', '2025-01-01 12:00:00.000001+00', '2025-03-04 08:30:15.123456+00'];
const leadArbitrary = fc.record({
  first_name: fc.constantFrom('Ann', 'ann', 'Bo', 'Zoë'),
  last_name: fc.constantFrom('Lee', 'Smith'),
  status: fc.constantFrom(...LEAD_STATUSES),
  priority: fc.constantFrom(...LEAD_PRIORITIES),
  estimated_value: fc.option(fc.constantFrom('0.00', '250.00', '99.50'), { nil: null }),
  next_follow_up_at: fc.option(fc.constantFrom(...TIMES), { nil: null }),
  created_at: fc.constantFrom(...TIMES),
  updated_at: fc.constantFrom(...TIMES),
  last_request_at: fc.constantFrom(...TIMES),
});

async function insertLeads(db: Knex, leads: Array<Record<string, unknown>>): Promise<void> {
  const defaults = {
    last_name: 'Lee',
    email: 'walk@example.com',
    phone: '214-555-0100',
    zipcode: '75201',
    bedrooms: '2',
    bathrooms: '1',
    cleaning_type: 'Basic',
    frequency: 'Weekly',
  };
  await db('leads').insert(leads.map((lead) => ({ ...defaults, ...lead })));
}

describeApi('the lead list by cursor: GET /api/admin/leads?cursor=', () => {
  const t = useTestApp();

  const list = (query: Record<string, string | number>) =>
    listLeads(
      t.db,
      resolveLeadFilter(leadListQuerySchema.parse(query), SOMEONE, { now: new Date(), timeZone: 'America/Chicago' }),
    );
  const ids = (page: LeadPage) => page.items.map((lead) => lead.id);

  /** Every page from the first by `nextCursor`, then every page back from the last by `prevCursor`. */
  async function walk(query: Record<string, string | number>) {
    const forward: LeadPage[] = [await list(query)];
    for (let page = forward[0]; page?.nextCursor; ) {
      page = await list({ ...query, cursor: page.nextCursor });
      forward.push(page);
    }
    const backward: LeadPage[] = [forward.at(-1) as LeadPage];
    for (let page = backward[0]; page?.prevCursor; ) {
      page = await list({ ...query, cursor: page.prevCursor });
      backward.unshift(page);
    }
    return { forward, backward };
  }

  it('walks every lead once in every sort and order, both ways, as the page parameter pages them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(leadArbitrary, { minLength: 1, maxLength: 16 }),
        fc.integer({ min: 1, max: 5 }),
        async (leads, pageSize) => {
          await t.db('leads').del();
          await insertLeads(t.db, leads);
          for (const sort of LEAD_SORT_FIELDS) {
            for (const order of ORDERS) {
              const reference = (
                (await t
                  .db('leads')
                  .select('id')
                  .orderByRaw(`${REFERENCE_ORDER[sort]} ${order}, id ${order}`)) as Array<{
                  id: string;
                }>
              ).map((row) => row.id);
              const query = { sort, order, pageSize };
              const { forward, backward } = await walk(query);
              expect(forward.flatMap(ids), `${sort} ${order} forward`).toEqual(reference);
              expect(backward.flatMap(ids), `${sort} ${order} backward`).toEqual(reference);
              for (const [index, page] of forward.entries()) {
                expect(page.page).toBe(index + 1);
                expect(page).toMatchObject({ total: leads.length, totalIsEstimate: false, pageSize });
                expect(ids(await list({ ...query, page: index + 1 }))).toEqual(ids(page));
              }
              expect(forward[0]?.prevCursor).toBeNull();
              expect(forward.at(-1)?.nextCursor).toBeNull();
            }
          }
        },
      ),
      { numRuns: 6 },
    );
    // 6 data sets × 18 sorts and orders, each walked both ways and page by page: ~2,000 statements.
  }, 120_000);

  it('keeps the filter along the walk', async () => {
    await insertLeads(
      t.db,
      Array.from({ length: 30 }, (_, n) => ({
        first_name: n % 3 === 0 ? 'Mary' : 'Ann',
        last_name: 'Lee',
        status: n % 2 === 0 ? 'Qualified' : 'New',
        created_at: TIMES[n % TIMES.length],
      })),
    );
    const filters: Array<Record<string, string>> = [
      { status: 'Qualified' },
      { search: 'mary' },
      { status: 'Qualified', search: 'mary' },
    ];
    for (const filter of filters) {
      const all = await list({ ...filter, pageSize: 200, sort: 'createdAt' });
      const { forward } = await walk({ ...filter, pageSize: 4, sort: 'createdAt' });
      expect(forward.flatMap(ids)).toEqual(ids(all));
      expect(all.items.length).toBeGreaterThan(4);
    }
  });

  it('neither repeats nor hides a row when a lead arrives during the walk', async () => {
    await insertLeads(
      t.db,
      Array.from({ length: 9 }, (_, n) => ({
        first_name: `Lead${n}`,
        last_request_at: `2025-01-0${n + 1} 12:00:00+00`,
      })),
    );
    const before = ids(await list({ pageSize: 200 }));
    const first = await list({ pageSize: 3 });
    // Newest first: one lead lands ahead of the walk (on the page already read), one behind it.
    const ahead = await insertLead(t.db, { first_name: 'Ahead', last_request_at: '2025-02-01 12:00:00+00' });
    const behind = await insertLead(t.db, { first_name: 'Behind', last_request_at: '2024-12-01 12:00:00+00' });
    const seen = [...ids(first)];
    for (let page = first; page.nextCursor; ) {
      page = await list({ pageSize: 3, cursor: page.nextCursor });
      seen.push(...ids(page));
    }
    expect(seen).toEqual([...before, behind]);
    expect(seen).not.toContain(ahead);
    // By page number, the same arrival shifts every later page by one: the row is repeated.
    expect(ids(await list({ pageSize: 3, page: 2 }))[0]).toBe(ids(first)[2]);
  });

  it('answers cursors over HTTP and refuses a bad one with 400 on cursor', async () => {
    const agent = await t.agent();
    await insertLeads(
      t.db,
      Array.from({ length: 5 }, (_, n) => ({ first_name: `Lead${n}` })),
    );
    const first = (await agent.get('/api/admin/leads?pageSize=2&sort=firstName&order=asc')).body as LeadPage;
    expect(first).toMatchObject({ page: 1, total: 5, totalIsEstimate: false, prevCursor: null });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await agent.get(
      `/api/admin/leads?pageSize=2&sort=firstName&order=asc&cursor=${first.nextCursor}&page=7`,
    );
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ page: 2, items: [{ firstName: 'Lead2' }, { firstName: 'Lead3' }] });

    const valid = { sort: 'createdAt', order: 'desc', direction: 'after', id: SOMEONE, page: 2 } as const;
    const refused: Array<[string, string]> = [
      ['not base64!', CURSOR_ERRORS.invalid],
      [Buffer.from('not json').toString('base64url'), CURSOR_ERRORS.invalid],
      [Buffer.from(JSON.stringify({ s: 'createdAt' })).toString('base64url'), CURSOR_ERRORS.invalid],
      [encodeLeadCursor({ ...valid, key: 'yesterday' }), CURSOR_ERRORS.invalid],
      [encodeLeadCursor({ ...valid, key: '2025-01-01 12:00:00+00', page: 0 }), CURSOR_ERRORS.invalid],
      [encodeLeadCursor({ ...valid, key: 'Ann', sort: 'firstName' }), CURSOR_ERRORS.otherSort],
      [encodeLeadCursor({ ...valid, key: '2025-01-01 12:00:00+00', order: 'asc' }), CURSOR_ERRORS.otherSort],
      ['x'.repeat(1001), 'Cursor is too long'],
    ];
    for (const [cursor, message] of refused) {
      const response = await agent.get(`/api/admin/leads?sort=createdAt&cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, cursor).toBe(400);
      expect(response.body).toMatchObject({ message, issues: [{ path: 'cursor', message }] });
    }
    // A well-formed cursor is any position: one past every row is an empty last page.
    const past = encodeLeadCursor({ ...valid, key: '1999-01-01 00:00:00+00' });
    const empty = await agent.get(`/api/admin/leads?sort=createdAt&cursor=${past}`);
    expect(empty.body).toMatchObject({ items: [], page: 2, nextCursor: null, prevCursor: null });
  });

  it("shares a filter's total between its pages and sorts until the leads change", async () => {
    const agent = await t.agent();
    await insertLeads(
      t.db,
      Array.from({ length: 3 }, (_, n) => ({ first_name: `Lead${n}` })),
    );
    const total = async (query: string) => ((await agent.get(`/api/admin/leads?${query}`)).body as LeadPage).total;
    expect(await total('pageSize=1')).toBe(3);
    expect(await total('pageSize=1&page=2&sort=firstName')).toBe(3);
    await insertLead(t.db, { first_name: 'Later' });
    expect(await total('pageSize=1&page=3&sort=lastName')).toBe(4);
    expect(await total('pageSize=1&search=later')).toBe(1);
  });

  it(`estimates the total beyond ${EXACT_TOTAL_UP_TO} matching leads, and says so`, async () => {
    await t.db.raw(
      `insert into leads (first_name, last_name, email, phone, zipcode, bedrooms, bathrooms, cleaning_type, frequency, status)
       select 'Many', 'Lee', 'many@example.com', '214-555-0100', '75201', '2', '1', 'Basic', 'Weekly',
              case when n <= 20 then 'Won' else 'New' end
         from generate_series(1, ?) as n`,
      [EXACT_TOTAL_UP_TO + 500],
    );
    await t.db.raw('analyze leads');
    const all = await list({ pageSize: 5 });
    expect(all.totalIsEstimate).toBe(true);
    expect(all.total).toBeGreaterThan(EXACT_TOTAL_UP_TO);
    expect(await list({ status: 'Won' })).toMatchObject({ total: 20, totalIsEstimate: false });
  });
});
