import type { ShellCounts } from '@shine/shared/responses/my-day';
import { LEAD_PRIORITIES, LEAD_STATUSES } from '@shine/shared/enums';
import type { Activity } from '@shine/shared/responses/activities';
import { type LeadListItem, leadListItemSchema } from '@shine/shared/responses/leads';
import type { StatsReport } from '@shine/shared/responses/reports';
import type { HeldSubmission, Lead, LeadDetail, LeadPage, LeadRequest } from '@shine/shared/types';

let counter = 0;

/** A lead as the API answers it. */
export function makeLead(overrides: Partial<Lead> = {}): Lead {
  counter += 1;
  const n = String(counter).padStart(12, '0');
  return {
    id: `3f1c2a7e-8a51-4f0e-9a51-${n}`,
    firstName: 'Ann',
    lastName: `Lee${counter}`,
    email: `ann${counter}@example.com`,
    phone: '(214) 555-0100',
    zipcode: '75201',
    bedrooms: '3',
    bathrooms: '2',
    cleaningType: 'Deep',
    frequency: 'Weekly',
    notes: null,
    status: 'New',
    priority: 'Medium',
    assignedTo: null,
    assignee: null,
    estimatedValue: null,
    source: 'Website Form',
    tags: [],
    lastContactedAt: null,
    nextFollowUpAt: null,
    createdAt: '2025-03-01T15:00:00.000Z',
    updatedAt: '2025-03-01T15:00:00.000Z',
    estimate: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    referrerHost: null,
    landingPage: null,
    repeatCount: 0,
    lastRepeatAt: null,
    lastRequestAt: '2025-03-01T15:00:00.000Z',
    detailsDifferRequestId: null,
    previousLeadId: null,
    samePhoneLeads: [],
    firstContactedAt: null,
    speedToLeadMinutes: null,
    contactDueAt: null,
    serviceAddress: null,
    smsConsent: null,
    smsOptedOutAt: null,
    emailUnsubscribedAt: null,
    lostReason: null,
    lostNote: null,
    ...overrides,
  };
}

/** One quote request of a lead; by default the request the lead was made from. */
export function makeLeadRequest(lead: Lead, overrides: Partial<LeadRequest> = {}): LeadRequest {
  counter += 1;
  return {
    id: `7a2b3c4d-1e2f-4a5b-8c6d-${String(counter).padStart(12, '0')}`,
    receivedAt: lead.createdAt,
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    zipcode: lead.zipcode,
    bedrooms: lead.bedrooms,
    bathrooms: lead.bathrooms,
    cleaningType: lead.cleaningType,
    frequency: lead.frequency,
    notes: lead.notes,
    estimate: lead.estimate,
    source: lead.source,
    utmSource: lead.utmSource,
    utmMedium: lead.utmMedium,
    utmCampaign: lead.utmCampaign,
    referrerHost: lead.referrerHost,
    landingPage: lead.landingPage,
    releasedFromRule: null,
    smsConsent: lead.smsConsent,
    smsConsentText: null,
    ...overrides,
  };
}

/** GET /api/admin/leads/{id}: the lead with its requests (its first request when none are given). */
export function makeLeadDetail(lead: Lead, requests?: LeadRequest[]): LeadDetail {
  return { ...lead, requests: requests ?? [makeLeadRequest(lead)] };
}

/** A held submission as GET /api/admin/held-submissions answers it. */
export function makeHeld(overrides: Partial<HeldSubmission> = {}): HeldSubmission {
  counter += 1;
  return {
    id: `9c8d7e6f-5a4b-4c3d-9e2f-${String(counter).padStart(12, '0')}`,
    receivedAt: '2026-11-18T15:00:00.000Z',
    rule: 'too_fast',
    reason: 'Sent 0.4 s after the form was first touched (a person takes at least 1.0 s).',
    payload: {
      firstName: 'Hal',
      lastName: `Held${counter}`,
      email: `hal${counter}@example.com`,
      phone: '(214) 555-0199',
      zipcode: '75204',
      bedrooms: '2',
      bathrooms: '1',
      cleaningType: 'Basic',
      frequency: 'Monthly',
      notes: 'Gate code 1234',
      website: '',
      elapsedMs: 400,
      attribution: { utmSource: 'google', utmMedium: 'cpc', landingPage: '/quote' },
    },
    clientIp: '203.0.113.0/24',
    userAgent: 'Mozilla/5.0 (iPhone)',
    ...overrides,
  };
}

/** A lead as the leads list answers it: only the list's fields. */
export function toListItem(lead: Lead): LeadListItem {
  const item: Record<string, unknown> = {};
  for (const key of Object.keys(leadListItemSchema.shape)) item[key] = lead[key as keyof Lead];
  return item as LeadListItem;
}

/** One page of the leads list holding exactly `items`. */
export function makeLeadPage(items: Lead[]): LeadPage {
  return {
    items: items.map(toListItem),
    total: items.length,
    page: 1,
    pageSize: 20,
    nextCursor: null,
    prevCursor: null,
    totalIsEstimate: false,
  };
}

const zeroBy = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

/** The leads' counts (the stats report) with `total` leads and nothing else counted. */
export function makeStats(overrides: Partial<StatsReport> = {}): StatsReport {
  return {
    total: 0,
    byStatus: zeroBy(LEAD_STATUSES),
    byPriority: zeroBy(LEAD_PRIORITIES),
    bySource: {},
    potentialRevenue: 0,
    revenueByStatus: zeroBy(LEAD_STATUSES),
    ...overrides,
  };
}

/** An activity as the API answers it: a pending call logged on `leadId`. */
export function makeActivity(leadId: string, overrides: Partial<Activity> = {}): Activity {
  return {
    id: '5d1c2a7e-8a51-4f0e-9a51-000000000001',
    leadId,
    userId: '0b1c2d3e-4f5a-4b6c-8d7e-000000000001',
    author: { id: '0b1c2d3e-4f5a-4b6c-8d7e-000000000001', name: 'Olivia Owner' },
    type: 'call',
    subject: 'Call',
    description: null,
    status: 'pending',
    outcome: null,
    scheduledAt: null,
    completedAt: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** GET /api/admin/counts: nothing waits, unless said. */
export function makeShellCounts(overrides: Partial<ShellCounts> = {}): ShellCounts {
  return { myDay: 0, myDayChangesAt: null, inbox: 0, unmatchedEmails: 0, held: 0, notifications: 0, ...overrides };
}
