import type { Knex } from 'knex';

// Any page fast (docs/performance.md): one index per sort of the CRM's lead table, (sort key, id),
// each covering the list's equality filters (status, priority, assignee) and the columns its key is
// computed from. A page by number is then a walk over one index only (an index-only scan under
// OFFSET: the deferred join in leads.queries.ts reads the page's 50 rows from the table, not the
// skipped ones), and a page by cursor starts at its key (a row comparison on the same index).
//
// The next follow-up sorts as `coalesce(next_follow_up_at, 'infinity')`: the same order as before
// (no date last going up, first going down) with a key that is never null, so a cursor can compare it.
const LEAD_STATUSES = "'New', 'Contacted', 'Qualified', 'Quoted', 'Negotiating', 'Won', 'Lost'";
const LEAD_PRIORITIES = "'High', 'Medium', 'Low'";
const COVERED = 'status, priority, assigned_to';

const SORT_INDEXES: Array<{ name: string; key: string; include: string; old: string }> = [
  { name: 'leads_last_request_at_idx', key: 'last_request_at', include: COVERED, old: '(last_request_at, id)' },
  { name: 'leads_created_at_idx', key: 'created_at', include: COVERED, old: '(created_at, id)' },
  { name: 'leads_updated_at_idx', key: 'updated_at', include: COVERED, old: '(updated_at, id)' },
  { name: 'leads_first_name_idx', key: 'first_name', include: COVERED, old: '(first_name, id)' },
  { name: 'leads_last_name_idx', key: 'last_name', include: COVERED, old: '(last_name, id)' },
  {
    name: 'leads_status_rank_idx',
    key: `(array_position(array[${LEAD_STATUSES}]::text[], status))`,
    include: COVERED,
    old: `((array_position(array[${LEAD_STATUSES}]::text[], status)), id)`,
  },
  {
    name: 'leads_priority_rank_idx',
    key: `(array_position(array[${LEAD_PRIORITIES}]::text[], priority))`,
    include: COVERED,
    old: `((array_position(array[${LEAD_PRIORITIES}]::text[], priority)), id)`,
  },
  {
    name: 'leads_estimated_value_idx',
    key: '(coalesce(estimated_value, 250))',
    include: `${COVERED}, estimated_value`,
    old: '((coalesce(estimated_value, 250)), id)',
  },
];

export async function up(knex: Knex): Promise<void> {
  for (const index of SORT_INDEXES) {
    await knex.raw(`drop index ${index.name}`);
    await knex.raw(`create index ${index.name} on leads (${index.key}, id) include (${index.include})`);
  }
  await knex.raw('drop index leads_next_follow_up_at_idx');
  await knex.raw(
    `create index leads_next_follow_up_sort_idx on leads ((coalesce(next_follow_up_at, 'infinity'::timestamptz)), id)
       include (${COVERED}, next_follow_up_at)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index leads_next_follow_up_sort_idx');
  await knex.raw('create index leads_next_follow_up_at_idx on leads (next_follow_up_at, id)');
  for (const index of SORT_INDEXES) {
    await knex.raw(`drop index ${index.name}`);
    await knex.raw(`create index ${index.name} on leads ${index.old}`);
  }
}
