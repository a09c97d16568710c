// The export's rows (docs/performance.md, "Export at scale"; docs/requirements.md#export), for both
// answers of POST /api/admin/leads/export: the streamed CSV (`Accept: text/csv`) and the buffered
// `{ content, format, count }` (leads-export.ts), so the two are the same bytes. Rows leave the
// database in keyset-paged batches (newest first) and are written as they come, so memory stays flat
// however many leads match. Keyset pages rather than one cursor: each batch is a short indexed range
// scan that gives the connection back in between, which matters on PGlite (one connection that every
// other request queues for) and costs PostgreSQL nothing. The outcome columns come from the same
// statement: the next visit and the newest quote are LATERAL joins on their (lead_id, …) indexes, never
// a query per row.
import { buildCsvRow, CSV_BOM } from '@shine/shared/csv';
import {
  EXPORT_COLUMN_HEADERS,
  EXPORT_CSV_DATE_FORMAT,
  EXPORT_INSTANT_FIELDS,
  type ExportField,
  type ExportRequest,
  resolveExportColumns,
} from '@shine/shared/export';
import { formatCents } from '@shine/shared/quote-pricing';
import { QUOTE_STATUS_LABELS, quoteStatusAt, type StoredQuoteStatus } from '@shine/shared/quotes';
import { leadRecurringRevenue } from '@shine/shared/recurring-revenue';
import type { Knex } from 'knex';
import { userNameOf } from '../auth/index.ts';
import type { LeadRow } from '../db/tables.ts';
import { applyLeadFilter, type ResolvedLeadFilter } from './lead-filter.ts';
import { LEAD_COLUMNS } from './lead-mapper.ts';

/** An export request whose filter has "me" resolved (lead-filter.ts). */
export type LeadExport = Omit<ExportRequest, 'filter'> & { filter?: ResolvedLeadFilter | undefined };

export const EXPORT_BATCH_ROWS = 5_000;

type Selection = Pick<LeadExport, 'leadIds' | 'filter'>;

/** Where and when the export is made: its instants are written in `timeZone` (CSV), its "next" is after `now`. */
export interface ExportContext {
  timeZone: string;
  now: Date;
}

const KEYSET_COLUMNS = 'leads.created_at::text as keyset_created_at, leads.id as keyset_id';

interface KeysetRow {
  keyset_created_at: string;
  keyset_id: string;
}

type ExportBatch = Array<Record<string, unknown> & KeysetRow>;

/** The cells a batch selects beyond the lead's own columns. */
const ASSIGNEE_NAME = 'assignee_name';
const NEXT_VISIT = 'next_visit_at';
const QUOTE_STATUS = 'quote_status';
const QUOTE_VALID_UNTIL = 'quote_valid_until';

/**
 * Values leave PostgreSQL already in the text the file shows: instants as ISO 8601 UTC with
 * milliseconds in JSON (toLead's form) or as the business's wall clock in CSV, the value as a plain
 * number. Parsing 400,000 timestamps into Dates only to print them again was half of an export's time.
 */
