// The streamed CSV export (docs/performance.md, "Export at scale"): POST /api/admin/leads/export
// with `Accept: text/csv`. Rows leave the database in keyset-paged batches (newest first, the order
// of the buffered export) and are written as they come, so memory stays flat however many leads
// match. Keyset pages rather than one cursor: each batch is a short indexed range scan that gives
// the connection back in between, which matters on PGlite (one connection that every other request
// queues for) and costs PostgreSQL nothing. The bytes are those of the buffered export's `content`
// (same columns, same CSV rules).
import { buildCsvRow } from '@shine/shared/csv';
import { EXPORT_COLUMN_HEADERS, resolveExportColumns } from '@shine/shared/export';
import type { Knex } from 'knex';
import { userNameOf } from '../auth/user-names.service.ts';
import type { LeadRow } from '../db/tables.ts';
import { applyLeadFilter } from './lead-filter.ts';
import { LEAD_COLUMNS } from './lead-mapper.ts';
import type { LeadExport } from './leads-export.ts';

export const EXPORT_BATCH_ROWS = 5_000;

type Selection = Pick<LeadExport, 'leadIds' | 'filter'>;

/**
 * Values leave PostgreSQL already in the text the CSV shows (toLead's forms: ISO 8601 UTC with
 * milliseconds, the value as a plain number): parsing 400,000 timestamps into Dates only to print
 * them again was half of an export's time. The stream test holds these to the buffered export's bytes.
 */
const TIMESTAMP_COLUMNS = new Set<keyof LeadRow>([
  'created_at',
  'updated_at',
  'last_contacted_at',
  'next_follow_up_at',
]);
const KEYSET_COLUMNS = 'created_at::text as keyset_created_at, id as keyset_id';

interface KeysetRow {
  keyset_created_at: string;
  keyset_id: string;
}

type ExportBatch = Array<Record<string, unknown> & KeysetRow>;

function exportExpression(column: keyof LeadRow): string {
  if (TIMESTAMP_COLUMNS.has(column)) {
    return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`;
  }
  if (column === 'estimated_value') return 'estimated_value::float8 as estimated_value';
  return column;
}

/** Where the last batch ended: created_at as PostgreSQL's text (microseconds kept, unlike a JS Date). */
interface KeysetPosition {
  createdAt: string;
  id: string;
}

function applySelection(query: Knex.QueryBuilder, selection: Selection): Knex.QueryBuilder {
  // No selection (absent or empty) means "what the table shows": the current filter.
  if (selection.leadIds?.length) return query.whereRaw('id = any(?::uuid[])', [selection.leadIds]);
  return applyLeadFilter(query, selection.filter);
}

/** How many rows the export will hold (the CRM shows progress against it). */
export async function countExportRows(db: Knex, selection: Selection): Promise<number> {
  const row = (await applySelection(db('leads'), selection).first(db.raw('count(*)::int as count'))) as
    | { count: number }
    | undefined;
  return Number(row?.count ?? 0);
}

/** The columns a batch selects: the exported ones, and the assignee's name when it is exported. */
interface ExportColumns {
  columns: Array<keyof LeadRow>;
  assigneeName: boolean;
}

/** The cell of the assignee's name (the auth feature's userNameOf, selected beside the lead's columns). */
const ASSIGNEE_NAME = 'assignee_name';

async function selectExportBatch(
  db: Knex,
  { columns, assigneeName }: ExportColumns,
  selection: Selection,
  after: KeysetPosition | undefined,
  limit: number,
): Promise<ExportBatch> {
  const selected = [...columns.map((column) => db.raw(exportExpression(column))), db.raw(KEYSET_COLUMNS)];
  if (assigneeName) selected.push(db.raw(`? as ${ASSIGNEE_NAME}`, [userNameOf(db, 'leads.assigned_to')]));
  const query = applySelection(db('leads').select(selected), selection)
    // Qualified: the select list has a text column of the same name, which an unqualified ORDER BY
    // would sort by (and no index serves).
    .orderBy([
      { column: 'leads.created_at', order: 'desc' },
      { column: 'leads.id', order: 'desc' },
    ])
    .limit(limit);
  // A row comparison: one range condition on the (created_at, id) index, scanned backwards.
  if (after) query.whereRaw('(created_at, id) < (?::timestamptz, ?::uuid)', [after.createdAt, after.id]);
  return query;
}

/** The CSV document in chunks: the header row, then one chunk per batch of rows. */
export async function* streamLeadsCsv(
  db: Knex,
  request: LeadExport,
  batchRows: number = EXPORT_BATCH_ROWS,
): AsyncGenerator<string> {
  const fields = resolveExportColumns('csv', request.fields);
  const columns: ExportColumns = {
    columns: [...new Set(fields.flatMap((field) => (field === 'assignee' ? [] : [LEAD_COLUMNS[field]])))],
    assigneeName: fields.includes('assignee'),
  };
  const cells = fields.map((field) => (field === 'assignee' ? ASSIGNEE_NAME : LEAD_COLUMNS[field]));
  yield `${buildCsvRow(fields.map((key) => EXPORT_COLUMN_HEADERS[key] ?? key))}\r\n`;
  // The next batch is asked for as soon as the current one arrives, so the database reads it while
  // this one is formatted and written (two cores at work instead of one at a time).
  let pending: Promise<ExportBatch> | undefined = selectExportBatch(db, columns, request, undefined, batchRows);
  try {
    while (pending) {
      const rows: ExportBatch = await pending;
      const last = rows[rows.length - 1];
      pending =
        rows.length === batchRows && last
          ? selectExportBatch(
              db,
              columns,
              request,
              { createdAt: last.keyset_created_at, id: last.keyset_id },
              batchRows,
            )
          : undefined;
      if (rows.length === 0) return;
      let chunk = '';
      for (const row of rows) chunk += `${buildCsvRow(cells.map((column) => row[column]))}\r\n`;
      yield chunk;
    }
  } finally {
    // A client that went away leaves a batch in flight: let it finish unobserved.
    pending?.catch(() => {});
  }
}
