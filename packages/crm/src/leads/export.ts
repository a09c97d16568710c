import type { ExportFormat } from '@shine/shared/enums';
import { buildExportFileName, type ExportFieldGroup, type ExportRequest } from '@shine/shared/export';
import { leadOperations } from '@shine/shared/operations/leads';
import type { ExportResult } from '@shine/shared/types';
import { call } from '../api/client.ts';
import type { LeadFilterValues } from './leads.hooks.ts';

/**
 * docs/requirements.md#export: the selected leads, or (nothing selected) every lead the current filter matches.
 */
export function buildExportRequest(
  selectedIds: readonly string[],
  filter: LeadFilterValues,
  format: ExportFormat,
  fields?: readonly ExportFieldGroup[],
): ExportRequest {
  const request: ExportRequest = { format };
  if (fields && fields.length > 0) request.fields = [...fields];
  if (selectedIds.length > 0) {
    request.leadIds = [...selectedIds];
    return request;
  }
  const activeFilter: NonNullable<ExportRequest['filter']> = {};
  if (filter.search) activeFilter.search = filter.search;
  if (filter.status) activeFilter.status = filter.status;
  if (filter.priority) activeFilter.priority = filter.priority;
  if (filter.source) activeFilter.source = filter.source;
  if (filter.followUp) activeFilter.followUp = filter.followUp;
  if (filter.created) activeFilter.created = filter.created;
  // The assignee only when one is chosen: otherwise the request carries no assignedTo key at all.
  const withAssignee = { ...activeFilter, assignedTo: filter.assignedTo };
  request.filter = filter.assignedTo ? withAssignee : activeFilter;
  return request;
}

const MIME_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json;charset=utf-8',
};

/** Saves text (or a file already assembled, such as a streamed export) through the browser's (or Electron's) download. */
export function downloadTextFile(content: BlobPart, fileName: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POST /api/admin/leads/export, then download `leads_export_{YYYY-MM-DD}.{format}`. */
export async function exportLeads(request: ExportRequest): Promise<ExportResult> {
  const result = await call(leadOperations.exportLeads, { body: request });
  downloadTextFile(result.content, buildExportFileName(result.format), MIME_TYPES[result.format]);
  return result;
}