function instantExpression(db: Knex, column: string, as: string, format: LeadExport['format'], timeZone: string) {
  if (format === 'csv')
    return db.raw(`to_char(${column} at time zone ?, ?) as ??`, [timeZone, EXPORT_CSV_DATE_FORMAT, as]);
  return db.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ??`, [as]);
}

/** What a batch selects and how each exported field is read from its row. */
interface ExportPlan {
  format: LeadExport['format'];
  fields: ExportField[];
  /** The lead's own columns to select. */
  columns: Array<keyof LeadRow>;
  /** Those of `columns` that are instants. */
  instants: ReadonlySet<keyof LeadRow>;
  assigneeName: boolean;
  nextVisit: boolean;
  quote: boolean;
}

/** The lead column behind a field that is one. */
function leadColumnOf(field: ExportField): keyof LeadRow | undefined {
  if (field === 'assignee' || field === 'nextVisit' || field === 'quoteStatus' || field === 'recurringValue') {
    return undefined;
  }
  return LEAD_COLUMNS[field];
}

function planOf(request: Pick<LeadExport, 'format' | 'fields'>): ExportPlan {
  const fields = resolveExportColumns(request.format, request.fields);
  const columns = fields.flatMap((field): Array<keyof LeadRow> => {
    // The recurring value is the shared rule over the lead's frequency and value per visit.
    if (field === 'recurringValue') return ['frequency', 'estimated_value'];
    const column = leadColumnOf(field);
    return column ? [column] : [];
  });
  const instants = fields.filter((field) => EXPORT_INSTANT_FIELDS.has(field)).map(leadColumnOf);
  return {
    format: request.format,
    fields,
    columns: [...new Set(columns)],
    instants: new Set(instants.filter((column) => column !== undefined)),
    assigneeName: fields.includes('assignee'),
    nextVisit: fields.includes('nextVisit'),
    quote: fields.includes('quoteStatus'),
  };
}

function columnExpression(db: Knex, column: keyof LeadRow, plan: ExportPlan, context: ExportContext) {
  if (plan.instants.has(column)) return instantExpression(db, `leads.${column}`, column, plan.format, context.timeZone);
  if (column === 'estimated_value') return db.raw('leads.estimated_value::float8 as estimated_value');
  return db.raw('?? as ??', [`leads.${column}`, column]);
}

/** Where the last batch ended: created_at as PostgreSQL's text (microseconds kept, unlike a JS Date). */
interface KeysetPosition {
  createdAt: string;
  id: string;
}

function applySelection(query: Knex.QueryBuilder, selection: Selection): Knex.QueryBuilder {
  // No selection (absent or empty) means "what the table shows": the current filter.
  if (selection.leadIds?.length) return query.whereRaw('leads.id = any(?::uuid[])', [selection.leadIds]);
  return applyLeadFilter(query, selection.filter);
}

/** How many rows the export will hold (the CRM shows progress against it). */
export async function countExportRows(db: Knex, selection: Selection): Promise<number> {
  const row = (await applySelection(db('leads'), selection).first(db.raw('count(*)::int as count'))) as
    | { count: number }
    | undefined;
  return Number(row?.count ?? 0);
}

async function selectExportBatch(
  db: Knex,
  plan: ExportPlan,
  selection: Selection,
  context: ExportContext,
  after: KeysetPosition | undefined,
  limit: number,
): Promise<ExportBatch> {
  const selected = [
    ...plan.columns.map((column) => columnExpression(db, column, plan, context)),
    db.raw(KEYSET_COLUMNS),
  ];
  if (plan.assigneeName) selected.push(db.raw(`? as ${ASSIGNEE_NAME}`, [userNameOf(db, 'leads.assigned_to')]));
  const query = db('leads');
  if (plan.nextVisit) {
    // The lead's next visit still to come: visits_lead_idx (lead_id, starts_at), first match.
    query.joinRaw(
      `left join lateral (select v.starts_at as ${NEXT_VISIT} from visits v
                           where v.lead_id = leads.id and v.status = 'scheduled' and v.starts_at >= ?
                           order by v.starts_at limit 1) next_visit on true`,
      [context.now.toISOString()],
    );
    selected.push(instantExpression(db, `next_visit.${NEXT_VISIT}`, NEXT_VISIT, plan.format, context.timeZone));
  }
  if (plan.quote) {
    // The lead's newest quote: the unique (lead_id, version) index, highest version.
    query.joinRaw(
      `left join lateral (select q.status as ${QUOTE_STATUS}, q.valid_until as ${QUOTE_VALID_UNTIL} from quotes q
                           where q.lead_id = leads.id order by q.version desc limit 1) latest_quote on true`,
    );
    selected.push(db.raw(`latest_quote.${QUOTE_STATUS}, latest_quote.${QUOTE_VALID_UNTIL}`));
  }
  applySelection(query.select(selected), selection)
    // Qualified: the select list has a text column of the same name, which an unqualified ORDER BY
    // would sort by (and no index serves).
    .orderBy([
      { column: 'leads.created_at', order: 'desc' },
      { column: 'leads.id', order: 'desc' },
    ])
    .limit(limit);
  // A row comparison: one range condition on the (created_at, id) index, scanned backwards.
  if (after) {
    query.whereRaw('(leads.created_at, leads.id) < (?::timestamptz, ?::uuid)', [after.createdAt, after.id]);
  }
  if (!plan.nextVisit && !plan.quote) return (await query) as unknown as ExportBatch;
  // The joins' index probes make a batch look costly enough for PostgreSQL to JIT-compile it, which
  // took longer than reading it (180 ms of a 5,000-row batch on the bench); its plan is index lookups.
  return db.transaction(async (trx) => {
    await trx.raw('set local jit = off');
    return (await query.transacting(trx)) as unknown as ExportBatch;
  });
}

/** A field's value in a batch's row: text, a number or null, as the file writes it. */
function cellOf(row: Record<string, unknown>, field: ExportField, plan: ExportPlan, context: ExportContext): unknown {
  switch (field) {
    case 'assignee':
      return row[ASSIGNEE_NAME] ?? null;
    case 'nextVisit':
      return row[NEXT_VISIT] ?? null;
    case 'quoteStatus': {
      const stored = row[QUOTE_STATUS] as StoredQuoteStatus | null | undefined;
      if (!stored) return null;
      const validUntil = row[QUOTE_VALID_UNTIL] as Date | string | null;
      const status = quoteStatusAt(stored, validUntil === null ? null : new Date(validUntil), context.now);
      return plan.format === 'csv' ? QUOTE_STATUS_LABELS[status] : status;
    }
    case 'recurringValue': {
      const recurring = leadRecurringRevenue({
        frequency: String(row.frequency ?? ''),
        estimatedValue: row.estimated_value === null ? null : Number(row.estimated_value),
      });
      return recurring ? formatCents(recurring.annualCents) : null;
    }
    default: {
      const column = leadColumnOf(field);
      return column ? (row[column] ?? null) : null;
    }
  }
}

/** The export's fields, in order, and its rows in batches: each row its fields' values. */
export function exportRows(
  db: Knex,
  request: LeadExport,
  context: ExportContext,
  batchRows: number = EXPORT_BATCH_ROWS,
): { fields: ExportField[]; batches: () => AsyncGenerator<unknown[][]> } {
  const plan = planOf(request);
  async function* batches(): AsyncGenerator<unknown[][]> {
    // The next batch is asked for as soon as the current one arrives, so the database reads it while
    // this one is formatted and written (two cores at work instead of one at a time).
    let pending: Promise<ExportBatch> | undefined = selectExportBatch(db, plan, request, context, undefined, batchRows);
    try {
      while (pending) {
        const rows: ExportBatch = await pending;
        const last = rows[rows.length - 1];
        pending =
          rows.length === batchRows && last
            ? selectExportBatch(
                db,
                plan,
                request,
                context,
                { createdAt: last.keyset_created_at, id: last.keyset_id },
                batchRows,
              )
            : undefined;
        if (rows.length === 0) return;
        yield rows.map((row) => plan.fields.map((field) => cellOf(row, field, plan, context)));
      }
    } finally {
      // A client that went away leaves a batch in flight: let it finish unobserved.
      pending?.catch(() => {});
    }
  }
  return { fields: plan.fields, batches };
}

/** A CSV file's start: the byte order mark and the header row. */
export function csvHeader(fields: readonly ExportField[]): string {
  return `${CSV_BOM}${buildCsvRow(fields.map((field) => EXPORT_COLUMN_HEADERS[field]))}\r\n`;
}

/** Rows of a CSV file, each ended by CRLF. */
export function csvLines(rows: readonly unknown[][]): string {
  let text = '';
  for (const row of rows) text += `${buildCsvRow(row)}\r\n`;
  return text;
}

/** The CSV document in chunks: its header, then one chunk per batch of rows. */
export async function* streamLeadsCsv(
  db: Knex,
  request: LeadExport,
  context: ExportContext,
  batchRows: number = EXPORT_BATCH_ROWS,
): AsyncGenerator<string> {
  const { fields, batches } = exportRows(db, { ...request, format: 'csv' }, context, batchRows);
  yield csvHeader(fields);
  for await (const rows of batches()) yield csvLines(rows);
}
