import { leadOperations } from '@shine/shared/operations/leads';
import type { AnalyticsReport } from '@shine/shared/types';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { AnalyticsSection } from './AnalyticsSection.tsx';

// jsdom has no canvas: the chart stands in as what it is to a screen reader. The real one is drawn
// in tests/crm/analytics.spec.ts.
vi.mock('./ChartView.tsx', () => ({
  default: ({ spec }: { spec: { label: string } }) => <canvas role="img" aria-label={spec.label} />,
}));

const report: AnalyticsReport = {
  from: '2025-02-20',
  to: '2025-03-16',
  timeZone: 'America/Chicago',
  total: 7,
  sources: ['Referral', 'Google Ads'],
  leadsPerWeek: [
    { week: '2025-02-17', total: 1, bySource: { Referral: 1, 'Google Ads': 0 } },
    { week: '2025-03-10', total: 6, bySource: { Referral: 2, 'Google Ads': 4 } },
  ],
  conversionBySource: [
    { source: 'Referral', leads: 3, won: 2, conversionRate: 66.7 },
    { source: 'Google Ads', leads: 4, won: 1, conversionRate: 25 },
  ],
  wonRevenueByMonth: [
    { month: '2025-02', won: 1, value: '100.10', recurringValue: '5205.20' },
    { month: '2025-03', won: 2, value: '250.30', recurringValue: '0.00' },
  ],
  speedToLeadByWeek: [
    { week: '2025-02-17', medianMinutes: 10, contacted: 1 },
    { week: '2025-03-10', medianMinutes: null, contacted: 0 },
  ],
  funnel: [
    { status: 'New', count: 4 },
    { status: 'Contacted', count: 0 },
    { status: 'Qualified', count: 0 },
    { status: 'Quoted', count: 0 },
    { status: 'Negotiating', count: 0 },
    { status: 'Won', count: 3 },
    { status: 'Lost', count: 0 },
  ],
  lossReasons: [
    { reason: 'Price', count: 2 },
    { reason: null, count: 1 },
  ],
  winRateBySource: [
    { source: 'Google Ads', won: 1, lost: 2, winRate: 33.3 },
    { source: 'Referral', won: 0, lost: 0, winRate: null },
  ],
  winRateByPerson: [
    { person: { id: '00000000-0000-4000-8000-000000000001', name: 'Rita Rep' }, won: 1, lost: 1, winRate: 50 },
    { person: null, won: 0, lost: 1, winRate: 0 },
  ],
};

function mockReports() {
  return mockFetch({
    ...stubCall(leadOperations.getAnalyticsReport, { body: report }),
    ...stubCall(leadOperations.getStats, { status: 503, body: { message: 'not in this test' } }),
    ...stubCall(leadOperations.getMetrics, { status: 503, body: { message: 'not in this test' } }),
    ...stubCall(leadOperations.getActivitySummary, { status: 503, body: { message: 'not in this test' } }),
  });
}

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('analytics section', () => {
  it('asks for the range in the URL and shows each chart with its figures as a table', async () => {
    const { calls } = mockReports();
    renderWithProviders(<AnalyticsSection />, { route: '/screen?section=analytics&from=2025-02-20&to=2025-03-16' });
    await screen.findByText('7 leads');
    expect(calls.map((call) => call.url)).toContain(
      urlFor(leadOperations.getAnalyticsReport, { query: { from: '2025-02-20', to: '2025-03-16' } }),
    );

    const weekly = screen.getByTestId('chart-leads-per-week');
    await within(weekly).findByRole('img', { name: 'Leads per week by source, 7 leads in all' });
    await userEvent.click(within(weekly).getByText('Show as table'));
    expect(rowsOf(within(weekly).getByRole('table', { name: 'Leads per week by source' }))).toEqual([
      ['Week of', 'Referral', 'Google Ads', 'Total'],
      ['Feb 17', '1', '0', '1'],
      ['Mar 10', '2', '4', '6'],
    ]);
    expect(rowsOf(within(screen.getByTestId('chart-conversion')).getByRole('table', { hidden: true }))).toEqual([
      ['Source', 'Leads', 'Won', 'Conversion rate'],
      ['Referral', '3', '2', '66.7%'],
      ['Google Ads', '4', '1', '25.0%'],
    ]);
    // Money from the API's decimal strings, to the cent.
    expect(rowsOf(within(screen.getByTestId('chart-won-revenue')).getByRole('table', { hidden: true }))).toEqual([
      ['Month', 'Won', 'One-time revenue', 'Recurring revenue a year'],
      ['Feb 2025', '1', '$100.10', '$5,205.20'],
      ['Mar 2025', '2', '$250.30', '$0.00'],
    ]);
    expect(rowsOf(within(screen.getByTestId('chart-speed-to-lead')).getByRole('table', { hidden: true }))).toEqual([
      ['Week of', 'Median to first contact', 'Leads contacted'],
      ['Feb 17', '10 min', '1'],
      ['Mar 10', '—', '0'],
    ]);
    const funnel = rowsOf(within(screen.getByTestId('chart-funnel')).getByRole('table', { hidden: true }));
    expect(funnel[1]).toEqual(['New', '4', '57.1%']);
    expect(funnel[6]).toEqual(['Won', '3', '42.9%']);
    expect(rowsOf(within(screen.getByTestId('chart-loss-reasons')).getByRole('table', { hidden: true }))).toEqual([
      ['Reason', 'Lost leads'],
      ['Price', '2'],
      ['No reason given', '1'],
    ]);
    expect(rowsOf(within(screen.getByTestId('chart-win-rate-source')).getByRole('table', { hidden: true }))).toEqual([
      ['Source', 'Won', 'Lost', 'Win rate'],
      ['Google Ads', '1', '2', '33.3%'],
      ['Referral', '0', '0', '—'],
    ]);
    expect(rowsOf(within(screen.getByTestId('chart-win-rate-person')).getByRole('table', { hidden: true }))).toEqual([
      ['Salesperson', 'Won', 'Lost', 'Win rate'],
      ['Rita Rep', '1', '1', '50.0%'],
      ['Unassigned', '0', '1', '0.0%'],
    ]);
  });

  it('opens on the last 12 weeks when the URL names no valid range', async () => {
    const { calls } = mockReports();
    renderWithProviders(<AnalyticsSection />, { route: '/screen?section=analytics&from=2025-02-30&to=x' });
    await screen.findByText('7 leads');
    const today = dayjs().format('YYYY-MM-DD');
    const from = dayjs().subtract(83, 'day').format('YYYY-MM-DD');
    expect(calls.map((call) => call.url)).toContain(
      urlFor(leadOperations.getAnalyticsReport, { query: { from, to: today } }),
    );
    expect(screen.getByLabelText('Start date')).toBeTruthy();
    expect(screen.getByLabelText('End date')).toBeTruthy();
  });
});
