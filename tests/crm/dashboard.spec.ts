import { MESSAGES } from '@shine/shared/messages';
import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import type { Automation, Stats, Template } from '@shine/shared/types';
import { chooseOption, createLead, latestAnswer, leadRow, searchLeads, signIn, toast } from './support.ts';
import { uniqueName } from '../support/unique.ts';

async function createTemplateAndRule(page: Page): Promise<void> {
  const template = await page.request.post('/api/admin/templates', {
    data: { name: uniqueName('DashTpl'), type: 'email', subject: 'Hello', content: 'Hi {{firstName}}' },
  });
  expect(template.status(), await template.text()).toBe(201);
  const rule = await page.request.post('/api/admin/automations', {
    data: {
      name: uniqueName('DashRule'),
      trigger: 'lead_created',
      conditions: '{}',
      actions: JSON.stringify({ type: 'send_email', templateId: ((await template.json()) as Template).id }),
      isActive: false,
    },
  });
  expect(rule.status(), await rule.text()).toBe(201);
}

/**
 * The first answer to a stats request the page sends after the response `after` matches: the
 * browser reports a response before any request its handling sends, so this one reflects the change.
 */
function statsAskedAfter(page: Page, after: (response: Response) => boolean): Promise<Response> {
  return new Promise((resolve) => {
    let changed = false;
    page.on('response', (response) => {
      if (after(response)) changed = true;
    });
    page.on('request', (request) => {
      if (!changed || new URL(request.url()).pathname !== '/api/admin/stats') return;
      void request.response().then((response) => {
        if (response?.ok()) resolve(response);
      });
    });
  });
}

async function expectCount(page: Page, tab: string, label: string, count: () => number | undefined): Promise<void> {
  await expect(async () => {
    const latest = count();
    expect(latest).toBeGreaterThan(0);
    await expect(page.getByRole('tabpanel', { name: tab })).toContainText(`${label}${latest}`, { timeout: 500 });
  }).toPass();
}

test.describe('tabbed dashboard (/admin/dashboard)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('header and Overview: six metric cards and the four cards, from real data', async ({ page, request }) => {
    await createLead(request, { firstName: uniqueName() });
    const stats = latestAnswer<Stats>(page, '/api/admin/stats');
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'CRM Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Basic Dashboard' })).toHaveAttribute('href', '/admin/crm');
    await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
    await expect(page.getByText('Welcome Admin')).toBeVisible();
    for (const tab of ['Overview', 'Leads', 'Activities', 'Automations', 'Templates', 'Analytics']) {
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    }
    for (const title of ['Total Leads', 'Today', 'Conversion', 'Avg Deal', 'Pending Tasks', 'Overdue Follow-ups']) {
      await expect(page.locator('.ant-statistic-title').filter({ hasText: title })).toBeVisible();
    }
    // Other specs create leads meanwhile: the card shows the total of the page's latest answer.
    await expect(async () => {
      const total = stats()?.total;
      expect(total).toBeDefined();
      await expect(page.getByTestId('metric-total').locator('.ant-statistic-content')).toHaveText(
        total!.toLocaleString('en-US'),
        { timeout: 500 },
      );
    }).toPass();
    await expect(page.getByTestId('metric-conversion')).toContainText(/\d+\.\d%/);
    await expect(page.getByTestId('metric-avg-deal')).toContainText(/\$\d/);
    for (const card of ['Pipeline Status', 'Priority Levels', 'Lead Sources', 'Quick Actions']) {
      await expect(page.locator('.ant-card-head-title').filter({ hasText: card })).toBeVisible();
    }
    await expect(page.getByTestId('lead-sources')).toContainText('Website Form');
  });

  test('Leads tab: search, status and priority filters, table and status change refreshing counts', async ({
    page,
    request,
  }) => {
    const name = uniqueName('Dash');
    await createLead(request, { firstName: name });
    const stats = latestAnswer<Stats>(page, '/api/admin/stats');
    await page.goto('/admin/dashboard');
    const negotiating = page.getByTestId('pipeline-status').locator('li').filter({ hasText: 'Negotiating' });
    await expect(negotiating).toBeVisible();

    await page.getByRole('tab', { name: 'Leads' }).click();
    await expect(page).toHaveURL(/tab=leads/);
    await searchLeads(page, name);
    const row = leadRow(page, `${name} Tester`);
    await expect(row).toBeVisible();
    await expect(page.locator('tr.lead-row')).toHaveCount(1);

    await chooseOption(page, page.getByRole('combobox', { name: 'Filter by priority' }), 'High');
    await expect(page.getByText(MESSAGES.empty.leads)).toBeVisible();
    await chooseOption(page, page.getByRole('combobox', { name: 'Filter by priority' }), 'Medium');
    await expect(row).toBeVisible();

    const refreshed = statsAskedAfter(page, (r) => r.request().method() === 'PATCH' && r.url().endsWith('/status'));
    await chooseOption(page, row.getByRole('combobox', { name: `Status of ${name} Tester` }), 'Negotiating');
    await expect(toast(page, MESSAGES.leadStatus.success)).toBeVisible();
    await chooseOption(page, page.getByRole('combobox', { name: 'Filter by status' }), 'Negotiating');
    await expect(row).toBeVisible();
    await chooseOption(page, page.getByRole('combobox', { name: 'Filter by status' }), 'Won');
    await expect(page.getByText(MESSAGES.empty.leads)).toBeVisible();

    await page.getByRole('tab', { name: 'Overview' }).click();
    // Parallel specs move the counts too: the change made the page ask for the stats again (that
    // answer counts this lead), and the bar shows the count of the page's latest answer.
    expect(((await (await refreshed).json()) as Stats).byStatus.Negotiating).toBeGreaterThan(0);
    await expect(async () => {
      const count = stats()?.byStatus.Negotiating;
      expect(count).toBeDefined();
      await expect(negotiating.locator('.bar-value')).toHaveText(String(count), { timeout: 500 });
    }).toPass();
  });

  test('Activities and Analytics tabs are the placeholders of the brief; Automations and Templates show their counts', async ({
    page,
  }) => {
    await page.goto('/admin/dashboard?tab=activities');
    await expect(page.getByText('Activity tracking coming soon.')).toBeVisible();
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByText('Analytics dashboard coming soon.')).toBeVisible();

    // Its own template and (inactive) rule, so there is a count; other specs add theirs meanwhile,
    // so each count is that of the page's latest answer.
    await createTemplateAndRule(page);
    const rules = latestAnswer<Automation[]>(page, '/api/admin/automations');
    const templates = latestAnswer<Template[]>(page, '/api/admin/templates');
    await page.getByRole('tab', { name: 'Automations' }).click();
    await expectCount(page, 'Automations', 'Automation rules', () => rules()?.length);
    await page.getByRole('tab', { name: 'Templates' }).click();
    await expectCount(page, 'Templates', 'Templates', () => templates()?.length);
  });

  test('the Basic Dashboard link opens the sidebar CRM', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: 'Basic Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin\/crm$/);
    await expect(page.getByRole('navigation', { name: 'CRM sections' })).toBeVisible();
  });
});
