import type { Estimate } from '@shine/shared/pricing';
import type { ServiceAddress } from '@shine/shared/service-address';
import type { AttributionFields, Lead, LeadRequest, QuoteFields } from '@shine/shared/types';
import type { LeadRequestRow, LeadRow, QuoteColumns } from '../db/tables.ts';

const toIso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/** The quote form's fields and the visit's attribution, shared by leads and their requests. */
function toQuoteFields(row: QuoteColumns): QuoteFields & AttributionFields & { notes: string | null; source: string } {
  return {
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
    source: row.source,
    utmSource: row.utm_source ?? null,
    utmMedium: row.utm_medium ?? null,
    utmCampaign: row.utm_campaign ?? null,
    referrerHost: row.referrer_host ?? null,
    landingPage: row.landing_page ?? null,
  };
}

/** The lead's service address columns as the API's object, or null when none was given. */
export function toServiceAddress(
  row: Pick<LeadRow, 'service_line1' | 'service_line2' | 'service_city' | 'service_zip'>,
): ServiceAddress | null {
  if (!row.service_line1 || !row.service_city || !row.service_zip) return null;
  return { line1: row.service_line1, line2: row.service_line2 ?? null, city: row.service_city, zip: row.service_zip };
}

/** A lead of another person with the same phone, as a lead's answer names it. */
export interface SamePhoneLead {
  id: string;
  name: string;
}

/**
 * A leads row with its assignee's display name (the auth feature's userNameOf), as every answer needs,
 * and the leads of the same phone (samePhoneLeadsOf; absent: none, as for a lead just made).
 */
export type NamedLeadRow = LeadRow & { assignee_name: string | null; same_phone_leads?: SamePhoneLead[] | null };

/** A leads row as the API's camelCase Lead (numeric as a number, timestamps as ISO strings). */
export function toLead(row: NamedLeadRow): Lead {
  return {
    id: row.id,
    ...toQuoteFields(row),
    status: row.status,
    priority: row.priority,
    assignedTo: row.assigned_to,
    assignee: row.assigned_to ? { id: row.assigned_to, name: row.assignee_name ?? '' } : null,
    estimatedValue:
      row.estimated_value === null || row.estimated_value === undefined ? null : Number(row.estimated_value),
    tags: row.tags ?? [],
    lastContactedAt: toIso(row.last_contacted_at),
    nextFollowUpAt: toIso(row.next_follow_up_at),
    createdAt: toIso(row.created_at) as string,
    updatedAt: toIso(row.updated_at) as string,
    estimate: (row.estimate_breakdown ?? null) as Estimate | null,
    repeatCount: Number(row.repeat_count ?? 0),
    lastRepeatAt: toIso(row.last_repeat_at),
    previousLeadId: row.previous_lead_id ?? null,
    samePhoneLeads: row.same_phone_leads ?? [],
    firstContactedAt: toIso(row.first_contacted_at),
    speedToLeadMinutes:
      row.speed_to_lead_minutes === null || row.speed_to_lead_minutes === undefined
        ? null
        : Number(row.speed_to_lead_minutes),
    contactDueAt: toIso(row.contact_due_at),
    lastRequestAt: toIso(row.last_request_at ?? row.created_at) as string,
    detailsDifferRequestId: row.details_differ_request_id ?? null,
    smsConsent: toIso(row.sms_consent_at),
    smsOptedOutAt: toIso(row.sms_opted_out_at),
    emailUnsubscribedAt: toIso(row.email_unsubscribed_at),
    lostReason: row.lost_reason ?? null,
    lostNote: row.lost_note ?? null,
    serviceAddress: toServiceAddress(row),
  };
}

/** A lead_requests row as the API's LeadRequest. */
export function toLeadRequest(row: LeadRequestRow): LeadRequest {
  return {
    id: row.id,
    receivedAt: toIso(row.received_at) as string,
    ...toQuoteFields(row),
    estimate: (row.estimate ?? null) as Estimate | null,
    releasedFromRule: row.released_from_rule,
    smsConsent: toIso(row.sms_consent_at),
    smsConsentText: row.sms_consent_text ?? null,
  };
}

/**
 * Lead field → column, for the queries that select or sort by API field names. The assignee and the
 * leads of the same phone are no columns of their own: a query wanting the assignee's name selects
 * userNameOf(assigned_to) (see leads-export.ts), one wanting the others samePhoneLeadsOf.
 */
export const LEAD_COLUMNS: Record<
  Exclude<keyof Lead, 'assignee' | 'samePhoneLeads' | 'serviceAddress'>,
  keyof LeadRow
> = {
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
  lastRequestAt: 'last_request_at',
  detailsDifferRequestId: 'details_differ_request_id',
  smsConsent: 'sms_consent_at',
  smsOptedOutAt: 'sms_opted_out_at',
  emailUnsubscribedAt: 'email_unsubscribed_at',
  lostReason: 'lost_reason',
  lostNote: 'lost_note',
};
