import { MESSAGES } from '@shine/shared/messages';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../support/env.ts';
import { chooseOption, createLead, toast } from './support.ts';
import { phoneDigits, uniqueName, uniquePhone } from '../support/unique.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe('phone-sized screen', () => {
  test('sign in, open the navigation drawer, work a lead card', async ({ page, request }) => {
    const name = uniqueName('Phone');
    const phone = uniquePhone();
    await createLead(request, { firstName: name, phone });
    await page.goto('/admin');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login to Dashboard' }).click();
    await page.waitForURL('**/admin/dashboard');
    await expect(page.getByTestId('metric-total')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await page.goto('/admin/crm');
    await expect(page.locator('.crm-sider')).toHaveCount(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('menuitem', { name: 'Leads' }).click();
    await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search leads' }).fill(name);
    const card = page.locator('.lead-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phoneDigits(phone)}`);
    await chooseOption(page, card.getByRole('combobox', { name: `Status of ${name} Tester` }), 'Contacted');
    await expect(toast(page, MESSAGES.leadStatus.success)).toBeVisible();

    await card.getByRole('button', { name: `${name} Tester` }).click();
    await expect(page.getByRole('dialog', { name: `${name} Tester` })).toBeVisible();
  });
});
