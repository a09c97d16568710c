// POST /api/admin/leads/export: the chosen leads (or every lead matching the filter when none are
// chosen) as CSV or JSON text, with the columns of the chosen field groups (shared/export.ts). Every
// export is written to the audit trail: who, how many, which filter.
import type { ExportRequest } from '@shine/shared/export';
import type { ExportResult } from '@shine/shared/types';
import type { Knex } from 'knex';
import { recordAudit } from '../audit/audit.service.ts';
import { csvHeader, csvLines, type ExportContext, exportRows, type LeadExport } from './leads-export-stream.ts';

/**
 * The buffered answer: the CSV is the streamed file's bytes gathered (byte order mark, the business
 * time zone's wall clock); the JSON one object per lead with the same values, instants as ISO 8601.
 */
export async function exportLeads(db: Knex, request: LeadExport, context: ExportContext): Promise<ExportResult> {
  const { fields, batches } = exportRows(db, request, context);
  let count = 0;
  if (request.format === 'csv') {
    let content = csvHeader(fields);
    for await (const rows of batches()) {
      content += csvLines(rows);
      count += rows.length;
    }
    return { content, format: 'csv', count };
  }
  const records: Array<Record<string, unknown>> = [];
  for await (const rows of batches()) {
    for (const row of rows) records.push(Object.fromEntries(fields.map((field, at) => [field, row[at]])));
  }
  return { content: JSON.stringify(records, null, 2), format: 'json', count: records.length };
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
