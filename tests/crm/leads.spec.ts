import { MESSAGES } from '@shine/shared/messages';
import { expect, test } from '../support/test.ts';
import { chooseOption, createLead, leadRow, searchLeads, signIn, toast } from './support.ts';
import { uniqueName, uniquePhone } from '../support/unique.ts';

test.describe('sidebar CRM: Leads', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('server-side search by name, e-mail or phone, with the total badge', async ({ page, request }) => {
    const name = uniqueName('Find');
    const phone = uniquePhone();
    await createLead(request, { firstName: name, email: `${name.toLowerCase()}@example.org`, phone });
    await page.goto('/admin/crm?section=leads');
    await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
    await expect(page.getByTestId('leads-total')).toContainText(/\d+ total/);

    await searchLeads(page, name.toUpperCase());
    await expect(leadRow(page, `${name} Tester`)).toBeVisible();
    await expect(page.getByTestId('leads-total')).toHaveText('1 total');

    await searchLeads(page, `${name.toLowerCase()}@example.org`);
    await expect(leadRow(page, `${name} Tester`)).toBeVisible();
    await expect(page.getByTestId('leads-total')).toHaveText('1 total');

    await searchLeads(page, phone);
    await expect(leadRow(page, `${name} Tester`)).toBeVisible();
    await expect(page.getByTestId('leads-total')).toHaveText('1 total');

    await searchLeads(page, `${name}-nobody`);
    await expect(page.getByText(MESSAGES.empty.leads)).toBeVisible();
    await expect(page.getByTestId('leads-total')).toHaveText('0 total');
  });

  test('paging through the server pages', async ({ page, request }) => {
    test.slow(); // a long flow through several dialogs on a shared, busy machine
    const family = uniqueName('Page');
    for (let i = 0; i < 12; i += 1) {
      await createLead(request, { firstName: `${family}${String(i).padStart(2, '0')}`, lastName: 'Pager' });
    }
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, family);
    await expect(page.getByTestId('leads-total')).toHaveText('12 total');
    await expect(page.locator('tr.lead-row')).toHaveCount(12);

    // The size list sits under the table, near the foot of the page: it flips above its select a frame
    // after opening, so a pointer aimed at an option in that frame lands beside it (chooseOption).
    const pageSize = page.waitForResponse((r) => r.url().includes('pageSize=10') && r.url().includes(family));
    await chooseOption(page, page.locator('.ant-pagination-options').getByRole('combobox'), '10 / page');
    await pageSize;
    await expect(page.locator('tr.lead-row')).toHaveCount(10);
    await expect(page.getByText('1-10 of 12 leads')).toBeVisible();

    const second = page.waitForResponse((r) => r.url().includes('page=2') && r.url().includes(family));
    await page.locator('.ant-pagination-item-2').click();
    await second;
    await expect(page.locator('tr.lead-row')).toHaveCount(2);
    await expect(page.getByText('11-12 of 12 leads')).toBeVisible();
    // newest first: the first two created are on page 2
    await expect(leadRow(page, `${family}00 Pager`)).toBeVisible();
    await expect(leadRow(page, `${family}01 Pager`)).toBeVisible();
  });

  test('status and priority filters, and a status change from the row dropdown', async ({ page, request }) => {
    const name = uniqueName('Stat');
    const lead = await createLead(request, { firstName: name });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, name);
    const row = leadRow(page, `${name} Tester`);

    await chooseOption(page, page.getByRole('combobox', { name: 'Filter by status' }), 'Qualified');
    await expect(page.getByText(MESSAGES.empty.leads)).toBeVisible();
    await chooseOption(page, page.getByRole('combobox', { name: 'Filter by status' }), 'All Statuses');
    await expect(row).toBeVisible();

    const patch = page.waitForRequest(
      (r) => r.method() === 'PATCH' && r.url().endsWith(`/api/admin/leads/${lead.id}/status`),
    );
    await chooseOption(page, row.getByRole('combobox', { name: `Status of ${name} Tester` }), 'Qualified');
    expect((await patch).postDataJSON()).toEqual({ status: 'Qualified' });
    await expect(toast(page, MESSAGES.leadStatus.success)).toBeVisible();

    await chooseOption(page, page.getByRole('combobox', { name: 'Filter by status' }), 'Qualified');
    await expect(row).toBeVisible();
    await chooseOption(page, page.getByRole('combobox', { name: 'Filter by priority' }), 'Low');
    await expect(page.getByText(MESSAGES.empty.leads)).toBeVisible();
    await chooseOption(page, page.getByRole('combobox', { name: 'Filter by priority' }), 'Medium');
    await expect(row).toBeVisible();

    const saved = await (await page.request.get(`/api/admin/leads/${lead.id}`)).json();
    expect(saved.status).toBe('Qualified');
  });

  test('a failed status change shows the error toast of the brief', async ({ page, request }) => {
    const name = uniqueName('Fail');
    await createLead(request, { firstName: name });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, name);
    await page.route('**/api/admin/leads/*/status', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Boom' }) }),
    );
    await chooseOption(page, leadRow(page, `${name} Tester`).getByRole('combobox'), 'Won');
    await expect(toast(page, MESSAGES.leadStatus.failed)).toBeVisible();
  });

  test('row checkboxes, select-all and the selected-count badge', async ({ page, request }) => {
    const family = uniqueName('Sel');
    for (const suffix of ['A', 'B', 'C']) await createLead(request, { firstName: `${family}${suffix}` });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, family);
    await expect(page.locator('tr.lead-row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: `Select ${family}A Tester` }).check();
    await expect(page.getByTestId('leads-selected')).toHaveText('1 selected');
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await expect(page.getByTestId('leads-selected')).toHaveText('3 selected');
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect(page.getByTestId('leads-selected')).toHaveCount(0);
  });
});
