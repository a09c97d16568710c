import { MESSAGES } from '@shine/shared/messages';
import { expect, test } from '../support/test.ts';
import { chooseOption, createLead, signIn, toast } from './support.ts';
import { uniqueName } from '../support/unique.ts';

// The server runs without SMTP_URL: the rule's e-mail is rendered and kept in the outbox, "not sent:
// no transport configured", and the run says so (API tests cover delivery to a real SMTP server).
test.describe('sidebar CRM: automations that run', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('create a rule, preview it, submit a quote, and see the run and the outbox message', async ({ page }) => {
    const templateName = uniqueName('RunTpl');
    const template = await page.request.post('/api/admin/templates', {
      data: { name: templateName, type: 'email', subject: 'Welcome {{firstName}}', content: 'Hi {{firstName}}!' },
    });
    expect(template.status(), await template.text()).toBe(201);
    const existing = uniqueName('Prev');
    await createLead(page.request, { firstName: existing, cleaningType: 'Move In/Out', frequency: 'Monthly' });

    const name = uniqueName('RunRule');
    await page.goto('/admin/crm?section=automations');
    await page.getByRole('button', { name: 'New Automation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Automation' });
    await dialog.getByLabel('Name').fill(name);
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Cleaning type' }), 'Move In/Out');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Frequency' }), 'Monthly');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Email template' }), templateName);

    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByRole('region', { name: 'Preview' });
    // "1 lead matches", "2 leads match": other specs' leads may match too.
    await expect(preview).toContainText(/\d+ (lead matches|leads match) the conditions now/);
    await expect(preview).toContainText(`${existing} Tester`);
    await expect(preview).toContainText(`Subject: Welcome ${existing}`);
    await expect(preview).toContainText('preview only, nothing is sent');

    await dialog.getByRole('button', { name: 'Create Automation' }).click();
    await expect(toast(page, MESSAGES.automation.created)).toBeVisible();

    const visitor = uniqueName('Quote');
    await createLead(page.request, { firstName: visitor, cleaningType: 'Move In/Out', frequency: 'Monthly' });

    const item = page.locator('.automation-card').filter({ hasText: name });
    await item.getByRole('button', { name: `Runs of ${name}` }).click();
    const runs = page.getByRole('dialog', { name: `Runs: ${name}` });
    await expect(runs).toContainText(`${visitor} Tester`, { timeout: 20_000 });
    await expect(runs).toContainText('Done');
    await expect(runs).toContainText('not sent: no transport configured');
    // The lead that existed before the rule was only previewed.
    await expect(runs).not.toContainText(existing);
    await runs.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Outbox' }).click();
    const outbox = page.getByRole('list', { name: 'Messages' });
    await expect(outbox).toContainText(`E-mail to ${visitor.toLowerCase()}@example.com`);
    await expect(outbox).toContainText('not sent: no transport configured');

    // Leave no live rule behind for the specs that run after this one.
    const rules = (await (await page.request.get('/api/admin/automations')).json()) as Array<{
      id: string;
      name: string;
    }>;
    const rule = rules.find((candidate) => candidate.name === name);
    expect((await page.request.delete(`/api/admin/automations/${rule?.id}`)).status()).toBe(204);
  });
});
