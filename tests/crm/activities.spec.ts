import { MESSAGES } from '@shine/shared/messages';
import { axeBuilder } from '../support/axe.ts';
import { expect, test } from '../support/test.ts';
import { chooseOption, createLead, searchLeads, signIn, toast } from './support.ts';
import { uniqueName } from '../support/unique.ts';

test.describe('sidebar CRM: Activities', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('New Activity dialog validates, logs a call made now with its outcome and the lead list shows it', async ({
    page,
    request,
  }) => {
    const name = uniqueName('Act');
    const lead = await createLead(request, { firstName: name });
    await page.goto('/admin/crm?section=activities');
    await expect(page.getByText(MESSAGES.empty.selectLead)).toBeVisible();

    await page.getByRole('button', { name: 'New Activity' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Activity' });
    await dialog.getByRole('button', { name: 'Create Activity' }).click();
    await expect(dialog.getByText('Lead is required')).toBeVisible();
    // A call logged now was made: Completed, not an open task, and it asks how it went.
    await expect(dialog.getByText('Outcome is required')).toBeVisible();
    await expect(dialog.locator('.ant-select').filter({ hasText: 'Completed' })).toBeVisible();

    const lookup = page.waitForResponse((r) => r.url().includes(`search=${name}`));
    await dialog.getByRole('combobox', { name: 'Lead' }).fill(name);
    await lookup;
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).click();
    await dialog.getByLabel('Title').fill('Confirm walkthrough');
    await dialog.getByText('Reached', { exact: true }).click();
    await dialog.getByLabel('Note').fill('Ask about the dogs');

    const post = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith(`/api/admin/leads/${lead.id}/calls`),
    );
    await dialog.getByRole('button', { name: 'Create Activity' }).click();
    expect((await post).postDataJSON()).toEqual({
      outcome: 'reached',
      title: 'Confirm walkthrough',
      note: 'Ask about the dogs',
    });
    await expect(toast(page, 'Call logged')).toBeVisible();
    await expect(dialog).toBeHidden();

    // the section now shows that lead's activities, the call with how it went
    const item = page.getByRole('article', { name: 'Call: Confirm walkthrough' });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Completed');
    await expect(item).toContainText('Reached');
    await expect(item).toContainText('Ask about the dogs');
  });

  test('the Pending Tasks card opens every lead’s pending activities, the overdue task flagged', async ({
    page,
    request,
  }) => {
    const name = uniqueName('Pend');
    const lead = await createLead(request, { firstName: name });
    // Due a year ago: the earliest due of every pending activity, so first on the list's first page.
    const made = await page.request.post('/api/admin/activities', {
      data: {
        leadId: lead.id,
        type: 'task',
        title: `Checklist ${name}`,
        scheduledAt: new Date(Date.now() - 365 * 86_400_000).toISOString(),
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    await page.goto('/admin/crm/dashboard');
    const card = page.getByTestId('metric-pending');
    await expect(card.locator('.ant-statistic-content-value')).toHaveText(/^\d/);
    await card.click();
    await expect(page).toHaveURL(/\/admin\/crm\/activities$/);
    const list = page.getByTestId('pending-activities');
    await expect(list.getByText(/^Pending activities \(\d+\)$/)).toBeVisible();
    const item = list.getByRole('listitem').filter({ hasText: `Checklist ${name}` });
    await expect(item).toContainText('Overdue');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      const results = await (await axeBuilder(page))
        .include('[data-testid="pending-activities"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(results.violations.map((v) => `${width}: ${v.id}`)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await item.getByRole('link', { name: `${name} Tester` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/crm/leads\\?lead=${lead.id}`));
  });

  test('a lead without activities shows the empty message; the drawer logs one for its lead', async ({
    page,
    request,
  }) => {
    test.slow(); // a long flow through several dialogs on a shared, busy machine
    const name = uniqueName('Quiet');
    await createLead(request, { firstName: name });
    await page.goto('/admin/crm?section=activities');
    const lookup = page.waitForResponse((r) => r.url().includes(`search=${name}`));
    await page.getByRole('combobox', { name: 'Lead' }).fill(name);
    await lookup;
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).click();
    await expect(page.getByText(MESSAGES.empty.activities)).toBeVisible();

    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, name);
    await page.getByRole('button', { name: `${name} Tester`, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `${name} Tester` });
    await drawer.getByRole('button', { name: 'Log Activity' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Activity' });
    await dialog.getByLabel('Title').fill('Sent the quote');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Type' }), 'Email');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Status' }), 'Completed');
    await dialog.getByRole('button', { name: 'Create Activity' }).click();
    await expect(toast(page, MESSAGES.activity.success)).toBeVisible();
    const item = drawer.getByRole('article', { name: 'Email: Sent the quote' });
    await expect(item).toContainText('Completed');
    // a completed e-mail counts as contact
    const lastContacted = drawer
      .getByRole('rowheader', { name: 'Last Contacted' })
      .locator('xpath=following-sibling::td[1]');
    // The staff date format: "Thu, Dec 3, 1:03 PM CT" (the business's clock, labelled).
    await expect(lastContacted).toHaveText(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}(, \d{4})?, \d{1,2}:\d{2} [AP]M CT$/);
  });
});
