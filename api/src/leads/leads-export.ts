// POST /api/admin/leads/export: the chosen leads (or every lead matching the filter when none are
// chosen) as CSV or JSON text, with the columns of the chosen field groups (shared/export.ts). Every
// export is written to the audit trail: who, how many, which filter.
import { buildCsv } from '@shine/shared/csv';
import {
  EXPORT_COLUMN_HEADERS,
  type ExportField,
  type ExportRequest,
  resolveExportColumns,
} from '@shine/shared/export';
import type { ExportResult, Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { recordAudit } from '../audit/audit.service.ts';
import type { LeadRow } from '../db/tables.ts';
import type { ResolvedLeadFilter } from './lead-filter.ts';
import { LEAD_COLUMNS, type NamedLeadRow, toLead } from './lead-mapper.ts';
import { selectLeadRowsForExport } from './leads.queries.ts';

/** An export request whose filter has "me" resolved (lead-filter.ts). */
export type LeadExport = Omit<ExportRequest, 'filter'> & { filter?: ResolvedLeadFilter | undefined };

/** The exported value of a field: the assignee by name (a spreadsheet has no use for an id). */
export function exportValueOf(lead: Partial<Lead>, field: keyof Lead): unknown {
  if (field === 'assignee') return lead.assignee?.name ?? null;
  return lead[field] ?? null;
}

/** The lead columns behind the exported fields (the assignee's name is selected with every row). */
export function exportColumnsOf(fields: ReadonlyArray<ExportField>): Array<keyof LeadRow> {
  return [
    ...new Set<keyof LeadRow>(fields.map((field) => (field === 'assignee' ? 'assigned_to' : LEAD_COLUMNS[field]))),
  ];
}

export async function exportLeads(db: Knex, request: LeadExport): Promise<ExportResult> {
  const fields = resolveExportColumns(request.format, request.fields);
  const columns = [...new Set<keyof LeadRow>(['id', ...exportColumnsOf(fields)])];
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

/**
 * The audit row of an export by `actorId`: the format, how many leads, and which ones — the filter as
 * sent ("me" means the actor), or how many were picked by hand (the ids themselves are not kept).
 */
export function recordLeadExport(db: Knex, actorId: string, request: ExportRequest, count: number): Promise<void> {
  const picked = request.leadIds?.length ?? 0;
  return recordAudit(db, {
    actorId,
    entity: 'export',
    entityId: null,
    action: 'exported',
    after: {
      format: request.format,
      count,
      ...(picked > 0 ? { selected: picked } : { filter: request.filter ?? {} }),
      ...(request.fields ? { fields: request.fields } : {}),
    },
  });
}

/** toLead for a row holding only the exported columns; the others come out empty and are not picked. */
function toPartialLead(row: Partial<NamedLeadRow>): Partial<Lead> {
  return toLead(row as NamedLeadRow);
}

function pick(lead: Partial<Lead>, fields: Array<keyof Lead>): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, exportValueOf(lead, field)]));
}
