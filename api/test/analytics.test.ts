// GET /api/admin/reports/analytics: the leads created in a range of business
// dates, grouped by week and source, source, month and status; definitions in api/README.md.
import { analyticsReportSchema } from '@shine/shared/responses/reports';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { type Agent, describeApi, insertLead, useTestApp } from './support/test-app.ts';

const RANGE = 'from=2025-02-20&to=2025-03-16';

describeApi('analytics report', () => {
  const t = useTestApp();
  let agent: Agent;

  beforeEach(async () => {
    agent = await t.agent();
  });

  async function craftLeads() {
    const lead = (
      at: string,
      source: string,
      status: string,
      value: string | null,
      minutes: number | null = null,
      frequency = 'One Time',
    ) =>
      insertLead(t.db, {
        created_at: new Date(at),
        source,
        status,
        estimated_value: value,
        speed_to_lead_minutes: minutes,
        frequency,
      });
    // The first local midnight of the range (CST, UTC-6) is in; a second before it is out.
    await lead('2025-02-20T06:00:00Z', 'Referral', 'Won', '100.10', 10, 'Weekly');
    await lead('2025-02-20T05:59:59Z', 'Referral', 'Won', '500.00');
    await lead('2025-03-04T15:00:00Z', 'Website Form', 'New', '120.00', 20);
    await lead('2025-03-05T15:00:00Z', 'Website Form', 'Won', null, 31, 'Monthly'); // no estimate: 250
    await lead('2025-03-10T15:00:00Z', 'Referral', 'Contacted', '80.00', null, 'Weekly'); // not Won: no revenue
    await lead('2025-03-12T15:00:00Z', 'Google Ads', 'Lost', '999.00');
    await lead('2025-03-13T15:00:00Z', 'Referral', 'Won', '0.10', null, 'Biweekly');
    // Sunday 23:59:59 CDT (after the DST change) is the range's last second; Monday 00:00 is out.
    await lead('2025-03-17T04:59:59Z', 'Google Ads', 'Won', '0.20');
    await lead('2025-03-17T05:00:00Z', 'Google Ads', 'Won', '700.00');
  }

  it('groups the range’s leads by week, source, month and status, every bucket present', async () => {
    await craftLeads();
    const response = await agent.get(`/api/admin/reports/analytics?${RANGE}`);
    expect(response.status).toBe(200);
    const report = analyticsReportSchema.parse(response.body);
    expect(report).toMatchObject({ from: '2025-02-20', to: '2025-03-16', timeZone: 'America/Chicago', total: 7 });
    expect(report.sources).toEqual(['Referral', 'Google Ads', 'Website Form']);
    expect(report.leadsPerWeek).toEqual([
      { week: '2025-02-17', total: 1, bySource: { Referral: 1, 'Google Ads': 0, 'Website Form': 0 } },
      { week: '2025-02-24', total: 0, bySource: { Referral: 0, 'Google Ads': 0, 'Website Form': 0 } },
      { week: '2025-03-03', total: 2, bySource: { Referral: 0, 'Google Ads': 0, 'Website Form': 2 } },
      { week: '2025-03-10', total: 4, bySource: { Referral: 2, 'Google Ads': 2, 'Website Form': 0 } },
    ]);
    expect(report.conversionBySource).toEqual([
      { source: 'Referral', leads: 3, won: 2, conversionRate: 66.7 },
      { source: 'Google Ads', leads: 2, won: 1, conversionRate: 50 },
      { source: 'Website Form', leads: 2, won: 1, conversionRate: 50 },
    ]);
    // 250 + 0.20 + 0.10 is 250.29999… in floating point; the sum is exact. Recurring a year: 100.10 × 52
    // (weekly); 250 × 13 (monthly, every four weeks) + 0.10 × 26 (biweekly), the one-time lead none.
    expect(report.wonRevenueByMonth).toEqual([
      { month: '2025-02', won: 1, value: '100.10', recurringValue: '5205.20' },
      { month: '2025-03', won: 3, value: '250.30', recurringValue: '3252.60' },
    ]);
    expect(report.speedToLeadByWeek).toEqual([
      { week: '2025-02-17', medianMinutes: 10, contacted: 1 },
      { week: '2025-02-24', medianMinutes: null, contacted: 0 },
      { week: '2025-03-03', medianMinutes: 25.5, contacted: 2 },
      { week: '2025-03-10', medianMinutes: null, contacted: 0 },
    ]);
    expect(report.funnel).toEqual([
      { status: 'New', count: 1 },
      { status: 'Contacted', count: 1 },
      { status: 'Qualified', count: 0 },
      { status: 'Quoted', count: 0 },
      { status: 'Negotiating', count: 0 },
      { status: 'Won', count: 4 },
      { status: 'Lost', count: 1 },
    ]);
  });

  it('answers an empty range with zeros in every bucket', async () => {
    const response = await agent.get('/api/admin/reports/analytics?from=2024-12-30&to=2025-01-01');
    expect(response.status).toBe(200);
    const report = analyticsReportSchema.parse(response.body);
    expect(report.total).toBe(0);
    expect(report.sources).toEqual([]);
    expect(report.leadsPerWeek).toEqual([{ week: '2024-12-30', total: 0, bySource: {} }]);
    expect(report.wonRevenueByMonth).toEqual([
      { month: '2024-12', won: 0, value: '0.00', recurringValue: '0.00' },
      { month: '2025-01', won: 0, value: '0.00', recurringValue: '0.00' },
    ]);
    expect(report.funnel.every((step) => step.count === 0)).toBe(true);
  });

  it.each([
    ['', 'Start date is required'],
    ['from=2025-03-01', 'End date is required'],
    ['from=2025-02-30&to=2025-03-01', 'Start date must be a date (YYYY-MM-DD)'],
    ['from=2025-03-01T00:00:00Z&to=2025-03-02', 'Start date must be a date (YYYY-MM-DD)'],
    ['from=2025-03-02&to=2025-03-01', 'End date must not be before the start date'],
    ['from=2023-01-01&to=2025-01-01', 'The range can be at most 731 days'],
    ['from=0000-01-01&to=0000-01-02', 'Start date must be between the years 1900 and 2200'],
    ['from=a&from=b&to=2025-01-01', 'Start date must be a date (YYYY-MM-DD)'],
  ])('refuses %s with a 400 naming the field', async (query, message) => {
    const response = await agent.get(`/api/admin/reports/analytics?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('is for signed-in staff only', async () => {
    const response = await supertest(t.app).get(`/api/admin/reports/analytics?${RANGE}`);
    expect(response.status).toBe(401);
  });
});
