import { formatCurrency } from '@shine/shared/format';
import { expect, test } from '../support/test.ts';
import type { Automation, Metrics, Stats, Template } from '@shine/shared/types';
import { createLead, latestAnswer, signIn } from './support.ts';
import { uniqueName } from '../support/unique.ts';

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
    await expect(page).toHaveURL(/\/admin\/crm\/templates$/);
    await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  });

  test('Dashboard: metric cards, breakdowns and Active Automations match the API', async ({ page, request }) => {
    await createLead(request, { firstName: uniqueName() });
    const metrics = latestAnswer<Metrics>(page, '/api/admin/metrics');
    const stats = latestAnswer<Stats>(page, '/api/admin/stats');
    const automations = latestAnswer<Automation[]>(page, '/api/admin/automations');
    await page.goto('/admin/crm');
    // Other specs create leads meanwhile: each card must show the figures of the page's latest answer.
    await expect(async () => {
      const latest = metrics();
      const total = stats()?.total;
      expect(latest && total !== undefined).toBe(true);
      await expect(page.getByTestId('metric-total')).toContainText(`Total Leads${total!.toLocaleString('en-US')}`, {
        timeout: 500,
      });
      await expect(page.getByTestId('metric-conversion')).toContainText(`${latest!.conversionRate.toFixed(1)}%`, {
        timeout: 500,
      });
      await expect(page.getByTestId('metric-avg-deal')).toContainText(formatCurrency(latest!.averageDealValue), {
        timeout: 500,
      });
    }).toPass();
    await expect(page.getByTestId('pipeline-status')).toContainText('Negotiating');
    await expect(page.getByTestId('priority-levels')).toContainText('Medium');
    await expect(page.getByTestId('lead-sources')).toContainText('Website Form');
    const active = page.getByTestId('active-automations');
    await expect(active).toContainText('Active rules');
    await expect(async () => {
      const rules = automations();
      expect(rules).toBeDefined();
      await expect(active).toContainText(`Total rules${rules!.length}`, { timeout: 500 });
    }).toPass();
  });

  test('Analytics: Conversion Funnel, Revenue Pipeline and Activity Summary from real data', async ({ page }) => {
    const lead = await createLead(page.request, { firstName: uniqueName() });
    const activity = await page.request.post('/api/admin/activities', {
      data: { leadId: lead.id, type: 'note', title: 'Analytics spec note' },
    });
    expect(activity.status()).toBe(201);
    const stats = latestAnswer<Stats>(page, '/api/admin/stats');
    await page.goto('/admin/crm?section=analytics');
    const funnel = page.getByTestId('conversion-funnel');
    await expect(funnel).toContainText('Conversion rate');
    for (const status of ['New', 'Contacted', 'Qualified', 'Quoted', 'Negotiating', 'Won', 'Lost']) {
      await expect(funnel.locator('li').filter({ hasText: status })).toBeVisible();
    }
    const revenue = page.getByTestId('revenue-pipeline');
    await expect(revenue).toContainText('Potential revenue');
    await expect(async () => {
      const latest = stats();
      expect(latest).toBeDefined();
      await expect(revenue.locator('.ant-statistic-content').first()).toHaveText(
        formatCurrency(latest!.potentialRevenue),
        { timeout: 500 },
      );
    }).toPass();
    await expect(page.getByTestId('activity-summary')).toContainText('Logged by people');
    await expect(page.getByTestId('activity-summary-automatic')).toContainText('Written automatically');
  });

  test('Automations and Templates list their rules and templates', async ({ page }) => {
    // Its own template and rule (inactive, so it never acts on other specs' leads).
    const templateName = uniqueName('SecTpl');
    const template = await page.request.post('/api/admin/templates', {
      data: { name: templateName, type: 'email', subject: 'Hello', content: 'Hi {{firstName}}' },
    });
    expect(template.status(), await template.text()).toBe(201);
    const ruleName = uniqueName('SecRule');
    const rule = await page.request.post('/api/admin/automations', {
      data: {
        name: ruleName,
        trigger: 'lead_created',
        conditions: '{}',
        actions: JSON.stringify({ type: 'send_email', templateId: ((await template.json()) as Template).id }),
        isActive: false,
      },
    });
    expect(rule.status(), await rule.text()).toBe(201);

    await page.goto('/admin/crm?section=automations');
    await expect(page.getByRole('button', { name: 'New Automation' })).toBeVisible();
    await expect(page.locator('.automation-card').filter({ hasText: ruleName })).toContainText(
      `Send email: ${templateName}`,
    );
    await page.goto('/admin/crm?section=templates');
    await expect(page.getByRole('button', { name: 'New Template' })).toBeVisible();
    await expect(page.locator('.template-card').filter({ hasText: templateName })).toContainText('Hi {{firstName}}');
  });

  test('polls leads every 10 s while on the Leads section and the live stream is down', async ({ page }) => {
    // The stream cannot connect (a proxy that drops it): polling is the fallback.
    await page.route('**/api/admin/events', (route) => route.abort('connectionrefused'));
    await page.goto('/admin/crm?section=leads');
    await expect(page.locator('[data-live-status]')).toHaveAttribute('data-live-status', /reconnecting|polling/);
    await page.waitForResponse((r) => r.url().includes('/api/admin/leads?'));
    const started = Date.now();
    await page.waitForResponse((r) => r.url().includes('/api/admin/leads?'), { timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThan(8_000);
  });
});
