// The template editor's preview (docs/requirements.md#email-layout): the e-mail as the server renders
// it for sending, in a sandboxed frame at desktop and phone widths, and its plain-text twin; it follows
// the typing, escapes what it shows, and the dialog stays axe-clean around it.
import { axeBuilder } from '../support/axe.ts';
import { expect, test } from '../support/test.ts';
import { signIn } from './support.ts';
import { uniqueName } from '../support/unique.ts';

test.describe('sidebar CRM: the e-mail template preview', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('shows the e-mail as the example lead gets it, at desktop and phone widths and as text', async ({ page }) => {
    await page.goto('/admin/crm?section=templates');
    await page.getByRole('button', { name: 'New Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Template' });
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await expect(preview).toContainText('Write the content to see the e-mail.');

    await dialog.getByLabel('Name').fill(uniqueName('Preview'));
    await dialog.getByLabel('Subject').fill('Your quote, {{firstName}}');
    await dialog.getByLabel('Content').fill('Hi {{firstName}} <b>{{lastName}}</b>,\n\nBook online: {{bookingUrl}}');
    await expect(preview).toContainText('Subject: Your quote, Ann');

    const desktop = preview.locator('iframe');
    await expect(desktop).toHaveAttribute('title', 'E-mail preview at desktop width (600 px)');
    await expect(desktop).toHaveAttribute('sandbox', '');
    expect((await desktop.boundingBox())?.width).toBe(600);
    const email = page.frameLocator('iframe[title^="E-mail preview"]');
    // The value is text, never markup: the <b> the template wrote shows as typed.
    await expect(email.getByText('Hi Ann <b>Lee</b>,', { exact: true })).toBeVisible();
    await expect(email.getByRole('link', { name: /^https:\/\/.+booking/ })).toBeVisible();
    await expect(email.getByRole('link', { name: 'Unsubscribe from these e-mails' })).toBeVisible();
    await expect(email.getByRole('img', { name: /logo$/ })).toBeVisible();

    // It follows the typing.
    await dialog.getByLabel('Content').fill('Hello again {{firstName}}.');
    await expect(email.getByText('Hello again Ann.', { exact: true })).toBeVisible();

    await preview.getByText('Phone', { exact: true }).click();
    const phone = preview.locator('iframe[title="E-mail preview at phone width (390 px)"]');
    await expect(phone).toBeVisible();
    expect((await phone.boundingBox())?.width).toBe(390);
    await expect(email.getByText('Hello again Ann.', { exact: true })).toBeVisible();

    await preview.getByText('Text', { exact: true }).click();
    const text = preview.getByLabel('Plain-text version');
    await expect(text).toContainText('Hello again Ann.');
    await expect(text).toContainText('Unsubscribe from these e-mails: ');

    const results = await (await axeBuilder(page)).include('.ant-modal').analyze();
    const summary = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(summary).toEqual([]);
  });

  test('an SMS template has no e-mail preview; an unknown placeholder says why there is none', async ({ page }) => {
    await page.goto('/admin/crm?section=templates');
    await page.getByRole('button', { name: 'New Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Template' });
    await dialog.getByLabel('Content').fill('Hi {{nickname}}');
    await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText('Unknown placeholder {{nickname}}');
    await dialog.getByText('SMS', { exact: true }).click();
    await expect(dialog.getByRole('region', { name: 'Preview' })).toHaveCount(0);
  });
});
