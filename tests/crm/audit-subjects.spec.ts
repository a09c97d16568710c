// The Audit view names each row's lead, and the name opens that lead's drawer.
import { expect, test } from '../support/test.ts';
import { uniqueName } from '../support/unique.ts';
import { createLead, signIn } from './support.ts';

test('an audit row names its lead, and the name opens the lead’s drawer', async ({ page }) => {
  await signIn(page);
  const name = uniqueName('Audit');
  const lead = await createLead(page.request, { firstName: name });
  const changed = await page.request.patch(`/api/admin/leads/${lead.id}/status`, { data: { status: 'Qualified' } });
  expect(changed.status(), await changed.text()).toBe(200);

  await page.goto(`/admin/crm?section=audit&leadId=${lead.id}`);
  const trail = page.getByRole('region', { name: 'Audit trail' });
  const row = trail.getByRole('row').filter({ hasText: 'changed status New → Qualified' });
  const link = row.getByRole('link', { name: `${name} Tester` });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: `${name} Tester` })).toBeVisible();
});
