// Large CSV exports (docs/performance.md, "Export at scale"): past STREAMED_EXPORT_THRESHOLD leads
// the CRM asks for the streamed download (`Accept: text/csv`) and shows progress as rows arrive,
// instead of waiting for one JSON answer that holds the whole file, first on the server and then
// again in the browser.
import type { ExportFormat } from '@shine/shared/enums';
import type { ExportRequest } from '@shine/shared/export';
import { leadOperations } from '@shine/shared/operations/leads';
import { request as requestApi } from '../api/client.ts';

/** Below this many leads the JSON answer is quick enough and needs no progress. */
export const STREAMED_EXPORT_THRESHOLD = 5_000;

export interface ExportProgress {
  rows: number;
  total: number;
}

export function shouldStreamExport(format: ExportFormat, expectedLeads: number | undefined): boolean {
  return format === 'csv' && (expectedLeads ?? 0) > STREAMED_EXPORT_THRESHOLD;
}

const LINE_FEED = 10;

/**
 * POST /api/admin/leads/export as a stream: the server announces the row count (X-Export-Count)
 * and progress counts line ends as they arrive (a line break inside a quoted note may count once
 * too often; the figure is capped at the total). Resolves with the file and the number of leads.
 */
export async function streamCsvExport(
  request: ExportRequest,
  onProgress: (progress: ExportProgress) => void,
): Promise<{ file: Blob; count: number }> {
  const response = await requestApi(leadOperations.exportLeads, { body: request }, { accept: 'text/csv' });
  const total = Number(response.headers.get('X-Export-Count') ?? 0);
  const chunks: Uint8Array[] = [];
  let lines = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const next = reader ? await reader.read() : { done: true as const, value: undefined };
    if (next.done) break;
    chunks.push(next.value);
    for (let i = next.value.indexOf(LINE_FEED); i !== -1; i = next.value.indexOf(LINE_FEED, i + 1)) lines += 1;
    // The first line is the header row.
    onProgress({ rows: Math.min(Math.max(lines - 1, 0), total), total });
  }
  onProgress({ rows: total, total });
  return { file: new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }), count: total };
}
