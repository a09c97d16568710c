import type { ExportFormat } from '@shine/shared/enums';
import {
  buildExportFileName,
  DEFAULT_EXPORT_FIELDS,
  EXPORT_FIELD_GROUP_NAMES,
  type ExportFieldGroup,
} from '@shine/shared/export';
import { formatCount } from '@shine/shared/format';
import { MESSAGES } from '@shine/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Modal, Progress, Radio } from 'antd';
import { useState } from 'react';
import { buildExportRequest, downloadTextFile, exportLeads } from './export.ts';
import { type ExportProgress, shouldStreamExport, streamCsvExport } from './export-stream.ts';
import type { LeadFilterValues } from './leads.hooks.ts';
import { useToast } from '../ui/use-toast.ts';

const GROUP_LABELS: Record<ExportFieldGroup, string> = {
  contact: 'Contact',
  service: 'Service',
  status: 'Status & value',
  dates: 'Dates',
  outcome: 'Lost reason, next visit, quote & recurring value',
  notes: 'Notes',
};

interface ExportDialogProps {
  open: boolean;
  onClose: () => void;
  selectedIds: readonly string[];
  filter: LeadFilterValues;
  /** Leads matching the current filter, for the summary line. */
  matchingTotal: number | undefined;
}

function describeAssigneeFilter(assignedTo: string | undefined): string | undefined {
  if (assignedTo === 'me') return 'assigned to me';
  if (assignedTo === 'none') return 'unassigned';
  return assignedTo ? 'assigned to one person' : undefined;
}

function describeFilter(filter: LeadFilterValues): string {
  const parts = [
    filter.search ? `search "${filter.search}"` : undefined,
    filter.status ? `status ${filter.status}` : undefined,
    filter.priority ? `priority ${filter.priority}` : undefined,
    describeAssigneeFilter(filter.assignedTo),
    filter.source ? `source ${filter.source}` : undefined,
    filter.followUp === 'overdue' ? 'follow-up overdue' : undefined,
    filter.created === 'today' ? 'created today' : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** Export (CSV or JSON) of the selection, or of the current filter when nothing is selected. */
export function ExportDialog({ open, onClose, selectedIds, filter, matchingTotal }: ExportDialogProps) {
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [fields, setFields] = useState<ExportFieldGroup[]>(DEFAULT_EXPORT_FIELDS.csv);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: async (): Promise<{ format: ExportFormat; count: number }> => {
      const request = buildExportRequest(selectedIds, filter, format, fields);
      // A large CSV streams with progress; anything smaller comes as one JSON answer.
      if (shouldStreamExport(format, selectedIds.length > 0 ? selectedIds.length : matchingTotal)) {
        const { file, count } = await streamCsvExport(request, setProgress);
        downloadTextFile(file, buildExportFileName('csv'), file.type);
        return { format: 'csv', count };
      }
      return exportLeads(request);
    },
    onSuccess: (result) => {
      toast.success(MESSAGES.export.successTitle, MESSAGES.export.successText(result.count, result.format));
      onClose();
    },
    onError: () => toast.error(MESSAGES.export.failedTitle, MESSAGES.export.failedText),
    onSettled: () => setProgress(null),
  });

  const scope =
    selectedIds.length > 0
      ? `${formatCount(selectedIds.length, 'selected lead')} will be exported.`
      : `No leads are selected: ${matchingTotal === undefined ? 'all leads' : `all ${formatCount(matchingTotal, 'lead')}`} matching the current filters${describeFilter(filter)} will be exported.`;

  return (
    <Modal
      title="Export Leads"
      open={open}
      onCancel={onClose}
      onOk={() => mutation.mutate()}
      okText={mutation.isPending ? 'Exporting...' : 'Export'}
      okButtonProps={{ loading: mutation.isPending, disabled: fields.length === 0 }}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={scope} className="export-scope" />
      {progress ? (
        <div role="status" aria-live="polite">
          <Progress percent={progress.total > 0 ? Math.floor((progress.rows / progress.total) * 100) : 0} />
          Exported {progress.rows} of {formatCount(progress.total, 'lead')}…
        </div>
      ) : null}
      <Form layout="vertical">
        <Form.Item label="Format">
          <Radio.Group
            aria-label="Format"
            value={format}
            onChange={(event) => {
              const next = event.target.value as ExportFormat;
              setFormat(next);
              setFields(DEFAULT_EXPORT_FIELDS[next]);
            }}
            options={[
              { value: 'csv', label: 'CSV' },
              { value: 'json', label: 'JSON' },
            ]}
            optionType="button"
          />
        </Form.Item>
        <Form.Item
          label="Fields"
          help={fields.length === 0 ? 'Choose at least one field group' : undefined}
          validateStatus={fields.length === 0 ? 'error' : undefined}
        >
          <Checkbox.Group
            aria-label="Fields"
            value={fields}
            onChange={(values) => setFields(values as ExportFieldGroup[])}
            options={EXPORT_FIELD_GROUP_NAMES.map((group) => ({ value: group, label: GROUP_LABELS[group] }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
