import { z } from 'zod';
import { EXPORT_FORMATS } from './enums.ts';
import { leadFilterSchema } from './leads.ts';
import type { Lead } from './types.ts';

/** Export field groups (docs/requirements.md#export): CSV has contact, service, status, dates; JSON adds notes. */
export const EXPORT_FIELD_GROUPS = {
  contact: ['firstName', 'lastName', 'email', 'phone', 'zipcode'],
  service: ['bedrooms', 'bathrooms', 'cleaningType', 'frequency'],
  // The assignee is exported by name ("Assigned To"); empty when unassigned.
  status: ['status', 'priority', 'source', 'estimatedValue', 'assignee'],
  dates: ['createdAt', 'updatedAt', 'lastContactedAt', 'nextFollowUpAt'],
  notes: ['notes'],
} as const satisfies Record<string, ReadonlyArray<keyof Lead>>;
export type ExportFieldGroup = keyof typeof EXPORT_FIELD_GROUPS;
/** A lead field an export can write. */
export type ExportField = (typeof EXPORT_FIELD_GROUPS)[ExportFieldGroup][number];
export const EXPORT_FIELD_GROUP_NAMES = Object.keys(EXPORT_FIELD_GROUPS) as ExportFieldGroup[];

export const DEFAULT_EXPORT_FIELDS: Record<'csv' | 'json', ExportFieldGroup[]> = {
  csv: ['contact', 'service', 'status', 'dates'],
  json: ['contact', 'service', 'status', 'dates', 'notes'],
};

export const EXPORT_COLUMN_HEADERS: Record<string, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  zipcode: 'Zip Code',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  cleaningType: 'Cleaning Type',
  frequency: 'Frequency',
  status: 'Status',
  priority: 'Priority',
  source: 'Source',
  estimatedValue: 'Estimated Value',
  assignee: 'Assigned To',
  createdAt: 'Created At',
  updatedAt: 'Updated At',
  lastContactedAt: 'Last Contacted At',
  nextFollowUpAt: 'Next Follow-Up At',
  notes: 'Notes',
};

export const MAX_EXPORT_IDS = 100_000;

export const exportRequestSchema = z.object({
  leadIds: z
    .array(z.uuid({ error: 'Lead ids must be valid ids' }))
    .max(MAX_EXPORT_IDS)
    .optional(),
  filter: leadFilterSchema.optional(),
  format: z.enum(EXPORT_FORMATS, { error: 'Format must be csv or json' }),
  fields: z
    .array(
      z.enum(EXPORT_FIELD_GROUP_NAMES as [ExportFieldGroup, ...ExportFieldGroup[]], {
        error: `Fields must be among: ${EXPORT_FIELD_GROUP_NAMES.join(', ')}`,
      }),
    )
    .min(1, 'Choose at least one field group')
    .optional(),
});
export type ExportRequest = z.output<typeof exportRequestSchema>;

/** The lead columns an export writes, in order, for a format and optional field groups. */
export function resolveExportColumns(format: 'csv' | 'json', fields?: readonly ExportFieldGroup[]): ExportField[] {
  const groups = fields && fields.length > 0 ? fields : DEFAULT_EXPORT_FIELDS[format];
  return EXPORT_FIELD_GROUP_NAMES.filter((group) => groups.includes(group)).flatMap((group) => [
    ...EXPORT_FIELD_GROUPS[group],
  ]);
}

/** leads_export_{YYYY-MM-DD}.{format}, dated in the user's local calendar. */
export function buildExportFileName(format: 'csv' | 'json', now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `leads_export_${date}.${format}`;
}
