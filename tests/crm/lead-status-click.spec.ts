// A row's status dropdown opens on the first click or tap, and the status picked is saved. The
// shared chooseOption helper clicks again until the list shows, so it cannot tell one click from two:
// these steps press exactly once and then only look.
import { MESSAGES } from '@shine/shared/messages';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { createLead, leadRow, searchLeads, signIn, toast } from './support.ts';
import { uniqueName } from '../support/unique.ts';

/** The visible option `status` of the listbox the combobox `select` controls. */
async function optionOf(page: Page, select: Locator, status: string): Promise<Locator> {
  await expect(select).toHaveAttribute('aria-expanded', 'true');
  const listId = await select.getAttribute('aria-controls');
  return page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .filter({ has: page.locator(`[id="${listId}"]`) })
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${status}$`), visible: true });
}

async function savedStatus(page: Page, leadId: string): Promise<string> {
  return (await (await page.request.get(`/api/admin/leads/${leadId}`)).json()).status;
}

test.describe('a row’s status dropdown', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('one click opens it, and a click on a status saves it', async ({ page, request }) => {
    const name = uniqueName('Click');
    const lead = await createLead(request, { firstName: name });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, name);
    const select = leadRow(page, `${name} Tester`).getByRole('combobox', { name: `Status of ${name} Tester` });

    await select.click();
    const option = await optionOf(page, select, 'Qualified');
    await expect(option).toBeVisible();
    const patch = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/admin/leads/${lead.id}/status`),
    );
    await option.click();
    expect((await patch).request().postDataJSON()).toEqual({ status: 'Qualified' });
    await expect(toast(page, MESSAGES.leadStatus.success)).toBeVisible();
    await expect(select).toHaveAttribute('aria-expanded', 'false');
    expect(await savedStatus(page, lead.id)).toBe('Qualified');
  });
});

test.describe('a row’s status dropdown on a touch screen', () => {
  test.use({ hasTouch: true });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('one tap opens it, and a tap on a status saves it', async ({ page, request }) => {
    const name = uniqueName('Tap');
    const lead = await createLead(request, { firstName: name });
    await page.goto('/admin/crm?section=leads');
    await searchLeads(page, name);
    const select = leadRow(page, `${name} Tester`).getByRole('combobox', { name: `Status of ${name} Tester` });

    await select.tap();
    const option = await optionOf(page, select, 'Won');
    await expect(option).toBeVisible();
    const patch = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/admin/leads/${lead.id}/status`),
    );
    await option.tap();
    expect((await patch).request().postDataJSON()).toEqual({ status: 'Won' });
    await expect(toast(page, MESSAGES.leadStatus.success)).toBeVisible();
    expect(await savedStatus(page, lead.id)).toBe('Won');
  });
});
