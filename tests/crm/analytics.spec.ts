// Analytics over a range of business dates. The range is in the URL; changing it
// changes the figures; each chart's table shows the API's numbers; axe-clean and no sideways scroll
// of the page at 1280 and 390 px.
import { axeBuilder } from '../support/axe.ts';
import type { AnalyticsReport } from '@shine/shared/types';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { uniqueName } from '../support/unique.ts';
import { createLead, documentOverflow, signIn } from './support.ts';

const DAY_MS = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
// Yesterday to tomorrow (UTC) holds "today" in the business time zone whatever the hour.
const RECENT = { from: isoDate(Date.now() - 83 * DAY_MS), to: isoDate(Date.now() + DAY_MS) };
const EMPTY = { from: '2001-01-01', to: '2001-01-31' };

async function reportOf(page: Page, range: { from: string; to: string }): Promise<AnalyticsReport> {
  const response = await page.request.get(`/api/admin/reports/analytics?from=${range.from}&to=${range.to}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as AnalyticsReport;
}

async function tableRows(card: Locator): Promise<string[][]> {
  const details = card.locator('details');
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await card.getByText('Show as table').click();
  }
  const rows = card.getByRole('table').locator('tbody tr');
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
  );
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await documentOverflow(page)).toBeLessThanOrEqual(0);
}

test.describe('analytics', () => {
  test.beforeEach(async ({ page, request }) => {
    await signIn(page);
    await createLead(request, { firstName: uniqueName('Chart') });
  });

  test('the range in the URL decides the figures; each table shows the API’s numbers', async ({ page }) => {
    await page.goto(`/admin/crm?section=analytics&from=${RECENT.from}&to=${RECENT.to}`);
    const recent = await reportOf(page, RECENT);
    expect(recent.total).toBeGreaterThan(0);
    await expect(page.getByTestId('analytics-total')).toHaveText(`${recent.total} leads`);

    // The charts are drawn (the lazy chunk arrived) and named for screen readers.
    const weekly = page.getByTestId('chart-leads-per-week');
    await expect(weekly.getByRole('img', { name: /^Leads per week by source/ })).toBeVisible();

    const conversion = await tableRows(page.getByTestId('chart-conversion'));
    expect(conversion).toEqual(
      recent.conversionBySource.map((row) => [
        row.source,
        String(row.leads),
        String(row.won),
        `${row.conversionRate.toFixed(1)}%`,
      ]),
    );
    const funnel = await tableRows(page.getByTestId('chart-funnel'));
    expect(funnel.map((row) => row.slice(0, 2))).toEqual(
      recent.funnel.map((step) => [step.status, String(step.count)]),
    );
    const revenue = await tableRows(page.getByTestId('chart-won-revenue'));
    expect(revenue.map((row) => row.slice(1))).toEqual(
      recent.wonRevenueByMonth.map((row) => [
        String(row.won),
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(row.value as `${number}`),
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
          row.recurringValue as `${number}`,
        ),
      ]),
    );
    const weeks = await tableRows(weekly);
    expect(weeks.map((row) => row.at(-1))).toEqual(recent.leadsPerWeek.map((week) => String(week.total)));

    // Another range through the picker: the URL, the request and the figures follow.
    const start = page.getByLabel('Start date');
    await start.click();
    await start.fill('Jan 1, 2001');
    await start.press('Enter');
    const end = page.getByLabel('End date');
    await end.fill('Jan 31, 2001');
    await end.press('Enter');
    await expect(page).toHaveURL(new RegExp(`from=${EMPTY.from}&to=${EMPTY.to}`));
    await expect(page.getByTestId('analytics-total')).toHaveText('0 leads');
    const empty = await reportOf(page, EMPTY);
    expect(await tableRows(page.getByTestId('chart-funnel'))).toEqual(
      empty.funnel.map((step) => [step.status, '0', '0.0%']),
    );

    // Back returns to the previous range and its figures.
    await page.goBack();
    await expect(page.getByTestId('analytics-total')).toHaveText(`${recent.total} leads`);
  });

  for (const width of [1280, 390]) {
    test(`axe-clean with the tables open, no sideways scroll at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/admin/crm?section=analytics&from=${RECENT.from}&to=${RECENT.to}`);
      for (const id of [
        'chart-leads-per-week',
        'chart-conversion',
        'chart-won-revenue',
        'chart-speed-to-lead',
        'chart-funnel',
        'chart-collected',
        'chart-receivables',
      ]) {
        const card = page.getByTestId(id);
        await expect(card.getByRole('img')).toBeVisible();
        await card.getByText('Show as table').click();
        await expect(card.getByRole('table')).toBeVisible();
      }
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      const results = await (await axeBuilder(page)).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
});
