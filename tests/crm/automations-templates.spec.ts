import { MESSAGES } from '@shine/shared/messages';
import type { Template } from '@shine/shared/types';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { chooseOption, signIn, toast } from './support.ts';
import { uniqueName } from '../support/unique.ts';

async function createTemplateViaApi(page: Page, name: string): Promise<Template> {
  const response = await page.request.post('/api/admin/templates', {
    data: { name, type: 'email', subject: 'Your quote', content: 'Hi {{firstName}}', variables: ['firstName'] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Template;
}

test.describe('sidebar CRM: Templates', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('create, edit, toggle active and delete with confirmation', async ({ page }) => {
    const name = uniqueName('Tpl');
    await page.goto('/admin/crm?section=templates');
    await page.getByRole('button', { name: 'New Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Template' });
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Content is required')).toBeVisible();

    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Subject').fill('Your cleaning quote, {{firstName}}');
    await dialog.getByLabel('Content').fill('Hi {{firstName}} {{lastName}}, use {{promoCode}} for $40 off.');
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(toast(page, MESSAGES.template.created)).toBeVisible();

    const card = page.locator('.template-card').filter({ hasText: name });
    await expect(card).toContainText('Email');
    await expect(card).toContainText('Active');
    await expect(card).toContainText('Subject: Your cleaning quote, {{firstName}}');
    await expect(card).toContainText('{{promoCode}}');

    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Template' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    await edit.getByLabel('Name').fill(`${name} v2`);
    await edit.getByText('SMS', { exact: true }).click();
    await expect(edit.getByLabel('Subject')).toHaveCount(0);
    await edit.getByRole('switch').click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, MESSAGES.template.updated)).toBeVisible();
    const updated = page.locator('.template-card').filter({ hasText: `${name} v2` });
    await expect(updated).toContainText('SMS');
    await expect(updated).toContainText('Inactive');
    await expect(updated).not.toContainText('Subject:');

    await updated.getByRole('button', { name: `Delete ${name} v2` }).click();
    await expect(page.getByText('Delete this template?')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(updated).toBeVisible();
    await updated.getByRole('button', { name: `Delete ${name} v2` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, MESSAGES.template.deleted)).toBeVisible();
    await expect(updated).toHaveCount(0);
  });
});

// Rules here are real and the server runs them: the source condition keeps them off every other
// spec's leads (those come from the quote endpoint, source "Website Form").
const NO_LEAD_SOURCE = 'E2E rules only';

async function createAutomationViaApi(page: Page, name: string, templateId: string): Promise<void> {
  const response = await page.request.post('/api/admin/automations', {
    data: {
      name,
      trigger: 'lead_created',
      conditions: JSON.stringify({ cleaningType: 'Deep', source: NO_LEAD_SOURCE }),
      actions: JSON.stringify({ type: 'send_email', templateId }),
      isActive: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('sidebar CRM: Automations', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('create: validation messages, then a rule with a condition and an e-mail action', async ({ page }) => {
    const templateName = uniqueName('AutoTpl');
    await createTemplateViaApi(page, templateName);
    const name = uniqueName('Rule');
    await page.goto('/admin/crm?section=automations');
    await page.getByRole('button', { name: 'New Automation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Automation' });
    await dialog.getByRole('button', { name: 'Create Automation' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Choose an email template')).toBeVisible();

    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('Greets every deep-clean lead');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Cleaning type' }), 'Deep');
    await dialog.getByLabel('Source').fill(NO_LEAD_SOURCE);
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Email template' }), templateName);
    const post = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/admin/automations'));
    await dialog.getByRole('button', { name: 'Create Automation' }).click();
    const body = (await post).postDataJSON();
    expect(body).toMatchObject({
      name,
      trigger: 'lead_created',
      conditions: JSON.stringify({ cleaningType: 'Deep', source: NO_LEAD_SOURCE }),
      isActive: true,
    });
    expect(JSON.parse(body.actions)).toMatchObject({ type: 'send_email' });
    await expect(toast(page, MESSAGES.automation.created)).toBeVisible();

    const item = page.locator('.automation-card').filter({ hasText: name });
    await expect(item).toContainText('Lead created');
    await expect(item).toContainText('cleaning type is Deep');
    await expect(item).toContainText(`Send email: ${templateName}`);
    await expect(item).toContainText('Active');
    await expect(item).toContainText('Greets every deep-clean lead');
  });

  test('edit: another trigger, a condition and a task action', async ({ page }) => {
    const template = await createTemplateViaApi(page, uniqueName('AutoTpl'));
    const name = uniqueName('Rule');
    await createAutomationViaApi(page, name, template.id);
    await page.goto('/admin/crm?section=automations');
    const item = page.locator('.automation-card').filter({ hasText: name });
    await item.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Automation' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    await chooseOption(page, edit.getByRole('combobox', { name: 'Trigger' }), 'No activity');
    await edit.getByLabel('Days without activity').fill('3');
    await chooseOption(page, edit.getByRole('combobox', { name: 'Action' }), 'Create task');
    await edit.getByLabel('Task title').fill('Call to follow up');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, MESSAGES.automation.updated)).toBeVisible();
    await expect(item).toContainText('No activity');
    await expect(item).toContainText('after 3 days');
    await expect(item).toContainText('Create task: Call to follow up (due in 24 h)');
  });

  test('toggle the active switch, then delete with confirmation', async ({ page }) => {
    const template = await createTemplateViaApi(page, uniqueName('AutoTpl'));
    const name = uniqueName('Rule');
    await createAutomationViaApi(page, name, template.id);
    await page.goto('/admin/crm?section=automations');
    const item = page.locator('.automation-card').filter({ hasText: name });
    await expect(item).toContainText('Active');

    await item.getByRole('switch', { name: `Active: ${name}` }).click();
    await expect(toast(page, MESSAGES.automation.statusUpdated)).toBeVisible();
    await expect(item).toContainText('Inactive');

    await item.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByText('Delete this automation?')).toBeVisible();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, MESSAGES.automation.deleted)).toBeVisible();
    await expect(item).toHaveCount(0);
  });
});
