import { MESSAGES } from '@shine/shared/messages';
import type { ExportRequest } from '@shine/shared/export';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { chooseOption, createLead, leadRow, searchLeads, signIn, toast } from './support.ts';
import { uniqueName } from '../support/unique.ts';

/** The leads total the badge shows, as a number. */
async function shownTotal(page: Page): Promise<number> {
  const text = (await page.getByTestId('leads-total').textContent()) ?? '';
  const digits = /^([\d,]+) total$/.exec(text)?.[1];
  if (!digits) throw new Error(`no total in "${text}"`);
  return Number(digits.replaceAll(',', ''));
}

test.describe('the leads view lives in the address', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('a selection ends with its filter: search "garcia" after checking two, and Export sends the matches', async ({
    page,
    request,
  }) => {
    const family = uniqueName('Pick');
    await createLead(request, { firstName: `${family}A` });
    await createLead(request, { firstName: `${family}B` });
    await createLead(request, { firstName: uniqueName('Ana'), lastName: 'Garcia' });
    await createLead(request, { firstName: uniqueName('Luis'), lastName: 'Garcia' });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, family);
    await page.getByRole('checkbox', { name: `Select ${family}A Tester` }).check();
    await page.getByRole('checkbox', { name: `Select ${family}B Tester` }).check();
    await expect(page.getByTestId('leads-selected')).toHaveText('2 selected');

    await searchLeads(page, 'garcia');
    await expect(page).toHaveURL(/[?&]q=garcia(&|$)/);
    await expect(page.getByTestId('leads-selected')).toHaveCount(0);
    await expect(page.locator('tr.lead-row').first()).toBeVisible();
    await expect(page.locator('tr.lead-row input[type="checkbox"]:checked')).toHaveCount(0);
    const total = await shownTotal(page);
    expect(total).toBeGreaterThanOrEqual(2);

    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Leads' });
    await expect(dialog).toContainText(
      `No leads are selected: all ${total} leads matching the current filters (search "garcia") will be exported.`,
    );
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/admin/leads/export'));
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const body = (await sent).postDataJSON() as ExportRequest;
    expect(body.leadIds).toBeUndefined();
    expect(body.filter).toEqual({ search: 'garcia' });
    await download;
    await expect(toast(page, MESSAGES.export.successTitle)).toContainText(`Downloaded ${total} leads in CSV format.`);
  });

  test('paging and sorting keep the selection: the same leads, in other places', async ({ page, request }) => {
    const family = uniqueName('Keep');
    for (let i = 0; i < 12; i += 1) await createLead(request, { firstName: `${family}${String(i).padStart(2, '0')}` });
    await page.goto('/admin/crm?section=leads&size=10');
    await searchLeads(page, family);
    await page.getByRole('checkbox', { name: `Select ${family}11 Tester` }).check();
    await page.locator('.ant-pagination-item-2').click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page.locator('tr.lead-row')).toHaveCount(2);
    await expect(page.getByTestId('leads-selected')).toHaveText('1 selected');
    await page.getByRole('columnheader', { name: 'Created' }).click();
    await expect(page).toHaveURL(/[?&]sort=createdAt(&|$)/);
    await expect(page.getByTestId('leads-selected')).toHaveText('1 selected');
  });

  test('filters, sort and view are kept across sections and reloads, and Back returns to the previous filter', async ({
    page,
    request,
  }) => {
    test.slow(); // four views of one list, two reloads and three steps back
    const name = uniqueName('Url');
    await createLead(request, { firstName: name });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, name);
    const status = page.getByRole('combobox', { name: 'Filter by status' });
    const priority = page.getByRole('combobox', { name: 'Filter by priority' });
    await chooseOption(page, status, 'New');
    await expect(page).toHaveURL(/[?&]status=New(&|$)/);
    const sorted = page.waitForResponse((r) => r.url().includes('sort=estimatedValue') && r.url().includes(name));
    await page.getByRole('columnheader', { name: 'Value' }).click();
    await sorted;
    await expect(leadRow(page, `${name} Tester`)).toBeVisible();

    const expectView = async () => {
      await expect(page.getByRole('searchbox', { name: 'Search leads' })).toHaveValue(name);
      await expect(page.locator('.lead-filters').getByTitle('New', { exact: true })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'Value' })).toHaveAttribute('aria-sort', 'ascending');
      await expect(leadRow(page, `${name} Tester`)).toBeVisible();
      await expect(page.getByTestId('leads-total')).toHaveText('1 total');
    };

    const nav = page.getByRole('navigation', { name: 'CRM sections' });
    await nav.getByRole('menuitem', { name: 'Activities' }).click();
    await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
    await nav.getByRole('menuitem', { name: 'Leads' }).click();
    await expectView();

    await page.reload();
    await expectView();

    // Back: from the priority just chosen to the filter before it.
    await chooseOption(page, priority, 'High');
    await expect(page.getByText(MESSAGES.empty.leads)).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/priority=/);
    await expectView();
    await expect(page.locator('.lead-filters').getByTitle('All Priorities', { exact: true })).toBeVisible();

    // Further back: the section visited in between, the view as it was left, before the sort, before the status.
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
    await page.goBack();
    await expectView();
    await page.goBack();
    await expect(page.getByRole('columnheader', { name: 'Value' })).not.toHaveAttribute('aria-sort', 'ascending');
    await expect(page.locator('.lead-filters').getByTitle('New', { exact: true })).toBeVisible();
    await page.goBack();
    await expect(page.locator('.lead-filters').getByTitle('All Statuses', { exact: true })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search leads' })).toHaveValue(name);

    // The pipeline view is part of the address too.
    await page.getByText('Pipeline', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]view=pipeline(&|$)/);
    await page.reload();
    await expect(page.locator('.pipeline-card').filter({ hasText: name })).toBeVisible();
  });
});
