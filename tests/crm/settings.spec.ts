import { MESSAGES } from '@shine/shared/messages';
import { expect, test } from '../support/test.ts';
import { E2E_ADMIN } from '../support/env.ts';
import { signIn, toast } from './support.ts';

test.describe('Settings dialog', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('password change validates and reports a wrong current password', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog).toContainText(`Signed in as ${E2E_ADMIN.email}`);
    // the desktop-only Server section is absent in the browser
    await expect(dialog.getByText('Server URL')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByText('Current password is required')).toBeVisible();
    await dialog.getByLabel('Current password').fill('wrong-password-here');
    await dialog.getByLabel('New password', { exact: true }).fill('short');
    await expect(dialog.getByText('Password must be at least 12 characters')).toBeVisible();
    await dialog.getByLabel('New password', { exact: true }).fill('a-long-enough-password');
    await dialog.getByLabel('Confirm new password').fill('something-else-entirely');
    await expect(dialog.getByText('Passwords do not match')).toBeVisible();
    await dialog.getByLabel('Confirm new password').fill('a-long-enough-password');

    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(page, MESSAGES.password.changeFailed)).toContainText('Current password is incorrect');
    // still signed in with the old password
    expect((await (await page.request.get('/api/admin/me')).json()).isAuthenticated).toBe(true);
  });
});
