import type { Lead } from '@shine/shared/types';

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
    previousLeadId: null,
    firstContactedAt: null,
    speedToLeadMinutes: null,
    contactDueAt: null,
    ...overrides,
  };
}
