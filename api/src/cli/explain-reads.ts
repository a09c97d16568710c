// EXPLAIN (ANALYZE, BUFFERS) of the SQL the API really sends for the CRM's reads, captured from the
// API's own query functions (not copies of their SQL), on the bench database. Prints Markdown for
// docs/performance.md.
//
//   pnpm exec node api/src/cli/explain-reads.ts [--database-url URL]   (seeded by pnpm bench or pnpm seed)
import { parseArgs } from 'node:util';
import { LEAD_SORT_FIELDS, leadListQuerySchema } from '@shine/shared/leads';
import type { Knex } from 'knex';
import { loadCliEnv } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { resolveLeadFilter } from '../leads/lead-filter.ts';
import { listLeads } from '../leads/lead-list.service.ts';
import { countExportRows, streamLeadsCsv } from '../leads/leads-export-stream.ts';
import { buildMetrics, buildStats, metricsEtag, statsEtag } from '../reports/reports.service.ts';

const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres:postgres@localhost:5432/shine_bench';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: loadCliEnv().benchDatabaseUrl ?? DEFAULT_BENCH_DATABASE_URL },
  },
});

interface CapturedQuery {
  sql: string;
  bindings: unknown[];
}

const database = await createDatabase({ databaseUrl: values['database-url'] as string, poolMax: 1 });
const db = database.knex;

/** Runs `action` and returns every statement it sent, in order. */
async function capture(action: (db: Knex) => Promise<unknown>): Promise<CapturedQuery[]> {
  const queries: CapturedQuery[] = [];
  const listener = (query: { sql: string; bindings?: unknown[] }) => {
    queries.push({ sql: query.sql, bindings: query.bindings ?? [] });
  };
  db.on('query', listener);
  try {
    await action(db);
  } finally {
    db.off('query', listener);
  }
  return queries;
}

async function explain(query: CapturedQuery): Promise<string> {
  // The driver's own placeholders ($1...) and values: exactly what the API runs.
  const connection = (await db.client.acquireConnection()) as {
    query: (sql: string, values: unknown[]) => Promise<{ rows: Array<Record<string, string>> }>;
  };
  try {
    const result = await connection.query(`explain (analyze, buffers) ${query.sql}`, query.bindings);
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/** Header, first batch, second batch (the one with a keyset condition), then stop. */
async function streamTwoBatches(knex: Knex): Promise<void> {
  let chunks = 0;
  for await (const _chunk of streamLeadsCsv(knex, { format: 'csv' }, { now, timeZone })) {
    chunks += 1;
    if (chunks === 3) return;
  }
}

const now = new Date();
const timeZone = 'America/Chicago';
/** "Mine" as a user who holds no lead: the plan is the same whoever asks. */
const SOME_USER = '00000000-0000-4000-8000-000000000000';
const list = (query: Record<string, string>) => (knex: Knex) =>
  listLeads(knex, resolveLeadFilter(leadListQuerySchema.parse(query), SOME_USER, { now, timeZone }));
/** The cursor of the page after `query`'s page, read before any statement is captured. */
const nextCursorOf = async (query: Record<string, string>) =>
  (await listLeads(db, resolveLeadFilter(leadListQuerySchema.parse(query), SOME_USER, { now, timeZone }))).nextCursor ??
  '';
const afterPage1000 = await nextCursorOf({ page: '1000' });
const afterPage1000ByStatus = await nextCursorOf({ page: '1000', sort: 'status' });
const cases: Array<[string, (knex: Knex) => Promise<unknown>]> = [
  ['Leads list, first page (GET /api/admin/leads)', list({})],
  ['Leads list sorted by last name, ascending', list({ sort: 'lastName', order: 'asc' })],
  ['Leads search "smi" (GET /api/admin/leads?search=smi)', list({ search: 'smi' })],
  ['Leads search by phone digits "555-0142"', list({ search: '555-0142' })],
  ['Leads search by phone digits typed with dots "214.555.0142"', list({ search: '214.555.0142' })],
  ['Leads search, a rare full name "olivia goldsmith"', list({ search: 'olivia goldsmith' })],
  ['Leads status filter (GET /api/admin/leads?status=Qualified)', list({ status: 'Qualified' })],
  ['Leads of one person (GET /api/admin/leads?assignedTo=me)', list({ assignedTo: 'me' })],
  ['Leads unassigned (GET /api/admin/leads?assignedTo=none)', list({ assignedTo: 'none' })],
  ['Leads page 500 (GET /api/admin/leads?page=500)', list({ page: '500' })],
  // Any page fast (docs/performance.md): the last page of 2,000 in every sort (an index-only scan
  // under OFFSET, then 50 rows by id), and the page after it by cursor (an index range from the
  // cursor's row).
  ...LEAD_SORT_FIELDS.map((sort): [string, (knex: Knex) => Promise<unknown>] => [
    `Leads page 2,000, sort=${sort} ascending`,
    list({ page: '2000', sort, order: 'asc' }),
  ]),
  ['Leads by cursor: the page after page 1,000 (default sort)', list({ cursor: afterPage1000 })],
  ['Leads by cursor: the page after page 1,000, sort=status', list({ cursor: afterPage1000ByStatus, sort: 'status' })],
  ['Stats ETag (a 304 costs only this)', statsEtag],
  ['Stats (GET /api/admin/stats)', buildStats],
  ['Metrics ETag (a 304 costs only this)', (knex) => metricsEtag(knex, now, timeZone)],
  ['Metrics (GET /api/admin/metrics)', (knex) => buildMetrics(knex, now, timeZone)],
  ['Export count (streamed export header)', (knex) => countExportRows(knex, {})],
  ['Streamed export, first two keyset batches', streamTwoBatches],
];

const total = (await db('leads').count({ n: '*' }).first())?.n;
const out: string[] = [
  `Measured on ${new Date().toISOString()} against ${total} leads (PostgreSQL ${(await db.raw('show server_version')).rows[0].server_version}).`,
  '',
];
try {
  for (const [title, action] of cases) {
    out.push(`### ${title}`, '');
    for (const query of await capture(action)) {
      out.push(
        '```sql',
        query.sql,
        query.bindings.length > 0 ? `-- bindings: ${JSON.stringify(query.bindings)}` : '',
        '```',
      );
      // The list's estimated total is itself an EXPLAIN (planning only, nothing executed).
      const plan = /^explain/i.test(query.sql)
        ? "(the planner's row estimate: planned, not executed)"
        : await explain(query);
      out.push('```', plan, '```', '');
    }
  }
} finally {
  await database.close();
}
console.log(out.filter((line, i, all) => !(line === '' && all[i - 1] === '```sql')).join('\n'));
