import { MESSAGES } from '@shine/shared/messages';
import { expect, test } from '../support/test.ts';
import { createLead, searchLeads, signIn, toast } from './support.ts';
import { uniqueName } from '../support/unique.ts';

test.describe('figures that say what they count', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('overdue tasks and overdue follow-ups are named apart on both dashboards', async ({ page }) => {
    for (const path of ['/admin/dashboard', '/admin/crm']) {
      await page.goto(path);
      await expect(page.getByTestId('metric-pending').locator('.ant-statistic-title')).toHaveText('Pending Tasks');
      await expect(page.getByTestId('metric-overdue').locator('.ant-statistic-title')).toHaveText('Overdue Follow-ups');
    }
  });

  test("the schedule's figures: visits this week and booked recurring revenue, each opening the Schedule", async ({
    page,
  }) => {
    await page.goto('/admin/crm');
    const visits = page.getByTestId('metric-visits-week');
    await expect(visits.locator('.ant-statistic-title')).toHaveText('Visits this week');
    await expect(visits.locator('.ant-statistic-content-value')).toHaveText(/^\d+$/);
    const revenue = page.getByTestId('metric-recurring-revenue');
    await expect(revenue.locator('.ant-statistic-title')).toHaveText('Booked recurring revenue');
    await expect(revenue.locator('.ant-statistic-content')).toHaveText(/^\$[\d,]+\/ year$/);
    await revenue.click();
    await expect(page).toHaveURL(/\/admin\/crm\/schedule$/);
    await page.goBack();
    await page.getByTestId('metric-visits-week').click();
    await expect(page).toHaveURL(/\/admin\/crm\/schedule$/);
    await expect(page.getByRole('button', { name: 'This week' })).toBeVisible();
  });

  test("the drawer's Assigned To shows the assignee's name, never an id, also while the team loads", async ({
    page,
    request,
  }) => {
    const name = uniqueName('Owner');
    const lead = await createLead(request, { firstName: name });
    const me = (await (await page.request.get('/api/admin/me')).json()) as { user: { id: string; name: string } };
    const assigned = await page.request.patch(`/api/admin/leads/${lead.id}`, { data: { assignedTo: me.user.id } });
    expect(assigned.status(), await assigned.text()).toBe(200);

    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/admin/assignees', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, name);
    await page.getByRole('button', { name: `${name} Tester`, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `${name} Tester` });
    const field = drawer.locator('.lead-assignee-select');
    await expect(field).toContainText(me.user.name);
    await expect(drawer).not.toContainText(me.user.id);
    release();
    await expect(field).toContainText(me.user.name);
    await expect(drawer).not.toContainText(me.user.id);
  });

  test('one lead reads "1 lead": the export toast and the list total', async ({ page, request }) => {
    const name = uniqueName('Single');
    await createLead(request, { firstName: name });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, name);
    await expect(page.getByText('1-1 of 1 lead', { exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: `Select ${name} Tester` }).check();
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Leads' });
    await expect(dialog).toContainText('1 selected lead will be exported.');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    await download;
    await expect(toast(page, MESSAGES.export.successTitle)).toContainText('Downloaded 1 lead in CSV format.');
  });
});
