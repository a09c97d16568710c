// POST /api/admin/leads/export: the chosen leads (or every lead matching the filter when none are
// chosen) as CSV or JSON text, with the columns of the chosen field groups (shared/export.ts).
import { buildCsv } from '@shine/shared/csv';
import { EXPORT_COLUMN_HEADERS, type ExportRequest, resolveExportColumns } from '@shine/shared/export';
import type { ExportResult, Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import type { LeadRow } from '../db/tables.ts';
import { LEAD_COLUMNS, toLead } from './lead-mapper.ts';
import { selectLeadRowsForExport } from './leads.queries.ts';

export async function exportLeads(db: Knex, request: ExportRequest): Promise<ExportResult> {
  const fields = resolveExportColumns(request.format, request.fields);
  const columns = [...new Set<keyof LeadRow>(['id', ...fields.map((field) => LEAD_COLUMNS[field])])];
  // No selection (absent or empty) means "what the table shows": the current filter.
  const selection = request.leadIds?.length ? { leadIds: request.leadIds } : { filter: request.filter };
  const rows = await selectLeadRowsForExport(db, columns, selection);
  const records = rows.map((row) => pick(toPartialLead(row), fields));
  const content =
    request.format === 'csv'
      ? buildCsv(
          fields.map((key) => ({ key, header: EXPORT_COLUMN_HEADERS[key] ?? key })),
          records,
        )
      : JSON.stringify(records, null, 2);
  return { content, format: request.format, count: records.length };
}

/** toLead for a row holding only the exported columns; the others come out empty and are not picked. */
function toPartialLead(row: Partial<LeadRow>): Partial<Lead> {
  return toLead(row as LeadRow);
}

function pick(lead: Partial<Lead>, fields: Array<keyof Lead>): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, lead[field] ?? null]));
}
