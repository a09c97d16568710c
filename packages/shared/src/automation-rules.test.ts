import { describe, expect, it } from 'vitest';
import { buildTemplateValues, matchesConditions, noActivityDays } from './automation-rules.ts';
import { renderTemplate } from './template-render.ts';

const LEAD = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '214-555-0100',
  zipcode: '75201',
  bedrooms: '2',
  bathrooms: '1.5',
  cleaningType: 'Deep',
  frequency: 'Biweekly',
  notes: null,
  status: 'New',
  priority: 'High',
  source: 'Website Form',
  estimatedValue: null,
  smsConsent: null,
  smsOptedOutAt: null,
} as const;

describe('matchesConditions', () => {
  it('matches when every given condition holds, and no conditions match everything', () => {
    expect(matchesConditions({}, LEAD)).toBe(true);
    expect(matchesConditions({ cleaningType: 'Deep', priority: 'High', source: 'website form' }, LEAD)).toBe(true);
    expect(matchesConditions({ cleaningType: 'Deep', priority: 'Low' }, LEAD)).toBe(false);
    expect(matchesConditions({ frequency: 'Weekly' }, LEAD)).toBe(false);
    expect(matchesConditions({ status: 'Contacted' }, LEAD)).toBe(false);
  });

  it('fromStatus/toStatus match the change of a status_changed event only', () => {
    const change = { from: 'New', to: 'Contacted' } as const;
    expect(matchesConditions({ fromStatus: 'New', toStatus: 'Contacted' }, LEAD, change)).toBe(true);
    expect(matchesConditions({ toStatus: 'Quoted' }, LEAD, change)).toBe(false);
    expect(matchesConditions({ fromStatus: 'New' }, LEAD)).toBe(false);
  });

  it('textsAllowed: the customers automated texts reach (consent, no STOP since), or the others', () => {
    const agreed = { ...LEAD, smsConsent: '2026-11-01T15:00:00.000Z' };
    const stopped = { ...agreed, smsOptedOutAt: '2026-11-02T15:00:00.000Z' };
    expect(matchesConditions({ textsAllowed: true }, agreed)).toBe(true);
    expect(matchesConditions({ textsAllowed: false }, agreed)).toBe(false);
    for (const unreachable of [LEAD, stopped]) {
      expect(matchesConditions({ textsAllowed: false }, unreachable)).toBe(true);
      expect(matchesConditions({ textsAllowed: true }, unreachable)).toBe(false);
    }
  });

  it('no_activity waits three days unless told otherwise', () => {
    expect(noActivityDays({})).toBe(3);
    expect(noActivityDays({ days: 7 })).toBe(7);
  });
});

describe('buildTemplateValues', () => {
  it('gives every placeholder a value; absent ones render as nothing, never "undefined"', () => {
    const values = buildTemplateValues(LEAD);
    expect(renderTemplate('{{fullName}} | {{notes}} | {{estimatedValue}} | {{promoCode}}', values)).toBe(
      'Ann Lee |  |  | WELCOME40',
    );
  });
});
