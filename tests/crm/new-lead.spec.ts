// A customer who phones in, entered by hand: New lead by the N key at 1280 px and by the Leads
// section's button on a 390 px phone, the quote form's fields and instant estimate, the source Phone
// Call by default; the new lead opens in its drawer. A second call from the same person offers the
// existing lead instead of merging it silently. The dialog is axe clean.
import { VALIDATION } from '@shine/shared/messages';
import type { Page } from '@playwright/test';
import { axeBuilder } from '../support/axe.ts';
import { expect, test } from '../support/test.ts';
import { uniqueName, uniquePhone } from '../support/unique.ts';
import { chooseOption, setNewLeadToasts, signIn } from './support.ts';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Fills the New lead dialog as staff type a caller's answers. */
async function fillCaller(page: Page, person: { firstName: string; phone: string }) {
  const dialog = page.getByRole('dialog', { name: 'New lead' });
  await dialog.getByLabel('First Name').fill(person.firstName);
  await dialog.getByLabel('Last Name').fill('Caller');
  await dialog.getByLabel('Email Address').fill(`${person.firstName.toLowerCase()}@example.com`);
  await dialog.getByLabel('Phone Number').fill(person.phone);
  await dialog.getByLabel('Zip Code').fill('75201');
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Number of Bedrooms' }), '3 Bedrooms');
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Number of Bathrooms' }), '2 Bathrooms');
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Cleaning Type' }), 'Deep Cleaning');
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Cleaning Frequency' }), 'Weekly');
  return dialog;
}

test.describe('a lead entered by hand', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await setNewLeadToasts(page.request, false);
  });

  test('by the N key at 1280 px: the estimate shows, the lead opens, a repeat is offered its match', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/crm/leads');
    await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
    // Typing N in the search box is typing, not the shortcut.
    await page.getByRole('searchbox', { name: 'Search leads' }).pressSequentially('n');
    await expect(page.getByRole('dialog', { name: 'New lead' })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search leads' }).fill('');
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('n');

    const firstName = uniqueName('Phoned');
    const phone = uniquePhone();
    const dialog = await fillCaller(page, { firstName, phone });
    await expect(dialog.getByRole('combobox', { name: 'Source' })).toBeVisible();
    await expect(dialog.getByText('Phone Call', { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('new-lead-estimate')).toContainText(/Estimated \$\d+–\$\d+ per visit/);
    const results = await (await axeBuilder(page)).include('.ant-modal').withTags(WCAG_AA).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);

    await dialog.getByRole('button', { name: 'Save lead' }).click();
    const drawer = page.getByRole('dialog', { name: `${firstName} Caller` });
    await expect(drawer).toBeVisible();
    await expect(page).toHaveURL(/[?&]lead=/);
    await expect(drawer).toContainText('Phone Call');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The same caller again: the match is offered, and "Add to that lead" keeps one lead.
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('n');
    const again = await fillCaller(page, { firstName, phone });
    await again.getByRole('button', { name: 'Save lead' }).click();
    const offer = again.getByTestId('new-lead-match');
    await expect(offer).toContainText(`${firstName} Caller already has a lead (New)`);
    await expect(offer.getByRole('button', { name: 'Create a new lead anyway' })).toBeVisible();
    await expect(offer.getByRole('button', { name: 'Open that lead' })).toBeVisible();
    await offer.getByRole('button', { name: 'Add to that lead' }).click();
    await expect(page.getByRole('dialog', { name: `${firstName} Caller` })).toBeVisible();
    const found = await page.request.get(`/api/admin/leads?search=${encodeURIComponent(firstName)}`);
    expect(((await found.json()) as { total: number }).total).toBe(1);
  });

  test('by the Leads section’s button on a 390 px phone, with the form’s messages first', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/crm/leads');
    const button = page.getByRole('button', { name: 'New lead', exact: true }).last();
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'New lead' });
    await dialog.getByRole('button', { name: 'Save lead' }).click();
    await expect(dialog.getByText(VALIDATION.firstName)).toBeVisible();

    const firstName = uniqueName('Mobile');
    await fillCaller(page, { firstName, phone: uniquePhone() });
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Source' }), 'Referral');
    await expect(dialog.getByTestId('new-lead-estimate')).toContainText(/Estimated \$\d+–\$\d+ per visit/);
    const results = await (await axeBuilder(page)).include('.ant-modal').withTags(WCAG_AA).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save lead' }).click();
    const drawer = page.getByRole('dialog', { name: `${firstName} Caller` });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText('Referral');
  });
});
