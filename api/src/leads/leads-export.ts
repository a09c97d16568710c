// POST /api/admin/leads/export: the chosen leads (or every lead matching the filter when none are
// chosen) as CSV or JSON text, with the columns of the chosen field groups (shared/export.ts). Every
// export is written to the audit trail: who, how many, which filter.
import type { ExportRequest } from '@shine/shared/export';
import type { ExportResult } from '@shine/shared/types';
import type { Knex } from 'knex';
import { recordAudit } from '../audit/index.ts';
import { csvHeader, csvLines, type ExportContext, exportRows, type LeadExport } from './leads-export-stream.ts';

/**
 * The answer gathered in memory (the route streams it: streamExportEnvelope below, held to these
 * bytes by the tests): the CSV is the streamed file's bytes gathered (byte order mark, the business
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

/** A string's JSON text without its quotes: what goes between `"content":"` and the closing quote. */
function jsonStringBody(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** One record of the JSON file as `JSON.stringify(records, null, 2)` writes it inside its array. */
function indentedRecord(fields: readonly string[], row: readonly unknown[]): string {
  const record: Record<string, unknown> = {};
  for (let at = 0; at < fields.length; at += 1) record[fields[at] as string] = row[at];
  return `  ${JSON.stringify(record, null, 2).replaceAll('\n', '\n  ')}`;
}

/**
 * The `{ content, format, count }` answer as chunks of its JSON text, the same bytes as
 * `JSON.stringify(await exportLeads(…))` without ever holding the file: `content` is written a batch
 * at a time (each batch's text JSON-escaped on its own, which is the whole string's escaping since a
 * batch ends at a row's end), and `count`, known only at the end, comes last. Nothing is sent before
 * the first batch has been read, so a failing read still answers with an error status; `beforeEnd`
 * (the audit row) runs before the closing bytes, so an export whose audit failed never arrives whole.
 */
export async function* streamExportEnvelope(
  db: Knex,
  request: LeadExport,
  context: ExportContext,
  beforeEnd: (count: number) => Promise<void>,
  batchRows?: number,
): AsyncGenerator<string> {
  const { fields, batches } = exportRows(db, request, context, batchRows);
  let unsent = `{"content":"${request.format === 'csv' ? jsonStringBody(csvHeader(fields)) : ''}`;
  let count = 0;
  for await (const rows of batches()) {
    let text: string;
    if (request.format === 'csv') text = csvLines(rows);
    else {
      text = count === 0 ? '[\n' : ',\n';
      for (let at = 0; at < rows.length; at += 1) {
        text +=
          at === 0
            ? indentedRecord(fields, rows[at] as unknown[])
            : `,\n${indentedRecord(fields, rows[at] as unknown[])}`;
      }
    }
    count += rows.length;
    yield `${unsent}${jsonStringBody(text)}`;
    unsent = '';
  }
  if (request.format === 'json') unsent += jsonStringBody(count === 0 ? '[]' : '\n]');
  await beforeEnd(count);
  yield `${unsent}","format":${JSON.stringify(request.format)},"count":${count}}`;
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
