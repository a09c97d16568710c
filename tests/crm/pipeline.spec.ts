import { MESSAGES } from '@shine/shared/messages';
import { expect, test } from '../support/test.ts';
import { chooseOption, createLead, searchLeads, signIn, toast } from './support.ts';
import { uniqueName } from '../support/unique.ts';

test.describe('sidebar CRM: pipeline board', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('dragging a card to another column changes the status; the card dropdown does too', async ({
    page,
    request,
  }) => {
    const name = uniqueName('Kan');
    const lead = await createLead(request, { firstName: name });
    await page.goto('/admin/crm?section=leads');
    await page.getByText('Pipeline', { exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(name);

    const column = (status: string) => page.locator(`section.pipeline-column[data-status="${status}"]`);
    const card = page.locator('.pipeline-card').filter({ hasText: `${name} Tester` });
    // The search has applied when New holds this card alone (before, the newest lead's card is visible
    // among the others, and a badge of "31" contains "1"): a drag started earlier was lost when the
    // filtered list re-rendered the column under it.
    await expect(column('New').locator('.pipeline-card')).toHaveCount(1);
    await expect(column('New').locator('.pipeline-card').filter({ hasText: name })).toBeVisible();
    await expect(column('New').locator('.ant-badge')).toContainText('1');

    const patch = page.waitForRequest(
      (r) => r.method() === 'PATCH' && r.url().endsWith(`/api/admin/leads/${lead.id}/status`),
    );
    await card.dragTo(column('Quoted'));
    expect((await patch).postDataJSON()).toEqual({ status: 'Quoted' });
    await expect(toast(page, MESSAGES.leadStatus.success)).toBeVisible();
    await expect(column('Quoted').locator('.pipeline-card').filter({ hasText: name })).toBeVisible();
    await expect(column('New').locator('.pipeline-card').filter({ hasText: name })).toHaveCount(0);
    await expect(column('Quoted').locator('.ant-badge')).toContainText('1');

    // keyboard alternative: the card's own status dropdown
    await chooseOption(page, card.getByRole('combobox', { name: `Status of ${name} Tester` }), 'Won');
    await expect(column('Won').locator('.pipeline-card').filter({ hasText: name })).toBeVisible();
    const saved = await (await page.request.get(`/api/admin/leads/${lead.id}`)).json();
    expect(saved.status).toBe('Won');
  });

  test('a status changed with the keyboard on a card keeps focus on that card, now in its new column', async ({
    page,
    request,
  }) => {
    const name = uniqueName('KanKeys');
    const lead = await createLead(request, { firstName: name });
    await page.goto('/admin/crm?section=leads&view=pipeline');
    await searchLeads(page, name);
    const column = (status: string) => page.locator(`section.pipeline-column[data-status="${status}"]`);
    await expect(column('New').locator('.pipeline-card')).toHaveCount(1);
    const select = (status: string) => column(status).getByRole('combobox', { name: `Status of ${name} Tester` });
    await select('New').focus();
    const patch = page.waitForRequest(
      (r) => r.method() === 'PATCH' && r.url().endsWith(`/api/admin/leads/${lead.id}/status`),
    );
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect((await patch).postDataJSON()).toEqual({ status: 'Contacted' });
    await expect(column('Contacted').locator('.pipeline-card').filter({ hasText: name })).toBeVisible();
    await expect(column('New').locator('.pipeline-card')).toHaveCount(0);
    await expect(select('Contacted')).toBeFocused();
    // And it stays there once every column has refreshed: the next key works on from the card.
    await expect(toast(page, MESSAGES.leadStatus.success)).toBeVisible();
    await expect(select('Contacted')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  });
});
