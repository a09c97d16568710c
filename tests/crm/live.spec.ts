// Live updates: a quote taken while a staff screen is open shows up on it without a reload, carried
// by the event stream (while the stream is live the reads do not poll, so nothing else can bring it).
import { expect, test } from '@playwright/test';
import { uniqueName } from '../support/unique.ts';
import { createLead, leadRow, signIn, toast } from './support.ts';

test.describe('live updates', () => {
  test('a quote from outside appears in the open leads list and as an alert that opens it', async ({
    page,
    playwright,
  }) => {
    await signIn(page);
    await page.goto('/admin/crm?section=leads');
    const indicator = page.getByRole('status').filter({ hasText: /Live|Connecting|Reconnecting|Polling/ });
    await expect(indicator).toHaveAttribute('data-live-status', 'live');
    await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();

    // Another client entirely (its own cookies and connection): a visitor on the public site.
    const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const name = uniqueName();
    const lead = await createLead(visitor, { firstName: name });
    await visitor.dispose();

    await expect(leadRow(page, `${lead.firstName} ${lead.lastName}`)).toBeVisible();
    await expect(indicator).toHaveAttribute('data-live-status', 'live');

    // The new-lead alert: who, which cleaning, the estimate, and Open.
    const alert = toast(page, `New lead: ${lead.firstName} ${lead.lastName}`);
    await expect(alert).toContainText('Deep cleaning, weekly, 3 bd / 2 ba');
    await expect(alert).toContainText('Estimate $');
    await alert.getByRole('button', { name: /^Open/ }).click();
    await expect(page.getByRole('dialog', { name: new RegExp(`${lead.firstName} ${lead.lastName}`) })).toBeVisible();
  });
});
