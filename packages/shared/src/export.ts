import { z } from 'zod';
import { EXPORT_FORMATS } from './enums.ts';
import { leadFilterSchema } from './leads.ts';
import type { Lead } from './types.ts';

/**
 * Export columns that are no field of the lead itself (docs/requirements.md#export): its next scheduled
 * visit, its newest quote's status, and its recurring value a year (recurring-revenue.ts).
 */
export const EXPORT_DERIVED_FIELDS = ['nextVisit', 'quoteStatus', 'recurringValue'] as const;
export type ExportDerivedField = (typeof EXPORT_DERIVED_FIELDS)[number];

/**
 * Export field groups (docs/requirements.md#export): CSV has contact, service, status, dates (the brief's
 * fields, first and in that order), then the outcome; JSON adds notes.
 */
export const EXPORT_FIELD_GROUPS = {
  contact: ['firstName', 'lastName', 'email', 'phone', 'zipcode'],
  service: ['bedrooms', 'bathrooms', 'cleaningType', 'frequency'],
  // The assignee is exported by name ("Assigned To"); empty when unassigned.
  status: ['status', 'priority', 'source', 'estimatedValue', 'assignee'],
  dates: ['createdAt', 'updatedAt', 'lastContactedAt', 'nextFollowUpAt'],
  outcome: ['lostReason', 'nextVisit', 'quoteStatus', 'recurringValue'],
  notes: ['notes'],
} as const satisfies Record<string, ReadonlyArray<keyof Lead | ExportDerivedField>>;
export type ExportFieldGroup = keyof typeof EXPORT_FIELD_GROUPS;
/** A field an export can write: a lead field, or a derived one. */
export type ExportField = (typeof EXPORT_FIELD_GROUPS)[ExportFieldGroup][number];
export const EXPORT_FIELD_GROUP_NAMES = Object.keys(EXPORT_FIELD_GROUPS) as ExportFieldGroup[];

export const DEFAULT_EXPORT_FIELDS: Record<'csv' | 'json', ExportFieldGroup[]> = {
  csv: ['contact', 'service', 'status', 'dates', 'outcome'],
  json: ['contact', 'service', 'status', 'dates', 'outcome', 'notes'],
};

/** The fields that are instants: ISO 8601 in JSON, the business's wall clock in CSV (EXPORT_CSV_DATE_FORMAT). */
export const EXPORT_INSTANT_FIELDS: ReadonlySet<ExportField> = new Set([
  'createdAt',
  'updatedAt',
  'lastContactedAt',
  'nextFollowUpAt',
  'nextVisit',
]);

/**
 * A CSV's instants in the business time zone, to the minute: "2026-12-01 14:35" (PostgreSQL to_char
 * pattern), which every spreadsheet reads as a date and time.
 */
export const EXPORT_CSV_DATE_FORMAT = 'YYYY-MM-DD HH24:MI';

export const EXPORT_COLUMN_HEADERS: Record<ExportField, string> = {
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
  lostReason: 'Lost Reason',
  nextVisit: 'Next Visit',
  quoteStatus: 'Quote Status',
  recurringValue: 'Recurring Value',
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
