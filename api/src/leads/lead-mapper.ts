import type { Estimate } from '@shine/shared/pricing';
import type { Lead } from '@shine/shared/types';
import type { LeadRow } from '../db/tables.ts';

const toIso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/** A leads row as the API's camelCase Lead (numeric as a number, timestamps as ISO strings). */
export function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    zipcode: row.zipcode,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    cleaningType: row.cleaning_type,
    frequency: row.frequency,
    notes: row.notes,
    status: row.status,
    priority: row.priority,
    assignedTo: row.assigned_to,
    estimatedValue:
      row.estimated_value === null || row.estimated_value === undefined ? null : Number(row.estimated_value),
    source: row.source,
    tags: row.tags ?? [],
    lastContactedAt: toIso(row.last_contacted_at),
    nextFollowUpAt: toIso(row.next_follow_up_at),
    createdAt: toIso(row.created_at) as string,
    updatedAt: toIso(row.updated_at) as string,
    estimate: (row.estimate_breakdown ?? null) as Estimate | null,
    utmSource: row.utm_source ?? null,
    utmMedium: row.utm_medium ?? null,
    utmCampaign: row.utm_campaign ?? null,
    referrerHost: row.referrer_host ?? null,
    landingPage: row.landing_page ?? null,
    repeatCount: Number(row.repeat_count ?? 0),
    lastRepeatAt: toIso(row.last_repeat_at),
    previousLeadId: row.previous_lead_id ?? null,
    firstContactedAt: toIso(row.first_contacted_at),
    speedToLeadMinutes:
      row.speed_to_lead_minutes === null || row.speed_to_lead_minutes === undefined
        ? null
        : Number(row.speed_to_lead_minutes),
    contactDueAt: toIso(row.contact_due_at),
  };
}

/** Lead field → column, for the queries that select or sort by API field names. */
export const LEAD_COLUMNS: Record<keyof Lead, keyof LeadRow> = {
  id: 'id',
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  zipcode: 'zipcode',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
  cleaningType: 'cleaning_type',
  frequency: 'frequency',
  notes: 'notes',
  status: 'status',
  priority: 'priority',
  assignedTo: 'assigned_to',
  estimatedValue: 'estimated_value',
  source: 'source',
  tags: 'tags',
  lastContactedAt: 'last_contacted_at',
  nextFollowUpAt: 'next_follow_up_at',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  estimate: 'estimate_breakdown',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  referrerHost: 'referrer_host',
  landingPage: 'landing_page',
  repeatCount: 'repeat_count',
  lastRepeatAt: 'last_repeat_at',
  previousLeadId: 'previous_lead_id',
  firstContactedAt: 'first_contacted_at',
  speedToLeadMinutes: 'speed_to_lead_minutes',
  contactDueAt: 'contact_due_at',
};
