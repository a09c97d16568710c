import { formatCurrency } from '@shine/shared/format';
import { MESSAGES } from '@shine/shared/messages';
import { expect, test } from '@playwright/test';
import { createLead, signIn, uniqueName } from './support.ts';

test.describe('sidebar CRM: every section renders its data', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('layout: collapsible sidebar, section title, current date and Live indicator', async ({ page }) => {
    await page.goto('/admin/crm');
    const nav = page.getByRole('navigation', { name: 'CRM sections' });
    for (const section of ['Dashboard', 'Leads', 'Activities', 'Automations', 'Templates', 'Analytics']) {
      await expect(nav.getByRole('menuitem', { name: section })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const today = new Date().toLocaleDateString('en-US', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    await expect(page.locator('header time')).toHaveText(today);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.locator('.crm-sider')).toHaveClass(/ant-layout-sider-collapsed/);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(page.locator('.crm-sider')).not.toHaveClass(/ant-layout-sider-collapsed/);

    await nav.getByRole('menuitem', { name: 'Templates' }).click();
    await expect(page).toHaveURL(/section=templates/);
    await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  });

  test('Dashboard: metric cards, breakdowns and Active Automations match the API', async ({ page, request }) => {
    await createLead(request, { firstName: uniqueName() });
    await page.goto('/admin/crm');
    const [metrics, automations, templates] = await Promise.all(
      ['/api/admin/metrics', '/api/admin/automations', '/api/admin/templates'].map(async (path) =>
        (await page.request.get(path)).json(),
      ),
    );
    await expect(page.getByTestId('metric-total')).toContainText(/\d/);
    await expect(page.getByTestId('metric-conversion')).toContainText(`${metrics.conversionRate.toFixed(1)}%`);
    await expect(page.getByTestId('metric-avg-deal')).toContainText(formatCurrency(metrics.averageDealValue));
    await expect(page.getByTestId('pipeline-status')).toContainText('Negotiating');
    await expect(page.getByTestId('priority-levels')).toContainText('Medium');
    await expect(page.getByTestId('lead-sources')).toContainText('Website Form');
    const active = page.getByTestId('active-automations');
    await expect(active).toContainText('Active rules');
    await expect(active).toContainText('Total rules');
    expect(Array.isArray(automations) && Array.isArray(templates)).toBe(true);
  });

  test('Analytics: Conversion Funnel, Revenue Pipeline and Activity Summary from real data', async ({ page }) => {
    await page.goto('/admin/crm?section=analytics');
    const stats = await (await page.request.get('/api/admin/stats')).json();
    const summary = await (await page.request.get('/api/admin/activities/summary')).json();
    const funnel = page.getByTestId('conversion-funnel');
    await expect(funnel).toContainText('Conversion rate');
    for (const status of ['New', 'Contacted', 'Qualified', 'Quoted', 'Negotiating', 'Won', 'Lost']) {
      await expect(funnel.locator('li').filter({ hasText: status })).toBeVisible();
    }
    const revenue = page.getByTestId('revenue-pipeline');
    await expect(revenue).toContainText('Potential revenue');
    await expect(revenue.locator('.ant-statistic-content')).toHaveText(/^\$[\d,]+$/);
    expect(stats.potentialRevenue).toBeGreaterThanOrEqual(0);
    const activity = page.getByTestId('activity-summary');
    if (summary.total === 0) await expect(activity).toContainText('No activities yet.');
    else await expect(activity).toContainText('Total activities');
  });

  test('Automations and Templates show their lists or SPEC.md empty states', async ({ page }) => {
    await page.goto('/admin/crm?section=automations');
    await expect(page.getByRole('button', { name: 'New Automation' })).toBeVisible();
    await expect(page.locator('.automation-card').or(page.getByText(MESSAGES.empty.automations)).first()).toBeVisible();
    await page.goto('/admin/crm?section=templates');
    await expect(page.getByRole('button', { name: 'New Template' })).toBeVisible();
    await expect(page.locator('.template-card').or(page.getByText(MESSAGES.empty.templates)).first()).toBeVisible();
  });

  test('polls leads every 10 s while on the Leads section', async ({ page }) => {
    await page.goto('/admin/crm?section=leads');
    await page.waitForResponse((r) => r.url().includes('/api/admin/leads?'));
    const started = Date.now();
    await page.waitForResponse((r) => r.url().includes('/api/admin/leads?'), { timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThan(8_000);
  });
});
